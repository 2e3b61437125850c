package extensive

import (
	"context"
	"fmt"
	"math/big"
	"slices"

	"github.com/gamesolve/gamesolve/budget"
)

// Lemke's algorithm on the sequence form (Koller, Megiddo and von Stengel
// 1996), started as von Stengel, van den Elzen and Talman (2002) start it:
// from a prior, a completely mixed pair of realization plans s and t.
//
// With E x = e and F y = f the two players' plan constraints (a row for
// the empty sequence and one per information set) and A, B the payoff
// matrices over pairs of sequences (chance included), a pair (x, y) is an
// equilibrium when, for some free u and v,
//
//	E'u − A y ≥ 0  ⊥  x ≥ 0,   E x = e,
//	F'v − B'x ≥ 0  ⊥  y ≥ 0,   F y = f.
//
// The path adds a variable z0 ≥ 0 that mixes the prior in: x + z0·s and
// y + z0·t are the plans played, and x, y carry the rest of the weight:
//
//	E'u − A y − (A t) z0 ≥ 0  ⊥  x,   E x + e z0 = e,
//	F'v − B'x − (B's) z0 ≥ 0  ⊥  y,   F y + f z0 = f.
//
// At z0 = 1 the solution is x = y = 0 with u and v the values of each
// player's best response to the other's prior, and a pure best response
// (the first best action at each set) fixes the first basis: u, v, z0,
// the sequences of the two best responses (all but x's empty one, which
// enters first), and the slacks of all other sequences, at 0 where an
// action ties for best. Complementary pivots then follow the path, on
// which z0 falls, until z0 reaches 0, leaving the basis or (a tie in the
// ratio test) staying in it at 0: an equilibrium either way. The
// lexicographic ratio test keeps degenerate games (and the ties of the
// start) from cycling, and the free u and v, once in the first basis,
// never leave it. The prior here is the uniform behaviour strategies.

// ratBytes is what a big.Rat of a word's numerator and denominator takes.
const ratBytes = 56

// maxSeqLemkePivots bounds the pivots of one path (exponential in the
// worst case, as Lemke–Howson's).
const maxSeqLemkePivots = 1 << 20

// SequenceLemke returns one exact Nash equilibrium of a two-player
// extensive game, found by Lemke's algorithm on the sequence form, whose
// size is linear in the tree (the strategic form's is exponential), as
// behaviour strategies certified by exact best responses. The game is
// refused, wrapping budget.ErrTooLarge, when its tableau would pass
// maxTableau entries.
func SequenceLemke(ctx context.Context, g *Game) (*Profile, error) {
	if len(g.Players) != 2 {
		return nil, ErrNotBimatrix
	}
	sf, err := g.checked()
	if err != nil {
		return nil, err
	}
	lcp := g.newSeqLCP(sf)
	if m, n := float64(lcp.rows()), float64(lcp.vars()+1); m*n > maxTableau {
		return nil, fmt.Errorf("extensive: Lemke's tableau on the sequence form has %.0f rows and %.0f columns, %.3g exact entries, more than the %.0e allowed: %w", m, n, m*n, float64(maxTableau), budget.ErrTooLarge)
	}
	plans, _, err := lcp.solve(ctx)
	if err != nil {
		return nil, err
	}
	pr, err := g.certified(ctx, sf, plans)
	if err != nil {
		return nil, err
	}
	return g.settled(ctx, sf, pr, plans, "the end of Lemke's path on the sequence form")
}

// prior returns the uniform behaviour strategies, and the same as
// realization plans.
func (l *seqLCP) prior() (beh, plans [][]*big.Rat) {
	beh = make([][]*big.Rat, len(l.g.Infosets))
	plans = [][]*big.Rat{make([]*big.Rat, l.n[0]), make([]*big.Rat, l.n[1])}
	for p := range plans {
		plans[p][0] = big.NewRat(1, 1)
		for _, i := range l.sets[p] { // a parent sequence before its sets
			k := len(l.g.Infosets[i].Actions)
			beh[i] = make([]*big.Rat, k)
			parent := plans[p][l.sf.parent[i]]
			for a := range k {
				beh[i][a] = big.NewRat(1, int64(k))
				plans[p][l.sf.first[i]+a] = new(big.Rat).Mul(parent, beh[i][a])
			}
		}
	}
	return beh, plans
}

// seqLCP is the sequence form as the linear complementarity problem
// above, before a prior is chosen.
type seqLCP struct {
	g  *Game
	sf *seqForm
	n  [2]int // sequences
	// sets are each player's information sets by increasing first
	// sequence, so that a sequence comes before the sets it leads to.
	sets [2][]int
	row  []int // per information set: its row in E or F (from 1)
	// pay lists the nonzero entries of A and B (payoffs), each pair of
	// sequences once.
	pay []payEntry
}

// payEntry is the two players' payoffs, weighted by chance, of the nodes
// that sequences s[0] and s[1] lead to together (nil for 0).
type payEntry struct {
	s [2]int
	u [2]*big.Rat
}

