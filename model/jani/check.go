package jani

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"slices"
	"strconv"
	"sync"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/solver"
)

// Options control Check.
type Options struct {
	// Exact computes every value as an exact rational (Result's Exact).
	Exact bool
	// Property, if not empty, checks only the property of that name, or
	// (where none has it) at that position, from 1.
	Property string
	// Engine passes memory budget, workers and tolerances to the engine.
	Engine engine.Options
}

// Result is the answer to every property of a model.
type Result struct {
	Model string
	Type  string // "dtmc" or "mdp"
	// States counts the reachable states, deadlocks included; Initial the
	// initial states (more than one where variables have no initial
	// value).
	States, Initial int
	// Renormalized counts the edges whose probabilities summed to within
	// Options.Engine.Renormalize of 1 and were divided by their sum (in
	// the largest exploration, where a property needed several).
	Renormalized int
	// Rounded, if not empty, is the first irrational power the model took
	// (float mode only: each was rounded to the nearest float64, so the
	// values are those of the rounded model).
	Rounded    string
	Properties []PropertyResult
}

// PropertyResult is one property's value at the initial state.
type PropertyResult struct {
	Name string
	// Text is the property as the source wrote it (the JANI property's
	// comment, where the PRISM reader keeps the original), or "".
	Text string
	Kind string // Pmax, Pmin, Emax, Emin; for a skipped one its form
	// Value is the value in float64; Exact, with Options.Exact, the exact
	// rational. Both are unset when Infinite or Skipped.
	Value    float64
	Exact    *big.Rat
	Infinite bool
	// Skipped says why a property outside the supported subset was not
	// computed ("" when it was).
	Skipped string
	// Err is why a property could not be read or checked: an error in
	// it, or in the model met only by it, or a refusal of its size (nil
	// when there was none). The other properties are computed all the
	// same.
	Err error
	// Unproven (float mode) says the value is not proven to the engine's
	// precision; Bound is then the largest proven error, +Inf if unknown
	// (engine.Analysis).
	Unproven bool
	Bound    float64
	// Holds is the answer of a Boolean threshold query (nil for others);
	// Value, Exact and Infinite are then the value compared.
	Holds *bool
}

// Properties lists the names of the model's properties, in file order.
func (m *Model) Properties() []string {
	names := make([]string, len(m.props))
	for i, p := range m.props {
		names[i] = p.name
	}
	return names
}

// AddFailed adds to the model's properties, at index i (0 first; past
// the end: last), one that its source names but could not read or
// translate, such as a PRISM property with a syntax error: Check reports
// it, with err's text, as skipped where err wraps ErrUnsupported, else as
// an error, and computes the others. name must not be taken.
func (m *Model) AddFailed(i int, name, text string, err error) {
	p := &property{name: name, text: text, kind: "error", err: err}
	if errors.Is(err, ErrUnsupported) {
		p.kind, p.skip, p.err = "other", err.Error(), nil
	}
	i = min(max(i, 0), len(m.props))
	m.props = slices.Insert(m.props, i, p)
}

// named returns the property of that name, or (where none has it) at
// that position, from 1.
func (m *Model) named(name string) (*property, error) {
	for _, p := range m.props {
		if p.name == name {
			return p, nil
		}
	}
	if k, err := strconv.Atoi(name); err == nil && k >= 1 && k <= len(m.props) {
		return m.props[k-1], nil
	}
	return nil, fmt.Errorf("jani: no property %q (the model has %v)", name, m.Properties())
}

// Check explores the model and computes its properties. Properties that
// accumulate different rewards get an exploration each; the others share
// one. Errors wrap solver.ErrInvalid (a modelling error met during
// exploration, such as an assignment out of bounds), budget.ErrTooLarge,
// or the context's error.
func (m *Model) Check(ctx context.Context, opt Options) (*Result, error) {
	if err := m.roundedErr(opt); err != nil {
		return nil, err
	}
	res, err := m.check(ctx, opt)
	if err := m.roundedErr(opt); err != nil {
		return nil, err // taken during this exploration
	}
	if err != nil {
		return nil, err
	}
	res.Rounded = m.Rounded()
	return res, nil
}

