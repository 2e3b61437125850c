package prism

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/gamesolve/gamesolve/budget"
)

// The translation into JANI: the model becomes one JANI automaton per
// module (one location, an edge per command), every variable a global
// JANI variable, every action shared by two or more modules a
// synchronisation vector; formulas and labels are expanded where they are
// used; each reward structure becomes one transient real variable that
// every transition sets to its reward; properties become JANI properties
// over the initial states.

// obj and arr are JANI JSON values.
type (
	obj = map[string]any
	arr = []any
)

// translator holds what the expressions need: formulas to expand, labels,
// and the names that are defined.
type translator struct {
	m        *modelAST
	formulas map[string]*expr
	labels   map[string]*expr
	consts   map[string]bool
	vars     map[string]bool
	// expanding guards against a formula that uses itself.
	expanding map[string]bool
	// rewardVar names each reward structure's transient variable, and
	// stateVar the one its state rewards set in each state ("" if it has
	// none), which instantaneous rewards read.
	rewardVar, stateVar []string
	made                map[string]bool // the names fresh gave
	// deadlock is the JANI expression of the states where no command is
	// enabled (the label "deadlock"), set by automata, and deadlockAuto
	// the automaton that loops there ("" if none is needed).
	deadlock     any
	deadlockAuto string
	// paying caches transitionRewards by action.
	paying map[string]arr
	// guard stops the translation when its context ends or its memory
	// outgrows the budget; sizes measures formulas before they are
	// expanded; depth is how deeply the JANI expression being written
	// nests so far.
	guard *budget.Guard
	sizes *expansion
	depth int
	nodes int
	// failed are the properties that could not be read or translated.
	failed []propFailure
}

// maxJANIDepth is how deeply a translated expression may nest: the JANI
// reader's own bound (jani's maxDepth).
const maxJANIDepth = 2000

// maxExpansion bounds the operators of one formula or label once the
// formulas it uses are expanded, and maxTranslated those of the whole
// translation: a formula used twice by the next, eighty times over, is
// 2^80 operators in 2 KB of text.
const (
	maxExpansion  = 1 << 20
	maxTranslated = 1 << 22
)

// expansion measures formulas with the formulas they use expanded: the
// operators they grow to and how deeply they nest, each formula measured
// once. A formula that uses itself measures as a leaf; the translation
// refuses it where it is expanded.
type expansion struct {
	formulas map[string]*expr
	size     map[string]float64
	height   map[string]int
	busy     map[string]bool
	// tall is set once a measure has gone deeper than maxNesting: it
	// stops there, and measures no formula more until check resets it.
	tall bool
}

func newExpansion(formulas map[string]*expr) *expansion {
	return &expansion{formulas: formulas, size: map[string]float64{}, height: map[string]int{}, busy: map[string]bool{}}
}

// measure returns the operators and the height of e with its formulas
// expanded, at depth in the expansion being measured. It recurses no
// deeper than maxNesting, and into each formula's body once.
func (x *expansion) measure(e *expr, depth int) (size float64, height int) {
	if x.tall || depth > maxNesting {
		x.tall = true
		return 1, maxNesting + 1
	}
	if e == nil {
		return 0, 0
	}
	if e.op == "id" {
		if f := x.formulas[e.name]; f != nil {
			if _, ok := x.size[e.name]; !ok && !x.busy[e.name] {
				x.busy[e.name] = true
				s, h := x.measure(f, depth)
				delete(x.busy, e.name)
				if x.tall {
					return s, h
				}
				x.size[e.name], x.height[e.name] = s, h
			}
			return x.size[e.name], x.height[e.name]
		}
	}
	size = 1
	for _, a := range e.args {
		s, h := x.measure(a, depth+1)
		size += s
		height = max(height, h+1)
	}
	return size, height
}

// check refuses a formula whose expansion outgrows maxExpansion or nests
// deeper than maxNesting; what names it in the message.
func (x *expansion) check(what string, body *expr, at pos) error {
	size, height := x.measure(body, 0)
	x.tall = false
	switch {
	case size > maxExpansion:
		return errorf(at, "%s grows to %.3g operators once the formulas it uses are expanded, more than the %d allowed", what, size, maxExpansion)
	case height > maxNesting:
		return errorf(at, "%s nests more than %d deep once the formulas it uses are expanded", what, maxNesting)
	}
	return nil
}

