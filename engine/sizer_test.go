package engine_test

import (
	"context"
	"math/big"
	"testing"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/numeric"
)

// lateRewards is a walk along 0 … n: from i, a coin moves to i+1 or back
// to max(i-1, 0) (n ends), and only the moves from state `from` on pay a
// reward (i+1 each), so that the reward column starts after outcomes
// without one. As sizedRewards its Sizer hint is exact or too small; as
// itself it has none: every way exploration can size the column.
type lateRewards struct{ n, from, hint int }

// outcomes are state i's (none for n). Rewards are never nil, so that
// solveLinear (mdp_test.go) can read them too.
func (w lateRewards) outcomes(i int) []engine.Outcome[int] {
	if i == w.n {
		return nil
	}
	r := new(big.Rat)
	if i >= w.from {
		r.SetInt64(int64(i + 1))
	}
	half := big.NewRat(1, 2)
	return []engine.Outcome[int]{{P: half, To: i + 1, Reward: r}, {P: half, To: max(i-1, 0), Reward: r}}
}

func (w lateRewards) Players() int { return 1 }
func (w lateRewards) Start() int   { return 0 }
func (w lateRewards) Expand(i int, n *engine.Node[int]) error {
	if i == w.n {
		n.Terminal(big.NewRat(1, 1))
		return nil
	}
	n.Chance(w.outcomes(i)...)
	return nil
}

type sizedRewards struct{ lateRewards }

func (w sizedRewards) SizeHint() (states, actions, outcomes int) {
	return w.n + 1, w.n, w.hint
}

// The expected total reward from each state, found by exploring with the
// hint exact, too small, and absent, against the same linear system
// solved by solveLinear's Gauss–Jordan elimination in big.Rat.
func TestSizerRewards(t *testing.T) {
	t.Parallel()
	const n, from = 12, 5
	base := lateRewards{n: n, from: from}
	walk := &randomMDP{n: n + 1}
	for i := range n + 1 {
		var acts [][]engine.Outcome[int]
		if i < n {
			acts = [][]engine.Outcome[int]{base.outcomes(i)}
		}
		walk.acts = append(walk.acts, acts)
	}
	want := solveLinear(walk, make([]int, n+1), func(s int) bool { return s < n }, func(int) *big.Rat { return new(big.Rat) }, true)
	for _, c := range []struct {
		name  string
		rules engine.Rules[int]
	}{
		{"no hint", base},
		{"exact hint", sizedRewards{lateRewards{n, from, 2 * n}}},
		{"hint too small", sizedRewards{lateRewards{n, from, 2*from + 1}}},
	} {
		res, err := engine.Solve[int, *big.Rat](context.Background(), numeric.Exact{}, c.rules, engine.Options{})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for i := range n {
			got, _, _ := res.Reward(i)
			if got.Cmp(want[i]) != 0 {
				t.Errorf("%s: reward from %d = %s, want %s", c.name, i, got.RatString(), want[i].RatString())
			}
		}
	}
}
