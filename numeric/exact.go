package numeric

import "math/big"

// Exact is *big.Rat arithmetic. Destinations are reused, as in math/big.
type Exact struct{}

// Exact implements Field.
func (Exact) Exact() bool { return true }

// New implements Field.
func (Exact) New() *big.Rat { return new(big.Rat) }

// FromRat implements Field.
func (Exact) FromRat(z, r *big.Rat) *big.Rat { return z.Set(r) }

// FromInt implements Field.
func (Exact) FromInt(z *big.Rat, n int64) *big.Rat { return z.SetInt64(n) }

// Set implements Field.
func (Exact) Set(z, x *big.Rat) *big.Rat { return z.Set(x) }

// Add implements Field.
func (Exact) Add(z, x, y *big.Rat) *big.Rat { return z.Add(x, y) }

// Sub implements Field.
func (Exact) Sub(z, x, y *big.Rat) *big.Rat { return z.Sub(x, y) }

// Mul implements Field.
func (Exact) Mul(z, x, y *big.Rat) *big.Rat { return z.Mul(x, y) }

// Quo implements Field.
func (Exact) Quo(z, x, y *big.Rat) *big.Rat { return z.Quo(x, y) }

// Cmp implements Field. Equal values are recognized without the two
// products of big.Rat's Cmp.
func (Exact) Cmp(x, y *big.Rat) int {
	if RatEqual(x, y) {
		return 0
	}
	return x.Cmp(y)
}

// RatEqual reports whether x = y. A big.Rat is kept in lowest terms with a
// positive denominator, so equal values have equal numerators and equal
// denominators: comparing those costs no multiplication, where x.Cmp(y)
// multiplies each numerator by the other's denominator.
func RatEqual(x, y *big.Rat) bool {
	xi, yi := x.IsInt(), y.IsInt()
	if xi != yi || x.Num().Cmp(y.Num()) != 0 {
		return false
	}
	// Denom allocates for a zero-value Rat (an integer); integers are done.
	return xi || x.Denom().Cmp(y.Denom()) == 0
}

// Sign implements Field.
func (Exact) Sign(x *big.Rat) int { return x.Sign() }

// Neg implements Field.
func (Exact) Neg(z, x *big.Rat) *big.Rat { return z.Neg(x) }

// Abs implements Field.
func (Exact) Abs(z, x *big.Rat) *big.Rat { return z.Abs(x) }

// Zero implements Field.
func (Exact) Zero() *big.Rat { return new(big.Rat) }

// One implements Field.
func (Exact) One() *big.Rat { return big.NewRat(1, 1) }

// String implements Field: "p/q" for Exact, the shortest decimal for Float.
func (Exact) String(x *big.Rat) string { return x.String() }

// AddMul implements Field.
func (Exact) AddMul(z, x, a, y *big.Rat) *big.Rat {
	t := new(big.Rat).Mul(a, y) // before z is written: z may alias y
	return z.Add(x, t)
}

// Lin2 implements Field.
func (Exact) Lin2(z, a, x, b, y *big.Rat) *big.Rat {
	t := new(big.Rat).Mul(b, y) // before z is written: z may alias y
	return z.Add(z.Mul(a, x), t)
}

// Float64 implements Field.
func (Exact) Float64(x *big.Rat) float64 { return RatFloat64(x) }