// toJANI translates a parsed model and its properties into a JANI
// document.
func toJANI(g *budget.Guard, m *modelAST, ps *propsAST, name string) (obj, []propFailure, error) {
	tr := &translator{m: m, formulas: map[string]*expr{}, labels: map[string]*expr{}, consts: map[string]bool{}, vars: map[string]bool{}, expanding: map[string]bool{}, made: map[string]bool{}, paying: map[string]arr{}, guard: g}
	tr.sizes = newExpansion(tr.formulas)
	if err := resolveRenames(m); err != nil {
		return nil, nil, err
	}
	doc := obj{"jani-version": 1, "name": name, "type": m.typ, "features": arr{"derived-operators"}}
	// Constants: the model's, then those of the properties file.
	consts := arr{}
	all := append(slices.Clone(m.consts), ps.consts...)
	for _, c := range all {
		if tr.consts[c.name] {
			return nil, nil, errorf(c.at, "constant %s is defined twice", c.name)
		}
		tr.consts[c.name] = true
		typ := map[string]string{"int": "int", "double": "real", "bool": "bool"}[c.typ]
		jc := obj{"name": c.name, "type": typ}
		if c.value != nil {
			v, err := tr.exp(c.value)
			if err != nil {
				return nil, nil, err
			}
			jc["value"] = v
		}
		consts = append(consts, jc)
	}
	doc["constants"] = consts
	for _, f := range append(slices.Clone(m.formulas), ps.formulas...) {
		if tr.formulas[f.name] != nil || tr.consts[f.name] {
			return nil, nil, errorf(f.at, "formula %s: the name is taken", f.name)
		}
		tr.formulas[f.name] = f.e
	}
	// Variables.
	decls := m.allVars()
	vars := arr{}
	for _, v := range decls {
		if tr.vars[v.name] || tr.consts[v.name] || tr.formulas[v.name] != nil {
			return nil, nil, errorf(v.at, "variable %s: the name is taken", v.name)
		}
		tr.vars[v.name] = true
	}
	for _, v := range decls {
		jv := obj{"name": v.name, "type": "bool", "comment": "prism " + v.at.String()}
		if !v.isBool {
			lo, err := tr.exp(v.lo)
			if err != nil {
				return nil, nil, err
			}
			hi, err := tr.exp(v.hi)
			if err != nil {
				return nil, nil, err
			}
			jv["type"] = obj{"kind": "bounded", "base": "int", "lower-bound": lo, "upper-bound": hi}
		}
		switch {
		case v.init != nil && m.init != nil:
			return nil, nil, errorf(v.at, "variable %s has an initial value, but the model has an init ... endinit block", v.name)
		case m.init == nil:
			init, err := tr.exp(v.initial())
			if err != nil {
				return nil, nil, err
			}
			jv["initial-value"] = init
		}
		vars = append(vars, jv)
	}
	for _, l := range append(slices.Clone(m.labels), ps.labels...) {
		if tr.labels[l.name] != nil {
			return nil, nil, errorf(l.at, "label %q is defined twice", l.name)
		}
		tr.labels[l.name] = l.e
	}
	if m.init != nil {
		e, err := tr.exp(m.init)
		if err != nil {
			return nil, nil, err
		}
		doc["restrict-initial"] = obj{"exp": e}
	}
	// Rewards: one transient variable per structure.
	for i, r := range m.rewards {
		// A name of its own: rew_NAME (rew_1 unnamed), with underscores
		// added while it is taken.
		v := fmt.Sprintf("rew_%d", i+1)
		if r.name != "" {
			v = "rew_" + r.name
		}
		v = tr.fresh(v)
		tr.rewardVar = append(tr.rewardVar, v)
		vars = append(vars, obj{"name": v, "type": "real", "transient": true, "initial-value": 0})
		sv := ""
		if slices.ContainsFunc(r.items, func(it rewardItem) bool { return !it.trans }) {
			sv = tr.fresh(v + "_state")
			vars = append(vars, obj{"name": sv, "type": "real", "transient": true, "initial-value": 0})
		}
		tr.stateVar = append(tr.stateVar, sv)
	}
	doc["variables"] = vars
	if err := tr.automata(doc); err != nil {
		return nil, nil, err
	}
	if m.typ == "smg" {
		if err := tr.players(doc); err != nil {
			return nil, nil, err
		}
	} else if len(m.players) > 0 {
		return nil, nil, errorf(m.players[0].at, "player blocks belong to games (smg), not to a %s", m.typ)
	}
	props := arr{}
	names := map[string]bool{}
	for i, d := range ps.props {
		n := d.name
		if n == "" {
			n = d.text
		}
		if names[n] {
			n = fmt.Sprintf("%s (%d)", n, i+1)
		}
		names[n] = true
		if d.err != nil {
			tr.failed = append(tr.failed, propFailure{i, n, d.text, d.err})
			continue
		}
		jp, err := tr.property(d)
		if e, ok := err.(*Error); ok {
			tr.failed = append(tr.failed, propFailure{i, n, d.text, e})
			continue
		} else if err != nil {
			return nil, nil, err
		}
		props = append(props, obj{"name": n, "expression": jp, "comment": d.text})
	}
	doc["properties"] = props
	return doc, tr.failed, nil
}

// propFailure is a property that could not be read or translated: the
// index'th of its file, named name, and why (an Error, Unsupported for
// PRISM the translation does not compute).
type propFailure struct {
	index      int
	name, text string
	err        *Error
}

