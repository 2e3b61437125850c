package engine

import (
	"math"
)

// Float mode solves a large part whose rows are dense by Gauss–Seidel
// sweeps rather than by elimination, whose fill-in makes it cubic: a
// dense part of 8,192 states (Herman's ring of 13) took 13 s to
// eliminate, one of 32,768 would take a quarter of an hour and 8 GB; the
// sweeps take a second. The answer is proven, not assumed from sweeps
// that stopped moving (the danger of value iteration: Haddad and Monmege's
// chain converges to the wrong value):
//
// The part's equations are A x = b, out_i x_i − Σ_{j≠i} p_ij x_j = b_i,
// with out_i = exit_i + Σ_{j≠i} p_ij: A is an M-matrix (every state
// leaves the part with positive probability, directly or through
// others), so A⁻¹ ≥ 0 elementwise. For any x̂ with residual r = b − A x̂,
// x − x̂ = A⁻¹ r, so |x − x̂| ≤ A⁻¹ |r| ≤ ‖r‖∞ A⁻¹ 1. And a vector y with
// A y ≥ 1 bounds A⁻¹ 1 ≤ y (apply A⁻¹ ≥ 0): y is an upper bound on the
// expected number of steps before play leaves the part, found by the same
// sweeps on A t = 1 and checked. Both the check and the residual are
// computed in float64 and widened by their rounding bounds, so the error
// ‖r‖∞·max y is proven. Where play leaves so rarely that max y times the
// residual float64 can reach is above the precision, the check fails and
// elimination (rounding errors only) solves the part as before.

const (
	// iterSweeps is the most sweeps either system gets before the part
	// goes to elimination.
	iterSweeps = 1 << 13
	// iterCheckEvery is how many sweeps pass between checks.
	iterCheckEvery = 16
)

// sparse is a part's rows without their self-loops, for the sweeps.
type sparse struct {
	start []int32
	col   []int32
	p     []float64
	out   []float64
}

// solveIterative solves the system eliminate set up in cs (m states, d
// right-hand sides) by Gauss–Seidel sweeps and proves the result, if the
// part suits them (tuning.iterMin, iterDense): ok reports whether it did and
// every column's proven error is within precision times its largest
// magnitude (at least 1), and bound is the largest proven error. The
// layout of x is solveSystem's.
func solveIterative(cs *chainSolver[float64], m, d int, precision float64) (x []float64, bound float64, ok bool, err error) {
	nnz := 0
	for _, r := range cs.rows[:m] {
		nnz += len(r)
	}
	if t := cs.tuning(); m < t.iterMin || nnz < t.iterDense*m {
		return nil, 0, false, nil
	}
	// The rows again, without self-loops (12 bytes an entry), and five
	// vectors of m.
	if err := cs.guard.Fits(12*float64(nnz) + 48*float64(m)); err != nil {
		return nil, 0, false, err
	}
	s := &sparse{start: make([]int32, m+1), out: make([]float64, m), col: make([]int32, 0, nnz), p: make([]float64, 0, nnz)}
	for i := range m {
		out := cs.exit[i]
		for _, e := range cs.rows[i] {
			if int(e.col) != i {
				s.col = append(s.col, e.col)
				s.p = append(s.p, e.p)
				out += e.p
			}
		}
		s.start[i+1] = int32(len(s.col))
		if !(out > 0) || math.IsInf(out, 0) {
			return nil, 0, false, nil
		}
		s.out[i] = out
	}
	work := len(s.col) + m
	// No more sweeps than an eighth of a dense elimination's work: a part
	// that needs more is left to it.
	maxSweeps := int(min(iterSweeps, max(64, float64(m)*float64(m)*float64(m)/8/float64(work))))
	if cs.limit > 0 {
		// An optimistic try's evaluation (valueiter.go) is worth only the
		// work it saves: the sweeps of both systems stay within it.
		maxSweeps = min(maxSweeps, int(cs.limit/float64(work)/2))
	}
	// y: A y ≥ 1, from the sweeps on A t = 1 scaled up a little.
	ones := make([]float64, m)
	for i := range ones {
		ones[i] = 1
	}
	t := make([]float64, m)
	y := make([]float64, m)
	ymax := math.Inf(1)
	for sweep := 1; sweep <= maxSweeps; sweep++ {
		if err := cs.guard.Tick(work); err != nil {
			return nil, 0, false, err
		}
		s.sweep(t, ones)
		if sweep%iterCheckEvery != 0 {
			continue
		}
		for i, v := range t {
			y[i] = v * (1 + 1e-3)
		}
		if s.superSolution(y) {
			ymax = 0
			for _, v := range y {
				ymax = math.Max(ymax, v)
			}
			break
		}
	}
	if math.IsInf(ymax, 0) {
		return nil, 0, false, nil
	}
	x = cs.x[:m*d]
	clear(x)
	col := make([]float64, m)
	b := make([]float64, m)
	for j := range d {
		for i := range m {
			b[i], col[i] = cs.b[i*d+j], 0
		}
		proven := false
		for sweep := 1; sweep <= maxSweeps && !proven; sweep++ {
			if err := cs.guard.Tick(work); err != nil {
				return nil, 0, false, err
			}
			s.sweep(col, b)
			if sweep%iterCheckEvery != 0 {
				continue
			}
			scale := 1.0
			for _, v := range col {
				scale = math.Max(scale, math.Abs(v))
			}
			e := s.residual(col, b) * ymax
			if e <= precision*scale {
				proven, bound = true, math.Max(bound, e)
			}
		}
		if !proven {
			return nil, 0, false, nil
		}
		for i := range m {
			x[i*d+j] = col[i]
		}
	}
	cs.tuning().tally(iterParts, 1)
	return x, bound, true, nil
}

