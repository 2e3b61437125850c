package cookies

import (
	"context"
	"fmt"
	"testing"

	"github.com/gamesolve/gamesolve/solver"
)

// BenchmarkCount times the workloads of the speed issue; 10000 takes about
// 4 s and 20000 about 30–35 s on two cores (select with -bench 'Count/2000$'
// for a quick run).
func BenchmarkCount(b *testing.B) {
	for _, n := range []int{300, 1000, 2000, 10000, 20000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				if _, err := Count(context.Background(), n, solver.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