// resolveRenames fills in each renamed module from its base. As in
// PRISM, formulas are expanded before the renaming: a formula the base
// module uses is renamed in its contents, so a module that asks about
// "the others" through a formula still does in each copy (pnueli-zuck).
func resolveRenames(m *modelAST) error {
	byName := map[string]*module{}
	for _, mod := range m.modules {
		if byName[mod.name] != nil {
			return errorf(mod.at, "module %s is defined twice", mod.name)
		}
		byName[mod.name] = mod
	}
	formulas := map[string]*expr{}
	for _, f := range m.formulas {
		if formulas[f.name] == nil { // toJANI refuses a second one
			formulas[f.name] = f.e
		}
	}
	sizes := newExpansion(formulas)
	for _, mod := range m.modules {
		if mod.base == "" {
			continue
		}
		b := byName[mod.base]
		switch {
		case b == nil:
			return errorf(mod.at, "module %s renames %s, which is not defined", mod.name, mod.base)
		case b.base != "":
			return errorf(mod.at, "module %s renames %s, itself a renamed module", mod.name, mod.base)
		}
		rn := renamer{to: mod.rename, formulas: formulas, expanding: map[string]bool{}, sizes: sizes, err: new(error)}
		ren := func(s string) string {
			if t, ok := mod.rename[s]; ok {
				return t
			}
			return s
		}
		for _, v := range b.vars {
			if _, ok := mod.rename[v.name]; !ok {
				return errorf(mod.at, "module %s: variable %s of %s is not renamed", mod.name, v.name, b.name)
			}
			mod.vars = append(mod.vars, &varDecl{name: ren(v.name), isBool: v.isBool, lo: rn.expr(v.lo), hi: rn.expr(v.hi), init: rn.expr(v.init), at: mod.at})
		}
		for _, c := range b.cmds {
			nc := &command{action: ren(c.action), guard: rn.expr(c.guard), at: c.at}
			for _, u := range c.updates {
				nu := update{prob: rn.expr(u.prob)}
				for _, a := range u.assigns {
					nu.assigns = append(nu.assigns, assign{ren(a.name), rn.expr(a.val), a.at})
				}
				nc.updates = append(nc.updates, nu)
			}
			mod.cmds = append(mod.cmds, nc)
		}
		if *rn.err != nil {
			return *rn.err
		}
	}
	return nil
}

// renamer copies a module's expressions under a renaming, with the
// model's formulas expanded first.
type renamer struct {
	to       map[string]string
	formulas map[string]*expr
	// expanding guards against a formula that uses itself: it is left
	// unexpanded, for the translation to refuse.
	expanding map[string]bool
	// sizes refuses a formula too large to expand; err keeps the first
	// refusal, and expr copies no more after it.
	sizes *expansion
	err   *error
}

func (r renamer) expr(e *expr) *expr {
	if e == nil || *r.err != nil {
		return nil
	}
	if e.op == "id" {
		if f := r.formulas[e.name]; f != nil && !r.expanding[e.name] {
			if err := r.sizes.check("formula "+e.name, f, e.at); err != nil {
				*r.err = err
				return nil
			}
			r.expanding[e.name] = true
			defer delete(r.expanding, e.name)
			return r.expr(f)
		}
	}
	c := *e
	if c.op == "id" {
		if t, ok := r.to[c.name]; ok {
			c.name = t
		}
	}
	c.args = make([]*expr, len(e.args))
	for i, a := range e.args {
		c.args[i] = r.expr(a)
	}
	return &c
}

