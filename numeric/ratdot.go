package numeric

import (
	"cmp"
	"math/big"
)

// RatDot adds up rationals and products of rationals, x + Σ a_k·b_k, and
// normalizes once, at the end. z.Add(z, t.Mul(a, b)) on big.Rat reduces
// twice per term (a gcd each); RatDot keeps one running denominator instead,
// and a term whose denominator divides it (or is divided by it: in Markov
// chains the denominators of a sum are mostly powers of one base) costs a
// multiplication and an addition. Only when neither divides do the
// denominators multiply, which the few terms of one sum keep small.
//
// The zero value is the sum 0; Reset starts a new sum. A RatDot is reused
// from sum to sum without allocating once its integers have grown.
type RatDot struct {
	num, den, tn, td, q, r big.Int
}

// Reset starts a new sum at 0.
func (d *RatDot) Reset() {
	d.num.SetInt64(0)
	d.den.SetInt64(1)
}

// Add adds x.
func (d *RatDot) Add(x *big.Rat) {
	if x.Sign() == 0 {
		return
	}
	d.tn.Set(x.Num())
	d.td.Set(x.Denom())
	d.add()
}

// Sub subtracts x.
func (d *RatDot) Sub(x *big.Rat) {
	if x.Sign() == 0 {
		return
	}
	d.tn.Neg(x.Num())
	d.td.Set(x.Denom())
	d.add()
}

// AddMul adds a·b.
func (d *RatDot) AddMul(a, b *big.Rat) { d.term(a, b, false) }

// SubMul subtracts a·b.
func (d *RatDot) SubMul(a, b *big.Rat) { d.term(a, b, true) }

func (d *RatDot) term(a, b *big.Rat, neg bool) {
	if a.Sign() == 0 || b.Sign() == 0 {
		return
	}
	d.tn.Mul(a.Num(), b.Num())
	if neg {
		d.tn.Neg(&d.tn)
	}
	ad, bd := a.Denom(), b.Denom()
	switch {
	case isOne(ad):
		d.td.Set(bd)
	case isOne(bd):
		d.td.Set(ad)
	default:
		d.td.Mul(ad, bd)
	}
	d.add()
}

func isOne(x *big.Int) bool { return x.IsInt64() && x.Int64() == 1 }

// add adds tn/td.
func (d *RatDot) add() {
	if d.den.Sign() == 0 {
		d.den.SetInt64(1) // the zero value
	}
	if d.td.Cmp(&d.den) == 0 {
		d.num.Add(&d.num, &d.tn)
		return
	}
	if d.q.QuoRem(&d.den, &d.td, &d.r); d.r.Sign() == 0 {
		d.num.Add(&d.num, d.tn.Mul(&d.tn, &d.q))
		return
	}
	if d.q.QuoRem(&d.td, &d.den, &d.r); d.r.Sign() == 0 {
		d.num.Mul(&d.num, &d.q)
		d.num.Add(&d.num, &d.tn)
		d.den.Set(&d.td)
		return
	}
	d.num.Mul(&d.num, &d.td)
	d.num.Add(&d.num, d.tn.Mul(&d.tn, &d.den))
	d.den.Mul(&d.den, &d.td)
}

// Sign returns the sum's sign.
func (d *RatDot) Sign() int { return d.num.Sign() }

// Cmp compares the sums d and e (-1, 0 or +1, as big.Rat's Cmp) without
// normalizing either: sums over the same denominator (a tie among the
// actions of a state, usually) compare their numerators; others compare
// the cross products, in d's scratch. It allocates nothing once that
// scratch has grown.
func (d *RatDot) Cmp(e *RatDot) int {
	ds, es := d.num.Sign(), e.num.Sign()
	switch {
	case ds != es || ds == 0:
		return cmp.Compare(ds, es)
	case d.den.Cmp(&e.den) == 0:
		return d.num.Cmp(&e.num)
	}
	// Both sums are nonzero: add has set both denominators (positive).
	a := d.tn.Mul(&d.num, &e.den)
	b := d.td.Mul(&e.num, &d.den)
	return a.Cmp(b)
}

// Rat stores the sum, normalized, in z and returns z.
func (d *RatDot) Rat(z *big.Rat) *big.Rat {
	if d.num.Sign() == 0 {
		return z.SetInt64(0) // also the zero value's
	}
	return z.SetFrac(&d.num, &d.den)
}

// Quo stores the sum divided by the sum by (not 0), normalized, in z and
// returns z: one reduction for the quotient of two sums.
func (d *RatDot) Quo(z *big.Rat, by *RatDot) *big.Rat {
	if d.num.Sign() == 0 {
		return z.SetInt64(0)
	}
	n := d.tn.Mul(&d.num, &by.den)
	m := d.td.Mul(&d.den, &by.num)
	return z.SetFrac(n, m)
}
