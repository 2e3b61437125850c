package extensive

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/gamesolve/gamesolve/budget"
)

// spLP is a sparse linear program in floats: minimize c·x subject to
// A x = b, with x_j ≥ 0 except where free[j]. A is held both by columns
// (for the basis and the entering column) and by rows (for the pivot row
// of the reduced costs).
type spLP struct {
	m, n    int
	cols    []spVec
	rowsIdx [][]int32
	rowsVal [][]float64
	b, c    []float64
	free    []bool
}

func (lp *spLP) buildRows() {
	lp.rowsIdx = make([][]int32, lp.m)
	lp.rowsVal = make([][]float64, lp.m)
	for j, col := range lp.cols {
		for k, i := range col.idx {
			lp.rowsIdx[i] = append(lp.rowsIdx[i], int32(j))
			lp.rowsVal[i] = append(lp.rowsVal[i], col.val[k])
		}
	}
}

// Tolerances of the float simplex; the exact stage that follows decides.
const (
	feasTol  = 1e-9
	optTol   = 1e-9
	pivotTol = 1e-7
	// refactorEvery bounds the updates between fresh factorizations.
	refactorEvery = 400
)

// revised is the state of the float revised simplex method: the basis
// (position → column), each column's position (-1 when nonbasic), the
// basic values, the reduced costs, and B⁻¹ as an LU factorization kept
// up to date by Forrest–Tomlin updates.
type revised struct {
	lp      *spLP
	basis   []int32
	posOf   []int32
	xB      []float64
	d       []float64
	lu      *sparseLU
	work    []float64 // length m scratch, kept zero between uses
	iters   int
	refacts int
	maxIter int
	// refactorAfter is the number of updates after which the basis is
	// factored afresh (refactorEvery, or fewer in tests).
	refactorAfter int
	// Scratch of one pivot: B⁻¹a_q by positions, row r of B⁻¹ by rows, a
	// unit vector, and row r of B⁻¹A with its nonzero columns.
	alpha, rho, ep []float64
	rowAlpha       []float64
	touched        []int32
	inRow          []bool
	// weight holds the Devex reference weights of the nonbasic columns
	// (Forrest and Goldfarb 1992), estimates of the squared length of
	// each column's edge, by which the entering column is priced.
	weight []float64
}

// ftran returns B⁻¹a for a sparse column a, indexed by positions, and
// keeps a's spike for the basis update should a enter.
func (r *revised) ftran(a spVec, out []float64) {
	y := r.work
	for k, i := range a.idx {
		y[i] += a.val[k]
	}
	r.lu.solve(y, out, true)
	clear(y)
}

// btran returns B⁻ᵀe (e indexed by positions, overwritten) indexed by rows.
func (r *revised) btran(e, out []float64) {
	r.lu.solveT(e, out)
}

// refactor factors the basis afresh and recomputes the basic values and
// the reduced costs from it.
func (r *revised) refactor() error {
	lp := r.lp
	cols := make([]spVec, lp.m)
	for p, j := range r.basis {
		cols[p] = lp.cols[j]
	}
	lu, err := factorLU(lp.m, cols)
	if err != nil {
		return err
	}
	r.lu = lu
	r.refacts++
	// A new Devex reference framework: the weights only grow, and
	// unchecked they overflow and hide columns from the pricing. Keeping
	// one framework across several refactorizations was tried, and
	// stalled the primal phase on Liar's Dice.
	for j := range r.weight {
		r.weight[j] = 1
	}
	y := make([]float64, lp.m)
	copy(y, lp.b)
	r.lu.solve(y, r.xB, false)
	cb := make([]float64, lp.m)
	for p, j := range r.basis {
		cb[p] = lp.c[j]
	}
	pi := make([]float64, lp.m)
	r.lu.solveT(cb, pi)

	for j, col := range lp.cols {
		if r.posOf[j] >= 0 {
			r.d[j] = 0
			continue
		}
		s := lp.c[j]
		for k, i := range col.idx {
			s -= col.val[k] * pi[i]
		}
		r.d[j] = s
	}
	return nil
}

