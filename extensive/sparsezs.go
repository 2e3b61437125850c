package extensive

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"sort"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/numeric"
)

// seqProgram is player p's sequence-form program in sparse form, with
// exact coefficients: maximize v_0 subject to E x = e, x ≥ 0, and
// F'v − B'x + s = 0, s ≥ 0, v free (see optimalPlan). Columns: x (np), then
// v (kv), then s (no); rows: the nOwn rows of E x = e, then one per
// opponent sequence.
type seqProgram struct {
	p, np, kv, no, nOwn int
	m, n                int
	// cols[j] lists column j's exact entries by row, rows ascending.
	cols [][]ratEntry
	// scale[i] makes row i integral: the least common multiple of its
	// entries' denominators.
	scale []*big.Int
	// ownSets and oppSets are the information sets of p and of the
	// opponent, in game order; v_k (k ≥ 1) belongs to oppSets[k-1].
	ownSets, oppSets []int
}

type ratEntry struct {
	row int32
	val *big.Rat
}

// newSeqProgram builds player p's program.
func (g *Game) newSeqProgram(sf *seqForm, p int) *seqProgram {
	o := 1 - p
	sp := &seqProgram{p: p, np: sf.n[p], no: sf.n[o]}
	for i, I := range g.Infosets {
		switch I.Player {
		case p:
			sp.ownSets = append(sp.ownSets, i)
		case o:
			sp.oppSets = append(sp.oppSets, i)
		}
	}
	sp.kv = len(sp.oppSets) + 1
	sp.nOwn = len(sp.ownSets) + 1
	sp.m = sp.nOwn + sp.no
	sp.n = sp.np + sp.kv + sp.no
	sp.cols = make([][]ratEntry, sp.n)
	one, minus := big.NewRat(1, 1), big.NewRat(-1, 1)
	put := func(i, j int, v *big.Rat) {
		sp.cols[j] = append(sp.cols[j], ratEntry{int32(i), v})
	}
	put(0, 0, one)
	for r, i := range sp.ownSets {
		for a := range g.Infosets[i].Actions {
			put(r+1, sf.first[i]+a, one)
		}
		put(r+1, sf.parent[i], minus)
	}
	base := sp.nOwn
	put(base, sp.np, one)
	for k, j := range sp.oppSets {
		for a := range g.Infosets[j].Actions {
			put(base+sf.first[j]+a, sp.np+k+1, one)
		}
		put(base+sf.parent[j], sp.np+k+1, minus)
	}
	for t := range sp.no {
		put(base+t, sp.np+sp.kv+t, one)
	}
	// −B': the payoff entries, summed by (opponent sequence, own sequence).
	P := sf.players
	pay := make(map[[2]int32]*big.Rat)
	for v, node := range g.Nodes {
		if node.Outcome < 0 {
			continue
		}
		u := g.Outcomes[node.Outcome].Payoffs[p]
		if u.Sign() == 0 {
			continue
		}
		key := [2]int32{sf.at[v*P+p], sf.at[v*P+o]}
		w := new(big.Rat).Mul(sf.reach[v], u)
		if s, ok := pay[key]; ok {
			s.Add(s, w)
		} else {
			pay[key] = w
		}
	}
	for key, w := range pay {
		if w.Sign() != 0 {
			put(base+int(key[1]), int(key[0]), w.Neg(w))
		}
	}
	for j := range sp.cols {
		c := sp.cols[j]
		sort.Slice(c, func(a, b int) bool { return c[a].row < c[b].row })
	}
	sp.scale = make([]*big.Int, sp.m)
	for i := range sp.scale {
		sp.scale[i] = big.NewInt(1)
	}
	g2 := new(big.Int)
	for _, c := range sp.cols {
		for _, e := range c {
			s := sp.scale[e.row]
			if d := e.val.Denom(); !d.IsInt64() || d.Int64() != 1 {
				g2.GCD(nil, nil, s, d)
				s.Mul(s, new(big.Int).Quo(d, g2))
			}
		}
	}
	return sp
}

