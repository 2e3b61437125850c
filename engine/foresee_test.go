package engine_test

import (
	"context"
	"errors"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/numeric"
)

// chanceChain is n chance states, each with eight outcomes of 1/8: to
// random states (random: it fills in when eliminated) or along a cycle
// with a way out at every state (it does not).
func chanceChain(n int, random bool) *game {
	rng := rand.New(rand.NewPCG(uint64(n), 8))
	g := &game{players: 1}
	eighth := big.NewRat(1, 8)
	for s := range n {
		var outs []engine.Outcome[int]
		for k := range 8 {
			to := (s + 1) % n
			switch {
			case random:
				to = rng.IntN(n + 1)
			case k == 0:
				to = n // the way out
			}
			outs = append(outs, engine.Outcome[int]{P: eighth, To: to})
		}
		g.owner = append(g.owner, engine.Chance)
		g.acts = append(g.acts, [][]engine.Outcome[int]{outs})
		g.pay = append(g.pay, nil)
	}
	g.owner = append(g.owner, engine.Terminal)
	g.acts = append(g.acts, nil)
	g.pay = append(g.pay, []*big.Rat{big.NewRat(1, 1)})
	return g
}

// An elimination foreseen to take longer than the limit stops with the
// estimate (a limit of a nanosecond: any work left is too much); under
// the default limit a small one solves.
func TestEliminationForeseen(t *testing.T) {
	t.Parallel()
	_, err := engine.Solve[int, float64](context.Background(), numeric.Float{}, chanceChain(1500, true), engine.Tuned(engine.Options{}, engine.EliminationLimit(time.Nanosecond, 0)))
	if !errors.Is(err, budget.ErrTooLarge) || !strings.Contains(err.Error(), "would take at least") {
		t.Errorf("random chain of 1,500: %v", err)
	}
	// Looked at from the start, under the default limit.
	opt := engine.Tuned(engine.Options{}, engine.EliminationLimit(30*time.Minute, 0))
	for _, g := range []*game{chanceChain(300, true), chanceChain(5000, false)} {
		r, err := engine.Solve[int, float64](context.Background(), numeric.Float{}, g, opt)
		if err != nil {
			t.Fatalf("%d states under the default limit: %v", len(g.owner), err)
		}
		if v := r.Value(0)[0]; v < 1-1e-9 || v > 1+1e-9 {
			t.Errorf("%d states: value %v, want 1 (play surely ends at the terminal)", len(g.owner), v)
		}
	}
}
