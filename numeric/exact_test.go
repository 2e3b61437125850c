package numeric

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// RatEqual agrees with big.Rat's Cmp on random rationals of up to 200
// bits, equal values built different ways (so their parts are reduced
// from different products), integers, zero values, and opposite signs.
func TestRatEqual(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 7))
	bits := func() *big.Int { // 0 to 200 random bits
		x := new(big.Int)
		for range 4 {
			x.Lsh(x, 64).Or(x, new(big.Int).SetUint64(rng.Uint64()))
		}
		return x.Rsh(x, uint(56+rng.IntN(201)))
	}
	random := func() *big.Rat {
		n, d := bits(), bits()
		if rng.IntN(2) == 0 {
			n.Neg(n)
		}
		return new(big.Rat).SetFrac(n, d.Add(d, big.NewInt(1)))
	}
	var zero big.Rat // the zero value: no denominator allocated
	cases := [][2]*big.Rat{
		{&zero, new(big.Rat)},
		{&zero, big.NewRat(0, 5)},
		{big.NewRat(3, 1), new(big.Rat).SetInt64(3)},
		{big.NewRat(3, 1), big.NewRat(-3, 1)},
		{big.NewRat(1, 2), big.NewRat(2, 4)},
		{big.NewRat(1, 2), big.NewRat(1, 3)},
		{big.NewRat(2, 1), big.NewRat(2, 3)},
	}
	for range 2000 {
		x, y := random(), random()
		cases = append(cases, [2]*big.Rat{x, y})
		// y·x/y is x, reduced from a different product.
		if y.Sign() != 0 {
			cases = append(cases, [2]*big.Rat{x, new(big.Rat).Quo(new(big.Rat).Mul(y, x), y)})
		}
	}
	equal := 0
	for _, c := range cases {
		want := c[0].Cmp(c[1]) == 0
		if got := RatEqual(c[0], c[1]); got != want {
			t.Errorf("RatEqual(%s, %s) = %v, want %v", c[0].RatString(), c[1].RatString(), got, want)
		}
		if got := (Exact{}).Cmp(c[0], c[1]); got != c[0].Cmp(c[1]) {
			t.Errorf("Exact.Cmp(%s, %s) = %d, want %d", c[0].RatString(), c[1].RatString(), got, c[0].Cmp(c[1]))
		}
		if want {
			equal++
		}
	}
	if equal < 1000 {
		t.Fatalf("only %d equal pairs: the test covers too little", equal)
	}
}
