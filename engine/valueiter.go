package engine

import (
	"math"
)

// valueIteration runs Gauss–Seidel value iteration on the quotient from
// below and from above, until the proven gap is within the precision.
//
// With try set (float mode, both sides bounded), it also watches the
// policy greedy for the upper side: once that has held for a few sweeps,
// try may tighten the bounds from that policy's own values (optimistic,
// below), often long before the sweeps alone would close the gap.
//
// early, if set, is called once, at sweep exactSwitch if the sweeps have
// not converged by then, with the sweeps still ahead (predicted from the
// rate of the last exactSwitch/2 sweeps, and at most the work bound's); if
// it returns true, the component is solved otherwise and value iteration
// returns at once.
func (r *run[S, T, F]) valueIteration(q *quotient[T], minP int, try func(L, U []float64, work float64) (tightened, costly bool), early func(left float64) bool) (L, U []float64, sweeps int, gap float64) {
	n := q.nodes
	q.bounds = resize(q.bounds, 2*n)
	L, U = q.bounds[:n:n], q.bounds[n:]
	q.argU = resize(q.argU, n)
	lo, hi := q.lowerHigh[0], q.lowerHigh[1]
	for i := range L {
		L[i], U[i] = lo, hi
	}
	maxSweeps := r.opt.MaxSweeps
	if maxSweeps <= 0 {
		maxSweeps = 1_000_000
	}
	target := r.opt.precision() * math.Max(1, hi-lo)
	if r.f.Exact() && !math.IsInf(lo, 0) {
		// Exact mode only needs a starting policy for strategy iteration:
		// the lower side alone gives one, at half the work.
		hi = math.Inf(1)
		for i := range U {
			U[i] = hi
		}
	}
	doL, doU := !math.IsInf(lo, 0), !math.IsInf(hi, 0)
	// With rewards one side has no a-priori bound (+Inf or -Inf): the other
	// side converges alone, and the policy's own values bound the rest
	// (cycle's proof). It stops when a sweep moves it by less than a
	// thousandth of the precision of its magnitude.
	oneSided := math.IsInf(lo, 0) || math.IsInf(hi, 0)
	// Bound the work: past about 10^8 outcome visits strategy iteration is
	// the better tool, and it takes over.
	work := len(q.outTo) + len(q.exit)
	if work > 0 {
		maxSweeps = min(maxSweeps, max(1000, 100_000_000/work))
	}
	if r.f.Exact() {
		// Only a start for the float strategy iteration (seed.go).
		maxSweeps, target = min(maxSweeps, seedSweeps), math.Max(target, 1e-9)
	}
	const window = 4096
	lastGap := math.Inf(1)
	if oneSided || !doL || !doU {
		try = nil
	}
	// The upper side's greedy policy must hold for need sweeps before try;
	// need doubles after every try that did not close the gap.
	stable, need, prevGap := 0, optimisticHold, math.Inf(1)
	halfway := math.Inf(1) // conv at sweep exactSwitch/2
	for sweeps = 1; ; sweeps++ {
		var moved, mag float64
		var changed bool
		gap, moved, mag, changed = q.sweep(L, U, minP, doL, doU, oneSided, try != nil)
		conv, convTarget := gap, target
		if oneSided {
			conv, convTarget = moved, r.opt.precision()*mag*1e-3
		}
		if conv <= convTarget || sweeps >= maxSweeps {
			return L, U, sweeps, gap
		}
		if early != nil {
			switch sweeps {
			case exactSwitch / 2:
				halfway = conv
			case exactSwitch:
				left := float64(maxSweeps - sweeps)
				if rate := conv / halfway; rate < 1 && conv > 0 {
					left = min(left, math.Log(convTarget/conv)/math.Log(rate)*exactSwitch/2)
				}
				if early(left) {
					return L, U, sweeps, gap
				}
			}
		}
		if try != nil {
			if changed {
				stable = 0
			} else {
				stable++
			}
			// Worth a try where the sweeps still have far to go at the
			// rate of the last one. A try's elimination may take the work
			// of a few sweeps: one that would take more shows the
			// policies' chains too costly to eliminate here (a random
			// component fills in almost completely), and no more are
			// tried. A nearly acyclic component (Pig's turn) takes less
			// than two.
			ahead := float64(maxSweeps - sweeps)
			if gap < prevGap {
				ahead = min(ahead, math.Log(target/gap)/math.Log(gap/prevGap))
			}
			if stable >= need && ahead > optimisticAhead {
				need *= 2
				tightened, costly := try(L, U, optimisticWork*float64(max(work, 1)))
				if costly {
					try = nil
				}
				if tightened {
					gap = 0
					for i := range L {
						gap = math.Max(gap, U[i]-L[i])
					}
					if gap <= target {
						return L, U, sweeps, gap
					}
				}
			}
			prevGap = gap
		}
		if r.chain.guard.Tick(work) != nil {
			return L, U, sweeps, gap // strategy iteration reports the error
		}
		if sweeps%window == 0 {
			if outOfReach(sweeps, window, maxSweeps, conv, lastGap, convTarget) {
				return L, U, sweeps, gap
			}
			lastGap = conv
		}
	}
}

