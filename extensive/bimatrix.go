package extensive

import (
	"context"
	"fmt"
	"math/big"
	"slices"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/solver"
)

// ErrNotBimatrix is returned by the bimatrix solvers for a game that is
// not a strategic game of two players.
var ErrNotBimatrix = fmt.Errorf("extensive: not a strategic game of two players: %w", solver.ErrInvalid)

// bimatrix returns a two-player strategic game's payoff matrices: A[i][j]
// and B[i][j] are the row and the column player's payoffs when the row
// player plays i and the column player j.
func (g *Game) bimatrix() (A, B [][]*big.Rat, err error) {
	if !g.Strategic || len(g.Players) != 2 || len(g.Infosets) != 2 {
		return nil, nil, ErrNotBimatrix
	}
	m, n := len(g.Infosets[0].Actions), len(g.Infosets[1].Actions)
	A, B = make([][]*big.Rat, m), make([][]*big.Rat, m)
	for i := range m {
		A[i], B[i] = make([]*big.Rat, n), make([]*big.Rat, n)
	}
	// The tree: the root is the row player's, each child a column node.
	root := g.Nodes[0]
	for i, c := range root.Children {
		for j, leaf := range g.Nodes[c].Children {
			u := g.Outcomes[g.Nodes[leaf].Outcome].Payoffs
			A[i][j], B[i][j] = u[0], u[1]
		}
	}
	return A, B, nil
}

// positive returns M shifted by a constant so that every entry is at
// least 1 (equilibria do not change).
func positive(M [][]*big.Rat) [][]*big.Rat {
	low := new(big.Rat).Set(M[0][0])
	for _, row := range M {
		for _, v := range row {
			if v.Cmp(low) < 0 {
				low.Set(v)
			}
		}
	}
	shift := new(big.Rat).Sub(big.NewRat(1, 1), low)
	out := make([][]*big.Rat, len(M))
	for i, row := range M {
		out[i] = make([]*big.Rat, len(row))
		for j, v := range row {
			out[i][j] = new(big.Rat).Add(v, shift)
		}
	}
	return out
}

// polytopes returns what both solvers build the best-response polytopes
// from: A made positive, B made positive and transposed, and the labels
// of the row player's strategies (0..m−1) and the column player's
// (m..m+n−1).
func polytopes(A, B [][]*big.Rat) (Ap, Bt [][]*big.Rat, rowLabels, colLabels []int) {
	m, n := len(A), len(A[0])
	Ap, B = positive(A), positive(B)
	Bt = make([][]*big.Rat, n)
	for j := range n {
		Bt[j] = make([]*big.Rat, m)
		for i := range m {
			Bt[j][i] = B[i][j]
		}
	}
	rowLabels, colLabels = make([]int, m), make([]int, n)
	for i := range rowLabels {
		rowLabels[i] = i
	}
	for j := range colLabels {
		colLabels[j] = m + j
	}
	return Ap, Bt, rowLabels, colLabels
}

// lhTableau is one of Lemke–Howson's two tableaux: basic variables in
// terms of the others, the variables labelled (a strategy of the row
// player is label i, of the column player label m+j).
type lhTableau struct {
	T     [][]*big.Rat // rows × (vars + 1), the right-hand side last
	basis []int        // the variable of each row
	label []int        // each variable's label
	// lex is the lexicographic ratio test's columns: the right-hand side,
	// then the columns of the first basis (its inverse), in order.
	lex []int
	// free marks variables without a sign constraint (nil: none): they
	// stay basic once in, so their rows take no part in the ratio test.
	free []bool
}

