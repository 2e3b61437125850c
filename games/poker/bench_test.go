package poker

import (
	"context"
	"testing"

	"github.com/gamesolve/gamesolve/extensive"
)

// BenchmarkKuhnExact times the exact sequence-form solve and certificate
// of Kuhn poker (the tree built once).
func BenchmarkKuhnExact(b *testing.B) {
	g := Kuhn()
	for b.Loop() {
		if _, err := extensive.SolveZeroSum(context.Background(), g); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLeducCFRPlus times 1,000 CFR+ iterations on Leduc hold'em and
// the exact certificate of the average strategy.
func BenchmarkLeducCFRPlus(b *testing.B) {
	g := Leduc()
	for b.Loop() {
		if _, _, err := extensive.CFRPlus(context.Background(), g, 1000, nil); err != nil {
			b.Fatal(err)
		}
	}
}