// sweep is one Gauss–Seidel sweep of value iteration over q's nodes, last
// to first: the lower bounds L (doL) and the upper bounds U (doU) tighten
// to the best action's one-step value. It returns the largest gap U − L,
// with oneSided the largest move and the largest magnitude, and whether
// some node's best action on the upper side changed (track: recorded in
// argU, for the optimistic tries).
func (q *quotient[T]) sweep(L, U []float64, minP int, doL, doU, oneSided, track bool) (gap, moved, mag float64, changed bool) {
	n, pf := q.nodes, q.outPF
	gap, moved, mag = 0, 0, 1
	for i := n - 1; i >= 0; i-- {
		minimize := q.owner[i] == minP && minP >= 0
		bl, bu := L[i], U[i]
		argU := q.actStart[i]
		for a := q.actStart[i]; a < q.actStart[i+1]; a++ {
			o0, o1 := q.outStart[a], q.outStart[a+1]
			sl, su := q.exitF[a], q.exitF[a]
			switch {
			case doL && doU:
				// One pass over the outcomes for both sides: each
				// target and probability is loaded once.
				for o := o0; o < o1; o++ {
					p, t := pf[o], q.outTo[o]
					sl += p * L[t]
					su += p * U[t]
				}
			case doL:
				for o := o0; o < o1; o++ {
					sl += pf[o] * L[q.outTo[o]]
				}
			case doU:
				for o := o0; o < o1; o++ {
					su += pf[o] * U[q.outTo[o]]
				}
			}
			if doL && (a == q.actStart[i] || beats(minimize, sl, bl)) {
				bl = sl
			}
			if doU && (a == q.actStart[i] || beats(minimize, su, bu)) {
				bu, argU = su, a
			}
		}
		if track && argU != q.argU[i] {
			q.argU[i], changed = argU, true
		}
		// Bounds only ever tighten; rounding must not loosen them.
		// (Plain comparisons, not math.Max: this runs per node and
		// sweep, and no value here is NaN.)
		if bl > L[i] {
			if d := bl - L[i]; oneSided && d > moved && !math.IsInf(L[i], 0) {
				moved = d
			}
			L[i] = bl
		}
		if bu < U[i] {
			if d := U[i] - bu; oneSided && d > moved && !math.IsInf(U[i], 0) {
				moved = d
			}
			U[i] = bu
		}
		if d := U[i] - L[i]; d > gap {
			gap = d
		}
		if oneSided {
			if doL {
				if a := math.Abs(L[i]); a > mag {
					mag = a
				}
			}
			if doU {
				if a := math.Abs(U[i]); a > mag {
					mag = a
				}
			}
		}
	}
	return gap, moved, mag, changed
}

