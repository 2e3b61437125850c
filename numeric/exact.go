package numeric

import "math/big"

// Exact is *big.Rat arithmetic. Destinations are reused, as in math/big.
type Exact struct{}

func (Exact) Exact() bool   { return true }
func (Exact) New() *big.Rat { return new(big.Rat) }

func (Exact) FromRat(z, r *big.Rat) *big.Rat       { return z.Set(r) }
func (Exact) FromInt(z *big.Rat, n int64) *big.Rat { return z.SetInt64(n) }
func (Exact) Set(z, x *big.Rat) *big.Rat           { return z.Set(x) }
func (Exact) Add(z, x, y *big.Rat) *big.Rat        { return z.Add(x, y) }
func (Exact) Sub(z, x, y *big.Rat) *big.Rat        { return z.Sub(x, y) }
func (Exact) Mul(z, x, y *big.Rat) *big.Rat        { return z.Mul(x, y) }
func (Exact) Quo(z, x, y *big.Rat) *big.Rat        { return z.Quo(x, y) }
func (Exact) Cmp(x, y *big.Rat) int                { return x.Cmp(y) }
func (Exact) Sign(x *big.Rat) int                  { return x.Sign() }
func (Exact) Neg(z, x *big.Rat) *big.Rat           { return z.Neg(x) }
func (Exact) Abs(z, x *big.Rat) *big.Rat           { return z.Abs(x) }
func (Exact) Zero() *big.Rat                       { return new(big.Rat) }
func (Exact) One() *big.Rat                        { return big.NewRat(1, 1) }
func (Exact) String(x *big.Rat) string             { return x.String() }

func (Exact) AddMul(z, x, a, y *big.Rat) *big.Rat {
	t := new(big.Rat).Mul(a, y) // before z is written: z may alias y
	return z.Add(x, t)
}

func (Exact) Lin2(z, a, x, b, y *big.Rat) *big.Rat {
	t := new(big.Rat).Mul(b, y) // before z is written: z may alias y
	return z.Add(z.Mul(a, x), t)
}

func (Exact) Float64(x *big.Rat) float64 {
	v, _ := x.Float64()
	return v
}
