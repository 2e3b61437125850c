package jani

import (
	"errors"
	"fmt"
	"math/big"
	"math/bits"
	"sort"
	"strings"
	"sync/atomic"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/solver"
)

// ErrUnsupported is wrapped by errors for JANI constructs outside the subset
// this reader handles (timed models, functions, arrays, ...). Every error
// from Parse also wraps solver.ErrInvalid.
var ErrUnsupported = errors.New("not supported")

// Model is a parsed JANI model with its constants fixed.
type Model struct {
	// Name is the model's name; Type is "dtmc", "mdp" or "smg".
	Name, Type string

	slots      []slot // state slots: variables, then one location per automaton
	initial    []int64
	bits       int   // bits of a packed state
	packed     []int // the slots with more than one value
	transients []transient
	nTints     int // int and bool transients
	nRats      int // real transients
	autos      []*automaton
	syncs      []syncVec
	actions    []string
	global     *scope
	props      []*property
	// sequenced: some assignment has an index above 0.
	sequenced bool
	// free lists the slots of the variables without an initial value, and
	// restrict the restrictions of the initial states (initialStates).
	free     []int
	restrict []expr
	// players names the players of a turn-based game (type "smg", see
	// players.go); actionPlayer and autoPlayer give the player of a
	// synchronised move by its action and of a silent edge by its
	// automaton (-1: none).
	players      []string
	actionPlayer map[string]int
	autoPlayer   []int
}

// Rounded returns the first irrational power the model has taken so far
// (pow(2, 1/2)), which float mode rounds to the nearest float64 and exact
// mode refuses; "" if none. Expressions are evaluated as the states are
// explored, so a model may take its first one during a Check.
func (m *Model) Rounded() string {
	if p := m.global.rounded.Load(); p != nil {
		return *p
	}
	return ""
}

type slot struct {
	name   string
	lo, hi int64
	bool   bool
	width  uint
	auto   *automaton // for a location slot
}

type transient struct {
	name string
	sym  symbol
	init *constant
}

type automaton struct {
	name    string
	locs    []location
	locSlot int
	edges   [][]*edge // by location
}

type location struct {
	name      string
	transient []assignment
}

type edge struct {
	where  string // for messages: automaton, edge number, location
	action int    // -1: silent
	guard  *expr  // nil: true
	dests  []dest
	shared bool // assigns a variable another automaton assigns too
	// destRewards: its destinations' transient assignments differ, so
	// what a step earns depends on the destination taken.
	destRewards bool
}

type dest struct {
	loc        int
	prob       expr // real
	assign     []assignment
	transients []assignment
}

type assignment struct {
	name string
	sym  symbol
	val  expr
	// index orders sequenced assignments: those of index 0 first, all at
	// once, then those of index 1 on the values they left, and so on.
	index int
}

type syncVec struct {
	parts  []int // per automaton: action, or -1 for not taking part
	result string
}

// Parse reads a JANI model. consts gives the values of constants the file
// leaves open (as written on a command line: 16, 0.1, 1/3, true); a missing
// or unknown name, or a malformed value, is an error. Errors wrap
// solver.ErrInvalid, and ErrUnsupported for constructs outside the subset.
func Parse(data []byte, consts map[string]string) (m *Model, err error) {
	v, err := decode(data)
	if err != nil {
		return nil, solver.Invalidf("jani: %w", err)
	}
	return parseDoc(v, consts)
}

// ParseDocument reads a JANI model given as a document already decoded:
// what encoding/json, with UseNumber, decodes a JANI text into
// (map[string]any, []any, string, bool, json.Number and nil), built by a
// translator such as the PRISM reader's rather than read from text. It
// reads as Parse does, and does not modify doc.
func ParseDocument(doc map[string]any, consts map[string]string) (*Model, error) {
	return parseDoc(doc, consts)
}

