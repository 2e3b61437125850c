package poker

import (
	"context"
	"errors"
	"math/big"
	"testing"

	"github.com/gamesolve/gamesolve/extensive"
)

func TestKuhn(t *testing.T) {
	g := Kuhn()
	sz := g.Sizes()
	// OpenSpiel's Kuhn poker: 58 histories (the root, the two deals' 9
	// chance histories, and the betting), 12 information states (6 per
	// player), 13 sequences per player with the empty one, 30 terminals.
	if sz.Nodes != 58 || sz.Terminals != 30 || sz.Infosets[0] != 6 || sz.Infosets[1] != 6 || sz.Sequences[0] != 13 || sz.Sequences[1] != 13 {
		t.Fatalf("sizes %+v", sz)
	}
	pr, err := extensive.SolveZeroSum(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	if want := big.NewRat(-1, 18); pr.Values[0].Cmp(want) != 0 || pr.Values[1].Cmp(new(big.Rat).Neg(want)) != 0 {
		t.Fatalf("values %v, want −1/18 for P1", pr.Values)
	}
	if !pr.Equilibrium() {
		t.Fatalf("exploitability %v", pr.Exploitability)
	}
	// Kuhn's family of P1 equilibria: bet J with α ∈ [0, 1/3], K with 3α,
	// always check Q; after check–bet call with Q with α + 1/3, fold J,
	// call K.
	beh := map[string][]*big.Rat{}
	for i, I := range g.Infosets {
		if I.Player == 0 {
			beh[I.Label] = pr.Behavior[i]
		}
	}
	alpha := beh["P1 holds J"][1]
	third := big.NewRat(1, 3)
	if alpha.Sign() < 0 || alpha.Cmp(third) > 0 {
		t.Errorf("P1 bets J with %v, outside [0, 1/3]", alpha)
	}
	if k := beh["P1 holds K"][1]; k.Cmp(new(big.Rat).Mul(alpha, big.NewRat(3, 1))) != 0 {
		t.Errorf("P1 bets K with %v, not 3α = 3·%v", k, alpha)
	}
	if q := beh["P1 holds Q"][1]; q.Sign() != 0 {
		t.Errorf("P1 bets Q with %v", q)
	}
	if q := beh["P1 holds Q, after check–bet"][1]; q.Cmp(new(big.Rat).Add(alpha, third)) != 0 {
		t.Errorf("P1 calls with Q with %v, not α+1/3", q)
	}
}

// Raked Kuhn poker keeps 19/20 of each win: the payoffs of a showdown that
// P1 wins by 2 become 19/10 and −2, and the game is general-sum.
func TestRake(t *testing.T) {
	g := Rake(Kuhn(), big.NewRat(19, 20))
	won := false
	for _, o := range g.Outcomes {
		a, b := o.Payoffs[0].RatString(), o.Payoffs[1].RatString()
		if a == "19/10" && b == "-2" {
			won = true
		}
		if o.Payoffs[0].Sign() > 0 && o.Payoffs[1].Sign() > 0 {
			t.Fatalf("both players win: %s, %s", a, b)
		}
	}
	if !won {
		t.Error("no outcome 19/10, -2")
	}
	if _, err := extensive.SolveZeroSum(context.Background(), g); !errors.Is(err, extensive.ErrNotZeroSum) {
		t.Errorf("raked Kuhn solved as zero-sum: %v", err)
	}
}
