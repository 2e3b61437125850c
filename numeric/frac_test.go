package numeric

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestFracAdd adds random fractions both ways, with Frac and with
// big.Rat, over denominators that divide one another, that do not, and
// that overflow: a sum that fits must be exact, and one that does not
// must say so.
func TestFracAdd(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	dens := []uint64{1, 2, 3, 6, 1 << 17, 1 << 40, 3 << 30, 1<<63 - 25, math.MaxUint64}
	fits, overflows := 0, 0
	for range 20000 {
		f := Frac{rng.Uint64() >> rng.IntN(64), dens[rng.IntN(len(dens))]}
		g := Frac{rng.Uint64() >> rng.IntN(64), dens[rng.IntN(len(dens))]}
		want := new(big.Rat).Add(f.Rat(new(big.Rat)), g.Rat(new(big.Rat)))
		s, ok := f.Add(g)
		if !ok {
			overflows++
			// It did not fit: the exact sum over the product of the
			// denominators (or over the larger one) needs more than 64 bits.
			continue
		}
		fits++
		if got := s.Rat(new(big.Rat)); got.Cmp(want) != 0 {
			t.Fatalf("%v + %v = %v, want %v", f, g, got.RatString(), want.RatString())
		}
		r := s.Reduce()
		if r.Rat(new(big.Rat)).Cmp(want) != 0 || (r != Frac{0, 1} && gcd64(r.N, r.D) != 1) {
			t.Fatalf("Reduce(%v) = %v, want %v in lowest terms", s, r, want.RatString())
		}
		if back, ok := FracOf(want); ok && back != r {
			t.Fatalf("FracOf(%v) = %v, Reduce gave %v", want.RatString(), back, r)
		}
	}
	if fits < 1000 || overflows < 1000 {
		t.Fatalf("%d sums fit and %d overflowed: the test covers too little", fits, overflows)
	}
}

// TestFracOverflow checks sums that just fit and just do not.
func TestFracOverflow(t *testing.T) {
	for _, c := range []struct {
		f, g Frac
		ok   bool
	}{
		{Frac{math.MaxUint64 - 1, 1 << 10}, Frac{1, 1 << 10}, true},
		{Frac{math.MaxUint64, 1 << 10}, Frac{1, 1 << 10}, false},
		{Frac{1, 1 << 62}, Frac{1, 1 << 63}, true},
		{Frac{1, 1 << 33}, Frac{1, 3 << 31}, false},
		{Frac{1, 3}, Frac{1, 5}, true},
		{Frac{math.MaxUint64 / 2, 2}, Frac{1, 1}, true},
		{Frac{math.MaxUint64, 2}, Frac{1, 1}, false},
	} {
		s, ok := c.f.Add(c.g)
		if ok != c.ok {
			t.Errorf("%v + %v: ok %v, want %v", c.f, c.g, ok, c.ok)
			continue
		}
		want := new(big.Rat).Add(c.f.Rat(new(big.Rat)), c.g.Rat(new(big.Rat)))
		if ok && s.Rat(new(big.Rat)).Cmp(want) != 0 {
			t.Errorf("%v + %v = %v, want %v", c.f, c.g, s, want.RatString())
		}
	}
	if _, ok := FracOf(big.NewRat(-1, 2)); ok {
		t.Error("FracOf(-1/2) fits")
	}
	huge, _ := new(big.Rat).SetString("1/36893488147419103232") // 2^65
	if _, ok := FracOf(huge); ok {
		t.Error("FracOf(1/2^65) fits")
	}
}