// newLH builds the tableau M z + w = 1 over z (labels zl) and slacks w
// (labels wl).
func newLH(M [][]*big.Rat, zl, wl []int) *lhTableau {
	rows, nz := len(M), len(zl)
	t := &lhTableau{lex: []int{nz + rows}}
	for k := nz; k < nz+rows; k++ {
		t.lex = append(t.lex, k)
	}
	t.label = append(append(t.label, zl...), wl...)
	for i := range rows {
		row := make([]*big.Rat, nz+rows+1)
		for j := range nz {
			row[j] = new(big.Rat).Set(M[i][j])
		}
		for j := nz; j < len(row); j++ {
			row[j] = new(big.Rat)
		}
		row[nz+i].SetInt64(1)
		row[len(row)-1].SetInt64(1)
		t.T = append(t.T, row)
		t.basis = append(t.basis, nz+i)
	}
	return t
}

// enter pivots variable v into the basis by the lexicographic minimum
// ratio test (which keeps degenerate games from cycling) and returns the
// variable that left.
func (t *lhTableau) enter(v int) (int, error) {
	best := -1
	q, qb := new(big.Rat), new(big.Rat)
	// less compares row i's and row b's ratios, column by column of lex.
	less := func(i, b int) bool {
		for _, c := range t.lex {
			q.Quo(t.T[i][c], t.T[i][v])
			qb.Quo(t.T[b][c], t.T[b][v])
			if k := q.Cmp(qb); k != 0 {
				return k < 0
			}
		}
		return false
	}
	for i := range t.T {
		if t.T[i][v].Sign() <= 0 || t.free != nil && t.free[t.basis[i]] {
			continue
		}
		if best < 0 || less(i, best) {
			best = i
		}
	}
	if best < 0 {
		return 0, fmt.Errorf("extensive: internal error: Lemke's path found an unbounded ray")
	}
	left := t.basis[best]
	t.pivot(best, v)
	return left, nil
}

// pivot makes variable v the basic variable of row r.
func (t *lhTableau) pivot(r, v int) {
	p := new(big.Rat).Set(t.T[r][v])
	for j := range t.T[r] {
		if t.T[r][j].Sign() != 0 {
			t.T[r][j].Quo(t.T[r][j], p)
		}
	}
	f, tmp := new(big.Rat), new(big.Rat)
	for i := range t.T {
		if i == r || t.T[i][v].Sign() == 0 {
			continue
		}
		f.Set(t.T[i][v])
		for j, x := range t.T[r] {
			if x.Sign() != 0 {
				t.T[i][j].Sub(t.T[i][j], tmp.Mul(f, x))
			}
		}
	}
	t.basis[r] = v
}

// values returns the first n variables' values (0 where not basic).
func (t *lhTableau) values(n int) []*big.Rat {
	out := make([]*big.Rat, n)
	for j := range out {
		out[j] = new(big.Rat)
	}
	rhs := len(t.T[0]) - 1
	for i, v := range t.basis {
		if v < n {
			out[v].Set(t.T[i][rhs])
		}
	}
	return out
}

func (t *lhTableau) varOf(label int) int { return slices.Index(t.label, label) }

// normalized returns x divided by its sum.
func normalized(x []*big.Rat) []*big.Rat {
	sum := new(big.Rat)
	for _, v := range x {
		sum.Add(sum, v)
	}
	out := make([]*big.Rat, len(x))
	for i, v := range x {
		out[i] = new(big.Rat).Quo(v, sum)
	}
	return out
}

// maxLHPivots bounds the pivots of one Lemke–Howson path (exponential in
// the worst case, Savani and von Stengel 2006).
const maxLHPivots = 1 << 20

