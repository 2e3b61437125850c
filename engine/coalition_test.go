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

// reachGame is g with the goal states paying 1 and every other end (an
// avoided state, a terminal) paying 0, for one payoff: the probability of
// reaching the goal, with endless play worth 0.
func reachGame(g *game, goal, avoid []bool) *game {
	r := &game{players: 1, owner: append([]int(nil), g.owner...), acts: g.acts, pay: make([][]*big.Rat, len(g.owner))}
	for s := range g.owner {
		switch {
		case goal[s]:
			r.owner[s], r.pay[s] = engine.Terminal, []*big.Rat{big.NewRat(1, 1)}
		case avoid[s] || g.owner[s] == engine.Terminal:
			r.owner[s], r.pay[s] = engine.Terminal, []*big.Rat{new(big.Rat)}
		}
	}
	return r
}

// bruteGame is the value of the reachability game by brute force: side
// "up" (the players for whom up[p]) maximizes, the others minimize, over
// all pure stationary strategies; both sides have optimal ones (Condon
// 1992), optimal from every state at once, so the value at each state is
// max over up's strategies of min over the others' of the probability.
func bruteGame(r *game, up []bool) []float64 {
	n := len(r.owner)
	var upStates, downStates []int
	for s, o := range r.owner {
		if o >= 0 && len(r.acts[s]) > 1 {
			if up[o] {
				upStates = append(upStates, s)
			} else {
				downStates = append(downStates, s)
			}
		}
	}
	choice := make([]int, n)
	best := make([]float64, n)
	for s := range best {
		best[s] = math.Inf(-1)
	}
	var each func(states []int, i int, visit func())
	each = func(states []int, i int, visit func()) {
		if i == len(states) {
			visit()
			return
		}
		for a := range r.acts[states[i]] {
			choice[states[i]] = a
			each(states, i+1, visit)
		}
	}
	each(upStates, 0, func() {
		worst := make([]float64, n)
		for s := range worst {
			worst[s] = math.Inf(1)
		}
		each(downStates, 0, func() {
			v := r.evaluate(choice)
			for s := range worst {
				worst[s] = math.Min(worst[s], v[s][0])
			}
		})
		for s := range best {
			best[s] = math.Max(best[s], worst[s])
		}
	})
	return best
}

// Coalitions on random turn-based games of two and three players, with
// cycles (so both sides can keep play going), against brute force, in both
// modes: <<C>>Pmax and <<C>>Pmin of reaching a goal, with an until.
func TestAnalyzeCoalitions(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(18, 6))
	ctx := context.Background()
	checked, equilibria := 0, 0
	for trial := range 600 {
		players := 2 + trial%2
		g := newRandomGeneral(rng, players, 2+rng.IntN(7))
		n := len(g.owner)
		G, err := engine.Explore(ctx, g, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		goal, avoid := make([]bool, n), make([]bool, n)
		for s := range n {
			goal[s] = rng.IntN(4) == 0
			avoid[s] = rng.IntN(6) == 0
		}
		var coalition []int
		in := make([]bool, players)
		for p := range players {
			if rng.IntN(2) == 0 {
				coalition = append(coalition, p)
				in[p] = true
			}
		}
		if coalition == nil {
			coalition = []int{}
		}
		// Graph states are numbered by exploration; map the flags.
		gGoal, gAvoid := make([]bool, G.States()), make([]bool, G.States())
		for i := range G.States() {
			gGoal[i], gAvoid[i] = goal[G.State(i)], avoid[G.State(i)]
		}
		for _, obj := range []engine.Objective{engine.MaxProbability, engine.MinProbability} {
			up := make([]bool, players)
			for p := range up {
				up[p] = in[p] == (obj == engine.MaxProbability)
			}
			want := bruteGame(reachGame(g, goal, avoid), up)
			q := engine.Query{Objective: obj, Goal: gGoal, Avoid: gAvoid, Coalition: coalition}
			ex, err := engine.Analyze(ctx, numeric.Exact{}, G, q, engine.Options{})
			if err != nil {
				t.Fatalf("trial %d %v <<%v>>: %v", trial, obj, coalition, err)
			}
			fl, err := engine.Analyze(ctx, numeric.Float{}, G, q, engine.Options{})
			if err != nil {
				t.Fatalf("trial %d %v <<%v>> float: %v", trial, obj, coalition, err)
			}
			for i := range G.States() {
				s := G.State(i)
				x, _ := ex.Values[i].Float64()
				if math.Abs(x-want[s]) > 1e-9 || math.Abs(fl.Values[i]-want[s]) > 1e-9 {
					t.Fatalf("trial %d %v <<%v>> state %d: exact %v float %v, brute force %v", trial, obj, coalition, s, ex.Values[i].RatString(), fl.Values[i], want[s])
				}
			}
			checked++
			equilibria += ex.Equilibria
		}
	}
	t.Logf("%d queries checked, %d components by equilibria", checked, equilibria)
	if equilibria < 3 {
		t.Errorf("only %d components where both sides can keep play going", equilibria)
	}
	// A game of several players needs a coalition; players are checked.
	g := newRandomGeneral(rng, 2, 4)
	G, _ := engine.Explore(ctx, g, engine.Options{})
	goal := make([]bool, G.States())
	for _, q := range []engine.Query{{Goal: goal}, {Goal: goal, Coalition: []int{2}}} {
		if _, err := engine.Analyze(ctx, numeric.Float{}, G, q, engine.Options{}); err == nil {
			t.Errorf("%+v: no error", q)
		}
	}
}

