package engine_test

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/numeric"
)

// randomMDP is a small random Markov decision process as engine rules:
// states 0..n-1, each a deadlock or 1-3 actions of 1-3 outcomes.
type randomMDP struct {
	n    int
	acts [][][]engine.Outcome[int] // state -> action -> outcomes
}

func (m *randomMDP) Players() int { return 1 }
func (m *randomMDP) Start() int   { return 0 }
func (m *randomMDP) Expand(s int, n *engine.Node[int]) error {
	if len(m.acts[s]) == 0 {
		n.Terminal(new(big.Rat))
		return nil
	}
	n.Decide(0)
	for a, outs := range m.acts[s] {
		n.Action(fmt.Sprint(a), outs...)
	}
	return nil
}

// Seeds makes every state reachable, so every state is checked.
func (m *randomMDP) Seeds() []int {
	s := make([]int, m.n)
	for i := range s {
		s[i] = i
	}
	return s
}

func newRandomMDP(rng *rand.Rand) *randomMDP {
	n := 2 + rng.IntN(5)
	m := &randomMDP{n: n, acts: make([][][]engine.Outcome[int], n)}
	for s := range n {
		if rng.IntN(6) == 0 {
			continue
		}
		for range 1 + rng.IntN(3) {
			var outs []engine.Outcome[int]
			for _, p := range shares(rng, 1+rng.IntN(3), 3, big.NewRat(1, 1)) {
				outs = append(outs, engine.Outcome[int]{P: p, To: rng.IntN(n), Reward: big.NewRat(rng.Int64N(3), 1)})
			}
			m.acts[s] = append(m.acts[s], outs)
		}
	}
	return m
}

// shares splits total into k random exact shares, in proportion to weights
// from 1 to hi.
func shares(rng *rand.Rand, k int, hi int64, total *big.Rat) []*big.Rat {
	w := make([]int64, k)
	var sum int64
	for i := range w {
		w[i] = 1 + rng.Int64N(hi)
		sum += w[i]
	}
	out := make([]*big.Rat, k)
	for i := range w {
		out[i] = new(big.Rat).Mul(total, big.NewRat(w[i], sum))
	}
	return out
}

// bruteForce computes the objective by trying every deterministic
// memoryless policy (optimal ones exist for all four objectives) and
// solving each policy's chain exactly by Gaussian elimination. It returns
// the value per state and whether it is infinite.
func bruteForce(m *randomMDP, obj engine.Objective, goal, avoid []bool) ([]*big.Rat, []bool) {
	n := m.n
	best := make([]*big.Rat, n)
	bestInf := make([]bool, n)
	choice := make([]int, n)
	maximize := obj == engine.MaxProbability || obj == engine.MaxReward
	reward := obj == engine.MaxReward || obj == engine.MinReward
	for {
		vals, inf := evalPolicy(m, choice, goal, avoid, reward)
		for s := range n {
			better := false
			switch {
			case best[s] == nil && !bestInf[s]:
				better = true
			case reward && inf[s] != bestInf[s]:
				better = inf[s] == maximize
			case reward && inf[s]:
			default:
				c := vals[s].Cmp(best[s])
				better = (maximize && c > 0) || (!maximize && c < 0)
			}
			if better {
				best[s], bestInf[s] = vals[s], inf[s]
			}
		}
		// Next policy.
		i := 0
		for ; i < n; i++ {
			if choice[i]++; choice[i] < len(m.acts[i]) {
				break
			}
			choice[i] = 0
		}
		if i == n {
			return best, bestInf
		}
	}
}

