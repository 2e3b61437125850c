package cgt

import (
	"math/big"
	"slices"
)

// pl is a piecewise-linear function of the temperature t on [-1, ∞): the
// breakpoints ts (ts[0] = -1, increasing) with values vs, straight between
// them, and slope tail after the last. Thermograph walls are pl's whose
// tail is 0 (the mast); tilting a wall by ±t gives tail ±1.
type pl struct {
	ts, vs []*big.Rat
	tail   *big.Rat
}

var (
	ratMinus1 = big.NewRat(-1, 1)
	ratZero   = new(big.Rat)
)

func constPL(v *big.Rat) *pl {
	return &pl{ts: []*big.Rat{ratMinus1}, vs: []*big.Rat{v}, tail: ratZero}
}

// slope returns the slope on (ts[i], ts[i+1]), or the tail after the last.
func (f *pl) slope(i int) *big.Rat {
	if i+1 >= len(f.ts) {
		return f.tail
	}
	dv := new(big.Rat).Sub(f.vs[i+1], f.vs[i])
	return dv.Quo(dv, new(big.Rat).Sub(f.ts[i+1], f.ts[i]))
}

// at evaluates f at x ≥ -1.
func (f *pl) at(x *big.Rat) *big.Rat {
	i, _ := slices.BinarySearchFunc(f.ts, x, func(a, b *big.Rat) int { return a.Cmp(b) })
	if i < len(f.ts) && f.ts[i].Cmp(x) == 0 {
		return f.vs[i]
	}
	i-- // the breakpoint before x
	d := new(big.Rat).Sub(x, f.ts[i])
	d.Mul(d, f.slope(i))
	return d.Add(d, f.vs[i])
}

// tilt returns f(t) + s·t.
func (f *pl) tilt(s int64) *pl {
	out := &pl{ts: f.ts, vs: make([]*big.Rat, len(f.vs))}
	st := big.NewRat(s, 1)
	for i, t := range f.ts {
		out.vs[i] = new(big.Rat).Add(f.vs[i], new(big.Rat).Mul(st, t))
	}
	out.tail = new(big.Rat).Add(f.tail, st)
	return out
}

// extreme returns the pointwise maximum (max) or minimum of f and g: on each
// piece both are straight, so they cross at most once there.
func extreme(f, g *pl, max bool) *pl {
	xs := append(append([]*big.Rat(nil), f.ts...), g.ts...)
	slices.SortFunc(xs, func(a, b *big.Rat) int { return a.Cmp(b) })
	xs = slices.CompactFunc(xs, func(a, b *big.Rat) bool { return a.Cmp(b) == 0 })
	better := func(a, b *big.Rat) bool { // a beats b
		if max {
			return a.Cmp(b) > 0
		}
		return a.Cmp(b) < 0
	}
	out := &pl{}
	add := func(t, v *big.Rat) {
		out.ts = append(out.ts, t)
		out.vs = append(out.vs, v)
	}
	for k, a := range xs {
		fa, ga := f.at(a), g.at(a)
		if better(ga, fa) {
			add(a, ga)
		} else {
			add(a, fa)
		}
		da := new(big.Rat).Sub(fa, ga)
		if k+1 < len(xs) {
			b := xs[k+1]
			db := new(big.Rat).Sub(f.at(b), g.at(b))
			if da.Sign()*db.Sign() < 0 { // they cross inside (a, b)
				frac := new(big.Rat).Quo(da, new(big.Rat).Sub(da, db))
				c := frac.Mul(frac, new(big.Rat).Sub(b, a))
				c.Add(c, a)
				add(c, f.at(c))
			}
			continue
		}
		// After the last breakpoint: two rays.
		ds := new(big.Rat).Sub(f.tail, g.tail)
		if da.Sign()*ds.Sign() < 0 {
			c := new(big.Rat).Quo(da, ds)
			c.Neg(c).Add(c, a)
			add(c, f.at(c))
		}
		switch {
		case ds.Sign() != 0:
			if better(f.tail, g.tail) {
				out.tail = f.tail
			} else {
				out.tail = g.tail
			}
		case better(ga, fa):
			out.tail = g.tail
		default:
			out.tail = f.tail
		}
	}
	out.simplify()
	return out
}

// simplify drops breakpoints where the slope does not change.
func (f *pl) simplify() {
	if len(f.ts) < 2 {
		return
	}
	ts, vs := f.ts[:1], f.vs[:1]
	for i := 1; i < len(f.ts); i++ {
		// Slope into i (from the last kept point) and out of i.
		in := new(big.Rat).Sub(f.vs[i], vs[len(vs)-1])
		in.Quo(in, new(big.Rat).Sub(f.ts[i], ts[len(ts)-1]))
		if in.Cmp(f.slope(i)) == 0 {
			continue
		}
		ts, vs = append(ts, f.ts[i]), append(vs, f.vs[i])
	}
	f.ts, f.vs = ts, vs
}

// truncate returns f up to x, constant (at f(x)) from there on.
func (f *pl) truncate(x *big.Rat) *pl {
	out := &pl{tail: ratZero}
	for i, t := range f.ts {
		if t.Cmp(x) >= 0 {
			break
		}
		out.ts, out.vs = append(out.ts, t), append(out.vs, f.vs[i])
	}
	out.ts, out.vs = append(out.ts, x), append(out.vs, f.at(x))
	out.simplify()
	return out
}

// firstNotAbove returns the least t ≥ -1 with f(t) ≤ g(t), where f - g is
// non-increasing (a left scaffold against a right one), and whether there
// is one.
func firstNotAbove(f, g *pl) (*big.Rat, bool) {
	d := extremeDiff(f, g)
	for i, t := range d.ts {
		if d.vs[i].Sign() <= 0 {
			if i == 0 {
				return t, true
			}
			// Between ts[i-1] (positive) and t.
			prev := d.ts[i-1]
			frac := new(big.Rat).Quo(d.vs[i-1], new(big.Rat).Sub(d.vs[i-1], d.vs[i]))
			c := frac.Mul(frac, new(big.Rat).Sub(t, prev))
			return c.Add(c, prev), true
		}
	}
	last := len(d.ts) - 1
	if d.tail.Sign() >= 0 {
		return nil, false
	}
	c := new(big.Rat).Quo(d.vs[last], d.tail)
	c.Neg(c).Add(c, d.ts[last])
	return c, true
}

// extremeDiff returns f - g on the union of their breakpoints.
func extremeDiff(f, g *pl) *pl {
	xs := append(append([]*big.Rat(nil), f.ts...), g.ts...)
	slices.SortFunc(xs, func(a, b *big.Rat) int { return a.Cmp(b) })
	xs = slices.CompactFunc(xs, func(a, b *big.Rat) bool { return a.Cmp(b) == 0 })
	out := &pl{ts: xs, tail: new(big.Rat).Sub(f.tail, g.tail)}
	for _, x := range xs {
		out.vs = append(out.vs, new(big.Rat).Sub(f.at(x), g.at(x)))
	}
	return out
}