// rewardOf is every state's expected total reward until a goal under the
// profile, +Inf where the goal is missed with positive probability (play
// ends elsewhere or never), by Gaussian elimination on the others.
func rewardOf(g *game, goal []bool, choice []int) []float64 {
	n := len(g.owner)
	outs := func(s int) []engine.Outcome[int] {
		if g.owner[s] >= 0 {
			return g.acts[s][choice[s]]
		}
		return g.acts[s][0]
	}
	// sure: the goal is reached with probability 1 (no path avoiding it
	// leads to an end that is not a goal, or to a closed loop).
	bad := make([]bool, n)
	for s := range n {
		bad[s] = !goal[s] && g.owner[s] == engine.Terminal
	}
	canGoal := make([]bool, n)
	for s := range n {
		canGoal[s] = goal[s]
	}
	for changed := true; changed; {
		changed = false
		for s := range n {
			if canGoal[s] || bad[s] {
				continue
			}
			for _, o := range outs(s) {
				if canGoal[o.To] {
					canGoal[s], changed = true, true
					break
				}
			}
		}
	}
	// sure = no path (through non-goal states) to a state that cannot
	// reach the goal.
	unsure := make([]bool, n)
	for s := range n {
		unsure[s] = !goal[s] && !canGoal[s]
	}
	for changed := true; changed; {
		changed = false
		for s := range n {
			if unsure[s] || goal[s] {
				continue
			}
			for _, o := range outs(s) {
				if unsure[o.To] {
					unsure[s], changed = true, true
					break
				}
			}
		}
	}
	// The finite rewards: E = Σ p·(reward + E') on the sure states.
	idx, pos := []int{}, make([]int, n)
	for s := range n {
		pos[s] = -1
		if !goal[s] && !unsure[s] {
			pos[s] = len(idx)
			idx = append(idx, s)
		}
	}
	m := len(idx)
	A := make([][]float64, m)
	for i, s := range idx {
		row := make([]float64, m+1)
		row[i] = 1
		for _, o := range outs(s) {
			p, _ := o.P.Float64()
			rw, _ := o.Reward.Float64()
			row[m] += p * rw
			if pos[o.To] >= 0 {
				row[pos[o.To]] -= p
			}
		}
		A[i] = row
	}
	for c := range m {
		piv := c
		for k := c + 1; k < m; k++ {
			if math.Abs(A[k][c]) > math.Abs(A[piv][c]) {
				piv = k
			}
		}
		A[c], A[piv] = A[piv], A[c]
		for k := range m {
			if k != c && A[k][c] != 0 {
				f := A[k][c] / A[c][c]
				for j := c; j <= m; j++ {
					A[k][j] -= f * A[c][j]
				}
			}
		}
	}
	val := make([]float64, n)
	for s := range n {
		switch {
		case goal[s]:
		case unsure[s]:
			val[s] = math.Inf(1)
		default:
			i := pos[s]
			val[s] = A[i][m] / A[i][i]
		}
	}
	return val
}

