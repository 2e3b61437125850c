package extensive_test

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/extensive"
	"github.com/gamesolve/gamesolve/games/poker"
)

// TestSequenceLemke solves random two-player general-sum games with
// chance and imperfect information by Lemke's algorithm on the sequence
// form, and checks each answer apart from the solver's own certificate:
// the values by plain recursion over the tree, and that no pure strategy
// of either player, enumerated, gains against it.
func TestSequenceLemke(t *testing.T) {
	t.Parallel()
	checked, solved := 0, 0
	for seed := range uint64(300) {
		r := randRules{seed: seed, players: 2, obs: 1 + int(seed%3), depth: 3 + int(seed%4)}
		g, err := extensive.Build(context.Background(), r)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		pr, err := extensive.SequenceLemke(context.Background(), g)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		solved++
		checked += checkApart(t, fmt.Sprint("seed ", seed), g, pr)
	}
	t.Logf("%d games solved, %d best responses enumerated", solved, checked)
}

// TestSequenceLemkeByHand solves a game derived by hand
// (docs/examples/gamble.efg). After T and t, P1 gambles: (4 − 1)/2 = 3/2
// beats cashing 1. Then P2's h (probability q) makes P1 indifferent,
// 2q = 3/2·(1 − q), so q = 3/7; P1's H (probability p) makes P2
// indifferent, 1 − p = p, so p = 1/2. No pure profile is an equilibrium,
// so this one is unique, and the values are 2·pq + 3/2·(1 − p)(1 − q) =
// 6/7 and p(1 − q) + (1 − p)q = 1/2.
func TestSequenceLemkeByHand(t *testing.T) {
	t.Parallel()
	g, err := extensive.ReadEFG(readFile(t, "../docs/examples/gamble.efg"))
	if err != nil {
		t.Fatal(err)
	}
	pr, err := extensive.SequenceLemke(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"1/2", "1/2"}, {"3/7", "4/7"}, {"0", "1"}}
	for i, w := range want {
		for a, p := range w {
			if got := pr.Behavior[i][a].RatString(); got != p {
				t.Errorf("%s, %s: %s, want %s", g.InfosetName(i), g.Infosets[i].Actions[a], got, p)
			}
		}
	}
	if v0, v1 := pr.Values[0].RatString(), pr.Values[1].RatString(); v0 != "6/7" || v1 != "1/2" {
		t.Errorf("values %s, %s; want 6/7, 1/2", v0, v1)
	}
	if !pr.Equilibrium() {
		t.Errorf("not certified: exploitability %s", pr.Exploitability.RatString())
	}
}

// TestSequenceLemkeRefusals: a game of three players, a cancelled solve,
// and a tree whose tableau is too large (Leduc hold'em with a rake, 3,124
// rows) each get an error, the last before any tableau is built.
func TestSequenceLemkeRefusals(t *testing.T) {
	t.Parallel()
	three, err := extensive.Build(context.Background(), randRules{seed: 1, players: 3, obs: 1, depth: 3})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := extensive.SequenceLemke(context.Background(), three); !errors.Is(err, extensive.ErrNotBimatrix) {
		t.Errorf("three players: %v, want ErrNotBimatrix", err)
	}
	two, err := extensive.Build(context.Background(), randRules{seed: 5, players: 2, obs: 1, depth: 5})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := extensive.SequenceLemke(ctx, two); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v, want context.Canceled", err)
	}
	leduc := poker.Rake(poker.Leduc(), big.NewRat(19, 20))
	_, err = extensive.SequenceLemke(context.Background(), leduc)
	if !errors.Is(err, budget.ErrTooLarge) || !strings.Contains(err.Error(), "3124 rows") {
		t.Errorf("raked Leduc: %v, want a refusal with the tableau's size", err)
	}
}

// TestSequenceLemkeStagePayoffs solves testdata/signal.efg, whose signals
// pay at inner nodes, made general-sum (the receiver loses only half of
// what the sender wins), and checks the answer apart from the certificate.
func TestSequenceLemkeStagePayoffs(t *testing.T) {
	t.Parallel()
	g, err := extensive.ReadEFG(readFile(t, "testdata/signal.efg"))
	if err != nil {
		t.Fatal(err)
	}
	half := big.NewRat(1, 2)
	for k := range g.Outcomes {
		if u := g.Outcomes[k].Payoffs[1]; u.Sign() < 0 {
			g.Outcomes[k].Payoffs[1] = new(big.Rat).Mul(u, half)
		}
	}
	if _, err := extensive.SolveZeroSum(context.Background(), g); !errors.Is(err, extensive.ErrNotZeroSum) {
		t.Fatalf("the game is still zero-sum: %v", err)
	}
	pr, err := extensive.SequenceLemke(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	if n := checkApart(t, "signal", g, pr); n != 2 {
		t.Fatalf("%d players' pure strategies enumerated, want 2", n)
	}
}