// sweep is one Gauss–Seidel sweep of A x = b in place.
func (s *sparse) sweep(x, b []float64) {
	for i := range x {
		sum := b[i]
		for k := s.start[i]; k < s.start[i+1]; k++ {
			sum += s.p[k] * x[s.col[k]]
		}
		x[i] = sum / s.out[i]
	}
}

// gamma bounds the relative rounding of a row of n entries: a sum of n+2
// products in float64 is within (n+2)·2^-53 of the true one, relative to
// the sum of the terms' magnitudes (Higham, Accuracy and Stability of
// Numerical Algorithms, 3.1); out_i, itself a sum of n+1 terms, adds
// (n+1)·2^-53 of its term; and the entries, rounded from the rationals
// once each, one unit more: (2n+4)·2^-53, taken as (2n+8)·2^-53.
func gamma(n int32) float64 { return float64(2*n+8) * 0x1p-53 }

// superSolution reports whether A y ≥ 1 holds for y ≥ 0, proven: each
// row's computed value less its rounding bound.
func (s *sparse) superSolution(y []float64) bool {
	for i, yi := range y {
		if !(yi >= 0) || math.IsInf(yi, 0) {
			return false
		}
		lo, hi := s.start[i], s.start[i+1]
		v, mag := s.out[i]*yi, s.out[i]*yi
		for k := lo; k < hi; k++ {
			t := s.p[k] * y[s.col[k]]
			v -= t
			mag += t
		}
		if v-gamma(hi-lo)*mag < 1 {
			return false
		}
	}
	return true
}

// residual returns a proven bound on ‖b − A x‖∞.
func (s *sparse) residual(x, b []float64) float64 {
	r := 0.0
	for i, xi := range x {
		lo, hi := s.start[i], s.start[i+1]
		v := b[i] - s.out[i]*xi
		mag := math.Abs(b[i]) + s.out[i]*math.Abs(xi)
		for k := lo; k < hi; k++ {
			t := s.p[k] * x[s.col[k]]
			v += t
			mag += math.Abs(t)
		}
		r = math.Max(r, math.Abs(v)+gamma(hi-lo)*mag)
	}
	return r
}
