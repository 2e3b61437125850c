package jani

import (
	"fmt"
	"math"
	"math/big"
	"sync/atomic"

	"github.com/gamesolve/gamesolve/numeric"
)

// compileOp compiles an operator expression.
func compileOp(op string, o obj, sc *scope, depth int) (expr, error) {
	sub := func(k string) (expr, error) {
		v, ok := o.m[k]
		if !ok {
			return expr{}, fmt.Errorf("%s: %q needs %q", o.path, op, k)
		}
		return compileDepth(v, sc, o.path+"."+k, depth+1)
	}
	typeErr := func(what string, got ...expr) error {
		ts := ""
		for i, e := range got {
			if i > 0 {
				ts += " and "
			}
			ts += e.t.String()
		}
		return fmt.Errorf("%s: type error: %q needs %s, got %s", o.path, op, what, ts)
	}
	switch op {
	case "call":
		return compileCall(o, sc, depth)
	case "¬", "floor", "ceil", "abs", "sgn", "trc":
		if err := o.keys("op", "exp"); err != nil {
			return expr{}, err
		}
		x, err := sub("exp")
		if err != nil {
			return expr{}, err
		}
		return unary(op, x, typeErr)
	case "∧", "∨", "⇒", "=", "≠", "<", "≤", ">", "≥", "+", "-", "*", "/", "%", "min", "max", "pow", "log":
		if err := o.keys("op", "left", "right"); err != nil {
			return expr{}, err
		}
		x, err := sub("left")
		if err != nil {
			return expr{}, err
		}
		y, err := sub("right")
		if err != nil {
			return expr{}, err
		}
		e, err := binary(op, x, y, typeErr, sc.roundedOf())
		e.pure = x.constant() && y.constant()
		return e, err
	case "ite":
		if err := o.keys("op", "if", "then", "else"); err != nil {
			return expr{}, err
		}
		c, err := sub("if")
		if err != nil {
			return expr{}, err
		}
		x, err := sub("then")
		if err != nil {
			return expr{}, err
		}
		y, err := sub("else")
		if err != nil {
			return expr{}, err
		}
		if c.t != tBool {
			return expr{}, typeErr("a bool condition", c)
		}
		cb := c.b
		pure := c.constant() && x.constant() && y.constant()
		switch {
		case x.t == tBool && y.t == tBool:
			xb, yb := x.b, y.b
			return expr{t: tBool, pure: pure, b: func(e *env) bool {
				if cb(e) {
					return xb(e)
				}
				return yb(e)
			}}, nil
		case x.t == tInt && y.t == tInt:
			xi, yi := x.i, y.i
			return expr{t: tInt, pure: pure, i: func(e *env) int64 {
				if cb(e) {
					return xi(e)
				}
				return yi(e)
			}}, nil
		case x.t != tBool && y.t != tBool:
			xr, yr := x.asReal(), y.asReal()
			return expr{t: tReal, pure: pure, r: func(e *env) *big.Rat {
				if cb(e) {
					return xr(e)
				}
				return yr(e)
			}}, nil
		}
		return expr{}, typeErr("branches of one type", x, y)
	}
	return expr{}, fmt.Errorf("%s: operator %q is not supported", o.path, op)
}

func unary(op string, x expr, typeErr func(string, ...expr) error) (expr, error) {
	pure := x.constant()
	if op == "¬" {
		if x.t != tBool {
			return expr{}, typeErr("a bool", x)
		}
		f := x.b
		return expr{t: tBool, pure: pure, b: func(e *env) bool { return !f(e) }}, nil
	}
	if x.t == tBool {
		return expr{}, typeErr("a number", x)
	}
	if x.t == tInt {
		f := x.i
		switch op {
		case "floor", "ceil", "trc":
			return x, nil
		case "abs":
			return expr{t: tInt, pure: pure, i: func(e *env) int64 {
				v := f(e)
				if v < 0 {
					return subInt(0, v)
				}
				return v
			}}, nil
		default: // sgn
			return expr{t: tInt, pure: pure, i: func(e *env) int64 {
				v := f(e)
				switch {
				case v > 0:
					return 1
				case v < 0:
					return -1
				}
				return 0
			}}, nil
		}
	}
	f := x.r
	switch op {
	case "abs":
		return expr{t: tReal, pure: pure, r: func(e *env) *big.Rat { return new(big.Rat).Abs(f(e)) }}, nil
	case "sgn":
		return expr{t: tInt, pure: pure, i: func(e *env) int64 { return int64(f(e).Sign()) }}, nil
	}
	return expr{t: tInt, pure: pure, i: func(e *env) int64 { return round(op, f(e)) }}, nil
}

