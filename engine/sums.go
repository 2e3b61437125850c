package engine

import (
	"math/big"

	"github.com/gamesolve/gamesolve/numeric"
)

// Exact mode's hot sums, twins of the generic code they stand in for
// (qvalue, solveOne, exitValue): the same sums of products of
// rationals, added up with numeric.RatDot, which reduces once per sum
// instead of twice per term. The tests solve random games both ways
// (TestExactTwins).

// qvalueExact is qvalue for exact mode.
func (r *run[S, T, F]) qvalueExact(q *quotient[T], x []T, a int32, z T) T {
	d := &r.dots[0]
	r.qsumExact(q, x, a, d)
	return any(d.Rat(any(z).(*big.Rat))).(T)
}

// qsumExact is action a's value under x as an unreduced sum in d, for a
// comparison that needs no normalized value (bestExact). It runs in exact
// mode only, with or without the run's sums (tuning.exactSums, the exact twin).
func (r *run[S, T, F]) qsumExact(q *quotient[T], x []T, a int32, d *numeric.RatDot) {
	d.Reset()
	d.Add(any(q.exit[a]).(*big.Rat))
	xs, ps := any(x).([]*big.Rat), any(r.rat).([]*big.Rat)
	for o := q.outStart[a]; o < q.outStart[a+1]; o++ {
		d.AddMul(ps[q.outP[o]], xs[q.outTo[o]])
	}
}

// exitExact is exitValue for exact mode.
func (r *run[S, T, F]) exitExact(v uint32, a, obj int, z T) T {
	g, P := r.g, r.np
	vals := any(r.vals).([]*big.Rat)
	d := &r.dots[0]
	d.Reset()
	o0, o1 := r.actionOutcomes(v, a)
	for o := o0; o < o1; o++ {
		p := r.ratX[g.prob.at(o)]
		if r.rwt != nil && g.reward.at(o) != 0 {
			r.rewardTerm(d, obj, p, r.ratX[g.reward.at(o)])
		}
		if w := g.to[o]; r.local[w] < 0 {
			d.AddMul(p, vals[int(w)*P+obj])
		}
	}
	return any(d.Rat(any(z).(*big.Rat))).(T)
}

// rewardTerm adds a reward's share to player j's sum, with its weight.
func (r *run[S, T, F]) rewardTerm(d *numeric.RatDot, j int, p, rw *big.Rat) {
	switch r.rwt[j] {
	case 1:
		d.AddMul(p, rw)
	case -1:
		d.SubMul(p, rw)
	}
}

// solveOneExact is solveOne for a state that is not terminal, in exact
// mode.
func (r *run[S, T, F]) solveOneExact(v uint32, a int) bool {
	g, P := r.g, r.np
	vals := any(r.vals).([]*big.Rat)
	rew := any(r.rew).([]*big.Rat)
	lo, hi := r.actionOutcomes(v, a)
	if w, ok := r.soleSuccessor(v, lo, hi); ok {
		// x_v = (Σ p)·x_w / Σ p = x_w, already normalized: a copy, not a
		// gcd of numbers as long as the values (on zeroconf, thousands of
		// bits; most of its states pass time or a message on to one
		// successor).
		for i := range P {
			vals[int(v)*P+i].Set(vals[int(w)*P+i])
		}
		rew[v].Set(rew[w])
		r.inf[v] = r.inf[w]
		return false
	}
	d := r.dots[:P+2] // values, then the mass leaving, then the reward
	for i := range d {
		d[i].Reset()
	}
	out, rw := &d[P], &d[P+1]
	exits := exitSums{d[:P], rw, out, vals, rew}
	inf := false
	for o := lo; o < hi; o++ {
		p := r.ratX[g.prob.at(o)]
		if rid := g.reward.at(o); rid != 0 {
			rw.AddMul(p, r.ratX[rid])
			if r.rwt != nil {
				for i := range P {
					r.rewardTerm(&d[i], i, p, r.ratX[rid])
				}
			}
		}
		w := g.to[o]
		if w == v {
			continue
		}
		exits.add(p, w)
		inf = inf || r.inf[w]
	}
	val := vals[int(v)*P : int(v)*P+P]
	if out.Sign() == 0 {
		for i := range P {
			val[i].SetInt64(0)
		}
		rew[v].SetInt64(0)
		r.inf[v] = true
		return true
	}
	for i := range P {
		d[i].Quo(val[i], out)
	}
	rw.Quo(rew[v], out)
	r.inf[v] = inf
	return false
}

// soleSuccessor returns w if every outcome in lo..hi of state v's action
// leads to v itself or to w, at least one to w, and none has a reward.
func (r *run[S, T, F]) soleSuccessor(v, lo, hi uint32) (w uint32, ok bool) {
	g := r.g
	w = v
	for o := lo; o < hi; o++ {
		if g.reward.at(o) != 0 {
			return 0, false
		}
		switch t := g.to[o]; {
		case t == v:
		case w == v:
			w = t
		case t != w:
			return 0, false
		}
	}
	return w, w != v
}
