package engine

import (
	"math"
	"math/big"

	"github.com/gamesolve/gamesolve/numeric"
)

// qvalue is Σ over action a's outcomes of p·x[to], plus its exit value.
func (r *run[S, T, F]) qvalue(q *quotient[T], x []T, a int32, z T) T {
	return r.k.qvalue(r, q, x, a, z)
}

// qvalueField is qvalue in the field's arithmetic alone: the reference
// kernel (kernels).
func (r *run[S, T, F]) qvalueField(q *quotient[T], x []T, a int32, z T) T {
	f := r.f
	z = f.Set(z, q.exit[a])
	for o := q.outStart[a]; o < q.outStart[a+1]; o++ {
		z = f.AddMul(z, z, r.rat[q.outP[o]], x[q.outTo[o]])
	}
	return z
}

// improve switches the nodes of player p to actions strictly better than
// their current ones under values x (beyond float mode's tie tolerance),
// and reports whether any switched. In exact mode final, if not nil,
// receives at each of p's nodes the first action in tie order with the
// best value: greedy's choice under x, so that the round that switches
// nothing also gives the final policy. With inc (exact mode's incremental
// rounds, rounds.go) it looks only at the nodes inc marks stale; the
// others keep their choices and final from when they were last looked at.
func (r *run[S, T, F]) improve(q *quotient[T], x []T, sigma []int32, p, minP int, final []int32, inc *rounds) bool {
	return r.k.improve(r, q, x, sigma, p, p == minP, final, inc)
}

// improveTolerant is improve in float mode: a node switches to an action
// better beyond the tie tolerance (prefer).
func (r *run[S, T, F]) improveTolerant(q *quotient[T], x []T, sigma []int32, p int, minimize bool, _ []int32, _ *rounds) bool {
	switched := false
	for i := range q.nodes {
		if q.owner[i] != p || q.actStart[i+1]-q.actStart[i] < 2 {
			continue
		}
		if best := r.bestTolerant(q, x, nil, i, minimize, sigma[i]); best != sigma[i] {
			sigma[i] = best
			switched = true
		}
	}
	return switched
}

// improveExact is improve in exact mode, where bestExact also records the
// tie rule's choice in final. Nodes are independent (each writes only its
// own sigma and final), so a large quotient's halves go to two goroutines,
// each with sums of its own.
func (r *run[S, T, F]) improveExact(q *quotient[T], x []T, sigma []int32, p int, minimize bool, final []int32, inc *rounds) bool {
	var xf []float64
	if inc != nil {
		xf = inc.xf
	} else {
		xf = r.floats(x)
	}
	// A scan of a million nodes takes seconds: each half looks at the
	// context every tuning.lookEvery nodes, and a stop is recorded (r.fail), so
	// that the round loop's end is not taken for a settled policy.
	var stopped [2]bool
	scan := func(h *run[S, T, F], lo, hi int, stop *bool) (switched bool) {
		for i := lo; i < hi; i++ {
			if (i-lo)%r.opt.tune().lookEvery == r.opt.tune().lookEvery-1 && r.ctx.Err() != nil {
				*stop = true
				return false
			}
			if q.owner[i] != p || q.actStart[i+1]-q.actStart[i] < 2 {
				continue
			}
			if inc != nil {
				if !inc.stale[i] {
					continue // no action value changed since p last looked here
				}
				inc.stale[i] = false
			}
			best, first := h.bestExact(q, x, xf, i, minimize, sigma[i])
			if final != nil {
				final[i] = first
			}
			if best != sigma[i] {
				sigma[i] = best
				switched = true
			}
		}
		return switched
	}
	stop := func(switched bool) bool {
		if stopped[0] || stopped[1] {
			r.fail(r.ctx.Err())
			return false
		}
		return switched
	}
	if q.nodes < r.opt.tune().improveSplitFrom || r.opt.WorkerCount() < 2 {
		return stop(scan(r, 0, q.nodes, &stopped[0]))
	}
	h := r.helper()
	mid := q.nodes / 2
	var theirs bool
	done := make(chan struct{})
	go func() {
		defer close(done)
		theirs = scan(h, mid, q.nodes, &stopped[1])
	}()
	mine := scan(r, 0, mid, &stopped[0])
	<-done
	return stop(mine || theirs)
}