// round converts a rational to an integer by floor, ceil or trc.
func round(op string, r *big.Rat) int64 {
	q, m := new(big.Int).QuoRem(r.Num(), r.Denom(), new(big.Int)) // truncated
	if m.Sign() != 0 {
		if op == "floor" && r.Sign() < 0 {
			q.Sub(q, big.NewInt(1))
		}
		if op == "ceil" && r.Sign() > 0 {
			q.Add(q, big.NewInt(1))
		}
	}
	if !q.IsInt64() {
		fail("%s(%s) does not fit in 64 bits", op, r.RatString())
	}
	return q.Int64()
}

func binary(op string, x, y expr, typeErr func(string, ...expr) error, rounded *atomic.Pointer[string]) (expr, error) {
	switch op {
	case "∧", "∨", "⇒":
		if x.t != tBool || y.t != tBool {
			return expr{}, typeErr("bool operands", x, y)
		}
		a, b := x.b, y.b
		switch op {
		case "∧":
			return expr{t: tBool, b: func(e *env) bool { return a(e) && b(e) }}, nil
		case "∨":
			return expr{t: tBool, b: func(e *env) bool { return a(e) || b(e) }}, nil
		}
		return expr{t: tBool, b: func(e *env) bool { return !a(e) || b(e) }}, nil
	case "=", "≠":
		if (x.t == tBool) != (y.t == tBool) {
			return expr{}, typeErr("operands of one type", x, y)
		}
		var eq func(*env) bool
		switch {
		case x.t == tBool:
			a, b := x.b, y.b
			eq = func(e *env) bool { return a(e) == b(e) }
		case x.t == tInt && y.t == tInt:
			a, b := x.i, y.i
			eq = func(e *env) bool { return a(e) == b(e) }
		default:
			a, b := x.asReal(), y.asReal()
			eq = func(e *env) bool { return a(e).Cmp(b(e)) == 0 }
		}
		if op == "=" {
			return expr{t: tBool, b: eq}, nil
		}
		return expr{t: tBool, b: func(e *env) bool { return !eq(e) }}, nil
	}
	if x.t == tBool || y.t == tBool {
		return expr{}, typeErr("numbers", x, y)
	}
	if op == "log" {
		a, b := x.asReal(), y.asReal()
		return expr{t: tReal, r: func(e *env) *big.Rat { return logRat(a(e), b(e), rounded) }}, nil
	}
	if x.t == tInt && y.t == tInt && op != "/" {
		a, b := x.i, y.i
		var f func(e *env) int64
		var cmp func(p, q int64) bool
		switch op {
		case "<":
			cmp = func(p, q int64) bool { return p < q }
		case "≤":
			cmp = func(p, q int64) bool { return p <= q }
		case ">":
			cmp = func(p, q int64) bool { return p > q }
		case "≥":
			cmp = func(p, q int64) bool { return p >= q }
		case "+":
			f = func(e *env) int64 { return addInt(a(e), b(e)) }
		case "-":
			f = func(e *env) int64 { return subInt(a(e), b(e)) }
		case "*":
			f = func(e *env) int64 { return mulInt(a(e), b(e)) }
		case "min":
			f = func(e *env) int64 { return min(a(e), b(e)) }
		case "max":
			f = func(e *env) int64 { return max(a(e), b(e)) }
		case "%":
			f = func(e *env) int64 {
				p, q := a(e), b(e)
				if q == 0 {
					fail("%d %% 0: division by zero", p)
				}
				m := p % q
				if m < 0 {
					m += max(q, -q)
				}
				return m
			}
		case "pow":
			f = func(e *env) int64 { return powInt(a(e), b(e)) }
		}
		if cmp != nil {
			// The common guard x = c or x < c: specialize a constant side.
			if y.k != nil {
				c := y.k.i
				return expr{t: tBool, b: func(e *env) bool { return cmp(a(e), c) }}, nil
			}
			return expr{t: tBool, b: func(e *env) bool { return cmp(a(e), b(e)) }}, nil
		}
		return expr{t: tInt, i: f}, nil
	}
	if op == "%" {
		return expr{}, typeErr("int operands", x, y)
	}
	a, b := x.asReal(), y.asReal()
	switch op {
	case "<", "≤", ">", "≥":
		want := map[string]func(int) bool{
			"<": func(c int) bool { return c < 0 }, "≤": func(c int) bool { return c <= 0 },
			">": func(c int) bool { return c > 0 }, "≥": func(c int) bool { return c >= 0 },
		}[op]
		return expr{t: tBool, b: func(e *env) bool { return want(a(e).Cmp(b(e))) }}, nil
	case "+":
		return expr{t: tReal, r: func(e *env) *big.Rat { return sized(new(big.Rat).Add(a(e), b(e))) }}, nil
	case "-":
		return expr{t: tReal, r: func(e *env) *big.Rat { return sized(new(big.Rat).Sub(a(e), b(e))) }}, nil
	case "*":
		return expr{t: tReal, r: func(e *env) *big.Rat { return sized(new(big.Rat).Mul(a(e), b(e))) }}, nil
	case "/":
		return expr{t: tReal, r: func(e *env) *big.Rat {
			p, q := a(e), b(e)
			if q.Sign() == 0 {
				fail("division by zero: %s / 0", numeric.Shorten(p.RatString(), 40))
			}
			return sized(new(big.Rat).Quo(p, q))
		}}, nil
	case "min", "max":
		isMin := op == "min"
		return expr{t: tReal, r: func(e *env) *big.Rat {
			p, q := a(e), b(e)
			if (p.Cmp(q) <= 0) == isMin {
				return p
			}
			return q
		}}, nil
	}
	// pow with a real side. An exponent m/k (k > 1) takes the k-th root
	// first, which is rational only when the base's numerator and
	// denominator are k-th powers (pow(0, 1/2) = 0, pow(9/4, 1/2) = 3/2);
	// otherwise the power is irrational and roundPow rounds it.
	return expr{t: tReal, r: func(e *env) *big.Rat {
		p, q := a(e), b(e)
		if !q.Num().IsInt64() || !q.Denom().IsInt64() || q.Num().Int64() > 10000 || q.Num().Int64() < -10000 || q.Denom().Int64() > 64 {
			failUnsupported("pow(%s, %s): only exponents m/k with |m| ≤ 10000 and k ≤ 64 are supported", numeric.Shorten(p.RatString(), 40), numeric.Shorten(q.RatString(), 40))
		}
		if k := q.Denom().Int64(); k > 1 {
			root, ok := ratRoot(p, int(k))
			if !ok {
				return roundPow(p, q, rounded)
			}
			p = root
		}
		n := q.Num().Int64()
		if n < 0 && p.Sign() == 0 {
			fail("pow(0, %d): division by zero", n)
		}
		// Refused before it is computed: pow(pow(2.5, 10000), 10000) has
		// 2·10^8 bits and takes minutes.
		if bits := int64(max(p.Num().BitLen()-1, p.Denom().BitLen()-1, 0)) * max(n, -n); bits > MaxRealBits {
			fail("pow(%s, %d): the exact result has about %d bits, more than the %d allowed", numeric.Shorten(p.RatString(), 40), n, bits, MaxRealBits)
		}
		num := new(big.Int).Exp(p.Num(), big.NewInt(max(n, -n)), nil)
		den := new(big.Int).Exp(p.Denom(), big.NewInt(max(n, -n)), nil)
		if n < 0 {
			num, den = den, num
		}
		return sized(new(big.Rat).SetFrac(num, den))
	}}, nil
}