// roundedErr refuses exact mode once the model has taken an irrational
// power (Model.Rounded).
func (m *Model) roundedErr(opt Options) error {
	if r := m.Rounded(); opt.Exact && r != "" {
		return fmt.Errorf("jani: the model takes irrational powers or logarithms, such as %s, which exact arithmetic cannot represent (%w); float mode rounds them to the nearest float64", r, ErrUnsupported)
	}
	return nil
}

func (m *Model) check(ctx context.Context, opt Options) (*Result, error) {
	res := &Result{Model: m.Name, Type: m.Type}
	props := m.props
	if opt.Property != "" {
		p, err := m.named(opt.Property)
		if err != nil {
			return nil, err
		}
		props = []*property{p}
	}
	// Explorations by reward expression; "" is the one without.
	var order []string
	groups := map[string][]int{}
	for i, p := range props {
		if p.skip != "" || p.err != nil {
			continue
		}
		if _, ok := groups[p.rewardKey]; !ok {
			order = append(order, p.rewardKey)
		}
		groups[p.rewardKey] = append(groups[p.rewardKey], i)
	}
	if len(order) == 0 {
		order = []string{""}
	}
	initial, err := m.initialStates()
	if err != nil {
		return nil, fmt.Errorf("jani: %w", err)
	}
	res.Initial = len(initial)
	res.Properties = make([]PropertyResult, len(props))
	for i, p := range props {
		res.Properties[i] = PropertyResult{Name: p.name, Text: p.text, Kind: p.kind, Skipped: p.skip, Err: p.err}
	}
	counted := false
	for _, key := range order {
		var reward *expr
		var acc accum
		var rb *rewardBound
		if idx := groups[key]; len(idx) > 0 {
			reward, acc, rb = props[idx[0]].reward, props[idx[0]].acc, props[idx[0]].rbound
		}
		var rules engine.Rules[string]
		if rb != nil {
			r := newRules(m, rb.exp, rb.acc)
			r.initial, r.bound = initial, &unfold{upper: rb.upper, lower: rb.lower}
			rules = unfoldedRules{r}
		} else {
			rules = engineRules(m, reward, acc, initial)
		}
		G, err := engine.Explore(ctx, rules, opt.Engine)
		if err != nil && (key == "" && rb == nil || !ownError(err)) {
			return nil, fmt.Errorf("jani: %w", err) // the model's, or the run's
		}
		if err != nil {
			// Exploring with these properties' rewards or bounds failed:
			// they fail, the others go on.
			for _, i := range groups[key] {
				res.Properties[i].failed(fmt.Errorf("jani: %w", err))
			}
			continue
		}
		res.Renormalized = max(res.Renormalized, G.Renormalized())
		if rb == nil {
			res.States, counted = G.States(), true
		}
		for _, i := range groups[key] {
			if err := m.checkOne(ctx, G, initial, props[i], opt, &res.Properties[i]); err != nil {
				err = fmt.Errorf("jani: property %q: %w", props[i].name, err)
				if !ownError(err) {
					return nil, err
				}
				res.Properties[i].failed(err)
			}
		}
	}
	if !counted {
		// Only unfoldings were explored: count the model's own states.
		G, err := engine.Explore(ctx, engineRules(m, nil, accum{}, initial), opt.Engine)
		if err != nil {
			return nil, fmt.Errorf("jani: %w", err)
		}
		res.States = G.States()
		res.Renormalized = max(res.Renormalized, G.Renormalized())
	}
	return res, nil
}

// ownError reports whether err belongs to one property, and so costs
// only that one: an error in the model or the property met while
// checking it (solver.ErrInvalid), a construct outside the subset, or a
// property too large for the memory budget. The context's end and
// internal errors stop the whole check.
func ownError(err error) bool {
	return errors.Is(err, solver.ErrInvalid) || errors.Is(err, ErrUnsupported) || errors.Is(err, budget.ErrTooLarge)
}

// failed marks a property as not computed, with err's text.
func (r *PropertyResult) failed(err error) {
	*r = PropertyResult{Name: r.Name, Text: r.Text, Kind: r.Kind, Err: err}
}

