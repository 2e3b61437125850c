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
	// L by the rows multipliers read: see buildU.
	ltStart, ltRow []int32
	ltVal          []float64
	// U's rows as the elimination writes them: pivot k's entries right of
	// the diagonal, by position (buildU then moves them into urow/ucol).
	uStart []int32
	uidx   []int32
	uval   []float64

	// U by slots. Slot k < m is pivot k of the factorization; each update
	// adds a slot. urow[s] holds the entries right of s's diagonal and
	// ucol[s] those above it, in the pivot order of the live slots, order.
	urow, ucol []([]uEntry)
	order      []int32
	ordPos     []int32 // slot → its index in order
	posSlot    []int32 // position → its live slot
	rowSlot    []int32 // row → its live slot
	// R: the row etas of the updates, applied after L. Eta r subtracts
	// rVal·y[rIdx] over rStart[r]:rStart[r+1] from y[rRow[r]].
	rRow, rStart, rIdx []int32
	rVal               []float64
	updates            int
	// spike is the vector kept by the last solve with keep; wr (by slot)
	// and wd (by row) are the update's scratch, kept zero.
	spike  spVec
	wr, wd []float64
}

// uEntry is an entry of U: the other slot (column or row) and the value.
type uEntry struct {
	slot int32
	val  float64
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
	lu.buildU()
	return lu, nil
}

// buildU turns U's rows, as the elimination left them (by pivot index,
// entries by position), into the updatable form: rows and columns by
// slot, each slice capped at its own length in one backing array so that
// an update's append moves that slice alone.
func (lu *sparseLU) buildU() {
	m := lu.m
	lu.posSlot = make([]int32, m)
	lu.rowSlot = make([]int32, m)
	lu.order = make([]int32, m)
	lu.ordPos = make([]int32, m)
	for k := range m {
		lu.posSlot[lu.pcol[k]] = int32(k)
		lu.rowSlot[lu.prow[k]] = int32(k)
		lu.order[k] = int32(k)
		lu.ordPos[k] = int32(k)
	}
	colLen := make([]int, m)
	for x, j := range lu.uidx {
		lu.uidx[x] = lu.posSlot[j]
		colLen[lu.uidx[x]]++
	}
	rowBack := make([]uEntry, len(lu.uidx))
	colBack := make([]uEntry, len(lu.uidx))
	lu.urow = make([][]uEntry, m, m+refactorEvery)
	lu.ucol = make([][]uEntry, m, m+refactorEvery)
	off := 0
	for t, n := range colLen {
		lu.ucol[t] = colBack[off : off : off+n]
		off += n
	}
	for k := range m {
		lo, hi := lu.uStart[k], lu.uStart[k+1]
		row := rowBack[lo:lo:hi]
		for x := lo; x < hi; x++ {
			t := lu.uidx[x]
			row = append(row, uEntry{t, lu.uval[x]})
			lu.ucol[t] = append(lu.ucol[t], uEntry{int32(k), lu.uval[x]})
		}
		lu.urow[k] = row
	}
	lu.uStart, lu.uidx, lu.uval = nil, nil, nil

	// L again by the row each multiplier reads: elimination k's entry
	// (row i, l) is listed under i's pivot index as (prow[k], l), so that
	// the transposed solve scatters from the rows whose value is nonzero.
	pivOf := make([]int32, m) // row → pivot index
	for k, i := range lu.prow[:m] {
		pivOf[i] = int32(k)
	}
	lu.ltStart = make([]int32, m+1)
	for _, i := range lu.lidx {
		lu.ltStart[pivOf[i]+1]++
	}
	for k := range m {
		lu.ltStart[k+1] += lu.ltStart[k]
	}
	lu.ltRow = make([]int32, len(lu.lidx))
	lu.ltVal = make([]float64, len(lu.lidx))
	at := append([]int32(nil), lu.ltStart[:m]...)
	for k := range m {
		for x := lu.lStart[k]; x < lu.lStart[k+1]; x++ {
			t := pivOf[lu.lidx[x]]
			lu.ltRow[at[t]], lu.ltVal[at[t]] = lu.prow[k], lu.lval[x]
			at[t]++
		}
	}
	lu.rStart = []int32{0}
	lu.wr = make([]float64, m)
	lu.wd = make([]float64, m)
}

// solve overwrites y (indexed by rows) with z = B⁻¹y indexed by
// positions, using out as the result's storage. With keep, the partly
// transformed vector R L⁻¹y, the column U gains if y's column enters
// the basis, is kept for update.
func (lu *sparseLU) solve(y, out []float64, keep bool) {
	for k := range lu.m {
		t := y[lu.prow[k]]
		if t == 0 {
			continue
		}
		for x := lu.lStart[k]; x < lu.lStart[k+1]; x++ {
			y[lu.lidx[x]] -= lu.lval[x] * t
		}
	}
	for e, i := range lu.rRow {
		acc := y[i]
		for x := lu.rStart[e]; x < lu.rStart[e+1]; x++ {
			acc -= lu.rVal[x] * y[lu.rIdx[x]]
		}
		y[i] = acc
	}
	if keep {
		lu.spike.idx, lu.spike.val = lu.spike.idx[:0], lu.spike.val[:0]
		for i, v := range y {
			if v != 0 {
				lu.spike.idx = append(lu.spike.idx, int32(i))
				lu.spike.val = append(lu.spike.val, v)
			}
		}
	}
	for x := len(lu.order) - 1; x >= 0; x-- {
		s := lu.order[x]
		v := y[lu.prow[s]]
		if v == 0 {
			out[lu.pcol[s]] = 0
			continue
		}
		t := v / lu.piv[s]
		out[lu.pcol[s]] = t
		for _, e := range lu.ucol[s] {
			y[lu.prow[e.slot]] -= e.val * t
		}
	}
}