// greedy chooses at every node the first action in tie order whose value
// under x is best (with float mode's tolerance). The policy is q's
// scratch, valid until greedy's next call on q.
func (r *run[S, T, F]) greedy(q *quotient[T], x []T, minP int) []int32 {
	q.greedyOut = resize(q.greedyOut, q.nodes)
	sigma := q.greedyOut
	var xf []float64
	if r.f.Exact() {
		xf = r.floats(x) // bestExact's filter
	}
	for i := range q.nodes {
		sigma[i] = q.actStart[i]
		if q.actStart[i+1]-q.actStart[i] >= 2 {
			sigma[i] = r.k.best(r, q, x, xf, i, q.owner[i] == minP && minP >= 0, q.actStart[i])
		}
	}
	return sigma
}

// bestTolerant is float mode's choice at node i under x: the incumbent
// inc, unless some action is better beyond the tie tolerance (prefer), and
// then the first in tie order that no later action beats so. greedy's
// incumbent is the first action; improve's the current one.
func (r *run[S, T, F]) bestTolerant(q *quotient[T], x []T, _ []float64, i int, minimize bool, inc int32) int32 {
	f := r.f
	choice := inc
	best, cand := r.qvalue(q, x, inc, f.New()), f.New()
	for a := q.actStart[i]; a < q.actStart[i+1]; a++ {
		if a == inc {
			continue
		}
		cand = r.qvalue(q, x, a, cand)
		if prefer(f, r.tol, minimize, cand, best) {
			choice = a
			best, cand = cand, best
		}
	}
	return choice
}

// bestFirst is exact mode's choice at node i under x: bestExact's first
// best action in tie order.
func (r *run[S, T, F]) bestFirst(q *quotient[T], x []T, xf []float64, i int, minimize bool, _ int32) int32 {
	_, first := r.bestExact(q, x, xf, i, minimize, -1)
	return first
}

// floats is x in float64, exact mode's filter for bestExact (approx).
func (r *run[S, T, F]) floats(x []T) []float64 {
	xf := make([]float64, len(x))
	for i, v := range x {
		xf[i] = r.approx(v)
	}
	return xf
}

// approx is v in float64 for bestExact's filter: an exact value within one
// unit in the last place (numeric.RatApprox, which divides no numbers of
// thousands of bits; qvalueRounded's bound allows for it).
func (r *run[S, T, F]) approx(v T) float64 {
	if q, ok := any(v).(*big.Rat); ok {
		return numeric.RatApprox(q)
	}
	return r.f.Float64(v)
}

// bestExact is exact mode's choice at node i under x: best keeps the
// incumbent inc where no action is exactly better, else it is the first
// action in tie order with the best value, which is first. Only the
// actions that can be best are summed exactly: each action's value is
// first bounded in float64 (xf is x rounded) with a rigorous error bound,
// and an action whose upper bound lies below another's lower bound (for a
// minimizer, the reverse) cannot be best. Exactly tied actions always
// survive the filter, so ties are still decided exactly.
func (r *run[S, T, F]) bestExact(q *quotient[T], x []T, xf []float64, i int, minimize bool, inc int32) (best, first int32) {
	a0, a1 := q.actStart[i], q.actStart[i+1]
	var buf [2 * 16]float64
	var val, bound []float64
	if n := int(a1 - a0); n <= 16 {
		val, bound = buf[:n], buf[16:16+n]
	} else {
		val, bound = make([]float64, n), make([]float64, n)
	}
	// The cut: the best lower bound (for a maximizer) that some action is
	// sure to reach.
	cut := math.Inf(-1)
	if minimize {
		cut = math.Inf(1)
	}
	for a := a0; a < a1; a++ {
		s, e := q.qvalueRounded(xf, a)
		val[a-a0], bound[a-a0] = s, e
		if minimize {
			cut = math.Min(cut, s+e)
		} else {
			cut = math.Max(cut, s-e)
		}
	}
	// The sums are compared unreduced: only the choice is wanted here.
	have := false
	opt, cand := &r.cmpSums[0], &r.cmpSums[1]
	first = -1
	incBest := false
	for a := a0; a < a1; a++ {
		v, e := val[a-a0], bound[a-a0]
		if (!minimize && v+e < cut) || (minimize && v-e > cut) {
			continue // surely worse than another action
		}
		r.qsumExact(q, x, a, cand)
		c := 0
		if have {
			c = cand.Cmp(opt)
			if minimize {
				c = -c
			}
		}
		switch {
		case !have || c > 0:
			opt, cand = cand, opt
			first, have, incBest = a, true, a == inc
		case c == 0 && a == inc:
			incBest = true
		}
	}
	if incBest {
		return inc, first
	}
	return first, first
}

