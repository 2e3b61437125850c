package numeric

import (
	"math"
	"math/big"
	"math/bits"
	"strconv"
)

// Float is float64 arithmetic.
type Float struct{}

// Exact implements Field.
func (Float) Exact() bool { return false }

// New implements Field.
func (Float) New() float64 { return 0 }

// Set implements Field.
func (Float) Set(_, x float64) float64 { return x }

// Add implements Field.
func (Float) Add(_, x, y float64) float64 { return x + y }

// Sub implements Field.
func (Float) Sub(_, x, y float64) float64 { return x - y }

// Mul implements Field.
func (Float) Mul(_, x, y float64) float64 { return x * y }

// Quo implements Field.
func (Float) Quo(_, x, y float64) float64 { return x / y }

// Float64 implements Field.
func (Float) Float64(x float64) float64 { return x }

// AddMul implements Field. Each product is rounded before the sum (the
// conversion forbids a fused multiply-add, which GOAMD64=v3 builds would
// otherwise use), so results do not depend on the build, and the games'
// float64 kernels, written the same way, give the same bits.
func (Float) AddMul(_, x, a, y float64) float64 { return x + float64(a*y) }

// Lin2 implements Field, rounding each product as AddMul does.
func (Float) Lin2(_, a, x, b, y float64) float64 { return float64(a*x) + float64(b*y) }

// FromRat implements Field.
func (Float) FromRat(_ float64, r *big.Rat) float64 { return RatFloat64(r) }

// RatFloat64 returns the float64 nearest r, as r.Float64 does, quickly
// for the rationals games hold: a numerator and denominator of at most
// 2^53 in size are floats exactly, and IEEE division rounds their
// quotient correctly (to nearest, ties to even), so no big division is
// needed.
func RatFloat64(r *big.Rat) float64 {
	if n, d := r.Num(), r.Denom(); n.IsInt64() && d.IsInt64() {
		if a, b := n.Int64(), d.Int64(); -1<<53 <= a && a <= 1<<53 && b <= 1<<53 {
			return float64(a) / float64(b)
		}
	}
	v, _ := r.Float64()
	return v
}

// RatApprox returns a float64 within one unit in the last place of r
// (relative error below 2^-52; RatFloat64's is 2^-53), without a big
// division: the top 64 bits of the numerator and the denominator give a
// 64-bit quotient (truncations below 2^-62 of each), rounded once to
// float64. A value of thousands of bits converts in tens of nanoseconds
// instead of microseconds. Results below the smallest normal number lose
// the relative bound (a caller adds an absolute 2^-1022, as
// engine.qvalueRounded does); beyond float64's range it returns ±Inf.
func RatApprox(r *big.Rat) float64 {
	n, d := r.Num(), r.Denom()
	if n.IsInt64() && d.IsInt64() {
		if a, b := n.Int64(), d.Int64(); -1<<53 <= a && a <= 1<<53 && b <= 1<<53 {
			return float64(a) / float64(b)
		}
	}
	if n.Sign() == 0 {
		return 0
	}
	ta, ea := top64(n)
	tb, eb := top64(d)
	// n ≈ ta·2^ea and d ≈ tb·2^eb with ta, tb in [2^63, 2^64).
	var q uint64
	e := ea - eb
	if ta < tb {
		q, _ = bits.Div64(ta, 0, tb) // ⌊ta·2^64/tb⌋ in [2^63, 2^64)
		e -= 64
	} else {
		q, _ = bits.Div64(ta>>1, ta<<63, tb) // ⌊ta·2^63/tb⌋ in [2^62, 2^64)
		e -= 63
	}
	f := math.Ldexp(float64(q), e)
	if n.Sign() < 0 {
		f = -f
	}
	return f
}

// top64 returns the top 64 bits of |x| (x ≠ 0), as t in [2^63, 2^64),
// and e with |x| = t·2^e + (what lies below, less than 2^e).
func top64(x *big.Int) (t uint64, e int) {
	l := x.BitLen()
	words := x.Bits()
	// The 64 bits from bit l-1 down, from at most two words (64-bit
	// words; on 32-bit platforms, three).
	var acc uint64
	for i := l - 1; i >= max(l-64, 0); {
		w := uint64(words[i/bits.UintSize])
		lo := i - i%bits.UintSize // the word's lowest bit
		from := max(lo, l-64)     // the lowest bit taken from this word
		k := i - from + 1         // bits taken
		acc = acc<<k | (w>>(from-lo))&(1<<k-1)
		i = from - 1
	}
	if l < 64 {
		return acc << (64 - l), l - 64
	}
	return acc, l - 64
}

// FromInt implements Field.
func (Float) FromInt(_ float64, n int64) float64 { return float64(n) }

// Cmp implements Field.
func (Float) Cmp(x, y float64) int {
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// Sign implements Field.
func (Float) Sign(x float64) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

// Neg implements Field.
func (Float) Neg(_, x float64) float64 { return -x }

// Abs implements Field.
func (Float) Abs(_, x float64) float64 { return math.Abs(x) }

// Zero implements Field.
func (Float) Zero() float64 { return 0 }

// One implements Field.
func (Float) One() float64 { return 1 }

// String implements Field: the shortest decimal that reads back exactly.
func (Float) String(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// Sum adds float64 terms with Neumaier's compensation: the rounding error
// of each addition is kept and added back at the end, so a million
// probabilities of 10^-6 add up to 1 to the last bit or so, where plain
// addition drifts by about 10^-10 (n·ε). The zero Sum is 0.
type Sum struct{ s, c float64 }

// Add adds x.
func (z *Sum) Add(x float64) {
	t := z.s + x
	if math.Abs(z.s) >= math.Abs(x) {
		z.c += (z.s - t) + x
	} else {
		z.c += (x - t) + z.s
	}
	z.s = t
}

// Value returns the sum.
func (z *Sum) Value() float64 { return z.s + z.c }
