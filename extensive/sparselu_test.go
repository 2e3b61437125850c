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
	for range 200 {
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
		checkLU(t, lu, cols, rng)
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

// TestSparseLUUpdate replaces columns of random sparse matrices one at a
// time by Forrest–Tomlin updates and checks B z = y and Bᵀw = e against
// the updated matrix after each.
func TestSparseLUUpdate(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	randCol := func(m int) spVec {
		var c spVec
		seen := map[int32]bool{}
		for range 1 + rng.IntN(4) {
			i := int32(rng.IntN(m))
			if !seen[i] {
				seen[i] = true
				c.idx = append(c.idx, i)
				c.val = append(c.val, rng.NormFloat64())
			}
		}
		return c
	}
	updates := 0
	for trial := range 200 {
		m := 2 + rng.IntN(40)
		perm := rng.Perm(m)
		cols := make([]spVec, m)
		for j := range m {
			cols[j] = randCol(m)
			cols[j].idx = append(cols[j].idx, int32(perm[j]))
			cols[j].val = append(cols[j].val, 3+rng.Float64())
			seen := map[int32]bool{}
			w := 0
			for k, i := range cols[j].idx {
				if !seen[i] {
					seen[i] = true
					cols[j].idx[w], cols[j].val[w] = i, cols[j].val[k]
					w++
				}
			}
			cols[j].idx, cols[j].val = cols[j].idx[:w], cols[j].val[:w]
		}
		lu, err := factorLU(m, cols)
		if errors.Is(err, errSingular) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		for step := range 3 * m {
			a := randCol(m)
			y := make([]float64, m)
			for k, i := range a.idx {
				y[i] += a.val[k]
			}
			alpha := make([]float64, m)
			lu.solve(y, alpha, true)
			p := -1
			for q := range m {
				if math.Abs(alpha[q]) > 0.5 && (p < 0 || rng.IntN(2) == 0) {
					p = q
				}
			}
			if p < 0 {
				continue
			}
			if err := lu.update(p, alpha[p]); err != nil {
				t.Fatalf("trial %d step %d: %v", trial, step, err)
			}
			updates++
			cols[p] = a
			checkLU(t, lu, cols, rng)
		}
	}
	if updates < 1000 {
		t.Fatalf("only %d updates were tried", updates)
	}
}

// checkLU checks lu's solves against the columns cols by multiplying back.
func checkLU(t *testing.T, lu *sparseLU, cols []spVec, rng *rand.Rand) {
	t.Helper()
	m := len(cols)
	y := make([]float64, m)
	for i := range y {
		y[i] = rng.NormFloat64()
	}
	z := make([]float64, m)
	lu.solve(append([]float64(nil), y...), z, false)
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
			t.Fatalf("m=%d, entry %d: B z = %g and Bᵀw = %g, want %g", m, i, bz[i], btw, y[i])
		}
	}
}
