package engine

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/solver"
)

// Objective is what Analyze optimizes: the probability of reaching the goal
// or the expected total reward collected until the goal, at its highest or
// lowest over all policies.
type Objective int

const (
	MaxProbability Objective = iota // Pmax
	MinProbability                  // Pmin
	MaxReward                       // Emax
	MinReward                       // Emin
)

func (o Objective) String() string {
	switch o {
	case MaxProbability:
		return "Pmax"
	case MinProbability:
		return "Pmin"
	case MaxReward:
		return "Emax"
	case MinReward:
		return "Emin"
	}
	return fmt.Sprintf("Objective(%d)", int(o))
}

func (o Objective) maximize() bool { return o == MaxProbability || o == MaxReward }
func (o Objective) reward() bool   { return o == MaxReward || o == MinReward }

// Query is one question about a one-player graph (a Markov decision
// process; chance states are states with one action).
type Query struct {
	Objective Objective
	// Goal marks the states to reach, one flag per state. Play stops
	// there: a goal state's value is 1 for probabilities, 0 for rewards.
	Goal []bool
	// Avoid (nil for none) marks states where play fails unless they are
	// goals: the left side of an until. Only probabilities use it.
	Avoid []bool
	// Coalition, for a game of several players, lists the players who
	// optimize as Objective says; the others together do the opposite
	// (PRISM-games' <<C>>Pmax=? [F goal]). Required when the graph has
	// more than one player; with one player, nil means the usual Markov
	// decision process. Only probability objectives take a coalition so
	// far (see coalition.go).
	Coalition []int
}

// Analysis is Analyze's answer.
type Analysis[T any] struct {
	// Values holds one value per state; where Infinite is set it is 0.
	Values []T
	// Infinite (reward objectives only, else nil) marks the states whose
	// expected reward is infinite: under the optimizing policy (some
	// policy, for Emax; every policy, for Emin) the goal is missed with
	// positive probability.
	Infinite []bool
	// Policy is the chosen action per state (an index among the state's
	// actions), or -1 where the choice does not matter.
	Policy []int32
	// Zero and One count the states the graph algorithms settled before
	// any arithmetic (value 0 or 1; for rewards Zero counts the infinite
	// states and One the goals), Maybe the states solved numerically in
	// Components strongly connected components, with Rounds policy
	// improvement rounds in all.
	Zero, One, Maybe   int
	Components, Rounds int
	// Float mode only (see doc.go, "Float mode"): Resolved counts the
	// components with decisions whose float answer could not be proven
	// to the precision and were solved again exactly; Unproven those too
	// large for that (Options.ExactStates), whose values are only known to
	// be within Bound of the true values (+Inf where no bound is known).
	Resolved, Unproven int
	Bound              float64
	// Equilibria counts, for a query with a coalition, the components in
	// which both sides could keep play going, solved by a certified
	// equilibrium of the zero-sum game (see coalition.go).
	Equilibria int
}

// Analyze answers q on G in field f. It first finds the states whose value
// is settled by the graph alone (probability 0 or 1; infinite reward), then
// solves the rest component by component in reverse topological order:
// end components that would trap value iteration are collapsed, and
// policy iteration runs with each policy evaluated by subtraction-free
// state elimination (see doc.go). Exact mode is seeded with the float
// policy, so it usually evaluates once. Rewards must not be negative.
func Analyze[S comparable, T any, F numeric.Field[T]](ctx context.Context, f F, G *Graph[S], q Query, opt Options) (*Analysis[T], error) {
	g := G.g
	N := len(g.states)
	if g.players != 1 && q.Coalition == nil {
		return nil, fmt.Errorf("engine: Analyze: a game of %d players needs a coalition (Query.Coalition)", g.players)
	}
	if len(q.Goal) != N || (q.Avoid != nil && len(q.Avoid) != N) {
		return nil, errors.New("engine: Analyze: Goal and Avoid need one flag per state")
	}
	if q.Objective < MaxProbability || q.Objective > MinReward {
		return nil, fmt.Errorf("engine: Analyze: %v", q.Objective)
	}
	if q.Coalition != nil {
		return analyzeCoalition(ctx, f, G, q, opt)
	}
	if q.Objective.reward() {
		for _, rid := range g.reward {
			if g.rats.vals[rid].Sign() < 0 {
				return nil, solver.Invalidf("engine: negative reward %s: expected rewards need rewards ≥ 0", g.rats.vals[rid].RatString())
			}
		}
	}
	G.index()
	var seed []int32
	if f.Exact() {
		// The float pass only seeds the exact one: nothing to prove.
		seedOpt := opt
		seedOpt.seedOnly = true
		fa, err := analyze(ctx, numeric.Float{}, G, q, seedOpt, nil)
		if err != nil {
			return nil, err
		}
		seed = fa.Policy
	}
	return analyze(ctx, f, G, q, opt, seed)
}

// mdpRun is one Analyze pass.
type mdpRun[S comparable, T any, F numeric.Field[T]] struct {
	ctx context.Context
	f   F
	G   *Graph[S]
	g   *graph[S]
	q   Query
	tol float64
	// maxRounds bounds policy iteration per component.
	maxRounds int
	rat       []T
	ratF      []float64 // the graph's rationals as float64
	opt       Options
	val       []T
	bad       []bool // Emin: actions that may reach an infinite state
	res       *Analysis[T]
	seed      []int32
	// scratch, reused across components
	local  []int32 // local index of a state in the current component, or -1
	chain  chainSolver[T]
	t1, t2 T
	// ex is the exact twin that re-solves small components in float mode,
	// made on first use.
	ex *mdpRun[S, *big.Rat, numeric.Exact]
	st *mdpStats // this worker's counts
	ec ecGraph   // scratch of collapse
}

