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
func (Exact) Tied(x, y *big.Rat) bool              { return x.Cmp(y) == 0 }

func (Exact) Better(v, best *big.Rat) bool { return v.Cmp(best) > 0 }

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
