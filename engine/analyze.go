package engine

import (
	"context"
	"fmt"
	"math/big"
	"slices"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/internal/hugepage"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/solver"
)

// Analyze on the game core: the same run, components, driver, end-component
// elimination, value and strategy iteration, elimination and equilibria as
// Solve; only the reading of the objective differs.
//
// A query is a zero-sum game of two sides: side 0 wants the value high,
// side 1 low (a Markov decision process has its one player on side 0 for
// Pmax and Emax, on side 1 for Pmin and Emin; with a coalition, its players
// on the side its objective says and the others on the other). Each state
// carries two values, the value and minus it, and each side maximizes its
// own, so endless play, which pays both 0, is "not reached" for a
// probability. For an expected reward the outcomes' rewards are counted
// into the values (rwt), "stay" is no choice (staying forever never
// reaches the goal) and end components are those of actions without
// reward. The graph algorithms first settle what needs no arithmetic
// (doc.go, "Reachability and expected rewards"); the rest is solved
// component by component.

// analyzeGame answers q on G (Analyze has checked it).
func analyzeGame[S comparable, T any, F numeric.Field[T]](ctx context.Context, f F, G *Graph[S], q Query, opt Options) (*Analysis[T], error) {
	g := G.g
	N := len(g.states)
	guard := budget.NewGuard(ctx, opt.memory())
	if err := G.index(guard); err != nil {
		return nil, err
	}
	maximize := q.Objective.maximize()
	reward := q.Objective.reward()
	// side[p]: 0 if player p wants the value high.
	side := make([]int16, g.players)
	in, err := q.coalition(g.players, "Analyze")
	if err != nil {
		return nil, err
	}
	for p := range side {
		if in[p] != maximize {
			side[p] = 1
		}
	}
	// up marks the states whose side wants the goal reached: the high side
	// for a probability, the low side for a reward (it is finite only
	// where the goal is reached).
	up := make([]bool, N)
	for v := range N {
		up[v] = true
		if o := g.owner[v]; o >= 0 {
			up[v] = (side[o] == 0) != reward
		}
	}
	goal, avoid := q.Goal, q.Avoid
	if avoid == nil || reward {
		avoid = make([]bool, N)
	}
	res := &Analysis[T]{Values: make([]T, N), Policy: make([]int32, N)}
	maybe := make([]bool, N)
	vals := newValues(f, 2*N)
	inf := make([]bool, N)
	var banned []bool
	if !reward {
		can := G.attractor(goal, avoid, up)
		one, err := G.almostSure(ctx, goal, avoid, up, can)
		if err != nil {
			return nil, err
		}
		for v := range N {
			switch {
			case goal[v] || one[v]:
				vals[2*v] = f.FromInt(vals[2*v], 1)
				vals[2*v+1] = f.FromInt(vals[2*v+1], -1)
				res.One++
			case !can[v]:
				res.Zero++
			default:
				maybe[v] = true
				res.Maybe++
			}
		}
	} else if banned, err = settleReward(ctx, G, guard, goal, avoid, up, res, maybe, inf); err != nil {
		return nil, err
	}
	for v := range N {
		res.Policy[v] = -1
	}
	if res.Maybe > 0 {
		r := newRun(ctx, f, g, opt, 2, vals, inf)
		r.perState(N)
		r.side, r.banned = side, banned
		if reward {
			r.rwt = []int8{1, -1}
		}
		// Components of the undecided states over the usable actions; a
		// state with one usable action takes it.
		// A pass over every outcome: Herman's ring of 17 has 129 million,
		// so it asks the guard for room first and looks at the clock as
		// it goes.
		if err := guard.Fits(4 * float64(N+1+len(g.to))); err != nil {
			return nil, fmt.Errorf("engine: the components of %d states: %w", N, err)
		}
		start := hugepage.Make[uint32](N+1, N+1)
		adj := hugepage.Make[uint32](0, len(g.to)) // at most every outcome
		for v := range N {
			if err := guard.Tick(int(g.actStart[v+1] - g.actStart[v])); err != nil {
				return nil, err
			}
			if maybe[v] {
				first := true
				for a := g.actStart[v]; a < g.actStart[v+1]; a++ {
					if banned != nil && banned[a] {
						continue
					}
					if first {
						r.choice[v], first = int32(a-g.actStart[v]), false
					}
					for o := g.outStart[a]; o < g.outStart[a+1]; o++ {
						if t := g.to[o]; maybe[t] {
							adj = append(adj, t)
						}
					}
				}
			}
			start[v+1] = uint32(len(adj))
		}
		comps, err := tarjan(ctx, N, start, adj)
		if err != nil {
			return nil, err
		}
		r.comps = comps.restrict(maybe)
		adj = nil
		res.Components = r.comps.count()
		st, err := r.solveAll(nil)
		if err != nil {
			return nil, err
		}
		res.Rounds, res.Resolved, res.Unproven, res.Bound, res.Equilibria = st.rounds, st.resolved, st.unproven, st.bound, st.equilibria
		for v := range N {
			if !maybe[v] {
				continue
			}
			if reward && r.inf[v] {
				return nil, fmt.Errorf("engine: internal error: state %s of finite reward is solved as infinite", g.name(uint32(v)))
			}
			if r.deciding(uint32(v)) {
				res.Policy[v] = r.choice[v]
			}
		}
	}
	for v := range N {
		res.Values[v] = vals[2*v]
	}
	return res, nil
}