// mdpStats are what one worker of Analyze counts, merged at the end.
type mdpStats struct {
	rounds, resolved, unproven int
	bound                      float64
}

func analyze[S comparable, T any, F numeric.Field[T]](ctx context.Context, f F, G *Graph[S], q Query, opt Options, seed []int32) (*Analysis[T], error) {
	g := G.g
	N := len(g.states)
	r := &mdpRun[S, T, F]{ctx: ctx, f: f, G: G, g: g, q: q, tol: opt.tieTolerance(), maxRounds: opt.maxRounds(), seed: seed, opt: opt}
	r.rat = make([]T, len(g.rats.vals))
	r.ratF = make([]float64, len(g.rats.vals))
	for i, v := range g.rats.vals {
		r.rat[i] = f.FromRat(f.New(), v)
		r.ratF[i], _ = v.Float64()
	}
	res := &Analysis[T]{Values: make([]T, N), Policy: make([]int32, N)}
	r.res = res
	r.val = res.Values
	for i := range r.val {
		r.val[i] = f.New()
		res.Policy[i] = -1
	}
	r.t1, r.t2 = f.New(), f.New()
	r.chain.guard = budget.NewGuard(ctx, opt.memory())
	goal, avoid := q.Goal, q.Avoid
	if avoid == nil {
		avoid = make([]bool, N)
	}
	// maybe marks the states left for arithmetic.
	maybe := make([]bool, N)
	switch q.Objective {
	case MaxProbability, MinProbability:
		var zero, one []bool
		// One player: up with Pmax (some policy), the adversary with Pmin
		// (every policy).
		var up []bool
		if q.Objective == MinProbability {
			up = make([]bool, N)
		}
		can := G.attractor(goal, avoid, up)
		zero, one = not(can), G.almostSure(goal, avoid, up, can)
		for v := range N {
			switch {
			case goal[v] || one[v]:
				r.val[v] = f.FromInt(r.val[v], 1)
				res.One++
			case zero[v]:
				res.Zero++
			default:
				maybe[v] = true
				res.Maybe++
			}
		}
	case MaxReward, MinReward:
		var finite []bool
		noAvoid := make([]bool, N)
		// The reward is finite where the goal is reached with probability
		// 1: under every policy for Emax, some policy for Emin.
		var up []bool
		if q.Objective == MaxReward {
			up = make([]bool, N)
		}
		finite = G.almostSure(goal, noAvoid, up, G.attractor(goal, noAvoid, up))
		if q.Objective == MinReward {
			r.bad = make([]bool, len(g.actName))
			for a := range g.actName {
				for o := g.outStart[a]; o < g.outStart[a+1]; o++ {
					if !finite[g.to[o]] {
						r.bad[a] = true
						break
					}
				}
			}
		}
		res.Infinite = make([]bool, N)
		for v := range N {
			switch {
			case goal[v]:
				res.One++
			case !finite[v]:
				res.Infinite[v] = true
				res.Zero++
			default:
				maybe[v] = true
				res.Maybe++
			}
		}
	}
	if res.Maybe == 0 {
		return res, nil
	}
	// Components of the maybe states, over the actions allowed there.
	start := make([]uint32, N+1)
	var adj []uint32
	for v := range N {
		if maybe[v] {
			for a := g.actStart[v]; a < g.actStart[v+1]; a++ {
				if r.bad != nil && r.bad[a] {
					continue
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
	comps := tarjan(N, start, adj).restrict(maybe)
	adj = nil
	r.local = make([]int32, N)
	for i := range r.local {
		r.local[i] = -1
	}
	res.Components = comps.count()
	workers := min(opt.WorkerCount(), comps.count())
	if comps.count() < 64 {
		workers = 1
	}
	runs := make([]*mdpRun[S, T, F], max(workers, 1))
	for w := range runs {
		wr := *r
		wr.st = &mdpStats{}
		if w > 0 {
			wr.ec = ecGraph{}
			wr.local = make([]int32, N)
			for i := range wr.local {
				wr.local[i] = -1
			}
			wr.t1, wr.t2 = f.New(), f.New()
			wr.chain = chainSolver[T]{guard: budget.NewGuard(ctx, opt.memory())}
		}
		runs[w] = &wr
	}
	t := &topo{
		count: comps.count(),
		succ: succOf(comps, func(v uint32, visit func(w uint32)) {
			for a := g.actStart[v]; a < g.actStart[v+1]; a++ {
				if r.allowed(a) {
					for o := g.outStart[a]; o < g.outStart[a+1]; o++ {
						visit(g.to[o])
					}
				}
			}
		}),
		size:    func(k int) int { return int(comps.start[k+1] - comps.start[k]) },
		total:   int64(res.Maybe),
		workers: workers,
		prog:    opt.Progress,
		solve:   func(w, k int) error { return runs[w].component(comps.get(k)) },
	}
	err := t.run(ctx)
	for _, wr := range runs {
		res.Rounds += wr.st.rounds
		res.Resolved += wr.st.resolved
		res.Unproven += wr.st.unproven
		res.Bound = math.Max(res.Bound, wr.st.bound)
	}
	if err != nil {
		return nil, err
	}
	return res, nil
}

func not(s []bool) []bool {
	out := make([]bool, len(s))
	for i, b := range s {
		out[i] = !b
	}
	return out
}

// allowed reports whether action a may be chosen (Emin excludes actions
// that risk an infinite reward).
func (r *mdpRun[S, T, F]) allowed(a uint32) bool { return r.bad == nil || !r.bad[a] }

// errNoExit reports a collapsed component with no way out, which the graph
// algorithms should have settled; it means a bug, not bad input.
var errNoExit = errors.New("engine: internal error: a component of undecided states has no way out")