// newSeqLCP returns the problem of g, whose sequence form is sf.
func (g *Game) newSeqLCP(sf *seqForm) *seqLCP {
	l := &seqLCP{g: g, sf: sf, n: [2]int{sf.n[0], sf.n[1]}, row: make([]int, len(g.Infosets))}
	for i, I := range g.Infosets {
		if I.Player != Chance {
			l.sets[I.Player] = append(l.sets[I.Player], i)
		}
	}
	for p := range 2 {
		slices.SortFunc(l.sets[p], func(a, b int) int { return sf.first[a] - sf.first[b] })
		for k, i := range l.sets[p] {
			l.row[i] = k + 1
		}
	}
	// A and B's nonzero entries: a list as long as the nodes with
	// payoffs at most, not the n[0] × n[1] matrices.
	at := map[[2]int]int{}
	for v, node := range g.Nodes {
		if node.Outcome < 0 {
			continue
		}
		key := [2]int{int(sf.at[2*v]), int(sf.at[2*v+1])}
		for p := range 2 {
			u := g.Outcomes[node.Outcome].Payoffs[p]
			if u.Sign() == 0 {
				continue
			}
			k, ok := at[key]
			if !ok {
				k = len(l.pay)
				at[key] = k
				l.pay = append(l.pay, payEntry{s: key})
			}
			e := &l.pay[k].u[p]
			if *e == nil {
				*e = new(big.Rat)
			}
			(*e).Add(*e, new(big.Rat).Mul(sf.reach[v], u))
		}
	}
	return l
}

// k is the number of plan constraints of player p.
func (l *seqLCP) k(p int) int { return len(l.sets[p]) + 1 }

func (l *seqLCP) rows() int { return l.n[0] + l.n[1] + l.k(0) + l.k(1) }

// vars counts x, y, u, v, the slacks of x's and y's rows, and z0.
func (l *seqLCP) vars() int { return 2*l.n[0] + 2*l.n[1] + l.k(0) + l.k(1) + 1 }

// The variables' numbers: x, y, u, v, w (the slacks of x's rows, then of
// y's), z0.
func (l *seqLCP) seqVar(p, s int) int   { return p*l.n[0] + s }
func (l *seqLCP) dualVar(p, r int) int  { return l.n[0] + l.n[1] + p*l.k(0) + r }
func (l *seqLCP) slackVar(p, s int) int { return l.n[0] + l.n[1] + l.k(0) + l.k(1) + p*l.n[0] + s }
func (l *seqLCP) z0() int               { return l.vars() - 1 }

// complement is the variable complementary to v: a sequence's and its
// row's slack.
func (l *seqLCP) complement(v int) int {
	slack0 := l.slackVar(0, 0)
	if v < l.n[0]+l.n[1] {
		return slack0 + v
	}
	return v - slack0
}

// constraints calls f(r, s, c) for each entry c of player p's plan
// constraints: row r (0 for the empty sequence), sequence s.
func (l *seqLCP) constraints(p int, f func(r, s int, c int64)) {
	f(0, 0, 1)
	for _, i := range l.sets[p] {
		for a := range l.g.Infosets[i].Actions {
			f(l.row[i], l.sf.first[i]+a, 1)
		}
		f(l.row[i], l.sf.parent[i], -1)
	}
}