// checkOne computes one property on an explored graph.
func (m *Model) checkOne(ctx context.Context, G *engine.Graph[string], initial []string, p *property, opt Options, out *PropertyResult) error {
	ids := make([]int, len(initial))
	var buf []byte
	for i, s := range initial {
		if p.rbound != nil {
			s = join(s, 0, &buf)
		}
		ids[i], _ = G.Lookup(s) // explored from each of them
	}
	goal, avoid, err := m.marks(G, p, opt.Engine.WorkerCount())
	if err != nil {
		return err
	}
	q := engine.Query{Objective: p.obj, Goal: goal, Avoid: avoid, Coalition: p.coalition}
	if p.instant != nil {
		if q.Instant, err = m.instants(G, p.instant, opt.Engine.WorkerCount()); err != nil {
			return err
		}
	}
	how := method{bounded: p.bounded, steps: p.steps, longRun: p.longRun}
	if p.longRun && p.reward == nil {
		// The fraction of time in the goal's states.
		how.weights = make([]*big.Rat, len(goal))
		for i, in := range goal {
			how.weights[i] = new(big.Rat)
			if in {
				how.weights[i].SetInt64(1)
			}
		}
	}
	one := big.NewRat(1, 1)
	exact := func(out *PropertyResult) error {
		return analyze(ctx, numeric.Exact{}, G, q, opt, ids, p.filter, out, func(x *big.Rat) {
			if p.complement {
				x = new(big.Rat).Sub(one, x)
			}
			out.Exact = x
			out.Value, _ = x.Float64()
		}, how)
	}
	if opt.Exact {
		if err := exact(out); err != nil {
			return err
		}
	} else if err := analyze(ctx, numeric.Float{}, G, q, opt, ids, p.filter, out, func(x float64) {
		if p.complement {
			x = 1 - x
		}
		out.Value = x
	}, how); err != nil {
		return err
	}
	if p.cmp == "" || out.Skipped != "" {
		return nil
	}
	// A threshold query: decided by the float value where it is farther
	// from the threshold than float mode's error can be, else exactly.
	thr, _ := p.thr.Float64()
	margin := 1e-9 * math.Max(1, math.Abs(thr))
	if out.Unproven {
		margin += out.Bound
	}
	var holds bool
	switch {
	case out.Infinite:
		holds = p.cmp == "≥" || p.cmp == ">"
	case out.Exact != nil:
		holds = compare(out.Exact.Cmp(p.thr), p.cmp)
	case math.Abs(out.Value-thr) > margin:
		holds = compare(sign(out.Value-thr), p.cmp)
	default:
		var ex PropertyResult
		if err := exact(&ex); err != nil {
			return err
		}
		holds = ex.Infinite && (p.cmp == "≥" || p.cmp == ">") || (!ex.Infinite && compare(ex.Exact.Cmp(p.thr), p.cmp))
	}
	out.Holds = &holds
	return nil
}

// compare applies a comparison to the sign of value minus threshold.
func compare(c int, op string) bool {
	switch op {
	case "≥":
		return c >= 0
	case ">":
		return c > 0
	case "≤":
		return c <= 0
	}
	return c < 0
}