// automata writes the automata, actions and system of doc.
func (tr *translator) automata(doc obj) error {
	m := tr.m
	if len(m.modules) == 0 {
		return errorf(pos{"", 1, 1}, "the model has no module")
	}
	// Each module's alphabet, and the first module of each action (the
	// one whose edges carry the transition's rewards).
	alpha := make([]map[string]bool, len(m.modules))
	var actions []string
	first := map[string]int{}
	for i, mod := range m.modules {
		alpha[i] = map[string]bool{}
		for _, c := range mod.cmds {
			if c.action == "" || alpha[i][c.action] {
				continue
			}
			alpha[i][c.action] = true
			if _, ok := first[c.action]; !ok {
				first[c.action] = i
				actions = append(actions, c.action)
			}
		}
	}
	// Actions in the order they first appear (modules, then commands): the
	// moves of a state keep the model's order, which the tie rule reads.
	autos := arr{}
	guards := make([][]any, len(m.modules)) // each command's, for the deadlock
	for i, mod := range m.modules {
		edges := arr{}
		for _, c := range mod.cmds {
			g, err := tr.exp(c.guard)
			if err != nil {
				return err
			}
			guards[i] = append(guards[i], g)
			// The transition's reward, carried by the first module that
			// takes part.
			var rewards arr
			if c.action == "" || first[c.action] == i {
				if rewards, err = tr.transitionRewards(c.action); err != nil {
					return err
				}
			}
			dests := arr{}
			for _, u := range c.updates {
				d := obj{"location": "l"}
				if u.prob != nil {
					p, err := tr.exp(u.prob)
					if err != nil {
						return err
					}
					d["probability"] = obj{"exp": p}
				}
				as := arr{}
				seen := map[string]bool{}
				for _, a := range u.assigns {
					if !tr.vars[a.name] {
						return errorf(a.at, "%s is not a variable", a.name)
					}
					if seen[a.name] {
						return errorf(a.at, "%s is assigned twice in one update", a.name)
					}
					seen[a.name] = true
					v, err := tr.exp(a.val)
					if err != nil {
						return err
					}
					as = append(as, obj{"ref": a.name, "value": v})
				}
				if err := tr.reuse(rewards, c.at); err != nil {
					return err
				}
				d["assignments"] = append(as, rewards...)
				dests = append(dests, d)
			}
			e := obj{"location": "l", "guard": obj{"exp": g}, "destinations": dests, "comment": "prism " + c.at.String()}
			if c.action != "" {
				e["action"] = c.action
			}
			edges = append(edges, e)
		}
		loc := obj{"name": "l"}
		if i == 0 {
			// Each state's state rewards, for instantaneous rewards.
			tv := arr{}
			for k, r := range m.rewards {
				if tr.stateVar[k] == "" {
					continue
				}
				sum, err := tr.rewardSum(r, func(it rewardItem) bool { return !it.trans })
				if err != nil {
					return err
				}
				tv = append(tv, obj{"ref": tr.stateVar[k], "value": sum})
			}
			if len(tv) > 0 {
				loc["transient-values"] = tv
			}
		}
		autos = append(autos, obj{"name": mod.name, "locations": arr{loc}, "initial-locations": arr{"l"}, "edges": edges})
	}
	// A state where no command is enabled: no unlabelled command is, and
	// for each action some module that has it has no enabled command
	// with it. PRISM adds a loop there; JANI leaves it absorbing. They
	// differ only in the state rewards a loop would collect (C<=k), so
	// the loop is added, as one more automaton, where there are any.
	var enabled []any
	for i, mod := range m.modules {
		for k, c := range mod.cmds {
			if c.action == "" {
				enabled = append(enabled, guards[i][k])
			}
		}
	}
	for _, a := range actions {
		var all []any
		for i, mod := range m.modules {
			if !alpha[i][a] {
				continue
			}
			var some []any
			for k, c := range mod.cmds {
				if c.action == a {
					some = append(some, guards[i][k])
				}
			}
			all = append(all, chain("∨", some, false))
		}
		enabled = append(enabled, chain("∧", all, true))
	}
	tr.deadlock = obj{"op": "¬", "exp": chain("∨", enabled, false)}
	if slices.ContainsFunc(tr.stateVar, func(v string) bool { return v != "" }) {
		// No transition reward has this action: the state rewards alone.
		as, err := tr.transitionRewards("\x00deadlock")
		if err != nil {
			return err
		}
		name := "deadlock"
		for slices.ContainsFunc(m.modules, func(x *module) bool { return x.name == name }) {
			name += "_"
		}
		tr.deadlockAuto = name
		autos = append(autos, obj{"name": name, "locations": arr{obj{"name": "l"}}, "initial-locations": arr{"l"},
			"edges": arr{obj{"location": "l", "guard": obj{"exp": tr.deadlock}, "destinations": arr{obj{"location": "l", "assignments": as}}}}})
	}
	ja := arr{}
	for _, a := range actions {
		ja = append(ja, obj{"name": a})
	}
	doc["actions"] = ja
	doc["automata"] = autos
	elems := arr{}
	for _, a := range autos {
		elems = append(elems, obj{"automaton": a.(obj)["name"]})
	}
	syncs := arr{}
	for _, a := range actions {
		vec := arr{}
		for i := range autos {
			if i < len(m.modules) && alpha[i][a] {
				vec = append(vec, a)
			} else {
				vec = append(vec, nil)
			}
		}
		syncs = append(syncs, obj{"synchronise": vec, "result": a})
	}
	doc["system"] = obj{"elements": elems, "syncs": syncs}
	return nil
}

// transitionRewards is the assignments of what each reward structure pays
// on a transition with the action ("" for an unlabelled command): its
// transition rewards for the action plus its state rewards, each guard's
// value where it holds, added up; none for a structure that pays nothing
// there. Every command with the action gets the same, translated once.
func (tr *translator) transitionRewards(action string) (arr, error) {
	if as, ok := tr.paying[action]; ok {
		return as, nil
	}
	as := arr{}
	for i, r := range tr.m.rewards {
		sum, err := tr.rewardSum(r, func(it rewardItem) bool { return !it.trans || it.action == action })
		if err != nil {
			return nil, err
		}
		if sum != nil {
			as = append(as, obj{"ref": tr.rewardVar[i], "value": sum})
		}
	}
	tr.paying[action] = as
	return as, nil
}

