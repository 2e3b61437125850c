package extensive

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

// TestSparseLU factors random sparse matrices (a permuted triangle plus
// random entries, the shape of simplex bases) and checks B z = y and
// Bᵀw = e by multiplying back; a matrix with an empty column, and one
// with two equal columns, are singular.
func TestSparseLU(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 200 {
		m := 1 + rng.IntN(60)
		perm := rng.Perm(m)
		cols := make([]spVec, m)
		for j := range m {
			seen := map[int32]bool{}
			add := func(i int, v float64) {
				if !seen[int32(i)] {
					seen[int32(i)] = true
					cols[j].idx = append(cols[j].idx, int32(i))
					cols[j].val = append(cols[j].val, v)
				}
			}
			add(perm[j], 1+rng.Float64())
			for range rng.IntN(4) {
				add(rng.IntN(m), rng.NormFloat64())
			}
		}
		lu, err := factorLU(m, cols)
		if errors.Is(err, errSingular) {
			continue // random entries can cancel the triangle
		}
		if err != nil {
			t.Fatal(err)
		}
		y := make([]float64, m)
		for i := range y {
			y[i] = rng.NormFloat64()
		}
		z := make([]float64, m)
		lu.solve(append([]float64(nil), y...), z)
		bz := make([]float64, m)
		for j, c := range cols {
			for k, i := range c.idx {
				bz[i] += c.val[k] * z[j]
			}
		}
		w := make([]float64, m)
		lu.solveT(append([]float64(nil), y...), w)
		for i := range m {
			btw := 0.0
			for k, r := range cols[i].idx {
				btw += cols[i].val[k] * w[r]
			}
			if math.Abs(bz[i]-y[i]) > 1e-8*(1+math.Abs(y[i])) || math.Abs(btw-y[i]) > 1e-8*(1+math.Abs(y[i])) {
				t.Fatalf("trial %d (m=%d), entry %d: B z = %g and Bᵀw = %g, want %g", trial, m, i, bz[i], btw, y[i])
			}
		}
	}
	for _, cols := range [][]spVec{
		{{idx: []int32{0}, val: []float64{1}}, {}},
		{{idx: []int32{0, 1}, val: []float64{1, 2}}, {idx: []int32{0, 1}, val: []float64{1, 2}}},
	} {
		if _, err := factorLU(2, cols); !errors.Is(err, errSingular) {
			t.Fatalf("%v: err = %v, want errSingular", cols, err)
		}
	}
}
