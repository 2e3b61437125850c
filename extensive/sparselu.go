package extensive

import (
	"errors"
	"math"
)

// errSingular reports a basis whose float factorization met no usable
// pivot: the simplex method refactors or gives up.
var errSingular = errors.New("extensive: singular basis")

// spVec is a sparse column: row indices and values.
type spVec struct {
	idx []int32
	val []float64
}

// sparseLU is a float LU factorization of an m×m sparse matrix B whose
// columns are called positions: Gaussian elimination with pivot k at row
// prow[k] and position pcol[k], chosen by Markowitz's rule over the active
// submatrix (fewest entries in the column, then in the row, among entries
// within a threshold of the column's largest) so that the tree-shaped
// bases of a sequence-form program factor with little fill.
//
// Elimination k subtracts lval×(row prow[k]) from each row lidx of its
// range; the pivot row's entries left at later positions are U's row k.
type sparseLU struct {
	m          int
	prow, pcol []int32
	piv        []float64
	lStart     []int32
	lidx       []int32
	lval       []float64
	uStart     []int32
	uidx       []int32 // positions
	uval       []float64
	// U again by positions: the entries of position j's column above its
	// pivot, as (pivot index, value), for the back substitution that
	// skips zeros.
	ucStart []int32
	ucPiv   []int32
	ucVal   []float64
}

// luThreshold is the partial-pivoting threshold: a pivot is at least this
// fraction of the largest entry left in its column.
const luThreshold = 0.01

// luDrop is the magnitude below which a value produced by elimination is
// taken as cancelled.
const luDrop = 1e-14

type luEntry struct {
	col int32
	val float64
}

// buckets keeps items in doubly linked lists by count, for Markowitz's
// search of the sparsest column or row.
type buckets struct {
	head            []int32
	next, prev, cnt []int32
	active          []bool
}

func newBuckets(n, maxCount int) *buckets {
	b := &buckets{head: make([]int32, maxCount+2), next: make([]int32, n), prev: make([]int32, n), cnt: make([]int32, n), active: make([]bool, n)}
	for i := range b.head {
		b.head[i] = -1
	}
	return b
}

func (b *buckets) insert(i int32, c int32) {
	if int(c) >= len(b.head) {
		c = int32(len(b.head) - 1)
	}
	b.cnt[i], b.active[i] = c, true
	b.prev[i], b.next[i] = -1, b.head[c]
	if b.head[c] >= 0 {
		b.prev[b.head[c]] = i
	}
	b.head[c] = i
}

func (b *buckets) remove(i int32) {
	if !b.active[i] {
		return
	}
	b.active[i] = false
	if b.prev[i] >= 0 {
		b.next[b.prev[i]] = b.next[i]
	} else {
		b.head[b.cnt[i]] = b.next[i]
	}
	if b.next[i] >= 0 {
		b.prev[b.next[i]] = b.prev[i]
	}
}

func (b *buckets) move(i int32, c int32) {
	b.remove(i)
	b.insert(i, c)
}