// Optimistic value iteration (Hartmanns and Kaminski, CAV 2020), with the
// guess taken from a policy's own values. In the quotient the Bellman
// operator B is monotone and iterating it from any start converges to the
// one fixed point v*, so a vector u with B(u) ≤ u bounds v* from above
// (B^n(u) decreases to v*), and one with B(l) ≥ l from below. A
// Gauss–Seidel sweep u → u' that raises no node shows B(u') ≤ u': each
// node's new value is B at a vector no lower than u'.
//
// The sweeps are in float64, so each node's new value is moved outward by
// a bound on its rounding error (qvalueRounded, as in bestExact): the
// probabilities are rounded, and where play escapes with less than float64
// resolves (1e-20), the rounded operator has many fixed points. The margin then keeps a
// sweep from ever showing a bound, and the component goes on to its exact
// re-solve or its flag, as before. (A policy's float values are not taken
// as a lower bound for the same reason: they too can be that far off.)
//
// optimistic evaluates the policy greedy for the middle of the bounds
// (evaluateFloat: the quotient's own chain, by back substitution and
// elimination, the elimination given up past work entries updated), takes
// its values v ± eps as candidates, and gives each up to optimisticSweeps
// sweeps to become inductive. Bounds so shown tighten L and U, and it
// reports whether any did.
func (r *run[S, T, F]) optimistic(q *quotient[T], minP int, L, U []float64, eps, work float64) (tightened, costly bool) {
	n := q.nodes
	mid := resize(q.opt, 2*n)
	q.opt = mid
	cand := mid[n:]
	mid = mid[:n]
	for i := range mid {
		mid[i] = point(L[i], U[i])
	}
	sigma := r.greedyFloat(q, mid, minP)
	v := mid
	r.seed.guard, r.seed.limit = r.chain.guard, work
	ok, costly := r.evaluateFloat(q, sigma, v)
	r.seed.limit = 0
	if !ok {
		// Too costly, or not finite, or the deadline or the budget
		// (reported by the caller).
		return false, costly
	}
	for i := range cand {
		cand[i] = math.Min(U[i], v[i]+eps)
	}
	if r.inductive(q, minP, cand, true) {
		for i := range U {
			U[i] = math.Min(U[i], cand[i])
		}
		tightened = true
	}
	for i := range cand {
		cand[i] = math.Max(L[i], v[i]-eps)
	}
	if r.inductive(q, minP, cand, false) {
		for i := range L {
			L[i] = math.Max(L[i], cand[i])
		}
		tightened = true
	}
	return tightened, false
}

// Optimistic value iteration's parameters: the sweeps whose work a try's
// elimination may take, the sweeps the greedy policy must hold before a
// try (doubled after each try), the sweeps the bounds must still be from
// the precision at their last rate, and the sweeps a candidate bound has
// to become inductive.
const (
	optimisticWork   = 4
	optimisticHold   = 3
	optimisticAhead  = 8
	optimisticSweeps = 3
)

// inductive runs Gauss–Seidel sweeps on x, at most optimisticSweeps, and
// reports whether one of them moved no node up (upper) or down (lower):
// x is then a proven bound, and holds that sweep's values, each moved
// outward by its rounding bound.
func (r *run[S, T, F]) inductive(q *quotient[T], minP int, x []float64, upper bool) bool {
	for range optimisticSweeps {
		r.st.sweeps++ // counted with value iteration's
		ok := true
		for i := q.nodes - 1; i >= 0; i-- {
			minimize := q.owner[i] == minP && minP >= 0
			var b float64
			for a := q.actStart[i]; a < q.actStart[i+1]; a++ {
				s, e := q.qvalueRounded(x, a)
				if upper {
					s += e
				} else {
					s -= e
				}
				if a == q.actStart[i] || beats(minimize, s, b) {
					b = s
				}
			}
			if math.IsNaN(b) {
				return false
			}
			if (upper && b > x[i]) || (!upper && b < x[i]) {
				ok = false
			}
			x[i] = b
		}
		if ok {
			return true
		}
	}
	return false
}

