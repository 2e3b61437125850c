package cookies

import (
	"context"
	"fmt"
	"testing"
)

func BenchmarkCount(b *testing.B) {
	for _, n := range []int{300, 1000, 2000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				if _, err := Count(context.Background(), n); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