// parseDoc reads a decoded JANI document (Parse's work after decoding).
func parseDoc(v any, consts map[string]string) (m *Model, err error) {
	defer func() {
		if err != nil {
			err = solver.Invalidf("jani: %w", err)
		}
	}()
	root, err := asObj(v, "model")
	if err != nil {
		return nil, err
	}
	if !root.has("jani-version") {
		return nil, fmt.Errorf(`model: missing "jani-version"`)
	}
	if err := root.keys("jani-version", "name", "type", "features", "actions", "constants", "variables", "restrict-initial", "properties", "automata", "system", "metadata", "functions", "players"); err != nil {
		return nil, unsupported(err)
	}
	m = &Model{global: &scope{names: map[string]symbol{}, rounded: new(atomic.Pointer[string])}}
	if m.Name, err = root.optStr("name"); err != nil {
		return nil, err
	}
	if m.Type, err = root.str("type"); err != nil {
		return nil, err
	}
	if m.Type != "dtmc" && m.Type != "mdp" && m.Type != "smg" {
		return nil, fmt.Errorf("model type %q is %w (dtmc, mdp and gamesolve's smg are)", m.Type, ErrUnsupported)
	}
	if root.has("players") != (m.Type == "smg") {
		return nil, fmt.Errorf(`model: "players" goes with type "smg", and only with it`)
	}
	features, err := root.list("features", true)
	if err != nil {
		return nil, err
	}
	for _, f := range features {
		if f != "derived-operators" && f != "functions" && f != "state-exit-rewards" {
			return nil, fmt.Errorf("feature %s is %w (derived-operators, functions and state-exit-rewards are)", describe(f), ErrUnsupported)
		}
	}
	actions, err := root.list("actions", true)
	if err != nil {
		return nil, err
	}
	actionID := map[string]int{}
	for i, a := range actions {
		o, err := asObj(a, fmt.Sprintf("actions[%d]", i))
		if err != nil {
			return nil, err
		}
		if err := o.keys("name"); err != nil {
			return nil, err
		}
		name, err := o.str("name")
		if err != nil {
			return nil, err
		}
		if _, dup := actionID[name]; dup {
			return nil, fmt.Errorf("action %q declared twice", name)
		}
		actionID[name] = len(m.actions)
		m.actions = append(m.actions, name)
	}
	if err := m.constants(root, consts); err != nil {
		return nil, err
	}
	vars, err := root.list("variables", true)
	if err != nil {
		return nil, err
	}
	if err := m.variables(vars, m.global, "variables"); err != nil {
		return nil, err
	}
	fns, err := root.list("functions", true)
	if err != nil {
		return nil, err
	}
	if err := m.declareFunctions(fns, m.global, "functions"); err != nil {
		return nil, err
	}
	if err := m.system(root, actionID); err != nil {
		return nil, err
	}
	if root.has("restrict-initial") {
		if err := m.restrictInitial(root, "restrict-initial", m.global); err != nil {
			return nil, err
		}
	}
	if m.Type == "smg" {
		if err := m.readPlayers(root); err != nil {
			return nil, err
		}
	}
	if err := m.properties(root); err != nil {
		return nil, err
	}
	for i, s := range m.slots {
		m.bits += int(s.width)
		if s.width > 0 {
			m.packed = append(m.packed, i)
		}
	}
	return m, nil
}

func unsupported(err error) error { return fmt.Errorf("%w (%w)", err, ErrUnsupported) }

