package numeric

import (
	"math/big"
	"math/bits"
)

// Frac is a nonnegative fraction N/D of machine words (D > 0; the zero
// value is not a valid Frac, Frac{0, 1} is 0). Sums of probabilities stay
// small in most models, mostly over one base (1/2^k): Frac adds them
// without allocating, and says when a sum no longer fits, where the
// caller goes back to big.Rat.
type Frac struct{ N, D uint64 }

// FracOf returns x as a Frac; ok is false if x is negative or its
// numerator or denominator needs more than 64 bits.
func FracOf(x *big.Rat) (f Frac, ok bool) {
	n, d := x.Num(), x.Denom()
	if n.Sign() < 0 || !n.IsUint64() || !d.IsUint64() {
		return Frac{}, false
	}
	return Frac{n.Uint64(), d.Uint64()}, true
}

// Add returns f + g, over the larger denominator where one divides the
// other (unreduced otherwise); ok is false if the sum does not fit.
func (f Frac) Add(g Frac) (s Frac, ok bool) {
	if f.D < g.D {
		f, g = g, f
	}
	if f.D%g.D == 0 { // also f.D = g.D
		hi, lo := bits.Mul64(g.N, f.D/g.D)
		n, carry := bits.Add64(f.N, lo, 0)
		return Frac{n, f.D}, hi == 0 && carry == 0
	}
	h1, a := bits.Mul64(f.N, g.D)
	h2, b := bits.Mul64(g.N, f.D)
	h3, d := bits.Mul64(f.D, g.D)
	n, carry := bits.Add64(a, b, 0)
	return Frac{n, d}, h1|h2|h3|carry == 0
}

// Reduce returns f in lowest terms: equal fractions then have equal
// fields.
func (f Frac) Reduce() Frac {
	if f.N == 0 {
		return Frac{0, 1}
	}
	g := gcd64(f.N, f.D)
	return Frac{f.N / g, f.D / g}
}

// Rat sets z to f and returns z.
func (f Frac) Rat(z *big.Rat) *big.Rat {
	if f.N <= 1<<63-1 && f.D <= 1<<63-1 {
		return z.SetFrac64(int64(f.N), int64(f.D))
	}
	var n, d big.Int
	return z.SetFrac(n.SetUint64(f.N), d.SetUint64(f.D))
}

// gcd64 is Stein's binary gcd of a, b > 0.
func gcd64(a, b uint64) uint64 {
	shift := bits.TrailingZeros64(a | b)
	a >>= bits.TrailingZeros64(a)
	for b != 0 {
		b >>= bits.TrailingZeros64(b)
		if a > b {
			a, b = b, a
		}
		b -= a
	}
	return a << shift
}