// LemkeHowson returns one Nash equilibrium of a two-player strategic game,
// exactly: the end of the Lemke–Howson path that drops label 1 (the row
// player's first strategy), with a lexicographic ratio test for degenerate
// games (von Stengel 2002, section 3), certified by exact best responses.
func LemkeHowson(ctx context.Context, g *Game) (*Profile, error) {
	A, B, err := g.bimatrix()
	if err != nil {
		return nil, err
	}
	m, n := len(A), len(A[0])
	if w := float64(m+n) * float64(m+n); w > maxTableau {
		return nil, fmt.Errorf("extensive: a %d×%d game's tableaux take %.3g entries, more than the %.0e allowed: %w", m, n, w, float64(maxTableau), budget.ErrTooLarge)
	}
	A, Bt, rowLabels, colLabels := polytopes(A, B)
	// P: B'x + s = 1 (x labelled by rows, s by columns); Q: A y + r = 1.
	P := newLH(Bt, rowLabels, colLabels)
	Q := newLH(A, colLabels, rowLabels)
	const k = 0
	tab, other := P, Q
	v := P.varOf(k)
	for step := 0; ; step++ {
		if step%64 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("extensive: %w", err)
			}
		}
		if step > maxLHPivots {
			return nil, fmt.Errorf("extensive: Lemke–Howson took more than %d pivots: %w", maxLHPivots, budget.ErrTooLarge)
		}
		left, err := tab.enter(v)
		if err != nil {
			return nil, err
		}
		L := tab.label[left]
		if L == k {
			break
		}
		tab, other = other, tab
		v = tab.varOf(L)
	}
	x, y := normalized(P.values(m)), normalized(Q.values(n))
	return g.Evaluate2(ctx, x, y)
}

// Evaluate2 certifies mixed strategies x (the row player's) and y of a
// two-player strategic game.
func (g *Game) Evaluate2(ctx context.Context, x, y []*big.Rat) (*Profile, error) {
	beh := make([][]*big.Rat, len(g.Infosets))
	beh[0], beh[1] = x, y
	return Evaluate(ctx, g, beh)
}

// maxVertexBases bounds the bases ExtremeEquilibria tries per polytope.
const maxVertexBases = 2_000_000

// vertex is a vertex of a best-response polytope with its labels.
type vertex struct {
	z      []*big.Rat
	labels []bool
}

// vertices enumerates the vertices of {z ≥ 0, M z ≤ 1} other than 0, with
// z's labels zl and the rows' labels rl (of all labels), by trying every
// choice of len(z) tight constraints.
func vertices(ctx context.Context, M [][]*big.Rat, zl, rl []int, labels int) ([]vertex, error) {
	d, rows := len(zl), len(M)
	var out []vertex
	choice := make([]int, d) // constraint indices: < d is z_k = 0, else row k−d tight
	for k := range choice {
		choice[k] = k
	}
	seen := map[string]bool{}
	for tries := 0; ; tries++ {
		if tries%256 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("extensive: %w", err)
			}
		}
		// The system: chosen constraints as equations.
		sys := make([][]*big.Rat, d)
		for r, c := range choice {
			row := make([]*big.Rat, d+1)
			for j := range row {
				row[j] = new(big.Rat)
			}
			if c < d {
				row[c].SetInt64(1)
			} else {
				for j := range d {
					row[j].Set(M[c-d][j])
				}
				row[d].SetInt64(1)
			}
			sys[r] = row
		}
		if z, ok := solveDense(sys); ok {
			v := vertex{z: z, labels: make([]bool, labels)}
			feasible, zero := true, true
			for j, x := range z {
				switch x.Sign() {
				case -1:
					feasible = false
				case 0:
					v.labels[zl[j]] = true
				default:
					zero = false
				}
			}
			dot := new(big.Rat)
			for i := 0; i < rows && feasible; i++ {
				dot.SetInt64(0)
				for j := range d {
					dot.Add(dot, new(big.Rat).Mul(M[i][j], z[j]))
				}
				switch dot.Cmp(big.NewRat(1, 1)) {
				case 1:
					feasible = false
				case 0:
					v.labels[rl[i]] = true
				}
			}
			key := fmt.Sprint(z)
			if feasible && !zero && !seen[key] {
				seen[key] = true
				out = append(out, v)
			}
		}
		// The next d-subset of the d+rows constraints.
		k := d - 1
		for k >= 0 && choice[k] == d+rows-d+k {
			k--
		}
		if k < 0 {
			return out, nil
		}
		choice[k]++
		for j := k + 1; j < d; j++ {
			choice[j] = choice[j-1] + 1
		}
	}
}

