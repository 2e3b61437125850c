package liarsdice

import (
	"context"
	"math/big"
	"testing"

	"github.com/gamesolve/gamesolve/extensive"
)

// openSpielValue is OpenSpiel's value of Liar's Dice with one six-sided
// die each, to P1 (its sequence-form LP test).
const openSpielValue = "-0.027131782945736"

// TestOneDieSixSides checks the sizes (OpenSpiel: 24,576 information
// states, 12,288 a player) and that CFR+'s certified bracket [u − g2,
// u + g1] holds OpenSpiel's value, 0.25 % wide after 1,000 iterations.
func TestOneDieSixSides(t *testing.T) {
	if testing.Short() {
		t.Skip("a 294,883-node game and 1,000 CFR+ iterations (4 s)")
	}
	g, err := New(context.Background(), 1, 6)
	if err != nil {
		t.Fatal(err)
	}
	if sz := g.Sizes(); sz.Infosets[0] != 12288 || sz.Infosets[1] != 12288 || sz.Nodes != 294883 {
		t.Fatalf("sizes %+v", sz)
	}
	pr, _, err := extensive.CFRPlus(context.Background(), g, 1000, nil)
	if err != nil {
		t.Fatal(err)
	}
	u := pr.Values[0]
	lo, hi := new(big.Rat).Sub(u, pr.Gains[1]), new(big.Rat).Add(u, pr.Gains[0])
	v, _ := new(big.Rat).SetString(openSpielValue)
	if v.Cmp(lo) < 0 || v.Cmp(hi) > 0 {
		t.Fatalf("OpenSpiel's %s is outside [%s, %s]", openSpielValue, lo.FloatString(12), hi.FloatString(12))
	}
	if w, _ := new(big.Rat).Sub(hi, lo).Float64(); w > 5e-4 {
		t.Fatalf("the bracket is %g wide", w)
	}
}

// TestSmallExact solves one die of two to four sides exactly (certified)
// and pins the values found: 1/2, 1/9 and 1/16 to P1. Four sides is past
// the dense simplex and goes to the sparse one.
func TestSmallExact(t *testing.T) {
	for _, tc := range []struct {
		sides int
		value string
	}{{2, "1/2"}, {3, "1/9"}, {4, "1/16"}} {
		g, err := New(context.Background(), 1, tc.sides)
		if err != nil {
			t.Fatal(err)
		}
		pr, err := extensive.SolveZeroSum(context.Background(), g)
		if err != nil {
			t.Fatal(err)
		}
		if tc.sides == 3 {
			// docs/imperfect.md's figures; the leaves by formula: 9
			// rolls times the 2^6 − 1 nonempty bid sequences, each
			// ended by a call.
			if sz := g.Sizes(); sz.Nodes != 1147 || sz.Infosets[0] != 96 || sz.Sequences[0] != 190 || sz.Terminals != 9*63 {
				t.Fatalf("sizes %+v", sz)
			}
		}
		if pr.Values[0].RatString() != tc.value || !pr.Equilibrium() {
			t.Fatalf("%d sides: value %v, exploitability %v", tc.sides, pr.Values[0], pr.Exploitability)
		}
	}
}

func TestBadParameters(t *testing.T) {
	for _, c := range [][2]int{{0, 6}, {3, 6}, {1, 1}, {1, 7}, {2, 6}} {
		if _, err := New(context.Background(), c[0], c[1]); err == nil {
			t.Errorf("%v accepted", c)
		}
	}
}
