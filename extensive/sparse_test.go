package extensive_test

import (
	"context"
	"testing"

	"github.com/gamesolve/gamesolve/extensive"
)

// TestSparseMatchesDense solves each player's program of random zero-sum
// games, with chance, hidden moves and payoffs at inner nodes, by the
// sparse simplex method and by the dense exact one: the values must be
// equal, and the sparse method's plans (p's own, and the opponent's from
// the prices) must pass the exact best-response certificate.
func TestSparseMatchesDense(t *testing.T) {
	t.Parallel()
	compared := 0
	for seed := range uint64(300) {
		r := randRules{seed: seed, players: 2, zeroSum: true, obs: 1 + int(seed%3), depth: 3 + int(seed%5)}
		g, err := extensive.Build(context.Background(), r)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if len(g.Nodes) > 300 {
			continue // the dense exact tableau is slow
		}
		compared++
		for p := range 2 {
			sparse := sparseEquilibrium(t, g, p, seed)
			dense, err := extensive.PlanZeroSum(context.Background(), g, p, false)
			if err != nil {
				t.Fatalf("seed %d, player %d, dense: %v", seed, p+1, err)
			}
			if !dense.Equilibrium() {
				t.Fatalf("seed %d, player %d: the dense plans are exploitable by %s", seed, p+1, dense.Exploitability.RatString())
			}
			if sparse.Values[0].Cmp(dense.Values[0]) != 0 {
				t.Fatalf("seed %d, player %d: sparse value %s, dense %s", seed, p+1, sparse.Values[0].RatString(), dense.Values[0].RatString())
			}
		}
	}
	if compared < 200 {
		t.Fatalf("only %d games compared", compared)
	}
}

// TestSparseLarge solves deeper random games, of up to a few thousand
// nodes, by the sparse method alone, the basis factored afresh after every
// 25 updates so that refactorization and many Forrest–Tomlin updates on
// one factorization are both exercised; the exact best-response
// certificate checks each answer.
func TestSparseLarge(t *testing.T) {
	t.Parallel()
	const every = 25
	most, refactors := 0, 0
	for seed := range uint64(30) {
		r := randRules{seed: 1000 + seed, players: 2, zeroSum: true, obs: 2 + int(seed%2), depth: 10 + int(seed%3)}
		g, err := extensive.Build(context.Background(), r)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		for p := range 2 {
			pr, err := extensive.SparsePlanEvery(context.Background(), g, p, every)
			if err != nil {
				t.Fatalf("seed %d, player %d: %v", seed, p+1, err)
			}
			if !pr.Equilibrium() {
				t.Fatalf("seed %d, player %d: the sparse plans are exploitable by %s", seed, p+1, pr.Exploitability.RatString())
			}
			if want := sparseEquilibrium(t, g, p, seed); pr.Values[0].Cmp(want.Values[0]) != 0 {
				t.Fatalf("seed %d, player %d: value %s refactoring every %d, %s by default", seed, p+1, pr.Values[0].RatString(), every, want.Values[0].RatString())
			}
			n, k, err := extensive.SparsePivots(context.Background(), g, p, every)
			if err != nil {
				t.Fatal(err)
			}
			most, refactors = max(most, n), max(refactors, k)
		}
	}
	if most <= 4*every || refactors < 4 {
		t.Fatalf("the most pivots taken was %d, with at most %d refactorizations: not enough to exercise the updates", most, refactors)
	}
}

// sparseEquilibrium is the certified profile of the sparse method's plans
// for player p's program; it fails the test unless it is an equilibrium.
func sparseEquilibrium(t *testing.T, g *extensive.Game, p int, seed uint64) *extensive.Profile {
	t.Helper()
	pr, err := extensive.PlanZeroSum(context.Background(), g, p, true)
	if err != nil {
		t.Fatalf("seed %d, player %d, sparse: %v", seed, p+1, err)
	}
	if !pr.Equilibrium() {
		t.Fatalf("seed %d, player %d: the sparse plans are exploitable by %s", seed, p+1, pr.Exploitability.RatString())
	}
	return pr
}

// TestBasisBothWays: the final basis solved by p-adic lifting and by the
// rational replay of the float factorization (the fallback for integers
// too wide for lifting) agree exactly.
func TestBasisBothWays(t *testing.T) {
	t.Parallel()
	for seed := range uint64(40) {
		r := randRules{seed: 2000 + seed, players: 2, zeroSum: true, obs: 1 + int(seed%3), depth: 4 + int(seed%4)}
		g, err := extensive.Build(context.Background(), r)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		same, err := extensive.BasisBothWays(context.Background(), g, int(seed%2))
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if !same {
			t.Fatalf("seed %d: lifting and the rational replay differ", seed)
		}
	}
}
