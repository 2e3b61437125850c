package pig

import (
	"context"
	"testing"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/numeric"
)

func BenchmarkSolve(b *testing.B) {
	for _, G := range []int{50, 100} {
		b.Run("float/"+itoa(G), func(b *testing.B) {
			for b.Loop() {
				if _, err := Solve[float64](context.Background(), numeric.Float{}, G, engine.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	b.Run("exact/20", func(b *testing.B) {
		for b.Loop() {
			if _, err := Solve(context.Background(), numeric.Exact{}, 20, engine.Options{}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkExplore reads the game and keeps its graph, solving nothing:
// the least any solve through Rules.Expand costs, for comparison with
// BenchmarkSolve and with ../shared/peers/pig.c (issue 21).
func BenchmarkExplore(b *testing.B) {
	for _, G := range []int{50, 100} {
		b.Run(itoa(G), func(b *testing.B) {
			rules, err := New(G)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if _, err := engine.Explore[State](context.Background(), rules, engine.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func itoa(n int) string {
	s := ""
	for ; n > 0; n /= 10 {
		s = string(rune('0'+n%10)) + s
	}
	return s
}
