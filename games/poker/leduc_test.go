package poker

import (
	"context"
	"errors"
	"math/big"
	"testing"

	"github.com/gamesolve/gamesolve/extensive"
)

// openSpielLeduc is OpenSpiel's published value of Leduc hold'em to the
// first player (its sequence-form LP test), to 12 digits.
const openSpielLeduc = "-0.085606424078"

// TestLeduc checks Leduc's sizes (OpenSpiel counts 936 information
// states) and that CFR+'s ε-equilibrium brackets OpenSpiel's value: with
// gains g1, g2 from exact best responses, the game's value lies in
// [u − g2, u + g1], u the profile's value to P1.
func TestLeduc(t *testing.T) {
	g := Leduc()
	sz := g.Sizes()
	if sz.Infosets[0]+sz.Infosets[1] != 936 || sz.Sequences[0] != 1093 || sz.Nodes != 9457 {
		t.Fatalf("sizes %+v", sz)
	}
	// CFR+ reaches ε = 1.2e-4 in 2,000 iterations (7e-3 in 200); an
	// average weighted by the nodes a traversal happened to visit, a bug
	// found here, stalled above 3e-4.
	iterations, bound := 2000, 2e-4
	if testing.Short() {
		iterations, bound = 200, 1e-2
	}
	pr, done, err := extensive.CFRPlus(context.Background(), g, iterations, nil)
	if err != nil || done != iterations {
		t.Fatal(done, err)
	}
	u := pr.Values[0]
	lo, hi := new(big.Rat).Sub(u, pr.Gains[1]), new(big.Rat).Add(u, pr.Gains[0])
	v, _ := new(big.Rat).SetString(openSpielLeduc)
	slack := big.NewRat(1, 2e12) // OpenSpiel's last digit
	if new(big.Rat).Add(v, slack).Cmp(lo) < 0 || new(big.Rat).Sub(v, slack).Cmp(hi) > 0 {
		t.Fatalf("OpenSpiel's %s is outside [%s, %s]", openSpielLeduc, lo.FloatString(12), hi.FloatString(12))
	}
	if e, _ := pr.Exploitability.Float64(); e > bound {
		t.Fatalf("exploitability %g after %d iterations", e, iterations)
	}
	if pr.Values[0].Cmp(new(big.Rat).Neg(pr.Values[1])) != 0 {
		t.Fatalf("values %v do not add to 0", pr.Values)
	}
}

// TestCFRPlusKuhn: on Kuhn poker CFR+ approaches −1/18, and the exact LP's
// answer is within its ε.
func TestCFRPlusKuhn(t *testing.T) {
	var last int64
	pr, _, err := extensive.CFRPlus(context.Background(), Kuhn(), 3000, func(done, total int64) {
		if done < last || total != 3000 {
			t.Errorf("progress %d of %d after %d", done, total, last)
		}
		last = done
	})
	if err != nil || last != 3000 {
		t.Fatal(last, err)
	}
	e, _ := pr.Exploitability.Float64()
	if e <= 0 || e > 1e-3 {
		t.Fatalf("exploitability %g", e)
	}
	u := pr.Values[0]
	v := big.NewRat(-1, 18)
	if new(big.Rat).Sub(u, pr.Gains[1]).Cmp(v) > 0 || new(big.Rat).Add(u, pr.Gains[0]).Cmp(v) < 0 {
		t.Fatalf("−1/18 outside the bracket of %v with gains %v", u, pr.Gains)
	}
}

// TestCFRPlusStops: when its context ends, CFR+ stops and says so rather
// than certifying (rebuilding the game's sequence form) after the deadline.
func TestCFRPlusStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	_, done, err := extensive.CFRPlus(ctx, Leduc(), 1_000_000, func(done, _ int64) {
		if done >= 64 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) || done < 64 || done > 65 {
		t.Fatalf("done %d, err %v", done, err)
	}
}

// TestLeducExact solves Leduc hold'em exactly (the sparse simplex method,
// then its basis in exact arithmetic), certifies the profile by exact
// best responses, and checks the value against OpenSpiel's 12 digits.
func TestLeducExact(t *testing.T) {
	pr, err := extensive.SolveZeroSum(context.Background(), Leduc())
	if err != nil {
		t.Fatal(err)
	}
	if !pr.Equilibrium() {
		t.Fatalf("exploitable by %s", pr.Exploitability.RatString())
	}
	if got := pr.Values[0].FloatString(12); got != openSpielLeduc {
		t.Fatalf("value %s = %s, OpenSpiel's is %s", pr.Values[0].RatString(), got, openSpielLeduc)
	}
	// The value found here, pinned so that a change shows.
	if got, want := pr.Values[0].RatString(), "-1454920850547486749701863871533/16995463438839962469905132501930"; got != want {
		t.Fatalf("value %s, want %s", got, want)
	}
}