// float is the program in floats, for the simplex method.
func (sp *seqProgram) float() *spLP {
	lp := &spLP{m: sp.m, n: sp.n, cols: make([]spVec, sp.n), b: make([]float64, sp.m), c: make([]float64, sp.n), free: make([]bool, sp.n)}
	for j, c := range sp.cols {
		v := spVec{idx: make([]int32, len(c)), val: make([]float64, len(c))}
		for k, e := range c {
			v.idx[k] = e.row
			v.val[k], _ = e.val.Float64()
		}
		lp.cols[j] = v
	}
	lp.b[0] = 1
	lp.c[sp.np] = -1
	for k := range sp.kv {
		lp.free[sp.np+k] = true
	}
	lp.buildRows()
	return lp
}

// firstBasis is a feasible basis to start from: p plays action 0 at every
// set (a pure plan, with one basic sequence per row of E), every v is
// basic at the opponent's best-response values against that plan, and the
// slack of each opponent sequence is basic except at the empty sequence
// and at one best action of each opponent set, whose rows are tight.
func (sp *seqProgram) firstBasis(g *Game, sf *seqForm, lp *spLP) []int32 {
	basis := make([]int32, 0, sp.m)
	x := make([]float64, sp.np)
	x[0] = 1
	basis = append(basis, 0)
	for _, i := range sp.ownSets {
		x[sf.first[i]] = x[sf.parent[i]]
		basis = append(basis, int32(sf.first[i]))
	}
	// B'x by opponent sequence.
	bx := make([]float64, sp.no)
	for j := range sp.np {
		if x[j] == 0 {
			continue
		}
		col := lp.cols[j]
		for k, i := range col.idx {
			if int(i) >= sp.nOwn {
				bx[int(i)-sp.nOwn] -= col.val[k] * x[j]
			}
		}
	}
	// The opponent's best response, from the last sets up: a set's
	// actions lead only to sets whose sequences come later.
	kOf := make(map[int]int, len(sp.oppSets))
	for k, j := range sp.oppSets {
		kOf[j] = k + 1
	}
	children := make([][]int, sp.no) // opponent sets after each sequence
	for k, j := range sp.oppSets {
		children[sf.parent[j]] = append(children[sf.parent[j]], k+1)
	}
	v := make([]float64, sp.kv)
	seqVal := func(t int) float64 {
		s := bx[t]
		for _, k := range children[t] {
			s += v[k]
		}
		return s
	}
	order := make([]int, len(sp.oppSets))
	for k := range order {
		order[k] = k
	}
	sort.Slice(order, func(a, b int) bool { return sf.first[sp.oppSets[order[a]]] > sf.first[sp.oppSets[order[b]]] })
	tight := make([]bool, sp.no)
	tight[0] = true
	for _, k := range order {
		j := sp.oppSets[k]
		best, arg := 0.0, -1
		for a := range g.Infosets[j].Actions {
			if s := seqVal(sf.first[j] + a); arg < 0 || s < best {
				best, arg = s, a
			}
		}
		v[k+1] = best
		tight[sf.first[j]+arg] = true
	}
	for k := range sp.kv {
		basis = append(basis, int32(sp.np+k))
	}
	for t := range sp.no {
		if !tight[t] {
			basis = append(basis, int32(sp.np+sp.kv+t))
		}
	}
	return basis
}

// exactBasis is a basis's exact solution: the basic values x_B and the
// row prices π.
type exactBasis struct {
	x  []*big.Rat // by column, nonbasic ones 0
	pi []*big.Rat // by row
}