// constants defines the file's constants in order, each visible to the
// ones after it.
func (m *Model) constants(root obj, given map[string]string) error {
	list, err := root.list("constants", true)
	if err != nil {
		return err
	}
	used := map[string]bool{}
	for i, c := range list {
		o, err := asObj(c, fmt.Sprintf("constants[%d]", i))
		if err != nil {
			return err
		}
		if err := o.keys("name", "type", "value"); err != nil {
			return unsupported(err)
		}
		name, err := o.str("name")
		if err != nil {
			return err
		}
		o.path = fmt.Sprintf("constant %q", name)
		t, err := basicType(o)
		if err != nil {
			return err
		}
		if _, dup := m.global.names[name]; dup {
			return fmt.Errorf("%s declared twice", o.path)
		}
		var k *constant
		if v, ok := o.m["value"]; ok {
			e, err := compile(v, m.global, o.path)
			if err != nil {
				return err
			}
			if k, err = fixed(e, t, o.path); err != nil {
				return err
			}
			if _, ok := given[name]; ok {
				return fmt.Errorf("--const %s: the model defines %s itself", name, name)
			}
		} else {
			s, ok := given[name]
			if !ok {
				return fmt.Errorf("%s has no value: give it with --const %s=VALUE (a %s)", o.path, name, t)
			}
			used[name] = true
			if k, err = m.given(name, s, t); err != nil {
				return fmt.Errorf("--const %s=%s: %w", name, s, err)
			}
		}
		m.global.names[name] = symbol{k: k, t: t}
	}
	var unknown []string
	for name := range given {
		if !used[name] {
			unknown = append(unknown, name)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return fmt.Errorf("--const %s: the model has no open constant of that name", strings.Join(unknown, ","))
	}
	return nil
}

// basicType reads "type" as int, real or bool.
func basicType(o obj) (typ, error) {
	v := o.m["type"]
	switch v {
	case "int":
		return tInt, nil
	case "real":
		return tReal, nil
	case "bool":
		return tBool, nil
	case nil:
		return 0, fmt.Errorf(`%s: missing "type"`, o.path)
	}
	return 0, fmt.Errorf("%s: type %s is %w (int, real and bool are)", o.path, describe(v), ErrUnsupported)
}

// fixed requires e to be constant and of type t (an int may stand for a
// real), and returns its value.
func fixed(e expr, t typ, path string) (*constant, error) {
	if e.k == nil {
		return nil, fmt.Errorf("%s: not a constant expression", path)
	}
	k := e.k
	switch {
	case k.t == t:
		return k, nil
	case t == tReal && k.t == tInt:
		return &constant{t: tReal, r: new(big.Rat).SetInt64(k.i)}, nil
	}
	return nil, fmt.Errorf("%s: type error: want %s, got %s", path, t, k.t)
}

// given reads the value s given for the constant name of type t: a
// literal, or an expression over the constants defined so far
// (constexpr.go).
func (m *Model) given(name, s string, t typ) (*constant, error) {
	k, err := parseConst(s, t)
	if err == nil {
		return k, nil
	}
	v, perr := constExpr(s)
	if perr != nil {
		if isLiteral(s) {
			return nil, err // the literal's own complaint: too large, not a bool
		}
		return nil, perr
	}
	e, cerr := compile(v, m.global, "the value")
	if cerr != nil && isLiteral(s) {
		return nil, err // a word that names no constant: the literal's complaint
	}
	if cerr != nil {
		return nil, cerr
	}
	return fixed(e, t, "the value")
}

// isLiteral reports whether s is a number or a word alone (letters,
// digits, points and underscores, after an optional sign).
func isLiteral(s string) bool {
	s = strings.TrimLeft(s, "+-")
	return s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r == '_' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	}) < 0
}

// parseConst reads a --const value of type t.
func parseConst(s string, t typ) (*constant, error) {
	switch t {
	case tBool:
		switch s {
		case "true":
			return &constant{t: tBool, i: 1}, nil
		case "false":
			return &constant{t: tBool, i: 0}, nil
		}
		return nil, errors.New("want true or false")
	case tInt:
		i, ok := new(big.Int).SetString(s, 10)
		switch {
		case !ok:
			return nil, errors.New("want an integer")
		case !i.IsInt64():
			return nil, errors.New("an integer out of range (at most 2^63-1 in size)")
		}
		return &constant{t: tInt, i: i.Int64()}, nil
	}
	r, err := numeric.ParseNumber(s)
	if err != nil {
		return nil, err
	}
	return &constant{t: tReal, r: r}, nil
}

