package jani

import (
	"encoding/json"
	"fmt"
	"math/big"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/solver"
)

// property is one entry of the file's "properties".
type property struct {
	name string
	text string // the property as its source wrote it, if known
	kind string // Pmax, Pmin, Emax, Emin, or a description when skipped
	obj  engine.Objective
	goal *expr // bool; may read transient labels
	// avoid is the negated left side of an until (nil for F or true U).
	avoid *expr
	// reward is the expression accumulated per step, and rewardKey its
	// JSON text: properties with the same key share one exploration.
	reward    *expr
	acc       accum
	rewardKey string
	skip      string
	// err is why the property cannot be checked (an error in it, or one
	// its source reported: AddFailed); nil when it can.
	err error
	// filter is the function over the initial states: values, min, max,
	// avg or sum.
	filter string
	// bounded: the question is step-bounded, with bound steps (F≤k, U≤k,
	// or a reward accumulated over k steps).
	bounded bool
	steps   int
	// rbound, if set, bounds the reward accumulated on the way to the
	// goal (unfold.go).
	rbound *rewardBound
	// cmp and thr make a Boolean threshold query: the value compared by
	// cmp (≥, >, ≤ or <) with thr.
	cmp string
	thr *big.Rat
	// instant, for an instantaneous reward (step-instant without
	// accumulate), is the reward expression read in each state, with its
	// locations' transient values.
	instant *expr
	// complement: the value is 1 less the computed one (G φ is computed
	// as F ¬φ with min and max exchanged).
	complement bool
	// coalition, in a game, lists the players who optimize (the others
	// oppose them).
	coalition []int
	// longRun: a long-run average (Smin, Smax) of a DTMC: the fraction of
	// time in goal's states, or with reward the reward per step.
	longRun bool
}

// accum says when a reward is collected: on each step (the transient
// assignments of the edges taken), and on leaving each state (the reward
// expression in that state, its locations' transient values applied:
// JANI's state-exit-rewards).
type accum struct{ steps, exit bool }

// accumOf reads an "accumulate" list: steps and exit, or (ok false) the
// first other entry, which is outside the subset.
func accumOf(v any) (acc accum, other any, ok bool) {
	list, _ := v.([]any)
	for _, a := range list {
		switch a {
		case "steps":
			acc.steps = true
		case "exit":
			acc.exit = true
		default:
			return acc, a, false
		}
	}
	return acc, nil, true
}

// properties reads the file's properties. A property outside the subset
// is kept with the reason it is skipped, and one with an error inside (an
// undefined name, a type error) with its error: the others are checked.
// A property without a name, or with a name taken, is an error of the
// file.
func (m *Model) properties(root obj) error {
	list, err := root.list("properties", true)
	if err != nil {
		return err
	}
	// State formulas may read globals and labels (transient variables).
	seen := map[string]bool{}
	for i, pv := range list {
		o, err := asObj(pv, fmt.Sprintf("properties[%d]", i))
		if err != nil {
			return err
		}
		if err := o.keys("name", "expression"); err != nil {
			return err
		}
		name, err := o.str("name")
		if err != nil {
			return err
		}
		if seen[name] {
			return fmt.Errorf("property %q declared twice", name)
		}
		seen[name] = true
		o.path = fmt.Sprintf("property %q", name)
		p := &property{name: name}
		// A property's comment is its text, where a translation keeps
		// the original (the PRISM reader does).
		p.text, _ = o.m["comment"].(string)
		if err := m.property(p, o); err != nil {
			// One property in error costs only itself.
			p.kind, p.err = "error", solver.Invalidf("jani: %w", err)
		}
		m.props = append(m.props, p)
	}
	return nil
}

func (m *Model) property(p *property, o obj) error {
	top, err := o.obj("expression")
	if err != nil {
		return err
	}
	if top.m["op"] != "filter" {
		p.kind, p.skip = "other", "not a filter over the initial states"
		return nil
	}
	if err := top.keys("op", "fun", "values", "states"); err != nil {
		return err
	}
	switch fun := top.m["fun"].(string); fun {
	case "values", "min", "max", "avg", "sum":
		p.filter = fun
	default:
		p.kind, p.skip = "other", fmt.Sprintf("filter function %s", describe(top.m["fun"]))
		return nil
	}
	if st, _ := top.m["states"].(map[string]any); st == nil || st["op"] != "initial" {
		p.kind, p.skip = "other", "filter over states other than the initial state"
		return nil
	}
	vals, err := top.obj("values")
	if err != nil {
		return err
	}
	op, _ := vals.m["op"].(string)
	switch op {
	case "≥", ">", "≤", "<":
		return m.threshold(p, vals, op)
	}
	return m.quantity(p, vals)
}

