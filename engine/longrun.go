package engine

import (
	"context"
	"errors"
	"fmt"
	"math/big"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/numeric"
)

// LongRun returns, for every state of a Markov chain (a graph without
// decisions: chance states, states of one action, and terminals, which
// stay where they are forever), the long-run average of a weight per step:
// w[v] for each step spent in v, or, with w nil, the reward expected on the
// step out of v (its outcomes' rewards; a terminal earns none). With w the
// indicator of a set it is the long-run fraction of time in the set, the
// steady-state probability S of model checking.
//
// Play ends up, with probability 1, in a bottom strongly connected
// component B (one it cannot leave), and there the long-run average is the
// same from every state: by the renewal reward theorem, fixing a state r
// of B, it is the weight expected over one excursion from r back to r over
// the excursion's expected length. Both are expected totals until r is
// hit, which the chain solver finds by elimination with no subtraction
// (Grassmann, Taksar and Heyman's form: the mass leaving a state is a sum
// of probabilities), so a periodic chain needs no special care and the
// answer is exact in exact mode. The other states average the values of
// the bottom components they reach, weighted by the probability of
// reaching each: solved component by component from the bottom up.
func LongRun[S comparable, T any, F numeric.Field[T]](ctx context.Context, f F, G *Graph[S], w []*big.Rat, opt Options) ([]T, error) {
	g := G.g
	N := len(g.states)
	if err := opt.undiscounted("LongRun"); err != nil {
		return nil, err
	}
	if err := G.undiscounted("LongRun"); err != nil {
		return nil, err
	}
	if w != nil && len(w) != N {
		return nil, errors.New("engine: LongRun: want one weight per state")
	}
	for v := range N {
		if g.actStart[v+1]-g.actStart[v] > 1 {
			return nil, fmt.Errorf("engine: LongRun needs a Markov chain: state %s has %d actions", g.name(uint32(v)), g.actStart[v+1]-g.actStart[v])
		}
	}
	rat := make([]T, len(g.rats.vals))
	for i, x := range g.rats.vals {
		rat[i] = f.FromRat(f.New(), x)
	}
	// The weight of each state.
	weight := newValues(f, N)
	for v := range N {
		switch {
		case w != nil:
			weight[v] = f.FromRat(weight[v], w[v])
		case g.actStart[v+1] > g.actStart[v]:
			a := g.actStart[v]
			for o := g.outStart[a]; o < g.outStart[a+1]; o++ {
				if r := g.reward.at(o); r != 0 {
					weight[v] = f.AddMul(weight[v], weight[v], rat[g.prob.at(o)], rat[r])
				}
			}
		}
	}
	outs := func(v uint32) (lo, hi uint32) {
		if g.actStart[v+1] == g.actStart[v] {
			return 0, 0
		}
		a := g.actStart[v]
		return g.outStart[a], g.outStart[a+1]
	}
	start := make([]uint32, N+1)
	var adj []uint32
	for v := range N {
		lo, hi := outs(uint32(v))
		adj = append(adj, g.to[lo:hi]...)
		start[v+1] = uint32(len(adj))
	}
	comps, err := tarjan(ctx, N, start, adj)
	if err != nil {
		return nil, err
	}
	adj = nil
	val := newValues(f, N)
	cs := &chainSolver[T]{guard: budget.NewGuard(ctx, opt.memory()), tune: opt.tune()}
	local := make([]int32, N)
	for v := range local {
		local[v] = -1
	}
	// The components in Tarjan's order, each after those it leads to, on
	// the engine's one driver (one worker: the chain solver and local are
	// shared), which looks at the context and tells progress in states.
	t := &topo{
		count:   comps.count(),
		size:    func(k int) int { return len(comps.get(k)) },
		total:   int64(N),
		workers: 1,
		prog:    opt.Progress,
		solve: func(_, k int) error {
			members := comps.get(k)
			bottom := true
			for _, v := range members {
				lo, hi := outs(v)
				for o := lo; o < hi && bottom; o++ {
					bottom = comps.of[g.to[o]] == int32(k)
				}
			}
			var err error
			if bottom {
				err = longRunBottom(f, g, cs, members, rat, weight, val, local, outs)
			} else {
				err = longRunTransient(f, g, cs, members, rat, val, local, outs)
			}
			if err != nil {
				return fmt.Errorf("engine: LongRun: %w", err)
			}
			return nil
		},
	}
	if err := t.run(ctx); err != nil {
		return nil, err
	}
	return val, nil
}

