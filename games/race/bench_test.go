package race

import (
	"context"
	"fmt"
	"testing"

	"github.com/gamesolve/gamesolve/numeric"
)

func BenchmarkSolveFloat(b *testing.B) {
	for _, n := range []int{100, 1000, 10000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				if _, err := Solve[float64](context.Background(), numeric.Float{}, PE232(n), Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkSolveExact(b *testing.B) {
	for _, n := range []int{50, 100, 200} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				if _, err := Solve(context.Background(), numeric.Exact{}, PE232(n), Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
