package chefs

import (
	"context"
	"fmt"
	"testing"

	"github.com/gamesolve/gamesolve/numeric"
)

func BenchmarkSolveFloat(b *testing.B) {
	for _, n := range []int{10, 14, 18, 20} {
		skills, _ := Fibonacci(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				if _, err := Solve[float64](context.Background(), numeric.Float{}, skills, Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkSolveExact(b *testing.B) {
	for _, n := range []int{8, 10} {
		skills, _ := Fibonacci(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				if _, err := Solve(context.Background(), numeric.Exact{}, skills, Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