// solve follows the path from the prior and returns the plans at its end,
// and the number of pivots it took.
func (l *seqLCP) solve(ctx context.Context) (plans [][]*big.Rat, pivots int, err error) {
	beh, prior := l.prior()
	// Each player's pure best response to the other's prior, as the set
	// of its sequences: the empty one and the first best action's at
	// every one of its sets.
	var chosen [2][]bool
	for p := range 2 {
		_, choice := l.g.bestResponse(l.sf, beh, p)
		chosen[p] = make([]bool, l.n[p])
		chosen[p][0] = true
		for _, i := range l.sets[p] {
			chosen[p][l.sf.first[i]+choice[i]] = true
		}
	}
	// The memory is watched at every pivot: the tableau's rationals grow
	// along the path.
	guard := budget.NewGuard(ctx, budget.Available())
	if err := guard.Fits(float64(l.rows()) * float64(l.vars()+1) * ratBytes); err != nil {
		return nil, 0, fmt.Errorf("extensive: Lemke's tableau on the sequence form: %w", err)
	}
	t := l.tableau(prior)
	// The first basis: u, v and z0; the slacks of the sequences outside
	// the best responses; the best responses' sequences but x's empty
	// one, which enters first.
	var first []int
	for p := range 2 {
		for r := range l.k(p) {
			first = append(first, l.dualVar(p, r))
		}
	}
	first = append(first, l.z0())
	for p := range 2 {
		for s := range l.n[p] {
			switch {
			case !chosen[p][s]:
				first = append(first, l.slackVar(p, s))
			case p > 0 || s > 0:
				first = append(first, l.seqVar(p, s))
			}
		}
	}
	placed := make([]bool, len(t.T))
	for k, v := range first {
		if err := guard.Check(); err != nil {
			return nil, 0, fmt.Errorf("extensive: Lemke's path on the sequence form, first basis, variable %d of %d: %w", k, len(first), err)
		}
		r := -1
		for i := range t.T {
			if !placed[i] && t.T[i][v].Sign() != 0 {
				r = i
				break
			}
		}
		if r < 0 {
			return nil, 0, fmt.Errorf("extensive: internal error: the first basis of Lemke's path is singular")
		}
		t.pivot(r, v)
		placed[r] = true
	}
	rhs := len(t.T[0]) - 1
	t.lex = append([]int{rhs}, first...)
	for i, v := range t.basis {
		if !t.free[v] && t.T[i][rhs].Sign() < 0 {
			return nil, 0, fmt.Errorf("extensive: internal error: the first basis of Lemke's path is infeasible")
		}
	}
	enter := l.seqVar(0, 0)
	for ; ; pivots++ {
		if err := guard.Check(); err != nil {
			return nil, 0, fmt.Errorf("extensive: Lemke's path on the sequence form, pivot %d: %w", pivots, err)
		}
		if pivots > maxSeqLemkePivots {
			return nil, 0, fmt.Errorf("extensive: Lemke's path on the sequence form took more than %d pivots: %w", maxSeqLemkePivots, budget.ErrTooLarge)
		}
		left, err := t.enter(enter)
		if err != nil {
			return nil, 0, err
		}
		if left == l.z0() || l.z0Zero(t) {
			break
		}
		enter = l.complement(left)
	}
	plans = [][]*big.Rat{make([]*big.Rat, l.n[0]), make([]*big.Rat, l.n[1])}
	for p := range plans {
		for s := range plans[p] {
			plans[p][s] = new(big.Rat)
		}
	}
	for i, v := range t.basis {
		if v < l.n[0]+l.n[1] {
			p, s := 0, v
			if v >= l.n[0] {
				p, s = 1, v-l.n[0]
			}
			plans[p][s].Set(t.T[i][rhs])
		}
	}
	return plans, pivots + 1, nil
}

// z0Zero reports whether z0 is basic at 0. The basis is then
// complementary but for one pair of nonbasic variables, both 0, so its
// solution is an equilibrium: where z0's row ties in the ratio test with
// another, the lexicographic rule may keep z0 in, and the path would go on
// through degenerate bases that are all solutions.
func (l *seqLCP) z0Zero(t *lhTableau) bool {
	rhs := len(t.T[0]) - 1
	for i, v := range t.basis {
		if v == l.z0() {
			return t.T[i][rhs].Sign() == 0
		}
	}
	return false
}

// tableau writes the equations above, each with its right-hand side
// last: a row per sequence of either player (its slack), then a row per
// plan constraint of either player.
func (l *seqLCP) tableau(prior [][]*big.Rat) *lhTableau {
	nv := l.vars()
	t := &lhTableau{basis: make([]int, l.rows()), free: make([]bool, nv)}
	for p := range 2 {
		for r := range l.k(p) {
			t.free[l.dualVar(p, r)] = true
		}
	}
	t.T = make([][]*big.Rat, l.rows())
	for i := range t.T {
		t.T[i] = make([]*big.Rat, nv+1)
		for j := range t.T[i] {
			t.T[i][j] = new(big.Rat)
		}
		t.basis[i] = -1
	}
	rowOf := func(p, s int) []*big.Rat { return t.T[p*l.n[0]+s] }
	planRow := func(p, r int) []*big.Rat { return t.T[l.n[0]+l.n[1]+p*l.k(0)+r] }
	z0, rhs := l.z0(), nv
	for p := range 2 {
		for s := range l.n[p] {
			rowOf(p, s)[l.slackVar(p, s)].SetInt64(1)
		}
		// − (E'u)_s in row s; E x + e z0 = e.
		l.constraints(p, func(r, s int, c int64) {
			rowOf(p, s)[l.dualVar(p, r)].SetInt64(-c)
			planRow(p, r)[l.seqVar(p, s)].SetInt64(c)
		})
		planRow(p, 0)[z0].SetInt64(1)
		planRow(p, 0)[rhs].SetInt64(1)
	}
	// + (A y)_s + (A t)_s z0 in x's row s; + (B'x)_s + (B's)_s z0 in y's.
	tmp := new(big.Rat)
	for _, e := range l.pay {
		s1, s2 := e.s[0], e.s[1]
		if a := e.u[0]; a != nil {
			rowOf(0, s1)[l.seqVar(1, s2)].Set(a)
			rowOf(0, s1)[z0].Add(rowOf(0, s1)[z0], tmp.Mul(a, prior[1][s2]))
		}
		if b := e.u[1]; b != nil {
			rowOf(1, s2)[l.seqVar(0, s1)].Set(b)
			rowOf(1, s2)[z0].Add(rowOf(1, s2)[z0], tmp.Mul(b, prior[0][s1]))
		}
	}
	return t
}