// longRunBottom sets the value of every state of a bottom component: the
// weight over an excursion from r = members[0] back to r, over its
// expected length. For the other states x_i = w_i + Σ p_ij x_j until r is
// hit (two right-hand sides: the weight, and 1 for the length).
func longRunBottom[S comparable, T any, F numeric.Field[T]](f F, g *graph[S], cs *chainSolver[T], members []uint32, rat, weight, val []T, local []int32, outs func(uint32) (uint32, uint32)) error {
	r := members[0]
	rest := members[1:]
	m := len(rest)
	const d = 2
	for i, v := range rest {
		local[v] = int32(i)
	}
	defer func() {
		for _, v := range rest {
			local[v] = -1
		}
	}()
	var x []T
	if m > 0 {
		cs.grow(f, m, d)
		rows, exit, b, inf, preds, mark := cs.rows[:m], cs.exit[:m], cs.b[:m*d], cs.inf[:m], cs.preds[:m], cs.mark[:m]
		for i, v := range rest {
			rows[i], preds[i] = rows[i][:0], preds[i][:0]
			mark[i], inf[i] = -1, false
			exit[i] = f.FromInt(exit[i], 0)
			b[i*d] = f.Set(b[i*d], weight[v])
			b[i*d+1] = f.FromInt(b[i*d+1], 1)
			lo, hi := outs(v)
			for o := lo; o < hi; o++ {
				p := rat[g.prob.at(o)]
				l := local[g.to[o]]
				if l < 0 { // r: the excursion ends
					exit[i] = f.Add(exit[i], exit[i], p)
					continue
				}
				addTo(cs, f, i, l, p)
			}
			cs.endRow(i)
		}
		var err error
		if x, err = solvePart(f, cs, m, d); err != nil {
			return err
		}
	}
	// From r: its own step, then the excursion.
	total, length := f.Set(f.New(), weight[r]), f.FromInt(f.New(), 1)
	lo, hi := outs(r)
	for o := lo; o < hi; o++ {
		if l := local[g.to[o]]; l >= 0 {
			p := rat[g.prob.at(o)]
			total = f.AddMul(total, total, p, x[int(l)*d])
			length = f.AddMul(length, length, p, x[int(l)*d+1])
		}
	}
	avg := f.Quo(f.New(), total, length)
	for _, v := range members {
		val[v] = f.Set(val[v], avg)
	}
	return nil
}

// longRunTransient sets the values of a component play leaves: x_i = Σ
// p_ij x_j, the states outside it already solved.
func longRunTransient[S comparable, T any, F numeric.Field[T]](f F, g *graph[S], cs *chainSolver[T], members []uint32, rat, val []T, local []int32, outs func(uint32) (uint32, uint32)) error {
	m := len(members)
	const d = 1
	for i, v := range members {
		local[v] = int32(i)
	}
	defer func() {
		for _, v := range members {
			local[v] = -1
		}
	}()
	cs.grow(f, m, d)
	rows, exit, b, inf, preds, mark := cs.rows[:m], cs.exit[:m], cs.b[:m], cs.inf[:m], cs.preds[:m], cs.mark[:m]
	for i, v := range members {
		rows[i], preds[i] = rows[i][:0], preds[i][:0]
		mark[i], inf[i] = -1, false
		exit[i] = f.FromInt(exit[i], 0)
		b[i] = f.FromInt(b[i], 0)
		lo, hi := outs(v)
		for o := lo; o < hi; o++ {
			p := rat[g.prob.at(o)]
			w := g.to[o]
			l := local[w]
			if l < 0 {
				exit[i] = f.Add(exit[i], exit[i], p)
				b[i] = f.AddMul(b[i], b[i], p, val[w])
				continue
			}
			addTo(cs, f, i, l, p)
		}
		cs.endRow(i)
	}
	x, err := solvePart(f, cs, m, d)
	if err != nil {
		return err
	}
	for i, v := range members {
		val[v] = f.Set(val[v], x[i])
	}
	return nil
}
