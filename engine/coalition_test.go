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
	if equilibria < 20 {
		t.Errorf("only %d components where both sides can keep play going", equilibria)
	}
	// A game of several players needs a coalition; players are checked.
	g := newRandomGeneral(rng, 2, 4)
	G, _ := engine.Explore(ctx, g, engine.Options{})
	goal := make([]bool, G.States())
	for _, q := range []engine.Query{{Goal: goal}, {Goal: goal, Coalition: []int{2}}, {Objective: engine.MaxReward, Goal: goal, Coalition: []int{0}}} {
		if _, err := engine.Analyze(ctx, numeric.Float{}, G, q, engine.Options{}); err == nil {
			t.Errorf("%+v: no error", q)
		}
	}
}