// applyPolicy turns a quotient policy into an action per state of the
// component. Inside an end component whose chosen way out is action a*,
// the states choose by the tie rule where play can loop (settle.go): each
// takes its first best action, the actions that stay inside being worth
// the end component's value, unless play would then stay forever. With
// values x the best actions are those inside and every way out worth as
// much as a* (a tie); without x (strategy iteration's rounds, where only
// the values matter) a* alone. If "stay" is chosen, every state keeps play
// inside with its first action that does.
func (r *run[S, T, F]) applyPolicy(q *quotient[T], comp []uint32, sigma []int32, x []T) {
	for i, c := range q.mecOf {
		if c < 0 {
			a := sigma[q.nodeOf[i]]
			r.choice[comp[i]] = q.act[a]
		}
	}
	if len(q.mecs) == 0 {
		return
	}
	g, f := r.g, r.f
	pos := make([]int32, len(comp))
	best, cand := f.New(), f.New()
	var order [64]int
	var s settle
	var actB []int32
	var choice []int32
	for c, members := range q.mecs {
		a := sigma[q.mecNode[c]]
		sv := q.state[a]
		if x != nil && sv != stay {
			best = r.qvalue(q, x, a, best)
		}
		for mi, i := range members {
			pos[i] = int32(mi)
		}
		s = settle{key: s.key[:0], cands: s.cands[:0], tStart: append(s.tStart[:0], 0), to: s.to[:0], leaves: s.leaves[:0], tick: r.chain.guard.Tick}
		actB, choice = actB[:0], choice[:0]
		add := func(v uint32, b int) int32 {
			o0, o1 := r.actionOutcomes(v, b)
			leaves := false
			for o := o0; o < o1; o++ {
				if l := r.local[g.to[o]]; l >= 0 && q.mecOf[l] == int32(c) {
					s.to = append(s.to, pos[l])
				} else {
					leaves = true
				}
			}
			s.tStart = append(s.tStart, int32(len(s.to)))
			s.leaves = append(s.leaves, leaves)
			actB = append(actB, int32(b))
			return int32(len(actB) - 1)
		}
		for _, i := range members {
			v := comp[i]
			s.key = append(s.key, v)
			var cands []int32
			if !r.deciding(v) {
				choice = append(choice, add(v, int(r.choice[v])))
				s.cands = append(s.cands, cands)
				continue
			}
			choice = append(choice, 0)
			for _, b := range r.tieOrder(v, order[:0]) {
				ok := q.internal[q.actOff[i]+int32(b)]
				if !ok && sv != stay {
					qa := q.qa[q.actOff[i]+int32(b)]
					if x == nil {
						ok = qa == a
					} else {
						cand = r.qvalue(q, x, qa, cand)
						ok = Tied(f, r.tol, cand, best)
					}
				}
				if ok {
					cands = append(cands, add(v, b))
				}
			}
			s.cands = append(s.cands, cands)
		}
		s.apply(choice)
		for mi, i := range members {
			r.choice[comp[i]] = actB[choice[mi]]
		}
	}
}

// checkStay reports errStall for a two-player policy in which a player
// keeps play going forever: endless play pays both players 0, so the game
// is no longer constant-sum there (unless the sum is 0) and the reduction
// to one player's value does not hold; the equilibrium method takes over.
func (r *run[S, T, F]) checkStay(q *quotient[T], sigma []int32, minP int) error {
	if minP < 0 || r.f.Sign(r.sumT) == 0 {
		return nil
	}
	for i := range q.nodes {
		if q.state[sigma[i]] == stay {
			return errStall
		}
	}
	return nil
}