// solveT overwrites e (indexed by positions) with w = B⁻ᵀe indexed by
// rows, using out as the result's storage.
func (lu *sparseLU) solveT(e, out []float64) {
	for _, s := range lu.order {
		v := e[lu.pcol[s]]
		if v == 0 {
			out[lu.prow[s]] = 0
			continue
		}
		u := v / lu.piv[s]
		out[lu.prow[s]] = u
		for _, x := range lu.urow[s] {
			e[lu.pcol[x.slot]] -= x.val * u
		}
	}
	for r := len(lu.rRow) - 1; r >= 0; r-- {
		v := out[lu.rRow[r]]
		if v == 0 {
			continue
		}
		for x := lu.rStart[r]; x < lu.rStart[r+1]; x++ {
			out[lu.rIdx[x]] -= lu.rVal[x] * v
		}
	}
	for k := lu.m - 1; k >= 0; k-- {
		v := out[lu.prow[k]]
		if v == 0 {
			continue
		}
		for x := lu.ltStart[k]; x < lu.ltStart[k+1]; x++ {
			out[lu.ltRow[x]] -= lu.ltVal[x] * v
		}
	}
}

// errUnstable reports an update whose new pivot disagrees with the one
// the determinant predicts: the factors have lost accuracy and the basis
// is to be factored afresh.
var errUnstable = errors.New("extensive: the basis update lost accuracy")

// update replaces the column at position p by the column whose kept
// vector (see solve) is in lu.spike and whose B⁻¹a has alphaP at p: the
// Forrest–Tomlin update. The spike takes the place of p's column of U,
// p's slot moves to the end of the pivot order, and the row it leaves
// below the diagonal is eliminated by the rows of U, the multipliers
// making one row eta of R. The new pivot must equal alphaP times the
// old, as det B changes by alphaP.
func (lu *sparseLU) update(p int, alphaP float64) error {
	s := lu.posSlot[p]
	pr := lu.prow[s]
	if n := len(lu.prow) + 1; len(lu.wr) < n {
		lu.wr = append(lu.wr, make([]float64, n-len(lu.wr))...)
	}
	for _, e := range lu.ucol[s] {
		lu.urow[e.slot] = dropSlot(lu.urow[e.slot], s)
	}
	wr, wd := lu.wr, lu.wd
	for k, i := range lu.spike.idx {
		wd[i] = lu.spike.val[k]
	}
	diag := wd[pr]
	for _, e := range lu.urow[s] {
		wr[e.slot] = e.val
		lu.ucol[e.slot] = dropSlot(lu.ucol[e.slot], s)
	}
	if len(lu.urow[s]) > 0 {
		for x := lu.ordPos[s] + 1; x < int32(len(lu.order)); x++ {
			t := lu.order[x]
			v := wr[t]
			if v == 0 {
				continue
			}
			wr[t] = 0
			mult := v / lu.piv[t]
			if math.Abs(mult) <= luDrop {
				continue
			}
			lu.rIdx = append(lu.rIdx, lu.prow[t])
			lu.rVal = append(lu.rVal, mult)
			diag -= mult * wd[lu.prow[t]]
			for _, e := range lu.urow[t] {
				wr[e.slot] -= mult * e.val
			}
		}
	}
	lu.rRow = append(lu.rRow, pr)
	lu.rStart = append(lu.rStart, int32(len(lu.rIdx)))
	want := alphaP * lu.piv[s]
	if diag == 0 || math.Abs(diag-want) > 1e-8*math.Max(1, math.Abs(want)) {
		clear(wd)
		return errUnstable
	}

	ns := int32(len(lu.prow))
	lu.prow = append(lu.prow, pr)
	lu.pcol = append(lu.pcol, int32(p))
	lu.piv = append(lu.piv, diag)
	var col []uEntry
	for k, i := range lu.spike.idx {
		wd[i] = 0
		if i == pr {
			continue
		}
		t := lu.rowSlot[i]
		v := lu.spike.val[k]
		col = append(col, uEntry{t, v})
		lu.urow[t] = append(lu.urow[t], uEntry{ns, v})
	}
	lu.urow[s], lu.ucol[s] = nil, nil
	lu.urow = append(lu.urow, nil)
	lu.ucol = append(lu.ucol, col)
	lu.rowSlot[pr], lu.posSlot[p] = ns, ns
	at := lu.ordPos[s]
	lu.ordPos = append(lu.ordPos, 0)
	copy(lu.order[at:], lu.order[at+1:])
	lu.order[len(lu.order)-1] = ns
	for x := at; x < int32(len(lu.order)); x++ {
		lu.ordPos[lu.order[x]] = x
	}
	lu.updates++
	return nil
}

// dropSlot removes the entry of slot s from a row or column of U.
func dropSlot(es []uEntry, s int32) []uEntry {
	for x, e := range es {
		if e.slot == s {
			es[x] = es[len(es)-1]
			return es[:len(es)-1]
		}
	}
	return es
}
