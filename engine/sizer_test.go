package engine_test

import (
	"context"
	"math/big"
	"testing"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/numeric"
)

// lateRewards is a walk along 0 … n: from i, a coin moves to i+1 or back
// to 0 (to n-1 ends), and only the moves from state `from` on pay a reward
// (i+1 each). Its Sizer hint is exact, too small or absent (hint < 0), so
// that the reward column starts after outcomes without one in every way
// exploration can size it.
type lateRewards struct{ n, from, hint int }

func (w lateRewards) Players() int { return 1 }
func (w lateRewards) Start() int   { return 0 }
func (w lateRewards) Expand(i int, n *engine.Node[int]) error {
	if i == w.n {
		n.Terminal(big.NewRat(1, 1))
		return nil
	}
	var r *big.Rat
	if i >= w.from {
		r = big.NewRat(int64(i+1), 1)
	}
	half := big.NewRat(1, 2)
	n.Chance(engine.Outcome[int]{P: half, To: i + 1, Reward: r}, engine.Outcome[int]{P: half, To: max(i-1, 0), Reward: r})
	return nil
}

type sizedRewards struct{ lateRewards }

func (w sizedRewards) SizeHint() (states, actions, outcomes int) {
	return w.n + 1, w.n, w.hint
}

// The expected total reward from each state, found by exploring with the
// hint exact, too small, and absent, against the same linear system
// solved here by Gauss–Jordan elimination in big.Rat.
func TestSizerRewards(t *testing.T) {
	const n, from = 12, 5
	want := walkRewards(n, from)
	base := lateRewards{n: n, from: from}
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

// walkRewards solves E_i = c_i + (E_{i+1} + E_{max(i-1,0)})/2, E_n = 0,
// with c_i = i+1 from `from` on.
func walkRewards(n, from int) []*big.Rat {
	// Rows i = 0 … n-1 of the augmented matrix over E_0 … E_{n-1}.
	m := make([][]*big.Rat, n)
	for i := range m {
		m[i] = make([]*big.Rat, n+1)
		for j := range m[i] {
			m[i][j] = new(big.Rat)
		}
		m[i][i].SetInt64(1)
		half := big.NewRat(1, 2)
		if i+1 < n {
			m[i][i+1].Sub(m[i][i+1], half)
		}
		back := max(i-1, 0)
		m[i][back].Sub(m[i][back], half)
		if i >= from {
			m[i][n].SetInt64(int64(i + 1))
		}
	}
	for col := range n {
		p := col
		for m[p][col].Sign() == 0 {
			p++
		}
		m[col], m[p] = m[p], m[col]
		inv := new(big.Rat).Inv(m[col][col])
		for j := range m[col] {
			m[col][j].Mul(m[col][j], inv)
		}
		for i := range n {
			if i == col || m[i][col].Sign() == 0 {
				continue
			}
			f := new(big.Rat).Set(m[i][col])
			for j := range m[i] {
				m[i][j].Sub(m[i][j], new(big.Rat).Mul(f, m[col][j]))
			}
		}
	}
	out := make([]*big.Rat, n)
	for i := range out {
		out[i] = m[i][n]
	}
	return out
}