// solveBasis computes the exact basic solution and prices of basis, and
// reports whether the basis is optimal: every basic value nonnegative
// (free ones aside) and every nonbasic reduced cost c_j − a_j·π
// nonnegative.
func (sp *seqProgram) solveBasis(guard *budget.Guard, lp *spLP, basis []int32) (*exactBasis, bool, error) {
	cols := make([]spVec, sp.m)
	for p, j := range basis {
		cols[p] = lp.cols[j]
	}
	lu, err := factorLU(sp.m, cols)
	if err != nil {
		return nil, false, err
	}
	xB, pi, err := sp.liftBasis(guard, lp, basis, lu)
	if errors.Is(err, numeric.ErrNotModular) {
		xB, pi, err = sp.replayBasis(guard, lp, basis, lu)
	}
	if err != nil {
		return nil, false, err
	}
	eb := &exactBasis{x: make([]*big.Rat, sp.n), pi: pi}
	zero := new(big.Rat)
	for j := range eb.x {
		eb.x[j] = zero
	}
	optimal := true
	isBasic := make([]bool, sp.n)
	for pos, j := range basis {
		eb.x[j] = xB[pos]
		isBasic[j] = true
		if xB[pos].Sign() < 0 && !lp.free[j] {
			optimal = false
		}
	}
	d, t := new(big.Rat), new(big.Rat)
	for j, c := range sp.cols {
		if isBasic[j] {
			continue
		}
		d.SetInt64(int64(lp.c[j]))
		for _, e := range c {
			d.Sub(d, t.Mul(e.val, pi[e.row]))
		}
		if d.Sign() < 0 || lp.free[j] && d.Sign() != 0 {
			optimal = false
		}
		if err := guard.Tick(len(c) + 1); err != nil {
			return nil, false, err
		}
	}
	return eb, optimal, nil
}

// liftBasis solves B x_B = b and Bᵀπ = c_B by Dixon's p-adic lifting, each
// row made integral by its scale, in the pivot order of the float
// factorization lu so that the lifting, which does not pivot, meets
// nonzero pivots. It returns numeric.ErrNotModular when the integers are
// too wide for the lifting's machine words, or a pivot vanishes.
func (sp *seqProgram) liftBasis(guard *budget.Guard, lp *spLP, basis []int32, lu *sparseLU) (xB, pi []*big.Rat, err error) {
	m := sp.m
	sysCol := make([]int32, m) // position → unknown of the system
	sysRow := make([]int32, m) // row → equation of the system
	for k := range m {
		sysCol[lu.pcol[k]] = int32(k)
		sysRow[lu.prow[k]] = int32(k)
	}
	type intEntry struct {
		eq, unk int32
		v       int64
	}
	var ents []intEntry
	iv := new(big.Int)
	for pos, j := range basis {
		for _, e := range sp.cols[j] {
			iv.Mul(e.val.Num(), sp.scale[e.row])
			iv.Quo(iv, e.val.Denom())
			if !iv.IsInt64() {
				return nil, nil, numeric.ErrNotModular
			}
			ents = append(ents, intEntry{sysRow[e.row], sysCol[pos], iv.Int64()})
		}
	}
	build := func(transpose bool, rhs []*big.Int) *numeric.IntSystem {
		s := &numeric.IntSystem{N: m, Start: make([]int32, m+1), B: [][]*big.Int{rhs}}
		for _, e := range ents {
			r := e.eq
			if transpose {
				r = e.unk
			}
			s.Start[r+1]++
		}
		for i := range m {
			s.Start[i+1] += s.Start[i]
		}
		s.Col = make([]int32, len(ents))
		s.Val = make([]int64, len(ents))
		at := append([]int32(nil), s.Start[:m]...)
		for _, e := range ents {
			r, c := e.eq, e.unk
			if transpose {
				r, c = c, r
			}
			s.Col[at[r]] = c
			s.Val[at[r]] = e.v
			at[r]++
		}
		return s
	}
	// B x_B = b, where only b_0 = 1 (x_∅ = 1) is not 0.
	rhs := make([]*big.Int, m)
	for i := range rhs {
		rhs[i] = new(big.Int)
	}
	rhs[sysRow[0]].Set(sp.scale[0])
	num, den, err := numeric.SolveRational(build(false, rhs), guard)
	if err != nil {
		return nil, nil, err
	}
	xB = make([]*big.Rat, m)
	for pos := range xB {
		xB[pos] = new(big.Rat).SetFrac(num[0][sysCol[pos]], den[0])
	}
	// Bᵀw = c_B with B's rows scaled: π_i = scale_i·w_i.
	crhs := make([]*big.Int, m)
	for pos, j := range basis {
		crhs[sysCol[pos]] = big.NewInt(int64(lp.c[j]))
	}
	wnum, wden, err := numeric.SolveRational(build(true, crhs), guard)
	if err != nil {
		return nil, nil, err
	}
	pi = make([]*big.Rat, m)
	for i := range pi {
		pi[i] = new(big.Rat).SetFrac(new(big.Int).Mul(wnum[0][sysRow[i]], sp.scale[i]), wden[0])
	}
	return xB, pi, nil
}