// rewardSum is the sum of the items of r that pick accepts, each its value
// where its guard holds; nil if none.
func (tr *translator) rewardSum(r *rewardStruct, pick func(rewardItem) bool) (any, error) {
	var terms []any
	for _, it := range r.items {
		if !pick(it) {
			continue
		}
		g, err := tr.exp(it.guard)
		if err != nil {
			return nil, err
		}
		v, err := tr.exp(it.val)
		if err != nil {
			return nil, err
		}
		term := any(obj{"op": "ite", "if": g, "then": v, "else": 0})
		if g == true {
			term = v
		}
		terms = append(terms, term)
	}
	return chain("+", terms, nil), nil
}

// reuse counts the operators of v, a translation made once and written
// again here, against maxTranslated: the JANI text repeats it (a
// structure's state rewards on every transition, the deadlock condition
// wherever a property names it).
func (tr *translator) reuse(v any, at pos) error {
	var walk func(v any)
	walk = func(v any) {
		if tr.nodes > maxTranslated {
			return
		}
		switch v := v.(type) {
		case obj:
			tr.nodes++
			for _, x := range v {
				walk(x)
			}
		case arr:
			for _, x := range v {
				walk(x)
			}
		}
	}
	walk(v)
	if tr.nodes > maxTranslated {
		return errorf(at, "the translation grows past %d operators (formulas expanded where they are used, rewards on every transition)", maxTranslated)
	}
	return tr.guard.Tick(1)
}

// chainFold is the most operands chain joins one after another.
const chainFold = 256

// chain joins items with op, an associative operator (JANI's reals are
// exact, so + is too): left to right, as PRISM reads a sum, up to
// chainFold of them, and beyond that as a balanced tree, which nests as
// the logarithm of their number (a model of 10^5 commands has a deadlock
// condition of 10^5 guards). empty is the value of none.
func chain(op string, items []any, empty any) any {
	if len(items) == 0 {
		return empty
	}
	if len(items) > chainFold {
		mid := len(items) / 2
		return obj{"op": op, "left": chain(op, items[:mid], empty), "right": chain(op, items[mid:], empty)}
	}
	v := items[0]
	for _, x := range items[1:] {
		v = obj{"op": op, "left": v, "right": x}
	}
	return v
}

// jsonNumber writes a PRISM numeric literal (digits, a point, digits, an
// exponent) as a JSON number: JSON wants no leading zeros ("007" is 7)
// and a digit on each side of a point (".5" is 0.5, "2." is 2.0).
func jsonNumber(s string) string {
	mant, exp := s, ""
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		mant, exp = s[:i], s[i:]
	}
	whole, frac, point := strings.Cut(mant, ".")
	if whole = strings.TrimLeft(whole, "0"); whole == "" {
		whole = "0"
	}
	if !point {
		return whole + exp
	}
	if frac == "" {
		frac = "0"
	}
	return whole + "." + frac + exp
}

// exp translates an expression, expanding formulas and labels.
func (tr *translator) exp(e *expr) (any, error) {
	if err := tr.guard.Tick(1); err != nil {
		return nil, err
	}
	if tr.nodes++; tr.nodes > maxTranslated {
		return nil, errorf(e.at, "the translation grows past %d operators (formulas expanded where they are used, rewards on every transition)", maxTranslated)
	}
	tr.depth++
	defer func() { tr.depth-- }()
	if tr.depth > maxJANIDepth {
		return nil, errorf(e.at, "the expression nests more than %d deep once its formulas are expanded", maxJANIDepth)
	}
	switch e.op {
	case "num":
		return json.Number(jsonNumber(e.name)), nil
	case "bool":
		return e.name == "true", nil
	case "id":
		if f := tr.formulas[e.name]; f != nil {
			return tr.expand("formula "+e.name, f, e.at)
		}
		if !tr.vars[e.name] && !tr.consts[e.name] {
			return nil, errorf(e.at, "unknown name %s (not a constant, variable or formula)", e.name)
		}
		return e.name, nil
	case "label":
		switch e.name {
		case "init":
			return tr.initial()
		case "deadlock":
			if tr.deadlock == nil {
				return nil, errorf(e.at, `the label "deadlock" belongs to properties`)
			}
			return tr.deadlock, tr.reuse(tr.deadlock, e.at)
		}
		l := tr.labels[e.name]
		if l == nil {
			return nil, errorf(e.at, "unknown label %q", e.name)
		}
		return tr.expand(fmt.Sprintf("label %q", e.name), l, e.at)
	case "P", "R", "S", "filter", "strategy", "nash", "E", "A":
		return nil, unsupportedf(e.at, "a %s operator inside a formula is not supported (only at the top of a property)", e.op)
	case "X", "F", "G", "U", "W":
		return nil, unsupportedf(e.at, "the temporal operator %s inside a state formula is not supported", e.op)
	}
	args := make([]any, len(e.args))
	for i, a := range e.args {
		v, err := tr.exp(a)
		if err != nil {
			return nil, err
		}
		args[i] = v
	}
	switch e.op {
	case "neg":
		return obj{"op": "-", "left": 0, "right": args[0]}, nil
	case "!":
		return obj{"op": "¬", "exp": args[0]}, nil
	case "?:":
		return obj{"op": "ite", "if": args[0], "then": args[1], "else": args[2]}, nil
	case "call":
		switch e.name {
		case "min", "max":
			return chain(e.name, args, nil), nil
		case "floor", "ceil":
			return obj{"op": e.name, "exp": args[0]}, nil
		case "round":
			return obj{"op": "floor", "exp": obj{"op": "+", "left": args[0], "right": obj{"op": "/", "left": 1, "right": 2}}}, nil
		case "pow":
			return obj{"op": "pow", "left": args[0], "right": args[1]}, nil
		case "mod":
			return obj{"op": "%", "left": args[0], "right": args[1]}, nil
		case "log":
			return obj{"op": "log", "left": args[0], "right": args[1]}, nil
		}
		return nil, errorf(e.at, "function %s is not supported", e.name)
	}
	op, ok := map[string]string{"+": "+", "-": "-", "*": "*", "/": "/", "=": "=", "!=": "≠", "<": "<", "<=": "≤", ">": ">", ">=": "≥", "&": "∧", "|": "∨", "=>": "⇒", "<=>": "="}[e.op]
	if !ok {
		return nil, errorf(e.at, "operator %s is not supported", e.op)
	}
	return obj{"op": op, "left": args[0], "right": args[1]}, nil
}