// Expected rewards with coalitions (rPATL <<C>>Rmax=? and Rmin=? [F goal])
// on random turn-based games, against brute force over pure stationary
// strategy pairs: where max-min and min-max agree (the value), the engine
// must give it, +Inf included.
func TestAnalyzeCoalitionRewards(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(18, 7))
	ctx := context.Background()
	checked, infinite := 0, 0
	for trial := range 400 {
		players := 1 + trial%3
		g := newRandomGeneral(rng, players, 2+rng.IntN(6))
		n := len(g.owner)
		G, err := engine.Explore(ctx, g, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		goal := make([]bool, n)
		for s := range n {
			goal[s] = rng.IntN(3) == 0
		}
		coalition := []int{}
		in := make([]bool, players)
		for p := range players {
			if rng.IntN(2) == 0 {
				coalition = append(coalition, p)
				in[p] = true
			}
		}
		gGoal := make([]bool, G.States())
		for i := range G.States() {
			gGoal[i] = goal[G.State(i)]
		}
		for _, obj := range []engine.Objective{engine.MaxReward, engine.MinReward} {
			// high: the players who want the reward high.
			high := make([]bool, players)
			for p := range high {
				high[p] = in[p] == (obj == engine.MaxReward)
			}
			var hs, ls []int
			for s, o := range g.owner {
				if o >= 0 && len(g.acts[s]) > 1 {
					if high[o] {
						hs = append(hs, s)
					} else {
						ls = append(ls, s)
					}
				}
			}
			choice := make([]int, n)
			var each func(states []int, i int, visit func())
			each = func(states []int, i int, visit func()) {
				if i == len(states) {
					visit()
					return
				}
				for a := range g.acts[states[i]] {
					choice[states[i]] = a
					each(states, i+1, visit)
				}
			}
			extreme := func(outer, inner []int, outerMax bool) []float64 {
				best := make([]float64, n)
				for s := range best {
					best[s] = math.Inf(map[bool]int{true: -1, false: 1}[outerMax])
				}
				each(outer, 0, func() {
					worst := make([]float64, n)
					for s := range worst {
						worst[s] = math.Inf(map[bool]int{true: 1, false: -1}[outerMax])
					}
					each(inner, 0, func() {
						v := rewardOf(g, goal, choice)
						for s := range worst {
							if outerMax {
								worst[s] = math.Min(worst[s], v[s])
							} else {
								worst[s] = math.Max(worst[s], v[s])
							}
						}
					})
					for s := range best {
						if outerMax {
							best[s] = math.Max(best[s], worst[s])
						} else {
							best[s] = math.Min(best[s], worst[s])
						}
					}
				})
				return best
			}
			maxmin := extreme(hs, ls, true)
			minmax := extreme(ls, hs, false)
			q := engine.Query{Objective: obj, Goal: gGoal, Coalition: coalition}
			if players == 1 && rng.IntN(2) == 0 && in[0] {
				q.Coalition = nil // the plain Markov decision process
			}
			for _, exact := range []bool{false, true} {
				var vals []float64
				var inf []bool
				if exact {
					a, err := engine.Analyze(ctx, numeric.Exact{}, G, q, engine.Options{})
					if err != nil {
						t.Fatalf("trial %d %v <<%v>> exact: %v", trial, obj, coalition, err)
					}
					inf = a.Infinite
					for _, x := range a.Values {
						f, _ := x.Float64()
						vals = append(vals, f)
					}
				} else {
					a, err := engine.Analyze(ctx, numeric.Float{}, G, q, engine.Options{})
					if err != nil {
						t.Fatalf("trial %d %v <<%v>>: %v", trial, obj, coalition, err)
					}
					vals, inf = a.Values, a.Infinite
				}
				for i := range G.States() {
					s := G.State(i)
					if maxmin[s] != minmax[s] && math.Abs(maxmin[s]-minmax[s]) > 1e-9 {
						continue // no value in pure stationary strategies
					}
					want := maxmin[s]
					got := vals[i]
					if inf[i] {
						got = math.Inf(1)
					}
					if (math.IsInf(want, 1) != math.IsInf(got, 1)) || (!math.IsInf(want, 1) && math.Abs(got-want) > 1e-9*math.Max(1, want)) {
						t.Fatalf("trial %d %v <<%v>> (exact %t) state %d: %v, brute force %v", trial, obj, coalition, exact, s, got, want)
					}
					checked++
					if math.IsInf(want, 1) {
						infinite++
					}
				}
			}
		}
	}
	t.Logf("%d values checked, %d infinite", checked, infinite)
	if infinite < 100 || checked-infinite < 1000 {
		t.Errorf("%d values checked, %d infinite: too few of either", checked, infinite)
	}
}
