package engine_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/numeric"
)

// coins counts heads up to 2: each step flips a fair coin or a biased one
// (heads with 1/4); a head counts 1 and earns reward 1.
type coins struct{}

func (coins) Players() int { return 1 }
func (coins) Start() int   { return 0 }
func (coins) Expand(s int, n *engine.Node[int]) error {
	if s == 2 {
		n.Terminal(new(big.Rat))
		return nil
	}
	n.Decide(0)
	for _, p := range []*big.Rat{big.NewRat(1, 2), big.NewRat(1, 4)} {
		n.Action(fmt.Sprint("heads ", p.RatString()),
			engine.Outcome[int]{P: p, To: s + 1, Reward: big.NewRat(1, 1)},
			engine.Outcome[int]{P: new(big.Rat).Sub(big.NewRat(1, 1), p), To: s})
	}
	return nil
}

// coinsGraph explores coins, with its goal (two heads) flagged.
func coinsGraph(t *testing.T) (*engine.Graph[int], []bool) {
	t.Helper()
	G, err := engine.Explore[int](context.Background(), coins{}, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	goal := make([]bool, G.States())
	for i := range goal {
		goal[i] = G.State(i) == 2
	}
	return G, goal
}

// Two heads within k flips, by hand: with the fair coin 1/4 (k = 2) and
// 4/8 (k = 3: HHx, HTH, THH), with the biased one 1/16 and 3·(1/16)(3/4)
// + 1/64 = 5/32; none within 1 or 0 flips. The reward (heads counted, up
// to the second head) over 3 flips: at most 3/2 - P(HHH) = 11/8, since a
// third head after the second earns nothing (the game has ended); at
// least with the biased coin, 3/4 - 1/64 = 47/64.
func TestAnalyzeBounded(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	G, goal := coinsGraph(t)
	cases := []struct {
		obj   engine.Objective
		steps int
		want  string
	}{
		{engine.MaxProbability, 0, "0"}, {engine.MaxProbability, 1, "0"}, {engine.MaxProbability, 2, "1/4"},
		{engine.MaxProbability, 3, "1/2"}, {engine.MinProbability, 2, "1/16"}, {engine.MinProbability, 3, "5/32"},
		{engine.MaxReward, 3, "11/8"}, {engine.MinReward, 3, "47/64"},
	}
	for _, c := range cases {
		q := engine.Query{Objective: c.obj, Goal: goal}
		ex, err := engine.AnalyzeBounded(ctx, numeric.Exact{}, G, q, c.steps, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		fl, err := engine.AnalyzeBounded(ctx, numeric.Float{}, G, q, c.steps, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		want, _ := new(big.Rat).SetString(c.want)
		w, _ := want.Float64()
		if ex.Values[0].Cmp(want) != 0 || fl.Values[0] != w {
			t.Errorf("%v within %d steps: exact %s, float %v, want %s", c.obj, c.steps, ex.Values[0].RatString(), fl.Values[0], c.want)
		}
	}
	// Far more steps than needed: the probability converges to 1 and the
	// iteration runs on; a cancelled context stops it.
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := engine.AnalyzeBounded(cctx, numeric.Exact{}, G, engine.Query{Objective: engine.MaxProbability, Goal: goal}, 1_000_000, engine.Options{}); err == nil {
		t.Error("cancelled: no error")
	}
}

// Exact bounded analysis measures its growing fractions: a billion flips
// are refused within the first few thousand steps, with an estimate far
// beyond half an hour, and two thousand are answered (the estimate for
// them is well within the limit).
func TestAnalyzeBoundedExactEstimate(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	G, goal := coinsGraph(t)
	q := engine.Query{Objective: engine.MinProbability, Goal: goal}
	_, err := engine.AnalyzeBounded(ctx, numeric.Exact{}, G, q, 1_000_000_000, engine.Options{})
	if !errors.Is(err, budget.ErrTooLarge) || !strings.Contains(err.Error(), "1000000000 steps") {
		t.Fatalf("a billion exact steps: %v, want a refusal with the estimate", err)
	}
	ex, err := engine.AnalyzeBounded(ctx, numeric.Exact{}, G, q, 2000, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	fl, err := engine.AnalyzeBounded(ctx, numeric.Float{}, G, q, 2000, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if x, _ := ex.Values[0].Float64(); math.Abs(x-fl.Values[0]) > 1e-12 || ex.Values[0].Denom().BitLen() < 2000 {
		t.Errorf("2000 steps: exact %v (%d-bit denominator), float %v", x, ex.Values[0].Denom().BitLen(), fl.Values[0])
	}
}

// The instantaneous reward after k steps (I=k): the expected number of
// heads so far (the state's count, 0, 1 or 2) after k flips. With the fair
// coin: after 1 flip 1/2; after 2, 1·(2·1/4) + 2·(1/4) = 1. With the biased
// coin after 2: 1·(2·3/16) + 2·(1/16) = 1/2. A negative step count and an
// Instant of the wrong length are errors.
func TestAnalyzeBoundedInstant(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	G, _ := coinsGraph(t)
	instant := make([]*big.Rat, G.States())
	for i := range instant {
		instant[i] = big.NewRat(int64(G.State(i)), 1)
	}
	for _, c := range []struct {
		obj   engine.Objective
		steps int
		want  string
	}{
		{engine.MaxReward, 0, "0"}, {engine.MaxReward, 1, "1/2"}, {engine.MaxReward, 2, "1"}, {engine.MinReward, 2, "1/2"},
	} {
		q := engine.Query{Objective: c.obj, Instant: instant}
		ex, err := engine.AnalyzeBounded(ctx, numeric.Exact{}, G, q, c.steps, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if ex.Values[0].RatString() != c.want {
			t.Errorf("%v after %d steps: %s, want %s", c.obj, c.steps, ex.Values[0].RatString(), c.want)
		}
	}
	if _, err := engine.AnalyzeBounded(ctx, numeric.Exact{}, G, engine.Query{Objective: engine.MaxReward, Instant: instant[:1]}, 2, engine.Options{}); err == nil {
		t.Error("Instant of the wrong length: no error")
	}
}

// ring is a two-player game on n states, large enough for many of
// AnalyzeBounded's blocks: from s, the player s%2 chooses between two
// moves, each to two states further round with probabilities 1/3 and
// 2/3, earning s%5 on the first; every 97th state is a goal.
type ring struct{ n int }

func (r ring) Players() int { return 2 }
func (r ring) Start() int   { return 1 }
func (r ring) Expand(s int, n *engine.Node[int]) error {
	n.Decide(s % 2)
	for a := range 2 {
		n.Action(fmt.Sprint(a),
			engine.Outcome[int]{P: big.NewRat(1, 3), To: (s*7 + a + 1) % r.n, Reward: big.NewRat(int64(s%5), 1)},
			engine.Outcome[int]{P: big.NewRat(2, 3), To: (s*13 + 3*a + 5) % r.n})
	}
	return nil
}

// The values of a bounded analysis are the same, bit for bit in float
// mode, for any number of workers: each state's new value depends only
// on the last step's.
func TestAnalyzeBoundedWorkers(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	G, err := engine.Explore[int](ctx, ring{20011}, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	goal := make([]bool, G.States())
	for i := range goal {
		goal[i] = G.State(i)%97 == 0
	}
	for _, obj := range []engine.Objective{engine.MaxProbability, engine.MinReward} {
		q := engine.Query{Objective: obj, Goal: goal, Coalition: []int{0}}
		one, err := engine.AnalyzeBounded(ctx, numeric.Float{}, G, q, 40, workers(1))
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range []int{2, 3} {
			many, err := engine.AnalyzeBounded(ctx, numeric.Float{}, G, q, 40, workers(w))
			if err != nil {
				t.Fatal(err)
			}
			for i := range one.Values {
				if math.Float64bits(one.Values[i]) != math.Float64bits(many.Values[i]) {
					t.Fatalf("%v, %d workers: state %d: %v, one worker %v", obj, w, i, many.Values[i], one.Values[i])
				}
			}
		}
		exOne, err := engine.AnalyzeBounded(ctx, numeric.Exact{}, G, q, 6, workers(1))
		if err != nil {
			t.Fatal(err)
		}
		exMany, err := engine.AnalyzeBounded(ctx, numeric.Exact{}, G, q, 6, workers(2))
		if err != nil {
			t.Fatal(err)
		}
		for i := range exOne.Values {
			if exOne.Values[i].Cmp(exMany.Values[i]) != 0 {
				t.Fatalf("%v exact: state %d: %v, one worker %v", obj, i, exMany.Values[i], exOne.Values[i])
			}
		}
	}
}

func workers(n int) engine.Options {
	var o engine.Options
	o.Workers = n
	return o
}

// BenchmarkAnalyzeBounded: 50 float steps of Pmax on a game of 200,003
// states, on one worker and on all cores.
func BenchmarkAnalyzeBounded(b *testing.B) {
	ctx := context.Background()
	G, err := engine.Explore[int](ctx, ring{200003}, engine.Options{})
	if err != nil {
		b.Fatal(err)
	}
	goal := make([]bool, G.States())
	for i := range goal {
		goal[i] = G.State(i)%97 == 0
	}
	q := engine.Query{Objective: engine.MaxProbability, Goal: goal, Coalition: []int{0}}
	for _, w := range []int{1, 0} {
		b.Run(fmt.Sprintf("workers=%d", w), func(b *testing.B) {
			for b.Loop() {
				if _, err := engine.AnalyzeBounded(ctx, numeric.Float{}, G, q, 50, workers(w)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
