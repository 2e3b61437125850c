package jani

import (
	"fmt"
	"github.com/gamesolve/gamesolve/numeric"
	"math/big"
	"math/bits"
	"reflect"
	"strconv"
)

// system reads the composition and the automata it instantiates, in its
// order.
func (m *Model) system(root obj, actionID map[string]int) error {
	sys, err := root.obj("system")
	if err != nil {
		return err
	}
	if err := sys.keys("elements", "syncs"); err != nil {
		return unsupported(err)
	}
	autoList, err := root.list("automata", false)
	if err != nil {
		return err
	}
	byName := map[string]obj{}
	for i, a := range autoList {
		o, err := asObj(a, fmt.Sprintf("automata[%d]", i))
		if err != nil {
			return err
		}
		name, err := o.str("name")
		if err != nil {
			return err
		}
		o.path = fmt.Sprintf("automaton %q", name)
		if _, dup := byName[name]; dup {
			return fmt.Errorf("%s declared twice", o.path)
		}
		byName[name] = o
	}
	elems, err := sys.list("elements", false)
	if err != nil {
		return err
	}
	if len(elems) == 0 {
		return fmt.Errorf("system: no elements")
	}
	for i, el := range elems {
		o, err := asObj(el, fmt.Sprintf("system.elements[%d]", i))
		if err != nil {
			return err
		}
		if err := o.keys("automaton", "input-enable"); err != nil {
			return unsupported(err)
		}
		name, err := o.str("automaton")
		if err != nil {
			return err
		}
		ao, ok := byName[name]
		if !ok {
			return fmt.Errorf("%s: undefined automaton %q", o.path, name)
		}
		for _, a := range m.autos {
			if a.name == name {
				return fmt.Errorf("%s: automaton %q appears twice, which is %w", o.path, name, ErrUnsupported)
			}
		}
		if err := m.automaton(ao, actionID); err != nil {
			return err
		}
	}
	syncs, err := sys.list("syncs", true)
	if err != nil {
		return err
	}
	for i, s := range syncs {
		o, err := asObj(s, fmt.Sprintf("system.syncs[%d]", i))
		if err != nil {
			return err
		}
		if err := o.keys("synchronise", "result"); err != nil {
			return unsupported(err)
		}
		list, err := o.list("synchronise", false)
		if err != nil {
			return err
		}
		if len(list) != len(m.autos) {
			return fmt.Errorf("%s: %d entries for %d automata", o.path, len(list), len(m.autos))
		}
		sv := syncVec{parts: make([]int, len(list))}
		any := false
		for j, a := range list {
			sv.parts[j] = -1
			if a == nil {
				continue
			}
			name, ok := a.(string)
			if !ok {
				return fmt.Errorf("%s: entry %d: want an action name or null, got %s", o.path, j, describe(a))
			}
			id, ok := actionID[name]
			if !ok {
				return fmt.Errorf("%s: undefined action %q", o.path, name)
			}
			sv.parts[j], any = id, true
		}
		if !any {
			return fmt.Errorf("%s: no automaton takes part", o.path)
		}
		if sv.result, err = o.optStr("result"); err != nil {
			return err
		}
		if _, ok := actionID[sv.result]; sv.result != "" && !ok {
			return fmt.Errorf("%s: undefined result action %q", o.path, sv.result)
		}
		m.syncs = append(m.syncs, sv)
	}
	m.markShared()
	return nil
}

// markShared marks the edges that assign a variable some other automaton
// assigns too: only two such edges can assign one variable in one
// transition (each automaton takes part in a move with one edge).
func (m *Model) markShared() {
	writer := make([]int, len(m.slots)) // 1 + the automaton, or -1: several
	for a, au := range m.autos {
		for _, edges := range au.edges {
			for _, e := range edges {
				for _, d := range e.dests {
					for _, as := range d.assign {
						switch w := writer[as.sym.slot]; {
						case w == 0:
							writer[as.sym.slot] = a + 1
						case w != a+1:
							writer[as.sym.slot] = -1
						}
					}
				}
			}
		}
	}
	for _, au := range m.autos {
		for _, edges := range au.edges {
			for _, e := range edges {
				for _, d := range e.dests {
					for _, as := range d.assign {
						e.shared = e.shared || writer[as.sym.slot] < 0
					}
				}
			}
		}
	}
}