// threshold reads a Boolean threshold query: a probability or reward
// operator compared with a constant (either side), such as Pmin(F done) ≥
// 1; the answer is true or false.
func (m *Model) threshold(p *property, vals obj, op string) error {
	if err := vals.keys("op", "left", "right"); err != nil {
		return err
	}
	isQuantity := func(v any) bool {
		o, _ := v.(map[string]any)
		q, _ := o["op"].(string)
		return q == "Pmin" || q == "Pmax" || q == "Emin" || q == "Emax" || q == "Smin" || q == "Smax"
	}
	qSide, cSide := "left", "right"
	if !isQuantity(vals.m["left"]) {
		qSide, cSide = "right", "left"
		// Constant on the left: c < Q is Q > c, and so on.
		op = map[string]string{"≥": "≤", ">": "<", "≤": "≥", "<": ">"}[op]
	}
	if !isQuantity(vals.m[qSide]) {
		p.kind, p.skip = "comparison", "a Boolean comparison without a probability or reward operator"
		return nil
	}
	c, err := compile(vals.m[cSide], m.global, vals.path+"."+cSide)
	if err != nil {
		return err
	}
	if c.k == nil || c.t == tBool {
		p.kind, p.skip = "comparison", "a comparison with a threshold that is not a constant number"
		return nil
	}
	thr := c.k.r
	if c.t == tInt {
		thr = new(big.Rat).SetInt64(c.k.i)
	}
	q, err := vals.obj(qSide)
	if err != nil {
		return err
	}
	if err := m.quantity(p, q); err != nil {
		return err
	}
	p.cmp, p.thr = op, thr
	if p.skip == "" {
		p.kind += op + thr.RatString()
	}
	return nil
}