// settleReward settles, for an expected reward, the goal states (reward 0)
// and the states from which the goal may be missed (infinite), marks the
// rest maybe, and returns the actions that may leave the finite states,
// which are never chosen (only the low side has them: the high side's
// would have made the state infinite).
func settleReward[S comparable, T any](ctx context.Context, G *Graph[S], guard *budget.Guard, goal, avoid, up []bool, res *Analysis[T], maybe, inf []bool) (banned []bool, err error) {
	g := G.g
	N := len(g.states)
	// Probabilities are positive, so the outcomes are looked at (129
	// million of them in Herman's ring of 17) only if some rational
	// of the graph's is negative: a reward, or a payoff.
	if slices.ContainsFunc(g.rats.vals, func(x *big.Rat) bool { return x.Sign() < 0 }) {
		for o := range g.reward.len() {
			if err := guard.Tick(1); err != nil {
				return nil, err
			}
			if rid := g.reward.at(uint32(o)); g.rats.vals[rid].Sign() < 0 {
				return nil, solver.Invalidf("engine: negative reward %s: expected rewards need rewards ≥ 0", g.rats.vals[rid].RatString())
			}
		}
	}
	finite, err := G.almostSure(ctx, goal, avoid, up, G.attractor(goal, avoid, up))
	if err != nil {
		return nil, err
	}
	res.Infinite = make([]bool, N)
	for v := range N {
		switch {
		case goal[v]:
			res.One++
		case !finite[v]:
			res.Infinite[v], inf[v] = true, true
			res.Zero++
		default:
			maybe[v] = true
			res.Maybe++
		}
	}
	// Actions that may leave the finite states are never chosen (only
	// the low side has them: the high side's would have made the
	// state infinite).
	for a := range g.actions() {
		for o := g.outStart[a]; o < g.outStart[a+1]; o++ {
			if !finite[g.to[o]] {
				if banned == nil {
					banned = make([]bool, g.actions())
				}
				banned[a] = true
				break
			}
		}
	}
	return banned, nil
}

// coalition returns which players are in q's coalition: the players it
// lists, or without one (a one-player graph) player 0. A game of several
// players needs one; what names the caller in errors.
func (q Query) coalition(players int, what string) ([]bool, error) {
	in := make([]bool, players)
	if q.Coalition == nil {
		if players != 1 {
			return nil, fmt.Errorf("engine: %s: a game of %d players needs a coalition (Query.Coalition)", what, players)
		}
		in[0] = true
	}
	for _, p := range q.Coalition {
		if p < 0 || p >= players {
			return nil, fmt.Errorf("engine: %s: coalition player %d: the game has players 0 to %d", what, p, players-1)
		}
		in[p] = true
	}
	return in, nil
}
