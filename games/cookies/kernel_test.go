package cookies

import (
	"context"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestKernels ties the row operations as run (vectorised where the CPU
// can) to the plain loops: every length up to 300, so every tail, with
// residues drawn near 0 and near p, for primes from 3 to just below 2^62.
func TestKernels(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, p := range []uint64{3, 65521, 1<<31 - 1, 1<<62 - 57} {
		draw := func() uint64 {
			switch rng.IntN(3) {
			case 0:
				return p - 1 - rng.Uint64N(min(p, 4))
			case 1:
				return rng.Uint64N(min(p, 4))
			}
			return rng.Uint64N(p)
		}
		for n := range 300 {
			dst, src := make([]uint64, n), make([]uint64, n+rng.IntN(3))
			for k := range dst {
				dst[k] = draw()
			}
			for k := range src {
				src[k] = draw()
			}
			want := slices.Clone(dst)
			addModGeneric(want, src, p)
			got := slices.Clone(dst)
			addMod(got, src, p)
			if !slices.Equal(got, want) {
				t.Fatalf("addMod p=%d n=%d: got %v, want %v", p, n, got, want)
			}
			want = slices.Clone(dst)
			subModGeneric(want, src, p)
			got = slices.Clone(dst)
			subMod(got, src, p)
			if !slices.Equal(got, want) {
				t.Fatalf("subMod p=%d n=%d: got %v, want %v", p, n, got, want)
			}
			if got, want := sumMod(dst, p), sumModGeneric(dst, p); got != want {
				t.Fatalf("sumMod p=%d n=%d: got %d, want %d", p, n, got, want)
			}
		}
	}
}

// The closed form for the lead classes agrees with adding those parts one
// at a time, and Montgomery multiplication with big integers.
func TestLead(t *testing.T) {
	vals, err := PileValues(context.Background(), 2000)
	if err != nil {
		t.Fatal(err)
	}
	ns := []int{300, 1000, 2000}
	for n := 1; n <= 80; n++ {
		ns = append(ns, n)
	}
	for _, n := range ns {
		pl, err := newPlan(n, vals[:n+1])
		if err != nil {
			t.Fatal(err)
		}
		if n >= 7 && pl.lead < 3 {
			t.Fatalf("N=%d: the lead holds %d pairs", n, pl.lead)
		}
		want, err := pl.withoutLead().countAll(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		got, err := pl.countAll(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if got.Cmp(want) != 0 {
			t.Errorf("N=%d: %v with the closed form, %v part by part", n, got, want)
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, p := range []uint64{3, 65521, 1<<31 - 1, 1<<62 - 57} {
		m, bp := newMont(p), new(big.Int).SetUint64(p)
		for range 1000 {
			a, b := rng.Uint64N(p), rng.Uint64N(p)
			if rng.IntN(4) == 0 {
				a, b = p-1, p-1-rng.Uint64N(min(p, 3))
			}
			want := new(big.Int).Mul(new(big.Int).SetUint64(a), new(big.Int).SetUint64(b))
			if got := m.mul(m.to(a), b); got != want.Mod(want, bp).Uint64() {
				t.Fatalf("p=%d: %d·%d = %d, want %v", p, a, b, got, want)
			}
		}
	}
}

// withoutLead is the plan with no lead classes: every part added one at a
// time.
func (pl *plan) withoutLead() *plan {
	q := *pl
	q.setLead(0)
	return &q
}
