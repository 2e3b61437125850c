package cgt

import "math/big"

// stops returns g's Left and Right stops, computed once per game: without
// the memo, a game whose options share sub-games (nimbers do) is walked an
// exponential number of times.
func (t *table) stops(g Game) (ls, rs *big.Rat) {
	if x := t.nodes[g].num; x != nil {
		return x, x
	}
	if nd := &t.nodes[g]; nd.ls != nil {
		return nd.ls, nd.rs
	}
	defer func() { t.nodes[g].ls, t.nodes[g].rs = ls, rs }()
	t.step()
	gl, gr := t.options(g)
	for _, a := range gl {
		if _, r := t.stops(a); ls == nil || r.Cmp(ls) > 0 {
			ls = r
		}
	}
	for _, a := range gr {
		if l, _ := t.stops(a); rs == nil || l.Cmp(rs) < 0 {
			rs = l
		}
	}
	return ls, rs
}

// recognize returns g as x + n·↑ + *m if it is one. Options of such a game
// are again of that form with the same x, so the candidates are few: each is
// built and compared by identity.
func (t *table) recognize(g Game) *nus {
	nd := &t.nodes[g]
	if nd.nusChecked {
		return nd.nus
	}
	nd.nusChecked = true
	gl, gr := t.options(g)
	if len(gl) == 0 || len(gr) == 0 {
		return nil
	}
	maxN, maxM := 0, 0
	var x *big.Rat
	for _, opts := range [][]Game{gl, gr} {
		for _, a := range opts {
			v := t.recognize(a)
			if v == nil {
				return nil
			}
			if x == nil {
				x = v.x
			} else if x.Cmp(v.x) != 0 {
				return nil
			}
			maxN = max(maxN, v.n, -v.n)
			maxM = max(maxM, v.m)
		}
	}
	ls, rs := t.stops(g)
	if ls.Cmp(x) != 0 || rs.Cmp(x) != 0 {
		return nil
	}
	// The nimber part is below twice the next power of two above the
	// options' (their XORs with the mex stay below it). Candidates are tried
	// nearest first: nimbers near the options' (XORs with a small number),
	// and for each the ups by increasing |n|; {*a|0} = ↓*(a⊕1) is found
	// among the first few.
	limitM := 1
	for limitM <= maxM {
		limitM <<= 1
	}
	limitM *= 2
	var nimbers []int
	seen := map[int]bool{}
	addM := func(m int) {
		if m >= 0 && m < limitM && !seen[m] {
			seen[m] = true
			nimbers = append(nimbers, m)
		}
	}
	for _, opts := range [][]Game{gl, gr} {
		for _, a := range opts {
			for k := range 4 {
				addM(t.nodes[a].nus.m ^ k)
			}
		}
	}
	for m := range limitM {
		addM(m)
	}
	// Recognition is an embellishment of printing: it gets a budget of its
	// own, and a game it cannot place within it prints as {L|R}.
	found := t.withBudget(recognizeBudget, func() {
		for _, m := range nimbers {
			if m > MaxNimber {
				continue
			}
			for d := 0; d <= maxN+1; d++ {
				for _, n := range []int{-d, d} {
					if (d == 0 && n != 0) || n > MaxUps || n < -MaxUps {
						continue
					}
					v := nus{x: x, n: n, m: m}
					if t.nusGame(v) == g {
						t.nodes[g].nus = &v
						return
					}
					if d == 0 {
						break
					}
				}
			}
		}
		panic(budgetExceeded{}) // not of this form
	})
	if !found {
		return nil
	}
	return t.nodes[g].nus
}

// recognizeBudget bounds the steps one recognition may take.
const recognizeBudget = 2_000_000

// withBudget runs f with at most budget more steps. It reports false if f
// ran out; the table stays consistent (everything made is hash-consed and
// valid), and the caller's own step count continues.
func (t *table) withBudget(budget int, f func()) (ok bool) {
	savedLimit := t.limit
	t.limit = min(t.limit, t.work+budget)
	defer func() {
		t.limit = savedLimit
		if r := recover(); r != nil {
			if _, over := r.(budgetExceeded); !over {
				panic(r)
			}
			ok = false
		}
	}()
	f()
	return true
}

// budgetExceeded unwinds a computation that ran past a withBudget limit.
type budgetExceeded struct{}
