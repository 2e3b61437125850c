package jani

import (
	"fmt"
	"math/big"
)

// Functions (JANI's "functions" feature): a model or an automaton declares
// named, typed functions of typed parameters, whose body is an expression
// over the parameters and whatever is in scope where the function is
// declared; {"op": "call", "function": f, "args": [...]} calls one. Each
// body is compiled once; a call evaluates its arguments, puts them on
// env's frame stack and evaluates the body, whose parameters read the
// frame. Functions may call each other and themselves; a chain of calls
// deeper than maxCallDepth stops the evaluation with an error (a recursive
// function whose base case is never reached).

// maxCallDepth bounds nested calls while evaluating one expression, and
// maxCalls all the calls one outermost call makes: a function that calls
// itself twice, 60 deep, is 2^60 calls, and the explorer looks at its
// context and budget only between states.
const (
	maxCallDepth = 1000
	maxCalls     = 1 << 22
)

// function is a declared function. body is set once all functions of its
// scope are known, so calls may precede declarations and recurse.
type function struct {
	name   string
	t      typ
	params []typ
	body   *expr
}

// argv is one argument on env's frame stack.
type argv struct {
	i int64 // int, or bool as 0/1
	r *big.Rat
}

// declareFunctions reads a "functions" list into sc: first every
// signature, then every body (with its parameters in scope), so bodies may
// call any function of the list, themselves included.
func (m *Model) declareFunctions(list []any, sc *scope, path string) error {
	type pending struct {
		fn     *function
		o      obj
		params map[string]symbol
	}
	var todo []pending
	for i, f := range list {
		o, err := asObj(f, fmt.Sprintf("%s[%d]", path, i))
		if err != nil {
			return err
		}
		if err := o.keys("name", "type", "parameters", "body", "comment"); err != nil {
			return err
		}
		name, err := o.str("name")
		if err != nil {
			return err
		}
		if _, dup := sc.names[name]; dup {
			return fmt.Errorf("%s: %q is declared twice", o.path, name)
		}
		t, err := m.basicType(o, "type")
		if err != nil {
			return err
		}
		fn := &function{name: name, t: t}
		ps, err := o.list("parameters", true)
		if err != nil {
			return err
		}
		params := map[string]symbol{}
		for j, p := range ps {
			po, err := asObj(p, fmt.Sprintf("%s.parameters[%d]", o.path, j))
			if err != nil {
				return err
			}
			if err := po.keys("name", "type", "comment"); err != nil {
				return err
			}
			pname, err := po.str("name")
			if err != nil {
				return err
			}
			if _, dup := params[pname]; dup {
				return fmt.Errorf("%s: parameter %q is declared twice", po.path, pname)
			}
			pt, err := m.basicType(po, "type")
			if err != nil {
				return err
			}
			params[pname] = symbol{t: pt, param: j + 1}
			fn.params = append(fn.params, pt)
		}
		sc.names[name] = symbol{fn: fn}
		todo = append(todo, pending{fn, o, params})
	}
	for _, p := range todo {
		body := &scope{names: p.params, parent: sc, noTransient: sc.noTransient}
		v, ok := p.o.m["body"]
		if !ok {
			return fmt.Errorf("%s: function %q has no body", p.o.path, p.fn.name)
		}
		e, err := compile(v, body, p.o.path+".body")
		if err != nil {
			return err
		}
		switch {
		case p.fn.t == e.t:
		case p.fn.t == tReal && e.t == tInt:
			e = toReal(e)
		default:
			return fmt.Errorf("%s: function %q of type %s has a body of type %s", p.o.path, p.fn.name, p.fn.t, e.t)
		}
		p.fn.body = &e
	}
	return nil
}

// basicType reads a function's or parameter's type: bool, int (a bounded
// int counts as int) or real.
func (m *Model) basicType(o obj, key string) (typ, error) {
	v, ok := o.m[key]
	if !ok {
		return 0, fmt.Errorf("%s: missing %q", o.path, key)
	}
	switch x := v.(type) {
	case string:
		switch x {
		case "bool":
			return tBool, nil
		case "int":
			return tInt, nil
		case "real":
			return tReal, nil
		}
	case map[string]any:
		to := obj{x, o.path + "." + key}
		if k, _ := to.str("kind"); k == "bounded" {
			if b, _ := to.str("base"); b == "int" {
				return tInt, nil
			}
			return tReal, nil
		}
	}
	return 0, fmt.Errorf("%s: type %s is %w (bool, int and real are)", o.path, describe(v), ErrUnsupported)
}