// qvalueRounded is qvalueFloat with a bound e on its rounding error: every
// input is within 2^-52 of what it stands for, relative (exact mode's
// values come from numeric.RatApprox, within one unit in the last place;
// the probabilities and exits are rounded to nearest, 2^-53), and each
// product and each sum is rounded once more (2^-53), so k terms err by at
// most (k+4)·2^-53 of Σ|t|. The bound, (k+3)·2^-51, is four times
// (k+3)·2^-53, more than that for every k, plus the smallest normal number
// for underflow.
func (q *quotient[T]) qvalueRounded(x []float64, a int32) (s, e float64) {
	s, m := q.exitF[a], math.Abs(q.exitF[a])
	for o := q.outStart[a]; o < q.outStart[a+1]; o++ {
		t := q.outPF[o] * x[q.outTo[o]]
		s += t
		m += math.Abs(t)
	}
	k := float64(q.outStart[a+1] - q.outStart[a])
	return s, (k+3)*0x1p-51*m + 0x1p-1022
}

// beats reports whether value s is strictly better than b for the node's
// owner: lower for a minimizer, higher otherwise. Ties are the tie rule's.
func beats(minimize bool, s, b float64) bool { return minimize && s < b || !minimize && s > b }

// qvalueFloat is qvalue in float64: action a's exit value plus Σ p·x[to].
func (q *quotient[T]) qvalueFloat(x []float64, a int32) float64 {
	s := q.exitF[a]
	for o := q.outStart[a]; o < q.outStart[a+1]; o++ {
		s += q.outPF[o] * x[q.outTo[o]]
	}
	return s
}

// greedyFloat is greedy on float64 values, for exact mode's start. The
// policy is q's scratch, valid until greedyFloat's next call on q.
func (r *run[S, T, F]) greedyFloat(q *quotient[T], x []float64, minP int) []int32 {
	q.floatOut = resize(q.floatOut, q.nodes)
	sigma := q.floatOut
	clear(sigma) // as made: a node without actions keeps 0
	for i := range q.nodes {
		minimize := q.owner[i] == minP && minP >= 0
		var best float64
		for a := q.actStart[i]; a < q.actStart[i+1]; a++ {
			s := q.qvalueFloat(x, a)
			if a == q.actStart[i] || preferFloat(r.tol, minimize, s, best) {
				sigma[i], best = a, s
			}
		}
	}
	return sigma
}

// finiteAbs is |x| for a finite x, else 0.
func finiteAbs(x float64) float64 {
	if math.IsInf(x, 0) {
		return 0
	}
	return math.Abs(x)
}

// point is a node's value to take the greedy policy at: the middle of its
// bounds, or the finite one where the other is infinite.
func point(l, u float64) float64 {
	switch {
	case math.IsInf(u, 1):
		return l
	case math.IsInf(l, -1):
		return u
	}
	return (l + u) / 2
}

// outOfReach reports whether value iteration should give up early: its gap
// shrank by the factor gap/lastGap over the last window of sweeps, and at
// that rate it would not reach target within twice the work bound
// maxSweeps. A cycle that escapes with probability 10^-12 closes its gap by
// about 10^-9 a window, and strategy iteration (or an exact re-solve)
// takes over at once instead of a million sweeps later.
func outOfReach(sweeps, window, maxSweeps int, gap, lastGap, target float64) bool {
	ratio := gap / lastGap
	return !(ratio < 1) || float64(sweeps)+float64(window)*math.Log(target/gap)/math.Log(ratio) > 2*float64(maxSweeps)
}

// hull returns the largest distance, over the component's states, that
// player obj's value under the current policy can have from the true value:
// the width of the smallest interval holding both the value and its node's
// bounds [L, U], which hold the true value. +Inf for a value that is not a
// number.
//
// With one player (minP < 0) the policy's value is itself a lower bound:
// no policy does better than the optimum.
func (r *run[S, T, F]) hull(q *quotient[T], comp []uint32, L, U []float64, obj, minP int) float64 {
	P := r.np
	w := 0.0
	for i, v := range comp {
		n := q.nodeOf[i]
		x := r.f.Float64(r.vals[int(v)*P+obj])
		if math.IsNaN(x) {
			return math.Inf(1)
		}
		lo := L[n]
		if minP < 0 {
			lo = math.Max(lo, x)
		}
		w = math.Max(w, math.Max(U[n], x)-math.Min(lo, x))
	}
	return w
}