// factorLU factors the matrix whose position j is the sparse column
// cols[j]. It returns errSingular when some position has no usable pivot.
func factorLU(m int, cols []spVec) (*sparseLU, error) {
	// Each row and column gets room for twice its entries in one backing
	// array, so that a factorization makes a few allocations, not one per
	// row; fill past that room reallocates that row alone.
	rows := make([][]luEntry, m)
	colRows := make([][]int32, m)
	rowLen := make([]int, m)
	nnz := 0
	for _, c := range cols {
		for _, i := range c.idx {
			rowLen[i]++
		}
		nnz += len(c.idx)
	}
	rowBack := make([]luEntry, 2*nnz)
	colBack := make([]int32, 2*nnz)
	off := 0
	for i, n := range rowLen {
		rows[i] = rowBack[off : off : off+2*n]
		off += 2 * n
	}
	off = 0
	for j, c := range cols {
		colRows[j] = colBack[off : off : off+2*len(c.idx)]
		off += 2 * len(c.idx)
	}
	for j, c := range cols {
		for k, i := range c.idx {
			if c.val[k] == 0 {
				continue
			}
			rows[i] = append(rows[i], luEntry{int32(j), c.val[k]})
			colRows[j] = append(colRows[j], i)
		}
	}
	rb, cb := newBuckets(m, 64), newBuckets(m, 64)
	colCnt := make([]int32, m)
	for j := range m {
		colCnt[j] = int32(len(colRows[j]))
		cb.insert(int32(j), colCnt[j])
	}
	for i := range m {
		rb.insert(int32(i), int32(len(rows[i])))
	}
	lu := &sparseLU{m: m, prow: make([]int32, m), pcol: make([]int32, m), piv: make([]float64, m),
		lStart: make([]int32, 1, m+1), uStart: make([]int32, 1, m+1)}
	rowDone := make([]bool, m)
	pos := make([]int32, m) // scatter: position → index in the row being updated, or -1
	for j := range pos {
		pos[j] = -1
	}
	// entryAt returns row i's value at position j (0 if none).
	entryAt := func(i, j int32) (float64, int) {
		for x, e := range rows[i] {
			if e.col == j {
				return e.val, x
			}
		}
		return 0, -1
	}
	for k := range m {
		r, c := int32(-1), int32(-1)
		if rb.head[0] >= 0 || cb.head[0] >= 0 {
			return nil, errSingular
		}
		switch {
		case rb.head[1] >= 0: // a row singleton: no fill
			r = rb.head[1]
			c = rows[r][0].col
		case cb.head[1] >= 0: // a column singleton: no multipliers
			c = cb.head[1]
			for _, i := range colRows[c] {
				if !rowDone[i] {
					if v, _ := entryAt(i, c); v != 0 {
						r = i
						break
					}
				}
			}
		default:
			bestCost := int64(math.MaxInt64)
			for cnt, tried := 2, 0; cnt < len(cb.head) && tried < 4; cnt++ {
				for j := cb.head[cnt]; j >= 0 && tried < 4; j = cb.next[j] {
					tried++
					big := 0.0
					for _, i := range colRows[j] {
						if !rowDone[i] {
							if v, _ := entryAt(i, j); math.Abs(v) > big {
								big = math.Abs(v)
							}
						}
					}
					for _, i := range colRows[j] {
						if rowDone[i] {
							continue
						}
						v, _ := entryAt(i, j)
						if v == 0 || math.Abs(v) < luThreshold*big {
							continue
						}
						if cost := int64(len(rows[i])-1) * int64(colCnt[j]-1); cost < bestCost {
							bestCost, r, c = cost, i, j
						}
					}
				}
				if r >= 0 {
					break
				}
			}
		}
		if r < 0 {
			return nil, errSingular
		}
		pv, px := entryAt(r, c)
		if pv == 0 {
			return nil, errSingular
		}
		lu.prow[k], lu.pcol[k], lu.piv[k] = r, c, pv
		rowDone[r] = true
		rb.remove(r)
		cb.remove(c)
		pr := rows[r]
		pr[px] = pr[len(pr)-1]
		pr = pr[:len(pr)-1]
		for _, e := range pr {
			lu.uidx = append(lu.uidx, e.col)
			lu.uval = append(lu.uval, e.val)
			colCnt[e.col]--
		}
		lu.uStart = append(lu.uStart, int32(len(lu.uidx)))
		for _, i := range colRows[c] {
			if rowDone[i] {
				continue
			}
			v, x := entryAt(i, c)
			if x < 0 {
				continue
			}
			ri := rows[i]
			ri[x] = ri[len(ri)-1]
			ri = ri[:len(ri)-1]
			l := v / pv
			lu.lidx = append(lu.lidx, i)
			lu.lval = append(lu.lval, l)
			for x, e := range ri {
				pos[e.col] = int32(x)
			}
			for _, e := range pr {
				if x := pos[e.col]; x >= 0 {
					ri[x].val -= l * e.val
					continue
				}
				pos[e.col] = int32(len(ri))
				ri = append(ri, luEntry{e.col, -l * e.val})
				colRows[e.col] = append(colRows[e.col], i)
				colCnt[e.col]++
			}
			// Drop cancellations, and reset the scatter.
			w := 0
			for _, e := range ri {
				pos[e.col] = -1
				if math.Abs(e.val) <= luDrop {
					colCnt[e.col]--
					continue
				}
				ri[w] = e
				w++
			}
			rows[i] = ri[:w]
			rb.move(i, int32(w))
		}
		lu.lStart = append(lu.lStart, int32(len(lu.lidx)))
		for _, e := range pr {
			cb.move(e.col, colCnt[e.col])
		}
		rows[r], colRows[c] = nil, nil
	}
	lu.ucStart = make([]int32, m+1)
	for _, j := range lu.uidx {
		lu.ucStart[j+1]++
	}
	for j := range m {
		lu.ucStart[j+1] += lu.ucStart[j]
	}
	lu.ucPiv = make([]int32, len(lu.uidx))
	lu.ucVal = make([]float64, len(lu.uidx))
	at := append([]int32(nil), lu.ucStart[:m]...)
	for k := range m {
		for x := lu.uStart[k]; x < lu.uStart[k+1]; x++ {
			j := lu.uidx[x]
			lu.ucPiv[at[j]], lu.ucVal[at[j]] = int32(k), lu.uval[x]
			at[j]++
		}
	}
	return lu, nil
}

// solve overwrites y (indexed by rows) with z = B⁻¹y indexed by positions,
// using out as the result's storage.
func (lu *sparseLU) solve(y, out []float64) {
	for k := range lu.m {
		t := y[lu.prow[k]]
		if t == 0 {
			continue
		}
		for x := lu.lStart[k]; x < lu.lStart[k+1]; x++ {
			y[lu.lidx[x]] -= lu.lval[x] * t
		}
	}
	for k := lu.m - 1; k >= 0; k-- {
		j := lu.pcol[k]
		t := y[lu.prow[k]] / lu.piv[k]
		out[j] = t
		if t == 0 {
			continue
		}
		for x := lu.ucStart[j]; x < lu.ucStart[j+1]; x++ {
			y[lu.prow[lu.ucPiv[x]]] -= lu.ucVal[x] * t
		}
	}
}

// solveT overwrites e (indexed by positions) with w = B⁻ᵀe indexed by
// rows, using out as the result's storage.
func (lu *sparseLU) solveT(e, out []float64) {
	for k := range lu.m {
		u := e[lu.pcol[k]] / lu.piv[k]
		out[lu.prow[k]] = u
		if u == 0 {
			continue
		}
		for x := lu.uStart[k]; x < lu.uStart[k+1]; x++ {
			e[lu.uidx[x]] -= lu.uval[x] * u
		}
	}
	for k := lu.m - 1; k >= 0; k-- {
		acc := 0.0
		for x := lu.lStart[k]; x < lu.lStart[k+1]; x++ {
			acc += lu.lval[x] * out[lu.lidx[x]]
		}
		out[lu.prow[k]] -= acc
	}
}