// param compiles a read of parameter k (from 1) of the function being
// compiled.
func param(sym symbol) expr {
	k := sym.param - 1
	switch sym.t {
	case tBool:
		return expr{t: tBool, b: func(e *env) bool { return e.args[e.base+k].i != 0 }}
	case tInt:
		return expr{t: tInt, i: func(e *env) int64 { return e.args[e.base+k].i }}
	}
	return expr{t: tReal, r: func(e *env) *big.Rat { return e.args[e.base+k].r }}
}

// compileCall compiles {"op": "call", "function": f, "args": [...]}.
func compileCall(o obj, sc *scope, depth int) (expr, error) {
	if err := o.keys("op", "function", "args"); err != nil {
		return expr{}, err
	}
	name, err := o.str("function")
	if err != nil {
		return expr{}, err
	}
	sym, ok := sc.lookup(name)
	if !ok || sym.fn == nil {
		return expr{}, fmt.Errorf("%s: undefined function %q", o.path, name)
	}
	fn := sym.fn
	list, err := o.list("args", true)
	if err != nil {
		return expr{}, err
	}
	if len(list) != len(fn.params) {
		return expr{}, fmt.Errorf("%s: function %q takes %d arguments, got %d", o.path, name, len(fn.params), len(list))
	}
	// Each argument becomes a setter that evaluates it into an argv.
	set := make([]func(*env, *argv), len(list))
	for j, a := range list {
		x, err := compileDepth(a, sc, fmt.Sprintf("%s.args[%d]", o.path, j), depth+1)
		if err != nil {
			return expr{}, err
		}
		switch pt := fn.params[j]; {
		case pt == tBool && x.t == tBool:
			b := x.b
			set[j] = func(e *env, v *argv) {
				v.i = 0
				if b(e) {
					v.i = 1
				}
			}
		case pt == tInt && x.t == tInt:
			i := x.i
			set[j] = func(e *env, v *argv) { v.i = i(e) }
		case pt == tReal && x.t != tBool:
			r := x.asReal()
			set[j] = func(e *env, v *argv) { v.r = r(e) }
		default:
			return expr{}, fmt.Errorf("%s: argument %d of %q has type %s, the parameter %s", o.path, j+1, name, x.t, pt)
		}
	}
	// enter evaluates the arguments, then pushes them as the callee's
	// frame; leave pops it.
	enter := func(e *env) (saved int) {
		var buf [8]argv
		vals := buf[:0]
		if len(set) > len(buf) {
			vals = make([]argv, 0, len(set))
		}
		for _, s := range set {
			vals = append(vals, argv{})
			s(e, &vals[len(vals)-1])
		}
		if e.depth == 0 {
			e.calls = 0
		}
		if e.calls++; e.calls > maxCalls {
			fail("function %q: more than %d calls to evaluate one call (a recursion that branches?)", name, maxCalls)
		}
		if e.depth++; e.depth > maxCallDepth {
			fail("function %q: calls nested more than %d deep (a recursion that does not end?)", name, maxCallDepth)
		}
		saved = e.base
		e.base = len(e.args)
		e.args = append(e.args, vals...)
		return saved
	}
	leave := func(e *env, saved int) {
		e.args = e.args[:e.base]
		e.base = saved
		e.depth--
	}
	switch fn.t {
	case tBool:
		return expr{t: tBool, b: called(enter, leave, func(e *env) bool { return fn.body.b(e) })}, nil
	case tInt:
		return expr{t: tInt, i: called(enter, leave, func(e *env) int64 { return fn.body.i(e) })}, nil
	}
	return expr{t: tReal, r: called(enter, leave, func(e *env) *big.Rat { return fn.body.r(e) })}, nil
}

// called evaluates body between enter and leave: a call's frame around the
// function's body (read through fn at call time: it may be compiled after
// the call, or be the caller itself).
func called[V any](enter func(*env) int, leave func(*env, int), body func(*env) V) func(*env) V {
	return func(e *env) V {
		s := enter(e)
		v := body(e)
		leave(e, s)
		return v
	}
}