// evalPolicy solves the chain of one policy: reach probabilities, or
// expected rewards (infinite where the goal is missed with positive
// probability).
func evalPolicy(m *randomMDP, choice []int, goal, avoid []bool, reward bool) ([]*big.Rat, []bool) {
	n := m.n
	stop := func(s int) bool { return goal[s] || (avoid != nil && avoid[s]) || len(m.acts[s]) == 0 }
	// Probability of reaching the goal, by the states that can reach it.
	can := make([]bool, n)
	for s := range n {
		can[s] = goal[s]
	}
	for changed := true; changed; {
		changed = false
		for s := range n {
			if can[s] || stop(s) {
				continue
			}
			for _, o := range m.acts[s][choice[s]] {
				if can[o.To] {
					can[s], changed = true, true
					break
				}
			}
		}
	}
	// Unknowns: states that can reach the goal but are not goals.
	prob := solveLinear(m, choice, func(s int) bool { return can[s] && !goal[s] }, func(s int) *big.Rat {
		if goal[s] {
			return big.NewRat(1, 1)
		}
		return new(big.Rat)
	}, false)
	if !reward {
		return prob, make([]bool, n)
	}
	inf := make([]bool, n)
	for s := range n {
		inf[s] = prob[s].Cmp(big.NewRat(1, 1)) != 0
	}
	vals := solveLinear(m, choice, func(s int) bool { return !goal[s] && !inf[s] }, func(int) *big.Rat { return new(big.Rat) }, true)
	return vals, inf
}

// solveLinear solves x_s = Σ p (r + x_t) (rewards only with reward) for the
// states with unknown(s), the others fixed at known(s), by Gauss-Jordan
// elimination over the rationals.
func solveLinear(m *randomMDP, choice []int, unknown func(int) bool, known func(int) *big.Rat, reward bool) []*big.Rat {
	n := m.n
	idx := make([]int, n)
	var vars []int
	for s := range n {
		idx[s] = -1
		if unknown(s) {
			idx[s] = len(vars)
			vars = append(vars, s)
		}
	}
	k := len(vars)
	A := make([][]*big.Rat, k)
	for i, s := range vars {
		A[i] = make([]*big.Rat, k+1)
		for j := range A[i] {
			A[i][j] = new(big.Rat)
		}
		A[i][i].SetInt64(1)
		for _, o := range m.acts[s][choice[s]] {
			if reward {
				A[i][k].Add(A[i][k], new(big.Rat).Mul(o.P, o.Reward))
			}
			if j := idx[o.To]; j >= 0 {
				A[i][j].Sub(A[i][j], o.P)
			} else {
				A[i][k].Add(A[i][k], new(big.Rat).Mul(o.P, known(o.To)))
			}
		}
	}
	for c := range k {
		p := c
		for A[p][c].Sign() == 0 {
			p++
		}
		A[c], A[p] = A[p], A[c]
		for r := range k {
			if r == c || A[r][c].Sign() == 0 {
				continue
			}
			f := new(big.Rat).Quo(A[r][c], A[c][c])
			for j := c; j <= k; j++ {
				A[r][j].Sub(A[r][j], new(big.Rat).Mul(f, A[c][j]))
			}
		}
	}
	out := make([]*big.Rat, n)
	for s := range n {
		if j := idx[s]; j >= 0 {
			out[s] = new(big.Rat).Quo(A[j][k], A[j][j])
		} else {
			out[s] = known(s)
		}
	}
	return out
}

