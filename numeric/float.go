package numeric

import (
	"math"
	"math/big"
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
