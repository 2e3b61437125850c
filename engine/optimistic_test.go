package engine_test

import (
	"context"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/numeric"
)

// newSlowGame is a random game whose cycles are left slowly: every action
// ends play with a small probability (1/12 to 1/40, to a terminal of random
// value) and otherwise moves to one of two random states, so that value
// iteration needs hundreds of sweeps. With two players the payoffs are
// constant-sum and every play ends. With loops (one player), half the actions
// of the players' states go back and forth between two states, so the game has end components.
func newSlowGame(rng *rand.Rand, players, n int, loops bool) *game {
	g := &game{players: players}
	const T = 4 // terminals, after the n states that move
	for range n {
		owner := rng.IntN(players)
		if rng.IntN(5) == 0 {
			owner = engine.Chance
		}
		na := g.addMover(rng, owner)
		var acts [][]engine.Outcome[int]
		for range na {
			if loops && owner >= 0 && rng.IntN(2) == 0 {
				// No way out: where such actions close a cycle, play can
				// stay forever (an end component, which pays 0).
				s := len(g.owner) - 1
				acts = append(acts, []engine.Outcome[int]{{P: big.NewRat(1, 2), To: s}, {P: big.NewRat(1, 2), To: min(s^1, n-1)}})
				continue
			}
			end := big.NewRat(1, int64(12+rng.IntN(29)))
			rest := new(big.Rat).Sub(big.NewRat(1, 1), end)
			half := new(big.Rat).Mul(rest, big.NewRat(int64(1+rng.IntN(3)), 4))
			acts = append(acts, []engine.Outcome[int]{
				{P: end, To: n + rng.IntN(T)},
				{P: half, To: rng.IntN(n)},
				{P: new(big.Rat).Sub(rest, half), To: rng.IntN(n)},
			})
		}
		g.acts = append(g.acts, acts)
	}
	for range T {
		g.addConstantSum(big.NewRat(int64(rng.IntN(101)), 100))
	}
	return g
}

// Optimistic value iteration: on slowly converging random games of one
// and two players, float mode with it agrees with exact mode within the
// precision it claims, proves every component, and needs far fewer sweeps
// than interval iteration alone.
func TestOptimisticValueIteration(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	ctx := context.Background()
	var with, without int
	var ends int
	for trial := range 60 {
		players := 1 + trial%2
		loops := trial%3 == 0 && players == 1
		g := newSlowGame(rng, players, 20+rng.IntN(120), loops)
		ex, err := engine.Solve[int, *big.Rat](ctx, numeric.Exact{}, g, engine.Options{})
		if err != nil {
			t.Fatalf("trial %d exact: %v", trial, err)
		}
		for _, on := range []bool{true, false} {
			old := engine.SetOptimistic(on)
			fl, err := engine.Solve[int, float64](ctx, numeric.Float{}, g, engine.Options{})
			engine.SetOptimistic(old)
			if err != nil {
				t.Fatalf("trial %d (optimistic %v): %v", trial, on, err)
			}
			if fl.Unproven != 0 || fl.Gap > 1e-12 {
				t.Errorf("trial %d (optimistic %v): unproven %d, gap %v", trial, on, fl.Unproven, fl.Gap)
			}
			ends += fl.EndComponents
			if on {
				with += fl.Sweeps
			} else {
				without += fl.Sweeps
			}
			for i := range fl.States {
				s := fl.State(i)
				for p := range players {
					want, _ := ex.Value(s)[p].Float64()
					if got := fl.Value(s)[p]; math.Abs(got-want) > 1e-12 {
						t.Fatalf("trial %d (optimistic %v) state %d player %d: float %v, exact %v (off by %v)", trial, on, s, p, got, want, got-want)
					}
				}
			}
		}
	}
	t.Logf("sweeps: %d with optimistic value iteration, %d without; %d end components", with, without, ends)
	if ends == 0 {
		t.Error("no end components were exercised")
	}
	if 3*with > without {
		t.Errorf("sweeps: %d with optimistic value iteration, %d without: want under a third", with, without)
	}
}