// expand translates the body of a formula or label (what names it),
// refusing one that uses itself or that grows too large expanded.
func (tr *translator) expand(what string, body *expr, at pos) (any, error) {
	if tr.expanding[what] {
		return nil, errorf(at, "%s uses itself", what)
	}
	if err := tr.sizes.check(what, body, at); err != nil {
		return nil, err
	}
	tr.expanding[what] = true
	defer delete(tr.expanding, what)
	return tr.exp(body)
}

// initial is the label "init": the initial states.
func (tr *translator) initial() (any, error) {
	if tr.m.init != nil {
		return tr.exp(tr.m.init)
	}
	var all []any
	for _, v := range tr.m.allVars() {
		x, err := tr.exp(v.initial())
		if err != nil {
			return nil, err
		}
		all = append(all, obj{"op": "=", "left": v.name, "right": x})
	}
	return chain("∧", all, true), nil
}

// property translates one property into a JANI filter over the initial
// states: values, unless the property is PRISM's filter(min|max|avg|sum,
// φ, "init"), which takes that function of φ's values over the initial
// states (as QVBS's herman asks, with every state initial).
func (tr *translator) property(d propDecl) (any, error) {
	fun, e := "values", d.e
	if e.op == "filter" {
		switch fun = e.name; fun {
		case "min", "max", "avg", "sum": // JANI's names too
		case "+":
			fun = "sum"
		default:
			return nil, unsupportedf(e.at, "filter function %s is not supported (min, max, avg, sum and + are)", e.name)
		}
		if len(e.args) < 2 || e.args[1].op != "label" || e.args[1].name != "init" {
			return nil, unsupportedf(e.at, `a filter is supported over the initial states only: filter(%s, φ, "init")`, e.name)
		}
		e = e.args[0]
	}
	values, err := tr.query(d, e)
	if err != nil {
		return nil, err
	}
	return obj{"op": "filter", "fun": fun, "values": values, "states": obj{"op": "initial"}}, nil
}

