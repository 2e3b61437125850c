package poker

import (
	"context"
	"math/big"
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

// BenchmarkLeducExact times the exact solve of Leduc hold'em (the sparse
// simplex method, the exact solution of its basis) and the certificate.
func BenchmarkLeducExact(b *testing.B) {
	g := Leduc()
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

// BenchmarkKuhnRakeSequence times Lemke's algorithm on the sequence form of
// raked Kuhn poker, with the certificate.
func BenchmarkKuhnRakeSequence(b *testing.B) {
	g := Rake(Kuhn(), big.NewRat(19, 20))
	for b.Loop() {
		if _, err := extensive.SequenceLemke(context.Background(), g); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkKuhnRakeStrategic times Lemke–Howson on the strategic form of
// raked Kuhn poker (64 pure strategies a player), the route trees took
// before Lemke on the sequence form.
func BenchmarkKuhnRakeStrategic(b *testing.B) {
	g := Rake(Kuhn(), big.NewRat(19, 20))
	for b.Loop() {
		nf, err := g.NormalForm()
		if err != nil {
			b.Fatal(err)
		}
		if _, err := extensive.LemkeHowson(context.Background(), nf); err != nil {
			b.Fatal(err)
		}
	}
}
