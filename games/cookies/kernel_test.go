package cookies

import (
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
			if got, want := sumMod(dst, p), sumModGeneric(dst, p); got != want {
				t.Fatalf("sumMod p=%d n=%d: got %d, want %d", p, n, got, want)
			}
		}
	}
}