// replayBasis solves B x_B = b and Bᵀπ = c_B by sparse elimination over
// the rationals, replaying the float factorization's pivot order: the way
// for bases whose integers are too wide for p-adic lifting (deep chance
// gives large denominators). A pivot that is 0 exactly means the float
// basis was singular (errSingular).
func (sp *seqProgram) replayBasis(guard *budget.Guard, lp *spLP, basis []int32, lu *sparseLU) (xB, pi []*big.Rat, err error) {
	m := sp.m
	type entry struct {
		pos int32
		val *big.Rat
	}
	rows := make([][]entry, m)
	colRows := make([][]int32, m)
	for pos, j := range basis {
		for _, e := range sp.cols[j] {
			rows[e.row] = append(rows[e.row], entry{int32(pos), new(big.Rat).Set(e.val)})
			colRows[pos] = append(colRows[pos], e.row)
		}
	}
	done := make([]bool, m)
	at := make([]int32, m) // scatter: position → index in the row being updated, or -1
	for i := range at {
		at[i] = -1
	}
	find := func(i, pos int32) int {
		for x, e := range rows[i] {
			if e.pos == pos {
				return x
			}
		}
		return -1
	}
	piv := make([]*big.Rat, m)
	lrows := make([][]entry, m) // by pivot: (row, multiplier)
	urows := make([][]entry, m) // by pivot: the pivot row's later entries
	t := new(big.Rat)
	for k := range m {
		r, c := lu.prow[k], lu.pcol[k]
		x := find(r, c)
		if x < 0 || rows[r][x].val.Sign() == 0 {
			return nil, nil, fmt.Errorf("extensive: the float basis is singular in exact arithmetic: %w", errSingular)
		}
		pv := rows[r][x].val
		piv[k] = pv
		pr := append(rows[r][:x:x], rows[r][x+1:]...)
		urows[k] = pr
		done[r] = true
		for _, i := range colRows[c] {
			if done[i] {
				continue
			}
			xi := find(i, c)
			if xi < 0 {
				continue
			}
			if err := guard.Tick(len(pr) + 1); err != nil {
				return nil, nil, err
			}
			ri := rows[i]
			l := new(big.Rat).Quo(ri[xi].val, pv)
			ri[xi] = ri[len(ri)-1]
			ri = ri[:len(ri)-1]
			lrows[k] = append(lrows[k], entry{i, l})
			for y, e := range ri {
				at[e.pos] = int32(y)
			}
			for _, e := range pr {
				if y := at[e.pos]; y >= 0 {
					ri[y].val.Sub(ri[y].val, t.Mul(l, e.val))
					continue
				}
				at[e.pos] = int32(len(ri))
				ri = append(ri, entry{e.pos, new(big.Rat).Neg(t.Mul(l, e.val))})
				colRows[e.pos] = append(colRows[e.pos], i)
			}
			w := 0
			for _, e := range ri {
				at[e.pos] = -1
				if e.val.Sign() != 0 {
					ri[w] = e
					w++
				}
			}
			rows[i] = ri[:w]
		}
	}
	// B x_B = b: L then U, as sparseLU.solve does in floats.
	y := make([]*big.Rat, m)
	for i := range y {
		y[i] = new(big.Rat)
	}
	y[0].SetInt64(1)
	for k := range m {
		if v := y[lu.prow[k]]; v.Sign() != 0 {
			for _, e := range lrows[k] {
				y[e.pos].Sub(y[e.pos], t.Mul(e.val, v))
			}
		}
	}
	xB = make([]*big.Rat, m)
	for k := m - 1; k >= 0; k-- {
		acc := new(big.Rat).Set(y[lu.prow[k]])
		for _, e := range urows[k] {
			acc.Sub(acc, t.Mul(e.val, xB[e.pos]))
		}
		xB[lu.pcol[k]] = acc.Quo(acc, piv[k])
	}
	// Bᵀπ = c_B: Uᵀ then Lᵀ, as sparseLU.solveT does.
	e := make([]*big.Rat, m)
	for pos, j := range basis {
		e[pos] = big.NewRat(int64(lp.c[j]), 1)
	}
	pi = make([]*big.Rat, m)
	for k := range m {
		u := new(big.Rat).Quo(e[lu.pcol[k]], piv[k])
		pi[lu.prow[k]] = u
		if u.Sign() == 0 {
			continue
		}
		for _, x := range urows[k] {
			e[x.pos].Sub(e[x.pos], t.Mul(x.val, u))
		}
	}
	for k := m - 1; k >= 0; k-- {
		acc := new(big.Rat)
		for _, x := range lrows[k] {
			acc.Add(acc, t.Mul(x.val, pi[x.pos]))
		}
		p := pi[lu.prow[k]]
		p.Sub(p, acc)
	}
	return xB, pi, nil
}

