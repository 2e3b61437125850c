package numeric

import "math/big"

// Field is the arithmetic a solver needs. T is float64 (Float) or *big.Rat
// (Exact). Results are returned; z is a destination the field may reuse, and
// it may alias x or y.
type Field[T any] interface {
	// Exact reports whether arithmetic is exact.
	Exact() bool
	// New returns a fresh value 0 that is not shared with any other value.
	New() T
	// FromRat converts r (rounding to nearest for Float).
	FromRat(z T, r *big.Rat) T
	// FromInt converts an integer.
	FromInt(z T, n int64) T
	Set(z, x T) T
	Add(z, x, y T) T
	Sub(z, x, y T) T
	Mul(z, x, y T) T
	// Quo returns x/y; y must not be zero.
	Quo(z, x, y T) T
	// AddMul returns x + a*y.
	AddMul(z, x, a, y T) T
	// Lin2 returns a*x + b*y, the fused step most solvers need; one call
	// instead of three keeps float mode fast.
	Lin2(z, a, x, b, y T) T
	// Cmp returns -1, 0 or +1 as x <, =, > y.
	Cmp(x, y T) int
	// Sign returns -1, 0 or +1 as x <, =, > 0.
	Sign(x T) int
	// Neg returns -x.
	Neg(z, x T) T
	// Abs returns |x|.
	Abs(z, x T) T
	// Zero returns a fresh 0; One a fresh 1.
	Zero() T
	One() T
	// String formats x: "p/q" (always with a denominator) for Exact, the
	// shortest exact decimal for Float.
	String(x T) string
	// Float64 returns the nearest float64.
	Float64(x T) float64
}
