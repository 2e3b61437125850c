package engine_test

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/numeric"
)

// denseChain is a chance-only game: n states, each with k outcomes to
// random states of the chain (rewards 0 to 2) and, with probability
// leave, to one of two terminals paying (1, 0) or (-1/2, 1): one
// strongly connected part with exits, dense enough to be swept.
func denseChain(rng *rand.Rand, n, k int, leave *big.Rat) *game {
	g := &game{players: 2}
	stay := new(big.Rat).Sub(big.NewRat(1, 1), leave)
	each := new(big.Rat).Quo(stay, big.NewRat(int64(k), 1))
	half := new(big.Rat).Quo(leave, big.NewRat(2, 1))
	for range n {
		g.owner = append(g.owner, engine.Chance)
		g.pay = append(g.pay, nil)
		var outs []engine.Outcome[int]
		for range k {
			outs = append(outs, engine.Outcome[int]{P: each, To: rng.IntN(n), Reward: big.NewRat(int64(rng.IntN(3)), 1)})
		}
		outs = append(outs, engine.Outcome[int]{P: half, To: n}, engine.Outcome[int]{P: half, To: n + 1})
		g.acts = append(g.acts, [][]engine.Outcome[int]{outs})
	}
	g.addTerminal(big.NewRat(1, 1), big.NewRat(0, 1))
	g.addTerminal(big.NewRat(-1, 2), big.NewRat(1, 1))
	return g
}

// Float mode sweeps a large dense part (Gauss–Seidel) and proves the
// result: every value and reward lies within the proven gap (Result.Gap,
// at most the precision times the magnitude) of the exact one. Where
// play leaves too rarely for the proof (one chance in 10^13 a step), the
// part is eliminated as before, and is as right.
func TestIterativeChains(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(21, 19))
	for _, c := range []struct {
		name   string
		leave  *big.Rat
		n      int
		swept  bool
		trials int
	}{
		{"leaves often", big.NewRat(1, 3), 60, true, 20},
		{"leaves less often", big.NewRat(1, 20), 300, true, 3},
		// A part this small gets no more sweeps than an eighth of its
		// elimination would take.
		{"too small to sweep long", big.NewRat(1, 20), 60, false, 3},
		{"too rarely to prove", big.NewRat(1, 10_000_000_000_000), 60, false, 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			for trial := range c.trials {
				g := denseChain(rng, c.n+rng.IntN(c.n), 4+rng.IntN(6), c.leave)
				var counts engine.Counts // exact mode never sweeps
				opt := engine.Tuned(engine.Options{}, engine.Iterative(50, 2), engine.Counted(&counts))
				got, want := solveModesWith(t, fmt.Sprintf("trial %d", trial), g, opt)
				if swept := counts.IterativeParts() > 0; swept != c.swept || (got.Methods[engine.Sweeps] > 0) != c.swept {
					t.Fatalf("trial %d: swept %v (methods %v), want %v", trial, swept, got.Methods, c.swept)
				}
				tol := got.Gap + 1e-9*math.Max(1, got.Gap) // and the rounding of the exits
				if !c.swept {
					tol = 1e-9 // elimination: rounding only
				}
				for i := range want.States {
					s := want.State(i)
					for p := range 2 {
						w, _ := want.Value(s)[p].Float64()
						if d := math.Abs(got.Value(s)[p] - w); d > tol {
							t.Fatalf("trial %d: state %d player %d: %v, exact %v (off by %g, proven gap %g)", trial, s, p, got.Value(s)[p], w, d, got.Gap)
						}
					}
					wr, _, _ := want.Reward(s)
					gr, _, _ := got.Reward(s)
					w, _ := wr.Float64()
					if d := math.Abs(gr - w); d > tol*math.Max(1, math.Abs(w)) {
						t.Fatalf("trial %d: state %d reward: %v, exact %v (off by %g, proven gap %g)", trial, s, gr, w, d, got.Gap)
					}
				}
			}
		})
	}
}

// With every part of two states or more swept, float mode still agrees
// with exact mode on random games with decisions: the sweeps also
// evaluate strategy iteration's and the exit choices' chains.
func TestIterativeInGames(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(5, 6))
	var counts engine.Counts
	opt := engine.Tuned(engine.Options{}, engine.Iterative(2, 1), engine.Counted(&counts))
	for trial := range 200 {
		players := 1 + trial%2
		g := newRandomGame(rng, players, 3+rng.IntN(30))
		fl, ex := solveModesWith(t, fmt.Sprintf("trial %d", trial), g, opt)
		for i := range ex.States {
			s := ex.State(i)
			for p := range players {
				ve, _ := ex.Value(s)[p].Float64()
				if d := math.Abs(fl.Value(s)[p] - ve); d > 1e-11 {
					t.Fatalf("trial %d state %d player %d: float %v, exact %v", trial, s, p, fl.Value(s)[p], ve)
				}
			}
		}
	}
	if n := counts.IterativeParts(); n < 50 {
		t.Errorf("only %d parts swept", n)
	}
}

// BenchmarkDenseChainFloat solves one dense chance part in float mode
// (3,000 states, 24 outcomes each, leaving with 1/20 a step): by the
// sweeps, and by elimination as before them.
func BenchmarkDenseChainFloat(b *testing.B) {
	for _, sweeps := range []bool{true, false} {
		name := "sweeps"
		if !sweeps {
			name = "elimination"
		}
		b.Run(name, func(b *testing.B) {
			opt := engine.Options{}
			if !sweeps {
				opt = engine.Tuned(opt, engine.Iterative(1<<30, 1))
			}
			g := denseChain(rand.New(rand.NewPCG(3, 4)), 3000, 24, big.NewRat(1, 20))
			for b.Loop() {
				if _, err := engine.Solve[int, float64](context.Background(), numeric.Float{}, g, opt); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