// solveDense solves the square system sys (each row its coefficients and
// then its right-hand side) by Gaussian elimination; ok is false when it
// is singular.
func solveDense(sys [][]*big.Rat) ([]*big.Rat, bool) {
	d := len(sys)
	f, t := new(big.Rat), new(big.Rat)
	for c := range d {
		p := -1
		for r := c; r < d; r++ {
			if sys[r][c].Sign() != 0 {
				p = r
				break
			}
		}
		if p < 0 {
			return nil, false
		}
		sys[c], sys[p] = sys[p], sys[c]
		for r := range d {
			if r == c || sys[r][c].Sign() == 0 {
				continue
			}
			f.Quo(sys[r][c], sys[c][c])
			for j := c; j <= d; j++ {
				sys[r][j].Sub(sys[r][j], t.Mul(f, sys[c][j]))
			}
		}
	}
	z := make([]*big.Rat, d)
	for r := range d {
		z[r] = new(big.Rat).Quo(sys[r][d], sys[r][r])
	}
	return z, true
}

// binomial returns C(n, k) as a float64.
func binomial(n, k int) float64 {
	out := 1.0
	for i := range k {
		out = out * float64(n-i) / float64(i+1)
	}
	return out
}

// ExtremeEquilibria returns every extreme Nash equilibrium of a
// two-player strategic game, exactly, as gambit-enummixed does: the
// completely labelled pairs of vertices of the best-response polytopes
// P = {x ≥ 0, B'x ≤ 1} and Q = {y ≥ 0, A y ≤ 1} (payoffs made positive),
// which for degenerate games include every vertex of each convex set of
// equilibria (Avis, Rosenberg, Savani and von Stengel 2010). Vertices are
// found by trying every basis, so the game is refused when a polytope has
// more than maxVertexBases of them. Each equilibrium is certified; they
// come sorted by the row player's strategy, then the column player's.
func ExtremeEquilibria(ctx context.Context, g *Game) ([]*Profile, error) {
	A, B, err := g.bimatrix()
	if err != nil {
		return nil, err
	}
	m, n := len(A), len(A[0])
	if c := binomial(m+n, min(m, n)); c > maxVertexBases {
		return nil, fmt.Errorf("extensive: enumerating a %d×%d game's vertices takes %.3g bases, more than the %.0e allowed: %w", m, n, c, float64(maxVertexBases), budget.ErrTooLarge)
	}
	A, Bt, rowLabels, colLabels := polytopes(A, B)
	vp, err := vertices(ctx, Bt, rowLabels, colLabels, m+n)
	if err != nil {
		return nil, err
	}
	vq, err := vertices(ctx, A, colLabels, rowLabels, m+n)
	if err != nil {
		return nil, err
	}
	var out []*Profile
	for _, a := range vp {
		for _, b := range vq {
			all := true
			for l := range m + n {
				all = all && (a.labels[l] || b.labels[l])
			}
			if !all {
				continue
			}
			pr, err := g.Evaluate2(ctx, normalized(a.z), normalized(b.z))
			if err != nil {
				return nil, err
			}
			if !pr.Equilibrium() {
				return nil, fmt.Errorf("extensive: internal error: a completely labelled pair gains %s", pr.Exploitability.RatString())
			}
			out = append(out, pr)
		}
	}
	cmp := func(x, y []*big.Rat) int {
		for i := range x {
			if c := x[i].Cmp(y[i]); c != 0 {
				return c
			}
		}
		return 0
	}
	slices.SortFunc(out, func(p, q *Profile) int {
		if c := cmp(p.Behavior[0], q.Behavior[0]); c != 0 {
			return c
		}
		return cmp(p.Behavior[1], q.Behavior[1])
	})
	return out, nil
}