func sign(x float64) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// analyze runs one query in field f and sets the value over the initial
// states (ids, graph numbers) that the filter fun gives: with one initial
// state its value; else min, max, sum or avg (avg and sum infinite when
// one is; min only when all are), or, for values, the common value (the
// property is skipped when they differ).
func analyze[T any, F numeric.Field[T]](ctx context.Context, f F, G *engine.Graph[string], q engine.Query, opt Options, ids []int, fun string, out *PropertyResult, set func(T), how method) error {
	var a *engine.Analysis[T]
	var err error
	switch {
	case how.longRun:
		var vals []T
		if vals, err = engine.LongRun(ctx, f, G, how.weights, opt.Engine); err == nil {
			a = &engine.Analysis[T]{Values: vals}
		}
	case how.bounded:
		a, err = engine.AnalyzeBounded(ctx, f, G, q, how.steps, opt.Engine)
	default:
		a, err = engine.Analyze(ctx, f, G, q, opt.Engine)
	}
	if err != nil {
		return err
	}
	if a.Unproven > 0 {
		out.Unproven, out.Bound = true, a.Bound
	}
	inf := func(i int) bool { return a.Infinite != nil && a.Infinite[i] }
	var acc T
	have, infinite, finite := false, 0, 0
	for _, i := range ids {
		if inf(i) {
			infinite++
			continue
		}
		x := a.Values[i]
		finite++
		switch {
		case !have:
			acc, have = f.Set(f.New(), x), true
		case fun == "min" && f.Cmp(x, acc) < 0, fun == "max" && f.Cmp(x, acc) > 0:
			acc = f.Set(acc, x)
		case fun == "sum" || fun == "avg":
			acc = f.Add(acc, acc, x)
		case fun == "values" && f.Cmp(x, acc) != 0:
			out.Skipped = fmt.Sprintf("the values differ across the %d initial states (a min, max, sum or avg filter gives one)", len(ids))
			return nil
		}
	}
	switch {
	case infinite > 0 && (fun != "min" || finite == 0):
		if fun == "values" && finite > 0 {
			out.Skipped = fmt.Sprintf("the values differ across the %d initial states (a min, max, sum or avg filter gives one)", len(ids))
			return nil
		}
		out.Infinite = true
		return nil
	case fun == "avg":
		acc = f.Quo(acc, acc, f.FromInt(f.New(), int64(len(ids))))
	}
	set(acc)
	return nil
}

// instants is the reward expression read in each state of G, with its
// locations' transient values: the instantaneous rewards of I=k.
func (m *Model) instants(G *engine.Graph[string], x *expr, workers int) (vals []*big.Rat, err error) {
	vals = make([]*big.Rat, G.States())
	err = m.eachState(G, workers, func(r *rules, i int, s string) {
		m.unpack(s, r.e.ints)
		r.resetTransients()
		r.setLocationTransients()
		vals[i] = new(big.Rat).Set(x.r(&r.e))
	})
	return vals, err
}

// eachState calls f for every state of G, on up to workers goroutines for
// a large graph: each has rules of its own (the evaluation's scratch),
// and f writes only what belongs to state i. An evaluation error (a
// modelling error, such as a division by zero) is returned, the first
// by state.
func (m *Model) eachState(G *engine.Graph[string], workers int, f func(r *rules, i int, s string)) error {
	N := G.States()
	parts := 1
	if N >= 1<<14 {
		parts = max(1, workers)
	}
	errs := make([]error, parts)
	var wg sync.WaitGroup
	for w := range parts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer catch(&errs[w])
			r := newRules(m, nil, accum{})
			for i := w * N / parts; i < (w+1)*N/parts; i++ {
				f(r, i, G.State(i))
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// marks evaluates the property's goal and avoid formulas in every state,
// with the labels the automata's locations set there. For an unfolding
// (a reward bound) each state's model part is read, and the sink beyond
// the bound is neither.
func (m *Model) marks(G *engine.Graph[string], p *property, workers int) (goal, avoid []bool, err error) {
	N := G.States()
	goal = make([]bool, N)
	if p.avoid != nil {
		avoid = make([]bool, N)
	}
	err = m.eachState(G, workers, func(r *rules, i int, s string) {
		inBounds := true
		if p.rbound != nil {
			if s == over {
				return
			}
			var acc int64
			s, acc = split(s)
			inBounds = p.rbound.within(acc)
		}
		m.unpack(s, r.e.ints)
		r.resetTransients()
		r.setLocationTransients()
		goal[i] = inBounds && p.goal != nil && p.goal.b(&r.e)
		if avoid != nil {
			avoid[i] = p.avoid.b(&r.e)
		}
	})
	return goal, avoid, err
}

// method says how a property is computed: step-bounded (AnalyzeBounded),
// as a long-run average (LongRun, with weights per state, or the
// exploration's rewards per step when nil), or by Analyze.
type method struct {
	bounded bool
	steps   int
	longRun bool
	weights []*big.Rat
}