// maxSparseRows bounds the rows of a program given to the sparse simplex
// method, whose time grows about as the square of the rows: Liar's Dice
// with one six-sided die each has 36,860.
const maxSparseRows = 60_000

// errSparseFailed is wrapped by the errors of the sparse simplex method
// that another program of the same game may not meet: a float basis that
// is singular or not exactly optimal, or one that p-adic lifting cannot
// solve.
var errSparseFailed = errors.New("extensive: the sparse simplex method failed")

// sparseBytes estimates the memory of the sparse method: the exact
// program, its float copy by columns and rows, the factors and their
// updates (an update's spike and row eta, together, taken as at most a
// quarter of m entries; Liar's Dice's are about a hundredth).
func (sp *seqProgram) sparseBytes(nnz int) float64 {
	return float64(nnz)*(ratBytes+40) + float64(sp.m)*refactorEvery*3 + float64(sp.n)*64
}

// sparsePlan solves player p's sequence-form program by the sparse float
// simplex method, then solves its final basis exactly (Dixon's p-adic
// lifting) and checks it optimal exactly. It returns p's plan and the
// opponent's plan from the prices.
func (g *Game) sparsePlan(ctx context.Context, sf *seqForm, sp *seqProgram, refactorAfter int) (plan, other []*big.Rat, err error) {
	guard := budget.NewGuard(ctx, budget.Available())
	nnz := 0
	for _, c := range sp.cols {
		nnz += len(c)
	}
	if err := guard.Fits(sp.sparseBytes(nnz)); err != nil {
		return nil, nil, fmt.Errorf("extensive: the sparse simplex on %d rows and %d columns: %w", sp.m, sp.n, err)
	}
	lp := sp.float()
	basis := sp.firstBasis(g, sf, lp)
	r, err := floatSimplex(guard, lp, basis, refactorAfter)
	if errors.Is(err, errSingular) {
		err = fmt.Errorf("%w: %w", errSparseFailed, err)
	}
	if err != nil {
		return nil, nil, err
	}
	eb, optimal, err := sp.solveBasis(guard, lp, r.basis)
	switch {
	case errors.Is(err, errSingular) || errors.Is(err, numeric.ErrNotModular):
		return nil, nil, fmt.Errorf("%w: the exact solution of the final basis: %w", errSparseFailed, err)
	case err != nil:
		return nil, nil, fmt.Errorf("extensive: the exact solution of the sparse simplex's basis: %w", err)
	case !optimal:
		return nil, nil, fmt.Errorf("%w: its final basis, after %d pivots, is not optimal in exact arithmetic", errSparseFailed, r.iters)
	}
	other = make([]*big.Rat, sp.no)
	for t := range other {
		other[t] = new(big.Rat).Neg(eb.pi[sp.nOwn+t])
	}
	return eb.x[:sp.np], other, nil
}