// query translates a P, R or S operator, or its comparison with a
// threshold.
func (tr *translator) query(d propDecl, e *expr) (any, error) {
	switch e.op {
	case "P", "R", "S":
	case "strategy":
		return nil, unsupportedf(e.at, "a coalition over a combination of objectives (multi-objective) is not supported: only over one P or R operator")
	case "nash":
		return nil, unsupportedf(e.at, "nonzero-sum properties (<<...:...>>, equilibria) are not supported")
	case "E", "A":
		return nil, unsupportedf(e.at, "the CTL quantifiers A and E are not supported")
	default:
		return nil, unsupportedf(d.at, "a property must be a P, R or S operator, or a filter of one (a Boolean or numeric combination of them, or a state formula alone, is not supported)")
	}
	o := e.prop
	switch {
	case len(o.opt) > 3:
		return nil, unsupportedf(o.at, "%s%s=? (a pair of directions, for concurrent games) is not supported", o.kind, o.opt)
	case o.filter != nil:
		return nil, unsupportedf(o.filter.at, `a filter inside the operator ({...}) is not supported; write filter(max, φ, "init")`)
	case tr.m.typ != "dtmc" && o.opt == "" && o.cmp == "=?":
		return nil, errorf(o.at, "%s=? on an MDP needs min or max (%smin=? or %smax=?)", o.kind, o.kind, o.kind)
	}
	var q obj
	switch o.kind {
	case "S":
		if tr.m.typ != "dtmc" {
			return nil, unsupportedf(o.at, "the steady-state operator S is supported for DTMCs only")
		}
		e, err := tr.exp(o.path.right)
		if err != nil {
			return nil, err
		}
		q = obj{"op": "Smax", "exp": e}
	case "P":
		f, err := pathOf(o.tree)
		if err != nil {
			return nil, err
		}
		var left any = true
		if f.op == "U" {
			l, err := tr.exp(f.left)
			if err != nil {
				return nil, err
			}
			left = l
		}
		right, err := tr.exp(f.right)
		if err != nil {
			return nil, err
		}
		path := obj{"op": "U", "left": left, "right": right}
		if f.op == "G" {
			path = obj{"op": "G", "exp": right}
		}
		if f.bound != nil {
			b, err := tr.exp(f.bound)
			if err != nil {
				return nil, err
			}
			sb := obj{"upper": b}
			if f.strict {
				sb["upper-exclusive"] = true
			}
			path["step-bounds"] = sb
		}
		q = obj{"op": tr.extreme("P", o), "exp": path}
	case "R":
		k, err := tr.rewardOf(o)
		if err != nil {
			return nil, err
		}
		v := tr.rewardVar[k]
		f := o.path
		switch f.op {
		case "F":
			if temporal[f.right.op] {
				return nil, unsupportedf(f.right.at, "a reachability reward's target is a state formula, not %s", f.right.op)
			}
			reach, err := tr.exp(f.right)
			if err != nil {
				return nil, err
			}
			q = obj{"op": tr.extreme("E", o), "exp": v, "accumulate": arr{"steps"}, "reach": reach}
		case "Fc", "F0":
			return nil, unsupportedf(f.at, "the reward %s (reward up to a target that may not be reached) is not supported; R [ F φ ] is", f.op)
		case "C":
			if f.bound == nil {
				return nil, unsupportedf(f.at, "the total reward C (without a bound) is not supported; C<=k and F φ are")
			}
			n, err := tr.exp(f.bound)
			if err != nil {
				return nil, err
			}
			q = obj{"op": tr.extreme("E", o), "exp": v, "accumulate": arr{"steps"}, "step-instant": n}
		case "I":
			// The state rewards of the state reached after k steps.
			n, err := tr.exp(f.bound)
			if err != nil {
				return nil, err
			}
			var sv any = 0
			if s := tr.stateVar[k]; s != "" {
				sv = s
			}
			q = obj{"op": tr.extreme("E", o), "exp": sv, "step-instant": n}
		case "S":
			if tr.m.typ != "dtmc" {
				return nil, unsupportedf(f.at, "long-run rewards (S) are supported for DTMCs only")
			}
			q = obj{"op": "Smax", "exp": v, "accumulate": arr{"steps"}}
		default:
			return nil, errorf(f.at, "a reward of %s is not supported (F, C<=k, I=k and S are)", f.op)
		}
	}
	if err := tr.withCoalition(q, o); err != nil {
		return nil, err
	}
	var values any = q
	if o.cmp != "=?" {
		b, err := tr.exp(o.bound)
		if err != nil {
			return nil, err
		}
		op := map[string]string{">=": "≥", ">": ">", "<=": "≤", "<": "<"}[o.cmp]
		values = obj{"op": op, "left": q, "right": b}
	}
	return values, nil
}

// extreme is the JANI operator of P (prefix P) or R (prefix E): min or
// max as written. A threshold without one holds, in an MDP, for every
// policy, so P>=b compares the least probability and P<=b the greatest;
// in a game, <<C>> P>=b asks whether the coalition can ensure at least b,
// so the coalition maximizes, and with P<=b it minimizes. A DTMC has one
// value, read as max. The dual coalition [[C]] is the others' <<...>>
// with the direction turned (withCoalition), which for thresholds is
// where the others' goal is the relation as written.
func (tr *translator) extreme(prefix string, o *propOp) string {
	up := o.cmp == ">=" || o.cmp == ">"
	switch {
	case o.opt == "min":
		up = false
		if o.dual {
			up = true
		}
	case o.opt == "max":
		up = !o.dual
	case o.coalition == nil:
		up = !up
	}
	if up {
		return prefix + "max"
	}
	return prefix + "min"
}

// pathOf reads P's path formula: F φ, G φ or φ U ψ over state formulas,
// with at most an upper step bound.
func pathOf(e *expr) (*pathFormula, error) {
	f := &pathFormula{op: e.op, at: e.at}
	switch e.op {
	case "F", "G":
		f.right = e.args[0]
	case "U":
		f.left, f.right = e.args[0], e.args[1]
	case "X":
		return nil, unsupportedf(e.at, "X (next) is not supported")
	case "W", "R":
		return nil, unsupportedf(e.at, "the %s operator is not supported (F, G and U are)", e.op)
	default:
		return nil, errorf(e.at, "P's argument is a path formula (F, G, X, U, W or R), not a state formula")
	}
	for _, a := range []*expr{f.left, f.right} {
		if a != nil && temporal[a.op] {
			return nil, unsupportedf(a.at, "LTL formulas (temporal operators combined) are not supported")
		}
	}
	if tb := e.tb; tb != nil {
		if tb.lower != nil {
			return nil, unsupportedf(e.at, "lower and interval time bounds are not supported (only <=k and <k)")
		}
		f.bound, f.strict = tb.upper, tb.upperStrict
	}
	return f, nil
}

