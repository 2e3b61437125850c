package goofspiel

import (
	"context"
	"testing"

	"github.com/gamesolve/gamesolve/extensive"
)

// TestTwoCards: with two cards, bidding high on the high prize wins or
// draws, so each player bids 2 on prize 2 and 1 on prize 1, and the game is
// a draw (by hand: against a bid of 2 on prize 2, bidding 1 gives the
// opponent prize 2 and the win).
func TestTwoCards(t *testing.T) {
	g, err := New(context.Background(), 2, Random)
	if err != nil {
		t.Fatal(err)
	}
	pr, err := extensive.SolveZeroSum(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	if pr.Values[0].Sign() != 0 || !pr.Equilibrium() {
		t.Fatalf("value %v, exploitability %v", pr.Values[0], pr.Exploitability)
	}
	for i, I := range g.Infosets {
		if I.Player == extensive.Chance {
			continue
		}
		want := "bid 1"
		if I.Label == "P1: prize 2" || I.Label == "P2: prize 2" {
			want = "bid 2"
		}
		for a, name := range I.Actions {
			if (name == want) != (pr.Behavior[i][a].Sign() > 0) {
				t.Errorf("%s: %s with %v", I.Label, name, pr.Behavior[i][a])
			}
		}
	}
}

// TestThreeCards: the game is symmetric (the players' roles swap), so its
// value is 0; the exact solve is certified. With the order fixed, the
// sizes are counted by hand: P1's root, 3 P2 nodes, 9 P1 nodes of the
// second prize, 18 P2 nodes and 36 leaves make 67; P1 has its root set and
// 7 second-turn sets (own bid 1: lost or tied; 2: won, tied or lost; 3:
// won or tied).
func TestThreeCards(t *testing.T) {
	for _, tc := range []struct {
		order       Order
		nodes, sets int
	}{{Random, 418, 45}, {Ascending, 67, 8}, {Descending, 67, 8}} {
		g, err := New(context.Background(), 3, tc.order)
		if err != nil {
			t.Fatal(err)
		}
		if sz := g.Sizes(); sz.Nodes != tc.nodes || sz.Infosets[0] != tc.sets || sz.Infosets[1] != tc.sets {
			t.Fatalf("order %d: sizes %+v", tc.order, sz)
		}
		pr, err := extensive.SolveZeroSum(context.Background(), g)
		if err != nil {
			t.Fatal(err)
		}
		if pr.Values[0].Sign() != 0 || !pr.Equilibrium() {
			t.Fatalf("order %d: value %v", tc.order, pr.Values[0])
		}
	}
}

func TestBadCards(t *testing.T) {
	for _, n := range []int{-1, 0, 1, MaxCards + 1} {
		if _, err := New(context.Background(), n, Random); err == nil {
			t.Errorf("%d cards accepted", n)
		}
	}
}

// TestFourCardSizes pins the sizes docs/imperfect.md gives for 4 cards
// (regression figures) and checks the leaves by formula: every order of
// the prizes and of each player's bids ends in one leaf.
func TestFourCardSizes(t *testing.T) {
	g, err := New(context.Background(), 4, Random)
	if err != nil {
		t.Fatal(err)
	}
	sz := g.Sizes()
	if sz.Nodes != 26773 || sz.Infosets[0] != 1804 || sz.Sequences[0] != 3737 || sz.Terminals != 13824 {
		t.Fatalf("sizes %+v", sz)
	}
	// Leaves: 4! prize orders × (4!)² bid orders.
	if sz.Terminals != 24*24*24 {
		t.Fatalf("%d terminals, want 24³", sz.Terminals)
	}
}

// TestFourCardsExact solves Goofspiel with four cards exactly, by the
// sparse simplex method; the game is symmetric, so its value is 0, and
// the certificate checks the profile.
func TestFourCardsExact(t *testing.T) {
	g, err := New(context.Background(), 4, Random)
	if err != nil {
		t.Fatal(err)
	}
	if sz := g.Sizes(); sz.Nodes != 26773 || sz.Infosets[0] != 1804 || sz.Sequences[0] != 3737 {
		t.Fatalf("sizes %+v", sz)
	}
	pr, err := extensive.SolveZeroSum(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	if pr.Values[0].Sign() != 0 || !pr.Equilibrium() {
		t.Fatalf("value %s, exploitability %s", pr.Values[0].RatString(), pr.Exploitability.RatString())
	}
}