// variables declares variables in sc: bounded ints and bools get state
// slots; transient ones (labels, rewards) get transient slots.
func (m *Model) variables(list []any, sc *scope, where string) error {
	for i, v := range list {
		o, err := asObj(v, fmt.Sprintf("%s[%d]", where, i))
		if err != nil {
			return err
		}
		if err := o.keys("name", "type", "initial-value", "transient"); err != nil {
			return unsupported(err)
		}
		name, err := o.str("name")
		if err != nil {
			return err
		}
		o.path = commented(fmt.Sprintf("variable %q", name), v)
		if _, dup := sc.names[name]; dup {
			return fmt.Errorf("%s declared twice", o.path)
		}
		isTransient := false
		if t, ok := o.m["transient"]; ok {
			b, ok := t.(bool)
			if !ok {
				return fmt.Errorf(`%s: "transient" must be true or false`, o.path)
			}
			isTransient = b
		}
		t, lo, hi, err := m.varType(o)
		if err != nil {
			return err
		}
		iv, ok := o.m["initial-value"]
		if !ok && isTransient {
			return fmt.Errorf("%s: a transient variable needs an initial value", o.path)
		}
		var init *constant
		if ok {
			e, err := compile(iv, m.global, o.path+": initial-value")
			if err != nil {
				return err
			}
			if init, err = fixed(e, t, o.path+": initial-value"); err != nil {
				return err
			}
		} else if t == tReal {
			return fmt.Errorf("%s: a real state variable is %w", o.path, ErrUnsupported)
		}
		if isTransient {
			sym := symbol{t: t, transient: true}
			if t == tReal {
				sym.real, sym.slot = true, m.nRats
				m.nRats++
			} else {
				sym.slot = m.nTints
				m.nTints++
			}
			m.transients = append(m.transients, transient{name: name, sym: sym, init: init})
			sc.names[name] = sym
			continue
		}
		if lo > hi {
			return fmt.Errorf("%s: empty bounds [%d, %d]", o.path, lo, hi)
		}
		if init == nil {
			// No initial value: every value of the domain is initial
			// (subject to restrict-initial).
			m.free = append(m.free, len(m.slots))
			init = &constant{t: t, i: lo}
		}
		if init.i < lo || init.i > hi {
			return fmt.Errorf("%s: initial value %d is outside its bounds [%d, %d]", o.path, init.i, lo, hi)
		}
		sc.names[name] = symbol{t: t, slot: len(m.slots)}
		m.slots = append(m.slots, slot{name: name, lo: lo, hi: hi, bool: t == tBool, width: uint(bits.Len64(uint64(hi - lo)))})
		m.initial = append(m.initial, init.i)
	}
	return nil
}

// varType reads a variable's type; state variables must be bool or bounded
// int, transient ones may also be int or real.
func (m *Model) varType(o obj) (t typ, lo, hi int64, err error) {
	transient, _ := o.m["transient"].(bool)
	switch v := o.m["type"].(type) {
	case string:
		switch v {
		case "bool":
			return tBool, 0, 1, nil
		case "int", "real":
			if transient {
				if v == "int" {
					return tInt, 0, 0, nil
				}
				return tReal, 0, 0, nil
			}
			return 0, 0, 0, fmt.Errorf("%s: an unbounded %s variable is %w (give int variables bounds)", o.path, v, ErrUnsupported)
		}
		return 0, 0, 0, fmt.Errorf("%s: type %q is %w", o.path, v, ErrUnsupported)
	case map[string]any:
		to := obj{v, o.path + ": type"}
		if err := to.keys("kind", "base", "lower-bound", "upper-bound"); err != nil {
			return 0, 0, 0, unsupported(err)
		}
		if to.m["kind"] != "bounded" || to.m["base"] != "int" {
			return 0, 0, 0, fmt.Errorf("%s: only bounded int types are supported (%w)", to.path, ErrUnsupported)
		}
		bound := func(k string) (int64, error) {
			b, ok := to.m[k]
			if !ok {
				return 0, fmt.Errorf("%s: a variable without %s is %w", to.path, k, ErrUnsupported)
			}
			e, err := compile(b, m.global, to.path+": "+k)
			if err != nil {
				return 0, err
			}
			c, err := fixed(e, tInt, to.path+": "+k)
			if err != nil {
				return 0, err
			}
			return c.i, nil
		}
		if lo, err = bound("lower-bound"); err != nil {
			return
		}
		if hi, err = bound("upper-bound"); err != nil {
			return
		}
		if hi-lo < 0 || hi-lo > 1<<40 {
			return 0, 0, 0, fmt.Errorf("%s: bounds [%d, %d] span more than 2^40 values or are empty", to.path, lo, hi)
		}
		return tInt, lo, hi, nil
	case nil:
		return 0, 0, 0, fmt.Errorf(`%s: missing "type"`, o.path)
	}
	return 0, 0, 0, fmt.Errorf("%s: type %s is %w", o.path, describe(o.m["type"]), ErrUnsupported)
}

