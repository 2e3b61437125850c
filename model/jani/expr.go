package jani

import (
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"strings"
	"sync/atomic"

	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/solver"
)

// typ is an expression's type. Int and bool values travel as int64 (bool
// as 0/1); real values as *big.Rat, which evaluation never modifies.
type typ int

const (
	tBool typ = iota
	tInt
	tReal
)

func (t typ) String() string { return [...]string{"bool", "int", "real"}[t] }

// env is what expressions read: state slots in ints, transient variables
// in tints (int and bool) and rats (real).
type env struct {
	ints  []int64
	tints []int64
	rats  []*big.Rat
	// args is the frame stack of function calls (funcs.go): the current
	// call's arguments start at base; depth counts nested calls, and
	// calls those made since the outermost call began.
	args               []argv
	base, depth, calls int
}

// expr is a compiled expression: exactly one of b, i, r is set, matching t.
// k is set when the expression is constant.
type expr struct {
	t typ
	b func(*env) bool
	i func(*env) int64
	r func(*env) *big.Rat
	k *constant
	// pure: reads no variable (all operands constant), so fold can
	// evaluate it once.
	pure bool
}

// constant is a value known at compile time.
type constant struct {
	t typ
	i int64 // int, or bool as 0/1
	r *big.Rat
}

func (c *constant) String() string {
	switch c.t {
	case tBool:
		return fmt.Sprint(c.i != 0)
	case tInt:
		return fmt.Sprint(c.i)
	}
	return c.r.RatString()
}

// evalError is raised (as a panic, recovered at the package boundary) for
// an error found while evaluating: overflow, division by zero.
type evalError struct {
	msg         string
	unsupported bool // a construct outside the subset, met only when evaluated
}

func fail(format string, a ...any) { panic(evalError{msg: fmt.Sprintf(format, a...)}) }

// failUnsupported is fail for a construct outside the subset: the error
// wraps ErrUnsupported.
func failUnsupported(format string, a ...any) {
	panic(evalError{msg: fmt.Sprintf(format, a...), unsupported: true})
}

// catch turns an evalError panic into *err.
func catch(err *error) {
	if p := recover(); p != nil {
		*err = caught(p)
	}
}

// caught returns the error of a recovered evaluation failure, and panics
// again with anything else.
func caught(p any) error {
	e, ok := p.(evalError)
	if !ok {
		panic(p)
	}
	if e.unsupported {
		return fmt.Errorf("%s (%w)", e.msg, ErrUnsupported)
	}
	return solver.Invalidf("%s", e.msg) // the model's: a division by zero, ...
}

// symbol is what a name refers to.
type symbol struct {
	k    *constant // a constant
	slot int       // a variable: its slot in env.ints, env.tints or env.rats
	t    typ
	real bool // slot is in env.rats (a real transient)
	// transient variables are labels and rewards; state formulas and
	// rewards may read them, guards may not.
	transient bool
	fn        *function // a function (funcs.go)
	param     int       // a parameter of the function being compiled: its index from 1
}

// scope resolves names: locals first, then globals.
type scope struct {
	names  map[string]symbol
	parent *scope
	// rounded, on the model's global scope, records the first irrational
	// power the model took (rounded to float64; see Model.Rounded).
	rounded *atomic.Pointer[string]
	// noTransient rejects transient variables (guards, assignments).
	noTransient bool
}

// roundedOf returns the model's record of irrational powers (the global
// scope's).
func (s *scope) roundedOf() *atomic.Pointer[string] {
	for s.parent != nil {
		s = s.parent
	}
	return s.rounded
}

func (s *scope) lookup(name string) (symbol, bool) {
	for c := s; c != nil; c = c.parent {
		if sym, ok := c.names[name]; ok {
			return sym, true
		}
	}
	return symbol{}, false
}

// maxDepth bounds expression nesting, so that hostile input cannot exhaust
// the stack.
const maxDepth = 2000

// compile compiles JSON expression v in scope sc; path names it in errors.
func compile(v any, sc *scope, path string) (expr, error) {
	return compileDepth(v, sc, path, 0)
}