// automaton reads one automaton: its local variables, a location slot, and
// its edges.
func (m *Model) automaton(o obj, actionID map[string]int) error {
	if err := o.keys("name", "variables", "locations", "initial-locations", "edges", "restrict-initial", "functions", "comment"); err != nil {
		return unsupported(err)
	}
	a := &automaton{name: o.m["name"].(string)}
	sc := &scope{names: map[string]symbol{}, parent: m.global}
	vars, err := o.list("variables", true)
	if err != nil {
		return err
	}
	if err := m.variables(vars, sc, o.path+".variables"); err != nil {
		return err
	}
	fns, err := o.list("functions", true)
	if err != nil {
		return err
	}
	if err := m.declareFunctions(fns, sc, o.path+".functions"); err != nil {
		return err
	}
	if o.has("restrict-initial") {
		if err := m.restrictInitial(o, "restrict-initial", sc); err != nil {
			return err
		}
	}
	locs, err := o.list("locations", false)
	if err != nil {
		return err
	}
	if len(locs) == 0 {
		return fmt.Errorf("%s: no locations", o.path)
	}
	locID := map[string]int{}
	for i, l := range locs {
		lo, err := asObj(l, fmt.Sprintf("%s.locations[%d]", o.path, i))
		if err != nil {
			return err
		}
		if err := lo.keys("name", "transient-values"); err != nil {
			return unsupported(err)
		}
		name, err := lo.str("name")
		if err != nil {
			return err
		}
		if _, dup := locID[name]; dup {
			return fmt.Errorf("%s: location %q declared twice", o.path, name)
		}
		locID[name] = i
		loc := location{name: name}
		tvs, err := lo.list("transient-values", true)
		if err != nil {
			return err
		}
		for j, tv := range tvs {
			as, err := m.assignment(tv, sc, fmt.Sprintf("%s, location %q, transient-values[%d]", o.path, name, j))
			if err != nil {
				return err
			}
			if !as.sym.transient {
				return fmt.Errorf("%s, location %q: transient-values may set only transient variables, not %q", o.path, name, as.name)
			}
			loc.transient = append(loc.transient, as)
		}
		a.locs = append(a.locs, loc)
	}
	init, err := o.list("initial-locations", false)
	if err != nil {
		return err
	}
	if len(init) != 1 {
		return fmt.Errorf("%s: %d initial locations; exactly one is supported", o.path, len(init))
	}
	name, _ := init[0].(string)
	l0, ok := locID[name]
	if !ok {
		return fmt.Errorf("%s: undefined initial location %s", o.path, describe(init[0]))
	}
	a.locSlot = len(m.slots)
	n := int64(len(a.locs))
	m.slots = append(m.slots, slot{name: a.name, lo: 0, hi: n - 1, width: uint(bits.Len64(uint64(n - 1))), auto: a})
	m.initial = append(m.initial, int64(l0))
	a.edges = make([][]*edge, len(a.locs))
	edges, err := o.list("edges", false)
	if err != nil {
		return err
	}
	for i, ev := range edges {
		eo, err := asObj(ev, commented(fmt.Sprintf("%s, edge %d", o.path, i), ev))
		if err != nil {
			return err
		}
		e, from, err := m.edge(eo, sc, locID, actionID)
		if err != nil {
			return err
		}
		a.edges[from] = append(a.edges[from], e)
	}
	m.autos = append(m.autos, a)
	return nil
}

// commented adds to the path of an edge, destination or assignment its
// "comment", shortened, where it has one: where a translation writes the
// source's place there (the PRISM reader writes "prism 4:17"), or a tool
// the assignment as text, a message names what the user wrote.
func commented(path string, v any) string {
	o, _ := v.(map[string]any)
	c, _ := o["comment"].(string)
	if c == "" {
		return path
	}
	if short, cut := numeric.Cut(c, 60); cut {
		c = short + "…"
	}
	return fmt.Sprintf("%s [%s]", path, c)
}