// floatSimplex runs the primal revised simplex method from basis, which
// must be primal feasible, to a basis that is optimal within the float
// tolerances, factoring the basis afresh after refactorAfter updates. The entering column has the most negative reduced cost
// (Dantzig's rule); the leaving row is chosen by Harris's two-pass ratio
// test, which prefers large pivots among the nearly tied.
//
// Sequence-form programs are highly degenerate, and Dantzig's rule stalls
// on them; so the primal phase runs on a right-hand side moved by B₀δ,
// with δ small, positive and random, which makes the first basis and (with
// probability one) every later one nondegenerate. The true right-hand side
// is then restored and the dual simplex method, from the dual feasible
// basis reached, removes the small infeasibilities that it leaves.
func floatSimplex(guard *budget.Guard, lp *spLP, basis []int32, refactorAfter int) (*revised, error) {
	r := &revised{lp: lp, refactorAfter: refactorAfter, basis: basis, posOf: make([]int32, lp.n), xB: make([]float64, lp.m), d: make([]float64, lp.n), work: make([]float64, lp.m),
		alpha: make([]float64, lp.m), rho: make([]float64, lp.m), ep: make([]float64, lp.m), rowAlpha: make([]float64, lp.n), inRow: make([]bool, lp.n), weight: make([]float64, lp.n)}
	for j := range r.weight {
		r.weight[j] = 1
	}
	for j := range r.posOf {
		r.posOf[j] = -1
	}
	for p, j := range basis {
		r.posOf[j] = int32(p)
	}
	trueB := lp.b
	moved := append([]float64(nil), trueB...)
	rng := rand.New(rand.NewPCG(uint64(lp.m), uint64(lp.n)))
	for _, j := range basis {
		if lp.free[j] {
			continue
		}
		delta := perturbation * (1 + rng.Float64())
		col := lp.cols[j]
		for k, i := range col.idx {
			moved[i] += delta * col.val[k]
		}
	}
	lp.b = moved
	defer func() { lp.b = trueB }()
	if err := r.refactor(); err != nil {
		return nil, fmt.Errorf("extensive: the first basis of the sparse simplex: %w", err)
	}
	r.maxIter = 50 * (lp.m + lp.n)
	if err := r.primal(guard); err != nil {
		return nil, err
	}

	lp.b = trueB
	if err := r.refactor(); err != nil {
		return nil, fmt.Errorf("extensive: the sparse simplex, pivot %d: %w", r.iters, err)
	}
	if err := r.dual(guard); err != nil {
		return nil, err
	}

	// The dual steps may leave reduced costs slightly negative; a last
	// primal pass on the true right-hand side settles them.
	if err := r.primal(guard); err != nil {
		return nil, err
	}
	return r, nil
}

// perturbation is the scale of the random move of the right-hand side.
const perturbation = 1e-7

// step checks the budget and the pivot limit before a pivot.
func (r *revised) step(guard *budget.Guard) error {
	if err := guard.Check(); err != nil {
		return fmt.Errorf("extensive: the sparse simplex, pivot %d: %w", r.iters, err)
	}
	if r.iters > r.maxIter {
		return fmt.Errorf("extensive: the sparse simplex took more than %d pivots: %w", r.maxIter, budget.ErrTooLarge)
	}
	return nil
}

// primal runs primal simplex pivots until no reduced cost is negative.
func (r *revised) primal(guard *budget.Guard) error {
	lp := r.lp
	for {
		if err := r.step(guard); err != nil {
			return err
		}
		q, best := -1, 0.0
		// Basic columns have d = 0 exactly, so only the sign of d and
		// whether the column is free decide a candidate.
		for j, dj := range r.d {
			if dj >= -optTol && (dj <= optTol || !lp.free[j]) {
				continue
			}
			if score := dj * dj / r.weight[j]; score > best {
				q, best = j, score
			}
		}
		if q < 0 {
			return nil
		}
		dir := 1.0 // a free entering variable with d > 0 decreases
		if lp.free[q] && r.d[q] > 0 {
			dir = -1
		}
		clear(r.alpha)
		r.ftran(lp.cols[q], r.alpha)
		// Harris: the largest step with every basic value within feasTol
		// of its bound, then the largest pivot among steps up to it.
		// Values a little below 0 count as 0, so that no step is
		// negative and no infeasibility grows.
		theta := math.Inf(1)
		for p, a := range r.alpha {
			a *= dir
			if a <= pivotTol || lp.free[r.basis[p]] {
				continue
			}
			if t := (math.Max(r.xB[p], 0) + feasTol) / a; t < theta {
				theta = t
			}
		}
		if math.IsInf(theta, 1) {
			return fmt.Errorf("extensive: internal error: the sparse simplex found the program unbounded")
		}
		leave, big := -1, 0.0
		for p, a := range r.alpha {
			a *= dir
			if a <= pivotTol || lp.free[r.basis[p]] {
				continue
			}
			if math.Max(r.xB[p], 0)/a <= theta && a > big {
				leave, big = p, a
			}
		}
		step := math.Max(r.xB[leave], 0) / (r.alpha[leave] * dir) * dir
		if err := r.pivot(guard, q, leave, step); err != nil {
			return err
		}
	}
}