func compileDepth(v any, sc *scope, path string, depth int) (e expr, err error) {
	if depth > maxDepth {
		return expr{}, fmt.Errorf("%s: expression nested more than %d deep", path, maxDepth)
	}
	switch x := v.(type) {
	case bool:
		b := int64(0)
		if x {
			b = 1
		}
		return konst(&constant{t: tBool, i: b}), nil
	case json.Number:
		c, err := number(x)
		if err != nil {
			return expr{}, fmt.Errorf("%s: %w", path, err)
		}
		return konst(c), nil
	case string:
		sym, ok := sc.lookup(x)
		if !ok {
			return expr{}, fmt.Errorf("%s: undefined identifier %q", path, x)
		}
		if sym.fn != nil {
			return expr{}, fmt.Errorf("%s: function %q is not a value (call it)", path, x)
		}
		if sym.param > 0 {
			return param(sym), nil
		}
		if sym.k != nil {
			return konst(sym.k), nil
		}
		if sym.transient && sc.noTransient {
			return expr{}, fmt.Errorf("%s: transient variable %q cannot be read here", path, x)
		}
		slot := sym.slot
		switch {
		case sym.real:
			return expr{t: tReal, r: func(e *env) *big.Rat { return e.rats[slot] }}, nil
		case sym.transient && sym.t == tBool:
			return expr{t: tBool, b: func(e *env) bool { return e.tints[slot] != 0 }}, nil
		case sym.transient:
			return expr{t: tInt, i: func(e *env) int64 { return e.tints[slot] }}, nil
		case sym.t == tBool:
			return expr{t: tBool, b: func(e *env) bool { return e.ints[slot] != 0 }}, nil
		default:
			return expr{t: tInt, i: func(e *env) int64 { return e.ints[slot] }}, nil
		}
	case map[string]any:
		o := obj{x, path}
		op, err := o.str("op")
		if err != nil {
			if o.has("constant") {
				return expr{}, fmt.Errorf("%s: named constants (e, π) are not supported", path)
			}
			return expr{}, err
		}
		e, err := compileOp(op, o, sc, depth)
		if err != nil {
			return expr{}, err
		}
		return fold(e, path)
	}
	return expr{}, fmt.Errorf("%s: want an expression, got %s", path, describe(v))
}

// number reads a JSON number exactly: an integer without a point or
// exponent, else a real.
func number(n json.Number) (*constant, error) {
	s := n.String()
	if !strings.ContainsAny(s, ".eE") {
		i, ok := new(big.Int).SetString(s, 10)
		if ok && i.IsInt64() {
			return &constant{t: tInt, i: i.Int64()}, nil
		}
		if ok {
			return nil, fmt.Errorf("integer %s is too large (at most 2^63-1)", s)
		}
	}
	r, err := numeric.ParseNumber(s)
	if err != nil {
		return nil, err
	}
	return &constant{t: tReal, r: r}, nil
}

func konst(c *constant) expr {
	e := expr{t: c.t, k: c}
	switch c.t {
	case tBool:
		b := c.i != 0
		e.b = func(*env) bool { return b }
	case tInt:
		i := c.i
		e.i = func(*env) int64 { return i }
	default:
		r := c.r
		e.r = func(*env) *big.Rat { return r }
	}
	return e
}

// fold evaluates an expression that reads no variable once.
func fold(e expr, path string) (out expr, err error) {
	if e.k != nil || !e.constant() {
		return e, nil
	}
	defer func() {
		if p := recover(); p != nil {
			ee, ok := p.(evalError)
			if !ok {
				panic(p)
			}
			err = fmt.Errorf("%s: %s", path, ee.msg)
			if ee.unsupported {
				err = fmt.Errorf("%w (%w)", err, ErrUnsupported)
			}
		}
	}()
	var c constant
	c.t = e.t
	switch e.t {
	case tBool:
		if e.b(nil) {
			c.i = 1
		}
	case tInt:
		c.i = e.i(nil)
	default:
		c.r = e.r(nil)
	}
	return konst(&c), nil
}

// constant reports whether e reads no variable.
func (e expr) constant() bool { return e.k != nil || e.pure }

// asReal converts an int expression to real.
func (e expr) asReal() func(*env) *big.Rat {
	if e.t == tReal {
		return e.r
	}
	if e.k != nil {
		r := new(big.Rat).SetInt64(e.k.i)
		return func(*env) *big.Rat { return r }
	}
	f := e.i
	return func(en *env) *big.Rat { return new(big.Rat).SetInt64(f(en)) }
}

// toReal converts a numeric expression to type real.
func toReal(e expr) expr {
	if e.t == tReal {
		return e
	}
	if e.k != nil {
		return konst(&constant{t: tReal, r: new(big.Rat).SetInt64(e.k.i)})
	}
	return expr{t: tReal, r: e.asReal(), pure: e.pure}
}

func addInt(a, b int64) int64 {
	s := a + b
	if (s > a) != (b > 0) {
		fail("integer overflow in %d + %d", a, b)
	}
	return s
}

func subInt(a, b int64) int64 {
	s := a - b
	if (s < a) != (b > 0) {
		fail("integer overflow in %d - %d", a, b)
	}
	return s
}

func mulInt(a, b int64) int64 {
	if a == 0 || b == 0 {
		return 0
	}
	p := a * b
	if p/b != a || (a == -1 && b == math.MinInt64) || (b == -1 && a == math.MinInt64) {
		fail("integer overflow in %d * %d", a, b)
	}
	return p
}