// restrictInitial reads a restriction of the initial states: a Boolean
// expression over the variables that every initial state satisfies.
func (m *Model) restrictInitial(o obj, k string, sc *scope) error {
	ri, err := o.obj(k)
	if err != nil {
		return err
	}
	if err := ri.keys("exp", "comment"); err != nil {
		return err
	}
	plain := &scope{names: sc.names, parent: sc.parent, noTransient: true}
	e, err := compile(ri.m["exp"], plain, ri.path)
	if err != nil {
		return err
	}
	if e.t != tBool {
		return fmt.Errorf("%s: type error: want bool, got %s", ri.path, e.t)
	}
	if e.k == nil || e.k.i == 0 {
		m.restrict = append(m.restrict, e)
	}
	return nil
}

// MaxInitial bounds the initial states of a model (variables without an
// initial value range over their domains).
const MaxInitial = 1 << 20

// initialStates returns the packed initial states: every combination of
// values of the variables without an initial value that satisfies the
// restrictions, in increasing order of the first such variable (then the
// next, and so on).
func (m *Model) initialStates() (states []string, err error) {
	defer catch(&err)
	count := 1.0
	for _, sl := range m.free {
		count *= float64(m.slots[sl].hi - m.slots[sl].lo + 1)
	}
	if count > MaxInitial {
		return nil, fmt.Errorf("%w: %.3g combinations of initial values (at most %d initial states)", budget.ErrTooLarge, count, MaxInitial)
	}
	var e env
	e.ints = append([]int64(nil), m.initial...)
	var fill func(i int)
	fill = func(i int) {
		if i == len(m.free) {
			for _, r := range m.restrict {
				if !r.b(&e) {
					return
				}
			}
			states = append(states, m.pack(e.ints, nil))
			return
		}
		sl := m.free[i]
		for v := m.slots[sl].lo; v <= m.slots[sl].hi; v++ {
			e.ints[sl] = v
			fill(i + 1)
		}
	}
	fill(0)
	if len(states) == 0 {
		return nil, fmt.Errorf("no initial state satisfies the restrictions")
	}
	return states, nil
}

// ParseConsts reads open constants' values written as "N=16,MAX=2" (the
// command line's --const), for Parse. A value may be an expression over
// the constants before it ("K=2*N+1", "p=min(1/3,q)": commas inside
// parentheses belong to it). Spaces around names and values are allowed;
// a name given twice is an error.
func ParseConsts(s string) (map[string]string, error) {
	out := map[string]string{}
	if s == "" {
		return out, nil
	}
	for _, part := range splitTop(s) {
		name, val, ok := strings.Cut(part, "=")
		name, val = strings.TrimSpace(name), strings.TrimSpace(val)
		switch {
		case !ok || name == "" || val == "":
			return nil, fmt.Errorf("%q: want NAME=VALUE", part)
		case out[name] != "":
			return nil, fmt.Errorf("%s given twice", name)
		}
		out[name] = val
	}
	return out, nil
}

// splitTop splits s at the commas outside parentheses.
func splitTop(s string) []string {
	var parts []string
	depth, from := 0, 0
	for i, r := range s {
		switch r {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				parts = append(parts, s[from:i])
				from = i + 1
			}
		}
	}
	return append(parts, s[from:])
}