// logRat is the logarithm of x to the base b (JANI's log: left the value,
// right the base), exactly where x is an integer power of b (log(8, 2) = 3,
// log(1/9, 3) = -2), else rounded to the nearest float64 and recorded as
// roundPow does. x and b must be positive, and b not 1.
func logRat(x, b *big.Rat, rounded *atomic.Pointer[string]) *big.Rat {
	what := fmt.Sprintf("log(%s, %s)", numeric.Shorten(x.RatString(), 40), numeric.Shorten(b.RatString(), 40))
	if x.Sign() <= 0 || b.Sign() <= 0 || b.Cmp(big.NewRat(1, 1)) == 0 {
		fail("%s: the value and the base must be positive, and the base not 1", what)
	}
	xf, _ := x.Float64()
	bf, _ := b.Float64()
	r := math.Log(xf) / math.Log(bf)
	if n := math.Round(r); math.Abs(r-n) < 1e-6 && math.Abs(n) <= 4096 {
		k := int64(n)
		num := new(big.Int).Exp(b.Num(), big.NewInt(max(k, -k)), nil)
		den := new(big.Int).Exp(b.Denom(), big.NewInt(max(k, -k)), nil)
		if k < 0 {
			num, den = den, num
		}
		if new(big.Rat).SetFrac(num, den).Cmp(x) == 0 {
			return big.NewRat(k, 1)
		}
	}
	if math.IsInf(r, 0) || math.IsNaN(r) {
		failUnsupported("%s: beyond float64 to round", what)
	}
	if rounded != nil {
		rounded.CompareAndSwap(nil, &what)
	}
	return new(big.Rat).SetFloat64(r)
}

