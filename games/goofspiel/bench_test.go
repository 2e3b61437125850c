package goofspiel

import (
	"context"
	"testing"

	"github.com/gamesolve/gamesolve/extensive"
)

// BenchmarkFourCardsExact times the exact solve and certificate of
// Goofspiel with four cards (the tree built once).
func BenchmarkFourCardsExact(b *testing.B) {
	g, err := New(context.Background(), 4, Random)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := extensive.SolveZeroSum(context.Background(), g); err != nil {
			b.Fatal(err)
		}
	}
}
