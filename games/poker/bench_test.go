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

// raked is Kuhn poker in which the house keeps a twentieth of what the
// winner wins: a general-sum game.
func raked() *extensive.Game {
	g := Kuhn()
	keep := big.NewRat(19, 20)
	for k := range g.Outcomes {
		for p, u := range g.Outcomes[k].Payoffs {
			if u.Sign() > 0 {
				g.Outcomes[k].Payoffs[p] = new(big.Rat).Mul(u, keep)
			}
		}
	}
	return g
}

// BenchmarkKuhnRakeSequence times Lemke's algorithm on the sequence form of
// raked Kuhn poker, with the certificate.
func BenchmarkKuhnRakeSequence(b *testing.B) {
	g := raked()
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
	g := raked()
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