// roundPow is an irrational power p^q rounded to the nearest float64,
// recorded in rounded (the first one only) for Model.Rounded: float mode
// then warns, and exact mode refuses. A negative base has a real odd root:
// (−x)^(m/k) = (−1)^m·x^(m/k) for an odd k.
func roundPow(p, q *big.Rat, rounded *atomic.Pointer[string]) *big.Rat {
	what := fmt.Sprintf("pow(%s, %s)", numeric.Shorten(p.RatString(), 40), q.RatString())
	pf, _ := p.Float64()
	qf, _ := q.Float64()
	r := math.Pow(pf, qf)
	if pf < 0 && q.Denom().Bit(0) == 1 {
		r = math.Pow(-pf, qf)
		if q.Num().Bit(0) == 1 {
			r = -r
		}
	}
	switch {
	case math.IsNaN(r):
		failUnsupported("%s: the result is not a real number", what)
	case math.IsInf(r, 0) || math.IsInf(pf, 0):
		failUnsupported("%s: irrational, and beyond float64 to round", what)
	}
	if rounded != nil {
		rounded.CompareAndSwap(nil, &what)
	}
	return new(big.Rat).SetFloat64(r)
}

// ratRoot returns the k-th root of x (k ≥ 2) and whether it is rational:
// x's numerator and denominator must both be k-th powers, and x not
// negative for an even k.
func ratRoot(x *big.Rat, k int) (*big.Rat, bool) {
	if x.Sign() < 0 && k%2 == 0 {
		return nil, false
	}
	num, ok := intRoot(new(big.Int).Abs(x.Num()), k)
	if !ok {
		return nil, false
	}
	den, ok := intRoot(x.Denom(), k)
	if !ok {
		return nil, false
	}
	if x.Sign() < 0 {
		num.Neg(num)
	}
	return new(big.Rat).SetFrac(num, den), true
}

// intRoot returns ⌊n^(1/k)⌋ for n ≥ 0 and whether it is exact, by Newton's
// iteration from a power of two above the root (it decreases to the floor).
func intRoot(n *big.Int, k int) (*big.Int, bool) {
	if n.Sign() == 0 {
		return new(big.Int), true
	}
	K := big.NewInt(int64(k))
	x := new(big.Int).Lsh(big.NewInt(1), uint((n.BitLen()+k-1)/k))
	y, t := new(big.Int), new(big.Int)
	for {
		// y = ((k−1)·x + n / x^(k−1)) / k
		t.Exp(x, big.NewInt(int64(k-1)), nil)
		t.Quo(n, t)
		y.Mul(x, big.NewInt(int64(k-1)))
		y.Add(y, t)
		y.Quo(y, K)
		if y.Cmp(x) >= 0 {
			break
		}
		x, y = y, x
	}
	return x, t.Exp(x, K, nil).Cmp(n) == 0
}

// MaxRealBits bounds the size of every exact real a JANI expression
// computes (numerator and denominator, in bits): a constant is evaluated
// before anything else, so a few nested operations must not take minutes.
// 65,536 bits are about 20,000 decimal digits, far beyond any model's
// probabilities or rewards.
const MaxRealBits = 1 << 16

// sized refuses a real with more than MaxRealBits bits.
func sized(r *big.Rat) *big.Rat {
	if b := r.Num().BitLen() + r.Denom().BitLen(); b > MaxRealBits {
		fail("an exact value of %d bits, more than the %d allowed (%s)", b, MaxRealBits, numeric.Shorten(r.RatString(), 40))
	}
	return r
}

func powInt(b, n int64) int64 {
	switch {
	case n < 0:
		fail("pow(%d, %d): a negative integer exponent", b, n)
	case b == 0 || b == 1:
		if n == 0 {
			return 1
		}
		return b
	case b == -1:
		if n%2 == 1 {
			return -1
		}
		return 1
	}
	r := int64(1)
	for ; n > 0; n-- { // |b| ≥ 2 overflows within 63 steps
		r = mulInt(r, b)
	}
	return r
}
