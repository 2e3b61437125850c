package engine

import (
	"math"
	"testing"
)

// The proof's two checks on two states that pass play to each other
// with 1/2 and leave with 1/2: A = [[1, -1/2], [-1/2, 1]], whose
// expected steps before leaving are t = (2, 2) (A t = 1 exactly).
// superSolution must accept a y just above t and refuse t itself (its
// rows are 1 only up to rounding, which the check does not take on
// trust) and anything below; residual must bound |b - A x| from above.
func TestIterativeProofChecks(t *testing.T) {
	t.Parallel()
	s := &sparse{start: []int32{0, 1, 2}, col: []int32{1, 0}, p: []float64{0.5, 0.5}, out: []float64{1, 1}}
	for _, c := range []struct {
		y    []float64
		want bool
	}{
		{[]float64{2.001, 2.001}, true},
		{[]float64{2, 2}, false},
		{[]float64{1.999, 2.5}, false},
		{[]float64{4, 1}, false}, // row 2: 1 - 2 < 1
		{[]float64{math.NaN(), 3}, false},
		{[]float64{math.Inf(1), 3}, false},
	} {
		if got := s.superSolution(c.y); got != c.want {
			t.Errorf("superSolution(%v) = %v, want %v", c.y, got, c.want)
		}
	}
	b := []float64{0.25, 0.75}
	for _, x := range [][]float64{{0.5, 1}, {0.51, 1}, {0, 0}, {1e20, -1e20}} {
		true0 := math.Abs(b[0] - (x[0] - x[1]/2))
		true1 := math.Abs(b[1] - (x[1] - x[0]/2))
		if r := s.residual(x, b); !(r >= math.Max(true0, true1)) {
			t.Errorf("residual(%v) = %g, below the true %g", x, r, math.Max(true0, true1))
		}
	}
}