func (m *Model) edge(o obj, sc *scope, locID map[string]int, actionID map[string]int) (*edge, int, error) {
	if err := o.keys("location", "action", "guard", "destinations"); err != nil {
		return nil, 0, unsupported(err)
	}
	from, err := o.str("location")
	if err != nil {
		return nil, 0, err
	}
	l, ok := locID[from]
	if !ok {
		return nil, 0, fmt.Errorf("%s: undefined location %q", o.path, from)
	}
	e := &edge{where: fmt.Sprintf("%s (location %q)", o.path, from), action: -1}
	if o.has("action") {
		name, err := o.str("action")
		if err != nil {
			return nil, 0, err
		}
		id, ok := actionID[name]
		if !ok {
			return nil, 0, fmt.Errorf("%s: undefined action %q", o.path, name)
		}
		e.action = id
	}
	guarded := &scope{names: sc.names, parent: sc.parent, noTransient: true}
	if o.has("guard") {
		g, err := o.obj("guard")
		if err != nil {
			return nil, 0, err
		}
		if err := g.keys("exp"); err != nil {
			return nil, 0, err
		}
		x, err := compile(g.m["exp"], guarded, e.where+": guard")
		if err != nil {
			return nil, 0, err
		}
		if x.t != tBool {
			return nil, 0, fmt.Errorf("%s: guard: type error: want bool, got %s", e.where, x.t)
		}
		if x.k == nil || x.k.i == 0 { // constantly true needs no test
			e.guard = &x
		}
	}
	dl, err := o.list("destinations", false)
	if err != nil {
		return nil, 0, err
	}
	if len(dl) == 0 {
		return nil, 0, fmt.Errorf("%s: no destinations", e.where)
	}
	// Transient assignments are evaluated in the state the edge leaves
	// (JANI), so destinations that write the same ones (a PRISM command's
	// transition reward, on every update) earn the same.
	var first []any
	for j, dv := range dl {
		do, err := asObj(dv, commented(fmt.Sprintf("%s, destination %d", e.where, j), dv))
		if err != nil {
			return nil, 0, err
		}
		if err := do.keys("location", "probability", "assignments"); err != nil {
			return nil, 0, unsupported(err)
		}
		to, err := do.str("location")
		if err != nil {
			return nil, 0, err
		}
		d := dest{}
		if d.loc, ok = locID[to]; !ok {
			return nil, 0, fmt.Errorf("%s: undefined location %q", do.path, to)
		}
		d.prob = konst(&constant{t: tReal, r: big.NewRat(1, 1)})
		if do.has("probability") {
			po, err := do.obj("probability")
			if err != nil {
				return nil, 0, err
			}
			if err := po.keys("exp"); err != nil {
				return nil, 0, err
			}
			x, err := compile(po.m["exp"], guarded, do.path+": probability")
			if err != nil {
				return nil, 0, err
			}
			if x.t == tBool {
				return nil, 0, fmt.Errorf("%s: probability: type error: want a number, got bool", do.path)
			}
			d.prob = toReal(x)
			if d.prob.k != nil {
				if err := checkProbability(d.prob.k.r, &edge{where: do.path}, j); err != nil {
					return nil, 0, err
				}
			}
		}
		al, err := do.list("assignments", true)
		if err != nil {
			return nil, 0, err
		}
		var raw []any // the transient assignments as written
		for k, av := range al {
			as, err := m.assignment(av, guarded, commented(fmt.Sprintf("%s, assignment %d", do.path, k), av))
			if err != nil {
				return nil, 0, err
			}
			if as.sym.transient {
				d.transients = append(d.transients, as)
				raw = append(raw, av)
			} else {
				d.assign = append(d.assign, as)
			}
		}
		if j == 0 {
			first = raw
		} else if !reflect.DeepEqual(raw, first) {
			e.destRewards = true
		}
		e.dests = append(e.dests, d)
	}
	return e, l, nil
}

// assignment reads {"ref": variable, "value": expression}.
func (m *Model) assignment(v any, sc *scope, path string) (assignment, error) {
	o, err := asObj(v, path)
	if err != nil {
		return assignment{}, err
	}
	if err := o.keys("ref", "value", "index"); err != nil {
		return assignment{}, unsupported(err)
	}
	index := 0
	if ix, ok := o.m["index"]; ok {
		n, err := strconv.Atoi(fmt.Sprint(ix))
		if err != nil || n < 0 || n > maxIndex {
			return assignment{}, fmt.Errorf("%s: index %s: want an integer from 0 to %d", path, describe(ix), maxIndex)
		}
		index = n
	}
	ref, ok := o.m["ref"].(string)
	if !ok {
		return assignment{}, fmt.Errorf("%s: \"ref\" must name a variable (array and other references are %w)", path, ErrUnsupported)
	}
	sym, ok := sc.lookup(ref)
	if !ok {
		return assignment{}, fmt.Errorf("%s: undefined identifier %q", path, ref)
	}
	if sym.k != nil {
		return assignment{}, fmt.Errorf("%s: %q is a constant and cannot be assigned", path, ref)
	}
	if _, ok := o.m["value"]; !ok {
		return assignment{}, fmt.Errorf("%s: missing \"value\"", path)
	}
	plain := &scope{names: sc.names, parent: sc.parent, noTransient: true}
	val, err := compile(o.m["value"], plain, fmt.Sprintf("%s (%s)", path, ref))
	if err != nil {
		return assignment{}, err
	}
	switch {
	case sym.t == val.t:
	case sym.t == tReal && val.t == tInt:
		val = toReal(val)
	default:
		return assignment{}, fmt.Errorf("%s: type error: %s := %s value", path, sym.t, val.t)
	}
	if index > 0 {
		m.sequenced = true
	}
	return assignment{name: ref, sym: sym, val: val, index: index}, nil
}

// maxIndex bounds assignment indices (sequenced assignments).
const maxIndex = 1 << 16
