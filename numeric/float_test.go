package numeric

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// RatFloat64's quick division agrees with big.Rat's Float64 to the bit,
// on random fractions and at the edges of 2^53.
func TestRatFloat64(t *testing.T) {
	rng := rand.New(rand.NewPCG(53, 1))
	edges := []int64{1, 2, 3, 7, 10, 1000, 1<<53 - 1, 1 << 53, 1<<53 + 1, 1<<62 + 12345, math.MaxInt64}
	check := func(n, d int64) {
		if d <= 0 {
			return
		}
		r := big.NewRat(n, d)
		want, _ := r.Float64()
		if got := RatFloat64(r); math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("%d/%d: %v, big.Rat gives %v", n, d, got, want)
		}
	}
	for _, n := range edges {
		for _, d := range edges {
			check(n, d)
			check(-n, d)
		}
	}
	for range 200000 {
		check(rng.Int64N(1<<54)-1<<53, 1+rng.Int64N(1<<53))
		check(rng.Int64N(1000), 1+rng.Int64N(1000))
	}
	r, _ := new(big.Rat).SetString("123456789012345678901234567890/7")
	if want, _ := r.Float64(); RatFloat64(r) != want {
		t.Error("a large fraction")
	}
}

// RatApprox lies within 2^-52 of the value, relative, checked exactly, on
// random fractions of 1 to 6,000 bits (numerator and denominator differing
// in size by up to 1,000 bits either way, within float64's range), on values whose
// top 64 bits tie (n just above or below d), and on powers of two.
func TestRatApprox(t *testing.T) {
	rng := rand.New(rand.NewPCG(52, 2))
	bound := new(big.Rat).SetFrac64(1, 1<<52)
	check := func(r *big.Rat) {
		t.Helper()
		got := RatApprox(r)
		if math.IsInf(got, 0) || math.IsNaN(got) {
			t.Fatalf("%v: %v", r, got)
		}
		if r.Sign() == 0 {
			if got != 0 {
				t.Fatalf("0: %v", got)
			}
			return
		}
		if want, _ := r.Float64(); math.Abs(want) < 0x1p-1022 {
			return // the relative bound holds for normal results only
		}
		diff := new(big.Rat).Sub(new(big.Rat).SetFloat64(got), r)
		lim := new(big.Rat).Mul(new(big.Rat).Abs(r), bound)
		if diff.Abs(diff).Cmp(lim) > 0 {
			want, _ := r.Float64()
			t.Fatalf("%v: %v, nearest %v", r.FloatString(20), got, want)
		}
	}
	random := func(bits int) *big.Int {
		x := new(big.Int)
		for x.BitLen() < bits {
			x.Lsh(x, 64).Or(x, new(big.Int).SetUint64(rng.Uint64()))
		}
		return x.Rsh(x, uint(x.BitLen()-bits)).SetBit(x, bits-1, 1)
	}
	for range 20000 {
		nb := 1 + rng.IntN(6000)
		n, d := random(nb), random(max(1, nb+rng.IntN(2000)-1000))
		if rng.IntN(2) == 0 {
			n.Neg(n)
		}
		check(new(big.Rat).SetFrac(n, d))
	}
	for range 2000 {
		// n = d ± something small: the top 64 bits of both agree, or
		// differ by one.
		d := random(64 + rng.IntN(3000))
		for _, k := range []int64{-2, -1, 1, 2} {
			n := new(big.Int).Add(d, big.NewInt(k))
			check(new(big.Rat).SetFrac(n, d))
			check(new(big.Rat).SetFrac(new(big.Int).Lsh(n, uint(rng.IntN(100))), d))
		}
	}
	for e := range 1000 {
		p := new(big.Int).Lsh(big.NewInt(1), uint(e))
		check(new(big.Rat).SetFrac(p, big.NewInt(3)))
		check(new(big.Rat).SetFrac(big.NewInt(3), p))
		check(new(big.Rat).SetInt(p))
	}
	check(new(big.Rat))
	check(big.NewRat(-7, 3))
}
