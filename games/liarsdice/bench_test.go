package liarsdice

import (
	"context"
	"testing"

	"github.com/gamesolve/gamesolve/extensive"
)

// BenchmarkSixSidesExact times the exact solve and certificate of Liar's
// Dice with one six-sided die each (about 25 s an iteration; run it
// with -benchtime 1x).
func BenchmarkSixSidesExact(b *testing.B) {
	g, err := New(context.Background(), 1, 6)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		pr, err := extensive.SolveZeroSum(context.Background(), g)
		if err != nil {
			b.Fatal(err)
		}
		if pr.Values[0].RatString() != "-7/258" || !pr.Equilibrium() {
			b.Fatalf("value %s, exploitability %s", pr.Values[0].RatString(), pr.Exploitability.RatString())
		}
	}
}