// quantity reads a probability or reward operator (Pmin, Pmax, Emin,
// Emax) into p.
func (m *Model) quantity(p *property, vals obj) error {
	op, _ := vals.m["op"].(string)
	switch op {
	case "Pmin", "Pmax":
		p.kind = op
		p.obj = engine.MaxProbability
		if op == "Pmin" {
			p.obj = engine.MinProbability
		}
		if err := vals.keys("op", "exp", "coalition"); err != nil {
			return err
		}
		var err error
		if p.coalition, err = m.coalition(vals); err != nil {
			return err
		}
		path, err := vals.obj("exp")
		if err != nil {
			return err
		}
		if path.has("time-bounds") {
			p.skip = "time-bounds (bounded reachability)"
			return nil
		}
		if path.has("reward-bounds") {
			if skip, err := m.rewardBound(p, path.m["reward-bounds"], path.path+".reward-bounds"); err != nil || skip != "" {
				p.skip = skip
				return err
			}
		}
		if path.has("step-bounds") {
			if skip, err := m.stepBound(p, path.m["step-bounds"], path.path+".step-bounds"); err != nil || skip != "" {
				p.skip = skip
				return err
			}
		}
		switch path.m["op"] {
		case "G":
			// G φ holds on a path where F ¬φ does not: its least
			// (greatest) probability is 1 less the greatest (least) of
			// F ¬φ.
			if err := path.keys("op", "exp", "step-bounds"); err != nil {
				return err
			}
			g, err := m.stateFormula(path.m["exp"], path.path+".exp")
			if err != nil {
				return err
			}
			gb := g.b
			p.goal = &expr{t: tBool, b: func(e *env) bool { return !gb(e) }}
			p.complement = true
			if p.obj == engine.MaxProbability {
				p.obj = engine.MinProbability
			} else {
				p.obj = engine.MaxProbability
			}
			p.kind += "[G]"
		case "F":
			if err := path.keys("op", "exp", "step-bounds", "reward-bounds"); err != nil {
				return err
			}
			g, err := m.stateFormula(path.m["exp"], path.path+".exp")
			if err != nil {
				return err
			}
			p.goal = &g
		case "U":
			if err := path.keys("op", "left", "right", "step-bounds", "reward-bounds"); err != nil {
				return err
			}
			left, err := m.stateFormula(path.m["left"], path.path+".left")
			if err != nil {
				return err
			}
			g, err := m.stateFormula(path.m["right"], path.path+".right")
			if err != nil {
				return err
			}
			p.goal = &g
			if left.k == nil || left.k.i == 0 {
				lb := left.b
				p.avoid = &expr{t: tBool, b: func(e *env) bool { return !lb(e) }}
			}
		default:
			p.skip = fmt.Sprintf("path formula %s (only F, G and U are supported)", describe(path.m["op"]))
		}
		return nil
	case "Smin", "Smax":
		// Long-run averages, of a DTMC only: the fraction of time in the
		// states of a Boolean exp (steady-state probability), or the
		// reward per step of exp accumulated over steps.
		p.kind = op
		if err := vals.keys("op", "exp", "accumulate"); err != nil {
			return err
		}
		if m.Type != "dtmc" {
			p.skip = "a long-run average of a model with decisions (only DTMCs)"
			return nil
		}
		p.longRun = true
		if vals.has("accumulate") {
			acc, _ := vals.m["accumulate"].([]any)
			if len(acc) != 1 || acc[0] != "steps" {
				p.skip = `a long-run reward accumulated other than over steps`
				return nil
			}
			return m.stepsReward(p, vals)
		}
		g, err := m.stateFormula(vals.m["exp"], vals.path+".exp")
		if err != nil {
			return err
		}
		p.goal = &g
		return nil
	case "Emin", "Emax":
		p.kind = op
		p.obj = engine.MaxReward
		if op == "Emin" {
			p.obj = engine.MinReward
		}
		for _, k := range []string{"time-instant", "reward-instants"} {
			if vals.has(k) {
				p.skip = k + " (instantaneous reward)"
				return nil
			}
		}
		if err := vals.keys("op", "exp", "accumulate", "reach", "step-instant", "coalition"); err != nil {
			return err
		}
		var err error
		if p.coalition, err = m.coalition(vals); err != nil {
			return err
		}
		if acc, _ := vals.m["accumulate"].([]any); vals.has("step-instant") && len(acc) == 0 && !vals.has("reach") {
			// The instantaneous reward after k steps (I=k): the
			// expression in the state reached.
			k, err := m.constInt(vals.m["step-instant"], vals.path+".step-instant")
			if err != nil {
				return err
			}
			p.steps, p.bounded = k, true
			if p.instant, err = m.rewardExpr(vals); err != nil {
				return err
			}
			p.kind += "[I=" + fmt.Sprint(k) + "]"
			return nil
		}
		if vals.has("step-instant") {
			// The reward accumulated over the first k steps (C≤k).
			acc, _ := vals.m["accumulate"].([]any)
			if len(acc) != 1 || acc[0] != "steps" || vals.has("reach") {
				p.skip = `step-instant other than a reward accumulated over steps (["steps"], without reach) or an instantaneous one (no accumulate)`
				return nil
			}
			k, err := m.constInt(vals.m["step-instant"], vals.path+".step-instant")
			if err != nil {
				return err
			}
			p.steps, p.bounded = k, true
			p.kind += "[C≤" + fmt.Sprint(k) + "]"
			return m.stepsReward(p, vals)
		}
		acc, other, ok := accumOf(vals.m["accumulate"])
		if !ok {
			p.skip = fmt.Sprintf("accumulate %s (steps and exit are supported)", describe(other))
			return nil
		}
		p.acc.steps, p.acc.exit = p.acc.steps || acc.steps, p.acc.exit || acc.exit
		if !p.acc.steps && !p.acc.exit {
			p.skip = `accumulate without "steps" or "exit"`
			return nil
		}
		if !vals.has("reach") {
			p.skip = "expected total reward without reach"
			return nil
		}
		g, err := m.stateFormula(vals.m["reach"], vals.path+".reach")
		if err != nil {
			return err
		}
		p.goal = &g
		if p.reward, err = m.rewardExpr(vals); err != nil {
			return err
		}
		key, _ := json.Marshal([]any{vals.m["exp"], p.acc.steps, p.acc.exit})
		p.rewardKey = string(key)
		return nil
	case "=", "≠", "∧", "∨", "¬":
		p.kind, p.skip = "comparison", "a Boolean formula of probabilities or rewards (thresholds ≥, >, ≤, < are computed)"
		return nil
	}
	p.kind, p.skip = "other", fmt.Sprintf("property operator %s", describe(vals.m["op"]))
	return nil
}

// stateFormula compiles a Boolean expression over globals and labels.
func (m *Model) stateFormula(v any, path string) (expr, error) {
	e, err := compile(v, m.global, path)
	if err != nil {
		return expr{}, err
	}
	if e.t != tBool {
		return expr{}, fmt.Errorf("%s: type error: want bool, got %s", path, e.t)
	}
	return e, nil
}

// stepBound reads a path formula's step-bounds: an upper bound (inclusive
// or exclusive) and no lower bound other than 0. It returns a reason to
// skip the property for other bounds.
func (m *Model) stepBound(p *property, v any, path string) (skip string, err error) {
	o, err := asObj(v, path)
	if err != nil {
		return "", err
	}
	if err := o.keys("upper", "upper-exclusive", "lower", "lower-exclusive"); err != nil {
		return "", err
	}
	if o.has("lower") {
		lo, err := m.constInt(o.m["lower"], path+".lower")
		if err != nil {
			return "", err
		}
		if lo != 0 || o.m["lower-exclusive"] == true {
			return "step-bounds with a lower bound (only upper bounds)", nil
		}
	}
	if !o.has("upper") {
		return "step-bounds without an upper bound", nil
	}
	k, err := m.constInt(o.m["upper"], path+".upper")
	if err != nil {
		return "", err
	}
	if o.m["upper-exclusive"] == true {
		k--
	}
	if k < 0 {
		return "", fmt.Errorf("%s: the bound leaves no step", path)
	}
	p.steps, p.bounded = k, true
	p.kind += "[≤" + fmt.Sprint(k) + "]"
	return "", nil
}