// dual runs dual simplex pivots, from a basis whose reduced costs are
// nonnegative, until no basic value is below its bound.
func (r *revised) dual(guard *budget.Guard) error {
	lp := r.lp
	for {
		if err := r.step(guard); err != nil {
			return err
		}
		leave, worst := -1, -feasTol
		for p, x := range r.xB {
			if x < worst && !lp.free[r.basis[p]] {
				leave, worst = p, x
			}
		}
		if leave < 0 {
			return nil
		}
		r.pivotRow(leave)
		q, ratio := -1, math.Inf(1)
		for _, j := range r.touched {
			a := r.rowAlpha[j]
			if r.posOf[j] >= 0 || lp.free[j] || a >= -pivotTol {
				continue
			}
			if t := math.Max(r.d[j], 0) / -a; t < ratio || t == ratio && -a > -r.rowAlpha[q] {
				q, ratio = int(j), t
			}
		}
		if q < 0 {
			r.clearRow()
			return fmt.Errorf("extensive: internal error: the sparse simplex found the program infeasible")
		}
		clear(r.alpha)
		r.ftran(lp.cols[q], r.alpha)
		step := r.xB[leave] / r.alpha[leave]
		if err := r.pivotWithRow(guard, q, leave, step); err != nil {
			return err
		}
	}
}

// pivotRow computes row leave of B⁻¹A into rowAlpha (its nonzero columns
// listed in touched).
func (r *revised) pivotRow(leave int) {
	lp := r.lp
	clear(r.ep)
	r.ep[leave] = 1
	r.btran(r.ep, r.rho)
	for i, v := range r.rho {
		if v == 0 {
			continue
		}
		for k, j := range lp.rowsIdx[i] {
			if !r.inRow[j] {
				r.inRow[j] = true
				r.touched = append(r.touched, j)
			}
			r.rowAlpha[j] += v * lp.rowsVal[i][k]
		}
	}
}

func (r *revised) clearRow() {
	for _, j := range r.touched {
		r.rowAlpha[j] = 0
		r.inRow[j] = false
	}
	r.touched = r.touched[:0]
}

// pivot brings column q into the basis at position leave, the entering
// value being step, with alpha = B⁻¹a_q.
func (r *revised) pivot(guard *budget.Guard, q, leave int, step float64) error {
	r.pivotRow(leave)
	return r.pivotWithRow(guard, q, leave, step)
}

// pivotWithRow is pivot once the pivot row is in rowAlpha.
func (r *revised) pivotWithRow(guard *budget.Guard, q, leave int, step float64) error {
	for p, a := range r.alpha {
		r.xB[p] -= step * a
	}
	r.xB[leave] = step
	piv := r.alpha[leave]
	thetaD := r.d[q] / piv
	wq := r.weight[q]
	for _, j := range r.touched {
		if r.posOf[j] < 0 {
			a := r.rowAlpha[j]
			r.d[j] -= thetaD * a
			if w := a * a / (piv * piv) * wq; w > r.weight[j] {
				r.weight[j] = w
			}
		}
	}
	r.clearRow()
	out := r.basis[leave]
	r.d[out] = -thetaD
	r.weight[out] = math.Max(wq/(piv*piv), 1)
	r.d[q] = 0
	r.posOf[out] = -1
	r.posOf[q] = int32(leave)
	r.basis[leave] = int32(q)
	r.iters++
	if err := r.lu.update(leave, piv); err != nil || r.lu.updates >= r.refactorAfter {
		if err := r.refactor(); err != nil {
			return fmt.Errorf("extensive: the sparse simplex, pivot %d: %w", r.iters, err)
		}
	}
	return nil
}