// TestAnalyzeRandom checks Analyze on random MDPs against brute force over
// all policies, exactly and in float, for all four objectives.
func TestAnalyzeRandom(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 11))
	ctx := context.Background()
	for trial := range 1500 {
		m := newRandomMDP(rng)
		G, err := engine.Explore(ctx, m, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		goal := make([]bool, m.n)
		avoid := make([]bool, m.n)
		for s := range m.n {
			goal[s] = rng.IntN(4) == 0
			avoid[s] = rng.IntN(5) == 0
		}
		// Graph states are numbered by exploration; map them back.
		gGoal, gAvoid := make([]bool, m.n), make([]bool, m.n)
		for i := range G.States() {
			gGoal[i], gAvoid[i] = goal[G.State(i)], avoid[G.State(i)]
		}
		for obj := engine.MaxProbability; obj <= engine.MinReward; obj++ {
			q := engine.Query{Objective: obj, Goal: gGoal}
			var av []bool
			if obj == engine.MaxProbability || obj == engine.MinProbability {
				q.Avoid, av = gAvoid, avoid
			}
			want, wantInf := bruteForce(m, obj, goal, av)
			ex, err := engine.Analyze(ctx, numeric.Exact{}, G, q, engine.Options{})
			if err != nil {
				t.Fatalf("trial %d %v: %v", trial, obj, err)
			}
			fl, err := engine.Analyze(ctx, numeric.Float{}, G, q, engine.Options{})
			if err != nil {
				t.Fatalf("trial %d %v: %v", trial, obj, err)
			}
			for i := range G.States() {
				s := G.State(i)
				inf := ex.Infinite != nil && ex.Infinite[i]
				if inf != wantInf[s] || (fl.Infinite != nil && fl.Infinite[i]) != inf {
					t.Fatalf("trial %d %v state %d: infinite %t (float %t), brute force %t\n%+v", trial, obj, s, inf, fl.Infinite[i], wantInf[s], m.acts)
				}
				if inf {
					continue
				}
				if ex.Values[i].Cmp(want[s]) != 0 {
					t.Fatalf("trial %d %v state %d: %s, brute force %s\n%+v", trial, obj, s, ex.Values[i].RatString(), want[s].RatString(), m.acts)
				}
				w, _ := want[s].Float64()
				if math.Abs(fl.Values[i]-w) > 1e-9*math.Max(1, math.Abs(w)) {
					t.Fatalf("trial %d %v state %d: float %v, brute force %v", trial, obj, s, fl.Values[i], w)
				}
			}
		}
	}
}

// chainOfMDPs is many small random MDPs in a row, each leading on to the
// next, so that Analyze has hundreds of components to share among workers.
type chainOfMDPs struct {
	parts []*randomMDP
}

func (c *chainOfMDPs) Players() int { return 1 }
func (c *chainOfMDPs) Start() int   { return 0 }

// State k·16+s is state s of part k; a deadlock of part k leads on to
// part k+1's start or, with probability 1/10, to a sink (state -1); the
// last part's deadlocks end the game.
func (c *chainOfMDPs) Expand(s int, n *engine.Node[int]) error {
	if s < 0 {
		n.Terminal(new(big.Rat))
		return nil
	}
	k, i := s/16, s%16
	m := c.parts[k]
	if len(m.acts[i]) == 0 {
		if k+1 == len(c.parts) {
			n.Terminal(new(big.Rat))
			return nil
		}
		n.Chance(engine.Outcome[int]{P: big.NewRat(9, 10), To: (k + 1) * 16, Reward: big.NewRat(1, 1)},
			engine.Outcome[int]{P: big.NewRat(1, 10), To: -1})
		return nil
	}
	n.Decide(0)
	for a, outs := range m.acts[i] {
		shifted := make([]engine.Outcome[int], len(outs))
		for j, o := range outs {
			shifted[j] = engine.Outcome[int]{P: o.P, To: k*16 + o.To, Reward: o.Reward}
		}
		n.Action(fmt.Sprint(a), shifted...)
	}
	return nil
}

// Analyze on two workers gives exactly what it gives on one, for every
// objective (run with -race: the workers share the value arrays).
func TestAnalyzeWorkers(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(18, 5))
	c := &chainOfMDPs{}
	for range 300 {
		m := newRandomMDP(rng)
		// Every part must lead on: give each a deadlock, and its start a
		// way there.
		m.acts[m.n-1] = nil
		m.acts[0] = append(m.acts[0], []engine.Outcome[int]{
			{P: big.NewRat(1, 2), To: m.n - 1, Reward: big.NewRat(2, 1)},
			{P: big.NewRat(1, 2), To: rng.IntN(m.n)}})
		c.parts = append(c.parts, m)
	}
	ctx := context.Background()
	G, err := engine.Explore(ctx, c, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	goal := make([]bool, G.States())
	for i := range goal {
		goal[i] = G.State(i) >= 16*(len(c.parts)-1)
	}
	for obj := engine.MaxProbability; obj <= engine.MinReward; obj++ {
		q := engine.Query{Objective: obj, Goal: goal}
		var res [2]*engine.Analysis[*big.Rat]
		for w := range res {
			opt := engine.Options{}
			opt.Workers = w + 1
			res[w], err = engine.Analyze(ctx, numeric.Exact{}, G, q, opt)
			if err != nil {
				t.Fatalf("%v, %d workers: %v", obj, w+1, err)
			}
		}
		if obj == engine.MaxProbability && res[0].Components < 64 {
			t.Fatalf("%v: only %d components: the workers share nothing", obj, res[0].Components)
		}
		t.Logf("%v: %d components", obj, res[0].Components)
		for i := range G.States() {
			if res[0].Values[i].Cmp(res[1].Values[i]) != 0 || res[0].Policy[i] != res[1].Policy[i] {
				t.Fatalf("%v state %d: one worker %v (%d), two %v (%d)", obj, i, res[0].Values[i], res[0].Policy[i], res[1].Values[i], res[1].Policy[i])
			}
		}
	}
}