// constInt evaluates a constant integer expression (a step bound).
func (m *Model) constInt(v any, path string) (int, error) {
	e, err := compile(v, m.global, path)
	if err != nil {
		return 0, err
	}
	if e.k == nil || e.t != tInt {
		return 0, fmt.Errorf("%s: want a constant integer", path)
	}
	if e.k.i < 0 || e.k.i > 1<<40 {
		return 0, fmt.Errorf("%s: %d steps: want 0 to 2^40", path, e.k.i)
	}
	return int(e.k.i), nil
}

// rewardBound reads a path formula's reward-bounds: one bound, an upper
// one, on a reward accumulated over steps or on leaving states.
func (m *Model) rewardBound(p *property, v any, path string) (skip string, err error) {
	list, ok := v.([]any)
	if !ok || len(list) != 1 {
		return "reward-bounds other than one bound", nil
	}
	o, err := asObj(list[0], path+"[0]")
	if err != nil {
		return "", err
	}
	if err := o.keys("accumulate", "bounds", "exp"); err != nil {
		return "", err
	}
	rb := &rewardBound{}
	acc, other, ok := accumOf(o.m["accumulate"])
	if !ok {
		return fmt.Sprintf("reward-bounds accumulating %s", describe(other)), nil
	}
	rb.acc = acc
	if !rb.acc.steps && !rb.acc.exit {
		return "reward-bounds without accumulate", nil
	}
	b, err := o.obj("bounds")
	if err != nil {
		return "", err
	}
	if err := b.keys("upper", "upper-exclusive", "lower", "lower-exclusive"); err != nil {
		return "", err
	}
	if !b.has("lower") && !b.has("upper") {
		return "", fmt.Errorf("%s: neither a lower nor an upper bound", b.path)
	}
	// Rewards are whole numbers here, so an exclusive bound is the
	// inclusive one a step inside.
	rb.upper = -1
	if b.has("upper") {
		upper, err := m.constInt(b.m["upper"], b.path+".upper")
		if err != nil {
			return "", err
		}
		rb.upper = int64(upper)
		if b.m["upper-exclusive"] == true {
			rb.upper--
		}
		if rb.upper < 0 {
			rb.upper = -2 // no whole reward of at least 0 is within it
		}
	}
	if b.has("lower") {
		lower, err := m.constInt(b.m["lower"], b.path+".lower")
		if err != nil {
			return "", err
		}
		rb.lower = max(int64(lower), 0)
		if b.m["lower-exclusive"] == true {
			rb.lower = max(int64(lower)+1, 0)
		}
	}
	if rb.exp, err = m.rewardExpr(o); err != nil {
		return "", err
	}
	key, _ := json.Marshal([]any{"reward-bound", o.m["exp"], rb.acc.steps, rb.acc.exit, rb.lower, rb.upper})
	rb.key = string(key)
	p.rbound = rb
	p.rewardKey = rb.key
	switch {
	case rb.upper == -1:
		p.kind += fmt.Sprintf("[reward≥%d]", rb.lower)
	case rb.lower == 0:
		p.kind += fmt.Sprintf("[reward≤%d]", max(rb.upper, -1))
	default:
		p.kind += fmt.Sprintf("[%d≤reward≤%d]", rb.lower, max(rb.upper, -1))
	}
	return "", nil
}

// rewardExpr compiles o's "exp", a reward: a number, as a real.
// stepsReward sets p's reward to vals' exp accumulated over steps, with
// the exploration key it shares with other properties of that reward.
func (m *Model) stepsReward(p *property, vals obj) error {
	var err error
	if p.reward, err = m.rewardExpr(vals); err != nil {
		return err
	}
	p.acc.steps = true
	key, _ := json.Marshal([]any{vals.m["exp"], true, false})
	p.rewardKey = string(key)
	return nil
}

func (m *Model) rewardExpr(o obj) (*expr, error) {
	r, err := compile(o.m["exp"], m.global, o.path+".exp")
	if err != nil {
		return nil, err
	}
	if r.t == tBool {
		return nil, fmt.Errorf("%s.exp: type error: a reward must be a number, got bool", o.path)
	}
	r = toReal(r)
	return &r, nil
}