// temporal are the operators of path formulas.
var temporal = map[string]bool{"X": true, "F": true, "G": true, "U": true, "W": true, "R": true}

// rewardOf is the index of the reward structure R names.
func (tr *translator) rewardOf(o *propOp) (int, error) {
	if len(tr.m.rewards) == 0 {
		return 0, errorf(o.at, "the model has no reward structure")
	}
	if o.reward == nil {
		return 0, nil
	}
	if o.reward.op == "num" {
		k, err := strconv.Atoi(o.reward.name)
		if err != nil || k < 1 || k > len(tr.m.rewards) {
			return 0, errorf(o.reward.at, "reward structure %s: the model has %d", o.reward.name, len(tr.m.rewards))
		}
		return k - 1, nil
	}
	for i, r := range tr.m.rewards {
		if r.name == o.reward.name {
			return i, nil
		}
	}
	return 0, errorf(o.reward.at, "unknown reward structure %q", o.reward.name)
}

// fresh is name, or name with underscores added, not taken by a constant,
// variable, formula or variable made here; it takes it.
func (tr *translator) fresh(name string) string {
	for tr.vars[name] || tr.consts[name] || tr.formulas[name] != nil || tr.made[name] {
		name += "_"
	}
	tr.made[name] = true
	return name
}

// players writes the players of a game (gamesolve's JANI extension, see
// package jani): each its modules (their unlabelled commands) and its
// actions. The automaton that loops at deadlocks goes to the first.
func (tr *translator) players(doc obj) error {
	if len(tr.m.players) == 0 {
		return errorf(tr.m.typAt, "a game (smg) needs player ... endplayer blocks")
	}
	mods := map[string]bool{}
	for _, mod := range tr.m.modules {
		mods[mod.name] = true
	}
	list := arr{}
	seen := map[string]bool{}
	for i, pl := range tr.m.players {
		if seen[pl.name] {
			return errorf(pl.at, "player %s is defined twice", pl.name)
		}
		seen[pl.name] = true
		autos, acts := arr{}, arr{}
		for _, mn := range pl.modules {
			if !mods[mn] {
				return errorf(pl.at, "player %s: no module %s", pl.name, mn)
			}
			autos = append(autos, mn)
		}
		if i == 0 && tr.deadlockAuto != "" {
			autos = append(autos, tr.deadlockAuto)
		}
		for _, a := range pl.actions {
			acts = append(acts, a)
		}
		list = append(list, obj{"name": pl.name, "automata": autos, "actions": acts})
	}
	doc["players"] = list
	return nil
}

// withCoalition adds the coalition of <<...>> to a game's operator.
func (tr *translator) withCoalition(q obj, o *propOp) error {
	switch {
	case tr.m.typ != "smg" && o.coalition != nil:
		return errorf(o.at, "a coalition <<...>> needs a game (smg)")
	case tr.m.typ == "smg" && o.coalition == nil:
		return errorf(o.at, "a game's property names its coalition: <<p1>> %s", o.text)
	case tr.m.typ == "smg":
		c := arr{}
		in := map[string]bool{}
		for _, n := range o.coalition {
			if k, err := strconv.Atoi(n); err == nil {
				if k < 1 || k > len(tr.m.players) {
					return errorf(o.at, "player %d: the game has players 1 to %d", k, len(tr.m.players))
				}
				n = tr.m.players[k-1].name
			}
			if !slices.ContainsFunc(tr.m.players, func(p *player) bool { return p.name == n }) {
				return errorf(o.at, "no player %s in the game", n)
			}
			c = append(c, n)
			in[n] = true
		}
		if o.dual {
			// [[C]] θ is not <<C>> not θ: by determinacy (turn-based
			// games with reachability and reward goals), the others'
			// coalition with the direction turned (extreme).
			c = arr{}
			for _, p := range tr.m.players {
				if !in[p.name] {
					c = append(c, p.name)
				}
			}
		}
		q["coalition"] = c
	}
	return nil
}

// allVars lists the global variables, then each module's.
func (m *modelAST) allVars() []*varDecl {
	decls := slices.Clone(m.globals)
	for _, mod := range m.modules {
		decls = append(decls, mod.vars...)
	}
	return decls
}

// initial is the variable's initial value: as declared, else its lower
// bound (false for a bool).
func (v *varDecl) initial() *expr {
	switch {
	case v.init != nil:
		return v.init
	case v.isBool:
		return &expr{op: "bool", name: "false", at: v.at}
	}
	return v.lo
}