// tiedMDP is a random MDP whose states all leave, every action with
// probability 1/6, to the goal (state n) or a sink (state n+1), so that
// no end component forms; half of the actions repeat an earlier action of
// their state with the outcomes in another order: exactly tied, though
// float sums in another order may round apart.
func tiedMDP(rng *rand.Rand) *randomMDP {
	n := 3 + rng.IntN(20)
	m := &randomMDP{n: n + 2, acts: make([][][]engine.Outcome[int], n+2)}
	sixth := big.NewRat(1, 6)
	for s := range n {
		for a := range 2 + rng.IntN(3) {
			if a > 0 && rng.IntN(2) == 0 {
				like := m.acts[s][rng.IntN(a)]
				outs := slices.Clone(like)
				rng.Shuffle(len(outs), func(i, j int) { outs[i], outs[j] = outs[j], outs[i] })
				m.acts[s] = append(m.acts[s], outs)
				continue
			}
			outs := []engine.Outcome[int]{{P: sixth, To: n + rng.IntN(2)}}
			for _, p := range shares(rng, 1+rng.IntN(3), 4, big.NewRat(5, 6)) {
				outs = append(outs, engine.Outcome[int]{P: p, To: rng.IntN(n)})
			}
			m.acts[s] = append(m.acts[s], outs)
		}
	}
	return m
}

// Exact mode's tie rule in Analyze: each state's choice is its first
// action whose value, summed exactly here from the returned values, is
// the state's value. Ties are everywhere (repeated actions), so the
// strategy iteration's incumbent is often not that first action.
func TestAnalyzeExactTieRule(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(13, 14))
	ctx := context.Background()
	checked := 0
	defer func() {
		if checked < 1000 {
			t.Errorf("only %d choices checked", checked)
		}
	}()
	for trial := range 300 {
		m := tiedMDP(rng)
		G, err := engine.Explore(ctx, m, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		goal := make([]bool, G.States())
		ids := make([]int, m.n) // state -> graph id
		for i := range G.States() {
			goal[i] = G.State(i) == m.n-2
			ids[G.State(i)] = i
		}
		for k, obj := range []engine.Objective{engine.MaxProbability, engine.MinProbability, engine.MaxProbability, engine.MinProbability} {
			// Strategy iteration from the float policy, then from every
			// node's last action, which ties keep as the incumbent.
			opt := engine.Tuned(engine.Options{}, engine.SeedLast(k >= 2))
			res, err := engine.Analyze(ctx, numeric.Exact{}, G, engine.Query{Objective: obj, Goal: goal}, opt)
			if err != nil {
				t.Fatalf("trial %d %v: %v", trial, obj, err)
			}
			for s := range m.n - 2 {
				if res.Policy[ids[s]] < 0 {
					continue // settled before any choice (value 0 or 1)
				}
				checked++
				v := res.Values[ids[s]]
				first := -1
				for a, outs := range m.acts[s] {
					sum := new(big.Rat)
					for _, o := range outs {
						sum.Add(sum, new(big.Rat).Mul(o.P, res.Values[ids[o.To]]))
					}
					if sum.Cmp(v) == 0 {
						first = a
						break
					}
				}
				if got := int(res.Policy[ids[s]]); got != first {
					t.Fatalf("trial %d %v state %d (value %s): action %d, want %d, the first of value %s\n%+v", trial, obj, s, v.RatString(), got, first, v.RatString(), m.acts[s])
				}
			}
		}
	}
}
