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
