package extensive

import (
	"context"
	"errors"
	"fmt"
	"math/big"

	"github.com/gamesolve/gamesolve/budget"
)

// maxTableau bounds the entries of the dense exact tableau (rows times
// columns); larger sequence forms are refused with the figure.
const maxTableau = 4_000_000

// ErrLPTooLarge is wrapped (with budget.ErrTooLarge) by the refusal of a
// linear program too large for the exact dense simplex.
var ErrLPTooLarge = errors.New("too large for the exact simplex")

// tableauFits refuses a program of m rows and n columns whose tableau
// would pass maxTableau entries.
func tableauFits(m, n int) error {
	if w := float64(m+1) * float64(n+m+1); w > maxTableau {
		return fmt.Errorf("extensive: the sequence-form program has %d rows and %d columns, a tableau of %.3g exact entries, more than the %.0e allowed (%w): %w", m, n, w, float64(maxTableau), ErrLPTooLarge, budget.ErrTooLarge)
	}
	return nil
}

// blandAfter is the number of pivots in a row that leave the objective
// unchanged after which the entering column is chosen by Bland's rule,
// which cannot cycle, instead of the steepest reduced cost.
const blandAfter = 50

// simplex minimizes c·x subject to A x = b and x ≥ 0, exactly, by the
// two-phase tableau simplex method. A is dense (rows of len(c)); entries may
// be nil for 0. It returns an optimal x and an optimal solution of the
// dual program (max b·π subject to A'π ≤ c), or an error when the program is
// infeasible or unbounded (which a sequence-form program never is) or ctx
// ends.
func simplex(ctx context.Context, A [][]*big.Rat, b, c []*big.Rat) (x, duals []*big.Rat, err error) {
	m, n := len(A), len(c)
	if err := tableauFits(m, n); err != nil {
		return nil, nil, err
	}
	cols := n + m + 1 // the originals, the artificials, the right-hand side
	rhs := cols - 1
	T := make([][]*big.Rat, m+1)
	zero := new(big.Rat)
	for i := range m {
		row := make([]*big.Rat, cols)
		neg := b[i] != nil && b[i].Sign() < 0
		for j := range n {
			row[j] = new(big.Rat)
			if A[i][j] != nil {
				row[j].Set(A[i][j])
				if neg {
					row[j].Neg(row[j])
				}
			}
		}
		for j := n; j < rhs; j++ {
			row[j] = new(big.Rat)
		}
		row[n+i].SetInt64(1)
		row[rhs] = new(big.Rat)
		if b[i] != nil {
			row[rhs].Abs(b[i])
		}
		T[i] = row
	}
	obj := make([]*big.Rat, cols)
	for j := range obj {
		obj[j] = new(big.Rat)
	}
	T[m] = obj
	basis := make([]int, m)
	for i := range basis {
		basis[i] = n + i
	}
	// Phase 1: minimize the sum of the artificials; the objective row
	// holds the reduced costs, −Σ of each column over the rows.
	for i := range m {
		for j := range n {
			obj[j].Sub(obj[j], T[i][j])
		}
		obj[rhs].Sub(obj[rhs], T[i][rhs])
	}
	tmp, f := new(big.Rat), new(big.Rat)
	var nz []int // the pivot row's nonzero columns
	pivot := func(r, col int) {
		p := new(big.Rat).Set(T[r][col])
		nz = nz[:0]
		for j, v := range T[r] {
			if v.Sign() != 0 {
				nz = append(nz, j)
			}
		}
		if p.Cmp(big.NewRat(1, 1)) != 0 {
			for _, j := range nz {
				T[r][j].Quo(T[r][j], p)
			}
		}
		for i := range T {
			if i == r || T[i][col].Sign() == 0 {
				continue
			}
			f.Set(T[i][col])
			for _, j := range nz {
				T[i][j].Sub(T[i][j], tmp.Mul(f, T[r][j]))
			}
		}
		basis[r] = col
	}
	run := func(allowed int) error {
		stall := 0
		for iter := 0; ; iter++ {
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("extensive: %w", err)
			}
			col := -1
			for j := range allowed {
				d := obj[j]
				if d.Sign() >= 0 {
					continue
				}
				if col < 0 || stall >= blandAfter {
					col = j
					if stall >= blandAfter {
						break
					}
					continue
				}
				if d.Cmp(obj[col]) < 0 {
					col = j
				}
			}
			if col < 0 {
				return nil
			}
			r := -1
			var best *big.Rat
			for i := range m {
				a := T[i][col]
				if a.Sign() <= 0 {
					continue
				}
				q := new(big.Rat).Quo(T[i][rhs], a)
				if r < 0 {
					r, best = i, q
					continue
				}
				if k := q.Cmp(best); k < 0 || k == 0 && basis[i] < basis[r] {
					r, best = i, q
				}
			}
			if r < 0 {
				return fmt.Errorf("extensive: internal error: the linear program is unbounded")
			}
			if best.Sign() == 0 {
				stall++
			} else {
				stall = 0
			}
			pivot(r, col)
		}
	}
	if err := run(n); err != nil {
		return nil, nil, err
	}
	if obj[rhs].Sign() != 0 {
		return nil, nil, fmt.Errorf("extensive: internal error: the linear program is infeasible")
	}
	// Drive the artificials left in the basis (at level 0) out, or drop
	// their rows where no original column can replace them (the row is a
	// combination of the others).
	for i := 0; i < m; i++ {
		if basis[i] < n {
			continue
		}
		col := -1
		for j := range n {
			if T[i][j].Sign() != 0 {
				col = j
				break
			}
		}
		if col >= 0 {
			pivot(i, col)
			continue
		}
		T = append(T[:i], T[i+1:]...)
		basis = append(basis[:i], basis[i+1:]...)
		m--
		i--
	}
	// Phase 2: the reduced costs of c under the basis found.
	obj = T[m]
	for j := range obj {
		obj[j].SetInt64(0)
		if j < n && c[j] != nil {
			obj[j].Set(c[j])
		}
	}
	for i := range m {
		cb := c[basis[i]]
		if cb == nil || cb.Sign() == 0 {
			continue
		}
		for j, v := range T[i] {
			if v.Sign() != 0 {
				obj[j].Sub(obj[j], tmp.Mul(cb, v))
			}
		}
	}
	if err := run(n); err != nil {
		return nil, nil, err
	}
	x = make([]*big.Rat, n)
	for j := range x {
		x[j] = zero
	}
	for i, j := range basis {
		x[j] = new(big.Rat).Set(T[i][rhs])
	}
	// The dual solution: the reduced cost of row i's artificial column
	// is −π_i (in the row's sign as the tableau holds it).
	duals = make([]*big.Rat, len(b))
	for i := range duals {
		duals[i] = new(big.Rat).Neg(obj[n+i])
		if b[i] != nil && b[i].Sign() < 0 {
			duals[i].Neg(duals[i])
		}
	}
	return x, duals, nil
}
