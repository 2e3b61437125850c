package engine

import (
	"errors"
	"math"
	"math/big"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/numeric"
)

// fromFloat is the package's fromFloat in the run's field.
func (r *run[S, T, F]) fromFloat(x float64) T { return fromFloat[T](r.f, x) }

// exactTwin returns the worker's exact twin of the run, made on first use:
// the same graph, components and choices, with values in *big.Rat. Only
// the slots of the components it re-solves and of the states they lead to
// are ever filled.
func (r *run[S, T, F]) exactTwin() *run[S, *big.Rat, numeric.Exact] {
	if r.ex != nil {
		return r.ex
	}
	g := r.g
	N, P := len(g.states), r.np
	ex := &run[S, *big.Rat, numeric.Exact]{
		problem:  problem[S, *big.Rat, numeric.Exact]{ctx: r.ctx, g: g, opt: r.opt, tol: r.tol, rat: g.rats.vals, ratF: r.ratF, objective: r.objective},
		solution: solution[*big.Rat]{vals: make([]*big.Rat, N*P), rew: make([]*big.Rat, N), inf: make([]bool, N), choice: r.choice},
	}
	ex.sumsOver(g.rats.vals)
	ex.k = chooseKernels(&ex.problem)
	// Same goroutine: one guard.
	ex.workspace = ex.newWorkspace(r.chain.guard)
	ex.local, ex.chainLocal, ex.comps = r.local, r.chainLocal, r.comps
	r.ex = ex
	return ex
}

// resolveExact solves component k again in exact arithmetic, from the float
// values of the states it leads to (converted exactly), and stores the
// exact values rounded to the field: the rule for a small component whose
// float answer is not proven (doc.go, "Float mode"). done is false, and
// nothing is changed, when a value it leads to is beyond float64 and so
// has no exact conversion.
//
// With limit > 0 the re-solve gives up once its work (budget.Guard's units)
// passes limit, or its memory the budget: done is then false, and nothing
// is changed either.
func (r *run[S, T, F]) resolveExact(k int, comp []uint32, limit int64, solve func(ex *run[S, *big.Rat, numeric.Exact]) (Method, error)) (m Method, done bool, err error) {
	ex := r.exactTwin()
	if limit > 0 {
		// A guard of the attempt's own: a guard keeps its first error.
		guard := budget.NewGuard(r.ctx, r.opt.memory())
		guard.LimitWork(limit)
		ex.chain.guard = guard
		defer func() {
			ex.chain.guard = r.chain.guard
			if len(comp) > r.opt.exactStates() {
				// The twin is released with a large component's
				// rationals (consensus N=6 K=2: 0.6 GB), not kept for
				// the rest of the solve. A small one's are few, and
				// the twin's arrays (a slot per state) are kept.
				r.ex = nil
			}
			// The attempt is optional: running out of its work limit, or
			// of memory, leaves the float answer (the float run's own
			// guard still watches the memory).
			if errors.Is(err, budget.ErrWorkLimit) || errors.Is(err, budget.ErrTooLarge) {
				m, done, err = 0, false, nil
			}
		}()
	}
	ex.st = &stats{}
	// The twin takes the float run's total as given: its exits, converted
	// from float64, need not add up exactly.
	ex.fixed, ex.sumT, ex.pairKnown = r.fixed, r.sumRat, true
	g, f, P := r.g, r.f, r.np
	slot := func(z **big.Rat) *big.Rat {
		if *z == nil {
			*z = new(big.Rat)
		}
		return *z
	}
	exact := func(z **big.Rat, x T) bool {
		y := f.Float64(x)
		if math.IsInf(y, 0) || math.IsNaN(y) {
			return false
		}
		slot(z).SetFloat64(y)
		return true
	}
	for _, v := range comp {
		for i := range P {
			slot(&ex.vals[int(v)*P+i])
		}
		slot(&ex.rew[v])
		lo, hi := g.outStart[g.actStart[v]], g.outStart[g.actStart[v+1]]
		for o := lo; o < hi; o++ {
			w := g.to[o]
			if r.comps.of[w] == int32(k) {
				continue
			}
			for i := range P {
				if !exact(&ex.vals[int(w)*P+i], r.vals[int(w)*P+i]) {
					return 0, false, nil
				}
			}
			ex.inf[w] = r.inf[w]
			if r.inf[w] {
				slot(&ex.rew[w]).SetInt64(0)
			} else if !exact(&ex.rew[w], r.rew[w]) {
				return 0, false, nil
			}
		}
	}
	m, err = solve(ex)
	if err == nil {
		err = ex.err
	}
	ex.err = nil
	if err != nil {
		return m, true, err
	}
	for _, v := range comp {
		for i := range P {
			r.vals[int(v)*P+i] = f.FromRat(r.vals[int(v)*P+i], ex.vals[int(v)*P+i])
		}
		r.rew[v] = f.FromRat(r.rew[v], ex.rew[v])
		r.inf[v] = ex.inf[v]
	}
	r.st.resolved++
	r.st.equilibria += ex.st.equilibria
	return m, true, nil
}

// Float mode's switch from value iteration to an exact re-solve: at sweep
// exactSwitch a component whose sweeps have not converged is re-solved
// exactly within the work the sweeps are predicted still to take,
// counting tuning.exactUnitVisits outcome visits of a sweep for a unit of exact
// work (budget.Guard's; measured on consensus N=4 K=4: a unit 22-30 ns,
// a visit 2.4 ns). If that runs out, value iteration goes on: a component
// that exact arithmetic does not suit costs at most about twice its
// sweeps. A large component (above Options.ExactStates) whose sweeps
// stop at their work bound before the switch gets one attempt then, with
// as much exact work as the sweeps took.
//
// Only components of at most attemptScale times Options.ExactStates states
// get an attempt: the exact twin of a larger one holds its rationals before
// it has done much, and rarely finishes within the limit (zeroconf
// N=1000 K=8: a component of 1.09 million states ran past 26.6 million
// units, 3 s and 0.6 GB more, and stayed flagged; consensus N=6 K=2:
// 104,214 states ran past its limit too, while its parts of up to 23,261
// states were re-solved).
const (
	exactSwitch  = 256
	attemptScale = 16
)
