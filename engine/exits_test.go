package engine_test

import (
	"context"
	"math/big"
	"testing"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/numeric"
)

// exitRing is a chance ring of n states, each passing play on to the
// next with probability 1/2 and out to 16 of 64 terminal states with
// probability 1/32 each, for a step's reward of 1. The terminals pay x
// when odd, 0 when even. Ring state i leads to terminals 2i, ..., 2i+15
// (8 odd: the exits pay x/4 in all), except every third one, which leads
// to 12 odd terminals and 4 even ones (3x/8): the rows of each kind are
// rotations of one another.
func exitRing(n int, x *big.Rat) *game {
	g := &game{players: 1}
	half, p := big.NewRat(1, 2), big.NewRat(1, 32)
	for i := range n {
		g.owner = append(g.owner, engine.Chance)
		g.pay = append(g.pay, nil)
		outs := []engine.Outcome[int]{{P: half, To: (i + 1) % n, Reward: big.NewRat(1, 1)}}
		for k := range 16 {
			t := (2*i + k) % 64
			if i%3 == 0 && k < 8 && t%2 == 0 {
				t = (t + 17) % 64 // odd instead
			}
			outs = append(outs, engine.Outcome[int]{P: p, To: n + t, Reward: big.NewRat(1, 1)})
		}
		g.acts = append(g.acts, [][]engine.Outcome[int]{outs})
	}
	for t := range 64 {
		g.addTerminal(new(big.Rat).Mul(x, big.NewRat(int64(t%2), 1)))
	}
	return g
}

// Rows whose exits lead to the same values with the same probabilities
// share one sum (exits.go). On exitRing every ring state's value and
// reward are those of the ungrouped sums, the rewards are 2 (play leaves
// the ring with probability 1/2 a step), the values are those of the
// closed form, and most rows reused another's sums.
func TestExitSumsReused(t *testing.T) {
	t.Parallel()
	const n = 90 // a part of memoFrom rows or more
	g := exitRing(n, big.NewRat(1, 1))
	var counts engine.Counts
	got, err := engine.Solve[int, *big.Rat](context.Background(), numeric.Exact{}, g, engine.Tuned(engine.Options{}, engine.Counted(&counts)))
	if err != nil {
		t.Fatal(err)
	}
	if reused := counts.ExitSumsReused(); reused < n-4 {
		t.Errorf("%d rows of %d reused another's exit sums, want %d or more", reused, n, n-4)
	}
	want, err := engine.Solve[int, *big.Rat](context.Background(), numeric.Exact{}, g, engine.Tuned(engine.Options{}, engine.ExitGroupFrom(1<<30)))
	if err != nil {
		t.Fatal(err)
	}
	sameExact(t, "exit ring", 1, got, want)
	// v_i = v_{i+1}/2 + e_i, e_i = 3/8 where i % 3 == 0, else 1/4: around
	// the ring, v_0 = Σ_k e_k/2^k + v_0/2^n.
	e := func(i int) *big.Rat {
		if i%3 == 0 {
			return big.NewRat(3, 8)
		}
		return big.NewRat(1, 4)
	}
	for i := range n {
		sum := new(big.Rat)
		for k := range n {
			term := new(big.Rat).Quo(e((i+k)%n), new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), uint(k))))
			sum.Add(sum, term)
		}
		scale := new(big.Rat).SetFrac(new(big.Int).Lsh(big.NewInt(1), uint(n)), new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(n)), big.NewInt(1)))
		v := sum.Mul(sum, scale)
		if x := got.Value(i)[0]; x.Cmp(v) != 0 {
			t.Errorf("state %d: value %s, want %s", i, x.RatString(), v.RatString())
		}
		if r, finite, _ := got.Reward(i); !finite || r.Cmp(big.NewRat(2, 1)) != 0 {
			t.Errorf("state %d: reward %s (finite %v), want 2", i, r.RatString(), finite)
		}
	}
}
