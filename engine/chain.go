package engine

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"time"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/numeric"
)

// chain solves the Markov chain that a fixed choice of action induces on a
// set of states whose successors outside the set are solved: every player's
// value and the expected total reward. The set is split into strongly
// connected parts, and each part with a way out is solved by state
// elimination in the manner of Grassmann, Taksar and Heyman: the mass that
// leaves a state is always a sum of probabilities, never 1 minus the mass
// that stays, so an escape probability of 2^-100 is as accurate in float64 as
// one of 1/2. A part with no way out is play that never ends: every value 0,
// the reward infinite.

type entry[T any] struct {
	col int32
	p   T
}

// chainSolver holds scratch space reused across calls.
type chainSolver[T any] struct {
	tune  *tuning // nil: the defaults
	rows  [][]entry[T]
	exit  []T
	b     []T // d values per row: players' values, then the reward
	inf   []bool
	out   []T
	preds [][]int32
	pos   []int32
	mark  []int32
	x     []T
	// scc decomposes the policy's chain (solveChain), whose adjacency and
	// parts are kept in start, adj and part for the next chain.
	scc              sccScratch
	start, adj, part []uint32
	// guard, if set, watches the elimination's work: the deadline and the
	// memory its fill-in takes.
	guard *budget.Guard
	sums  []numeric.Sum // float mode's compensated sums of one row
	// limit, if positive, is the most work (entries updated) one
	// elimination may take: past it, it gives up with errOverLimit. An
	// optimistic try (valueiter.go) is worth only the sweeps it saves.
	limit float64
}

// solveChain writes vals, reward and inf for the states in set (global ids)
// under choice (action index per global state; chance and single-action
// states use 0).
func (r *run[S, T, F]) solveChain(set []uint32, choice []int32) {
	if len(set) == 1 {
		r.solveOne(set[0], int(choice[set[0]]))
		return
	}
	// Split into strongly connected parts of the chosen chain.
	for i, v := range set {
		r.chainLocal[v] = int32(i)
	}
	cs := &r.chain
	start, adj := resize(cs.start, len(set)+1), cs.adj[:0]
	start[0] = 0
	for i, v := range set {
		lo, hi := r.actionOutcomes(v, int(choice[v]))
		for o := lo; o < hi; o++ {
			if l := r.chainLocal[r.g.to[o]]; l >= 0 {
				adj = append(adj, uint32(l))
			}
		}
		start[i+1] = uint32(len(adj))
	}
	cs.start, cs.adj = start, adj
	parts := cs.scc.tarjan(len(set), start, adj)
	for i := range set {
		r.chainLocal[set[i]] = -1
	}
	if r.dots != nil && len(set) >= r.opt.tune().levelsFrom && r.opt.WorkerCount() >= 2 {
		r.solveLevels(set, choice, parts, start, adj)
		return
	}
	for k := range parts.count() {
		r.solvePart(set, parts.get(k), choice)
		if r.err != nil {
			return // stopped (the deadline, the budget): reported by the caller
		}
	}
}

// solvePart solves one strongly connected part of a chain, its members
// given as indices into set, once the parts it leads to are solved.
func (r *run[S, T, F]) solvePart(set []uint32, members []uint32, choice []int32) {
	if len(members) == 1 {
		r.solveOne(set[members[0]], int(choice[set[members[0]]]))
		// A million single states take seconds in exact mode (a
		// normalization of thousands of bits each): the deadline and the
		// memory are watched here too, as elimination watches them.
		if err := r.chain.guard.Tick(1); err != nil {
			r.fail(err)
		}
		return
	}
	// Eliminate the most recently discovered states first: they are
	// usually the deepest, so eliminating them adds few entries.
	cs := &r.chain
	part := resize(cs.part, len(members))
	cs.part = part
	for i, m := range members {
		part[len(members)-1-i] = set[m]
	}
	r.eliminate(part, choice)
}

// solveComponentChain solves a whole component under r.choice when the
// chosen actions keep it strongly connected (no real choices, or choices
// that differ only in their exits), so solveChain's split is not needed.
// It reports whether the sweeps solved it.
func (r *run[S, T, F]) solveComponentChain(comp []uint32) (swept bool) {
	part := make([]uint32, len(comp))
	for i, v := range comp {
		part[len(comp)-1-i] = v // deepest first, as solveChain orders them
	}
	return r.eliminate(part, r.choice)
}

// actionOutcomes returns the outcome range of action a of state v.
func (r *run[S, T, F]) actionOutcomes(v uint32, a int) (lo, hi uint32) {
	act := r.g.actStart[v] + uint32(a)
	return r.g.outStart[act], r.g.outStart[act+1]
}

// solveOne solves a single state under action a, with the closed form
// x = (Σ_{o not self} p_o x_o) / (Σ_{o not self} p_o) where it loops on
// itself. It returns whether the action loops forever.
func (r *run[S, T, F]) solveOne(v uint32, a int) bool {
	f, g, P := r.f, r.g, r.np
	if g.owner[v] != Terminal {
		return r.k.solveOne(r, v, a)
	}
	val := r.vals[int(v)*P : int(v)*P+P]
	if e, ok := r.exit(v); ok {
		// An exit of a tier's graph: a state of a later tier, solved.
		for i := range P {
			val[i] = f.Set(val[i], e.Values[i])
		}
		r.rew[v], r.inf[v] = f.Set(r.rew[v], e.Reward), e.Infinite
		return false
	}
	for i := range P {
		val[i] = f.Set(val[i], r.rat[g.pay[g.payStart[v]+uint32(i)]])
	}
	r.rew[v] = f.FromInt(r.rew[v], 0)
	return false
}

// solveOneField is solveOne for a state that is not a terminal in the
// field's arithmetic alone: the reference kernel (kernels).
func (r *run[S, T, F]) solveOneField(v uint32, a int) bool {
	f, g, P := r.f, r.g, r.np
	val := r.vals[int(v)*P : int(v)*P+P]
	lo, hi := r.actionOutcomes(v, a)
	out := f.FromInt(r.t1, 0)
	rewNum := f.FromInt(r.t2, 0)
	for i := range P {
		val[i] = f.FromInt(val[i], 0)
	}
	inf := false
	for o := lo; o < hi; o++ {
		p := r.rat[g.prob.at(o)]
		if rid := g.reward.at(o); rid != 0 {
			rewNum = f.AddMul(rewNum, rewNum, p, r.rat[rid])
			if r.rwt != nil {
				for i := range P {
					val[i] = r.addReward(val[i], i, o)
				}
			}
		}
		w := g.to[o]
		if w == v {
			continue
		}
		out = f.Add(out, out, p)
		wv := r.vals[int(w)*P : int(w)*P+P]
		for i := range P {
			val[i] = f.AddMul(val[i], val[i], p, wv[i])
		}
		rewNum = f.AddMul(rewNum, rewNum, p, r.rew[w])
		inf = inf || r.inf[w]
	}
	r.t1, r.t2 = out, rewNum
	if f.Sign(out) == 0 {
		for i := range P {
			val[i] = f.FromInt(val[i], 0)
		}
		r.rew[v] = f.FromInt(r.rew[v], 0)
		r.inf[v] = true
		return true
	}
	for i := range P {
		val[i] = f.Quo(val[i], val[i], out)
	}
	r.rew[v] = f.Quo(r.rew[v], rewNum, out)
	r.inf[v] = inf
	return false
}

// solveOneFloat is solveOne in float64 with compensated sums (numeric.Sum):
// a state with a million outcomes of probability 10^-6 is as accurate as
// one with two.
func (r *run[S, T, F]) solveOneFloat(v uint32, a int) bool {
	f, g, P := r.f, r.g, r.np
	lo, hi := r.actionOutcomes(v, a)
	var out, rew numeric.Sum
	var sums [4]numeric.Sum
	var val []numeric.Sum
	if P <= len(sums) {
		val = sums[:P] // no allocation for up to four players
	} else {
		val = make([]numeric.Sum, P)
	}
	inf := false
	for o := lo; o < hi; o++ {
		p := r.ratF[g.prob.at(o)]
		if rid := g.reward.at(o); rid != 0 {
			pr := float64(p * r.ratF[rid])
			rew.Add(pr)
			if r.rwt != nil {
				for i := range P {
					val[i].Add(float64(r.rwt[i]) * pr)
				}
			}
		}
		w := g.to[o]
		if w == v {
			continue
		}
		out.Add(p)
		for i := range P {
			val[i].Add(float64(p * f.Float64(r.vals[int(w)*P+i])))
		}
		rew.Add(float64(p * f.Float64(r.rew[w])))
		inf = inf || r.inf[w]
	}
	dst := r.vals[int(v)*P : int(v)*P+P]
	o := out.Value()
	if o == 0 {
		for i := range P {
			dst[i] = f.FromInt(dst[i], 0)
		}
		r.rew[v] = f.FromInt(r.rew[v], 0)
		r.inf[v] = true
		return true
	}
	for i := range P {
		dst[i] = r.fromFloat(val[i].Value() / o)
	}
	r.rew[v] = r.fromFloat(rew.Value() / o)
	r.inf[v] = inf
	return false
}

// uniform reports whether every id in ids is the first.
func uniform[E comparable](ids []E) bool {
	for _, id := range ids[1:] {
		if id != ids[0] {
			return false
		}
	}
	return true
}

// eliminate solves one strongly connected part of a chain (two or more
// states) by state elimination and back substitution, or in float mode by
// proven sweeps where the part suits them (chain_iter.go): swept reports
// which.
func (r *run[S, T, F]) eliminate(part []uint32, choice []int32) (swept bool) {
	f, g, P := r.f, r.g, r.np
	d := P + 1
	m := len(part)
	cs := &r.chain
	cs.grow(f, m, d)
	exit, inf := cs.exit[:m], cs.inf[:m]
	for i, v := range part {
		r.chainLocal[v] = int32(i)
	}
	anyExit, anyInf := false, false
	var err error
	// In float mode a row's exit mass and right-hand sides are added up
	// with compensation (numeric.Sum): a state may have a million outcomes.
	// In exact mode they are added up unreduced (numeric.RatDot, where
	// tuning.exactSums is on): the values of the states a row leads out to have
	// denominators of their own, and reducing after every term of Herman's
	// ring of 13 was two thirds of its exact time.
	float := !f.Exact()
	var sums []numeric.Sum // exit mass at d, right-hand sides before
	if float {
		if len(cs.sums) < d+1 {
			cs.sums = make([]numeric.Sum, d+1)
		}
		sums = cs.sums[:d+1]
	}
	// The same in exact mode, where a row's exits are gathered first and
	// added up by addExits (exits.go).
	var dots []numeric.RatDot
	exitW, exitP := r.exitW[:0], r.exitP[:0]
	if r.dots != nil {
		dots = r.dots[:d+1]
	}
	for i, v := range part {
		b := resetRow(cs, f, i, d)
		clear(sums)
		for k := range dots {
			dots[k].Reset()
		}
		exitW, exitP = exitW[:0], exitP[:0]
		inf[i] = false
		lo, hi := r.actionOutcomes(v, int(choice[v]))
		// Where every outcome pays one reward r (a step's cost, usually),
		// exact mode adds r once: the probabilities sum to 1 (explore and
		// FromFlat check it), which spares a product of rationals per
		// outcome.
		paid := dots != nil && hi > lo && g.reward.uniform(lo, hi)
		if paid && g.reward.at(lo) != 0 {
			rx := r.ratX[g.reward.at(lo)]
			dots[P].Add(rx)
			if r.rwt != nil {
				for j := range P {
					r.rewardTerm(&dots[j], j, r.ratX[1], rx) // id 1 is 1 (rats.go)
				}
			}
		}
		for o := lo; o < hi; o++ {
			p := r.rat[g.prob.at(o)]
			if rid := g.reward.at(o); rid != 0 && !paid {
				switch {
				case float:
					pr := float64(r.ratF[g.prob.at(o)] * r.ratF[rid])
					sums[P].Add(pr)
					if r.rwt != nil {
						for j := range P {
							sums[j].Add(float64(r.rwt[j]) * pr)
						}
					}
				case dots != nil:
					px, rx := r.ratX[g.prob.at(o)], r.ratX[rid]
					dots[P].AddMul(px, rx)
					if r.rwt != nil {
						for j := range P {
							r.rewardTerm(&dots[j], j, px, rx)
						}
					}
				default:
					b[P] = f.AddMul(b[P], b[P], p, r.rat[rid])
					if r.rwt != nil {
						for j := range P {
							b[j] = r.addReward(b[j], j, o)
						}
					}
				}
			}
			w := g.to[o]
			if l := r.chainLocal[w]; l >= 0 {
				addTo(cs, f, i, l, p)
				continue
			}
			anyExit = true
			switch {
			case float:
				wv := r.vals[int(w)*P : int(w)*P+P]
				pf := r.ratF[g.prob.at(o)]
				sums[d].Add(pf)
				for j := range P {
					sums[j].Add(float64(pf * f.Float64(wv[j])))
				}
				sums[P].Add(float64(pf * f.Float64(r.rew[w])))
			case dots != nil:
				exitW, exitP = append(exitW, w), append(exitP, g.prob.at(o))
			default:
				wv := r.vals[int(w)*P : int(w)*P+P]
				exit[i] = f.Add(exit[i], exit[i], p)
				for j := range P {
					b[j] = f.AddMul(b[j], b[j], p, wv[j])
				}
				b[P] = f.AddMul(b[P], b[P], p, r.rew[w])
			}
			inf[i] = inf[i] || r.inf[w]
			anyInf = anyInf || r.inf[w]
		}
		switch {
		case float:
			exit[i] = r.fromFloat(sums[d].Value())
			for j := range d {
				b[j] = r.fromFloat(sums[j].Value())
			}
		case dots != nil:
			r.addExits(dots, exitW, exitP, m)
			dots[d].Rat(any(exit[i]).(*big.Rat))
			for j := range d {
				dots[j].Rat(any(b[j]).(*big.Rat))
			}
		}
		cs.endRow(i)
		// A row may have thousands of outcomes, each a product of
		// rationals of hundreds of digits (Herman's ring of 17: a part
		// of 24,752 states took a minute and a half to set up): the
		// deadline and the memory are watched row by row.
		if err = cs.guard.Tick(int(hi - lo)); err != nil {
			break
		}
	}
	r.exitW, r.exitP = exitW[:0], exitP[:0] // kept for the next part
	r.exitMemo.done()
	for _, v := range part {
		r.chainLocal[v] = -1
	}
	if err != nil {
		r.fail(err)
		return false
	}
	return r.solveRows(part, inf, anyExit, anyInf)
}

// resetRow empties row i of the system, of d right-hand sides, and
// returns them.
func resetRow[T any, F numeric.Field[T]](cs *chainSolver[T], f F, i, d int) []T {
	cs.rows[i] = cs.rows[i][:0]
	cs.preds[i] = cs.preds[i][:0]
	cs.mark[i] = -1
	cs.exit[i] = f.FromInt(cs.exit[i], 0)
	b := cs.b[i*d : i*d+d]
	for j := range b {
		b[j] = f.FromInt(b[j], 0)
	}
	return b
}

// solveRows solves the system eliminate set up for part, whose rows in
// r.chain say where each state leads (inf: to a state of infinite reward),
// and stores the values, rewards and infinite flags.
func (r *run[S, T, F]) solveRows(part []uint32, inf []bool, anyExit, anyInf bool) (swept bool) {
	f, P := r.f, r.np
	d, m, cs := P+1, len(part), &r.chain
	if !anyExit {
		// A closed class: play never ends.
		for _, v := range part {
			val := r.vals[int(v)*P : int(v)*P+P]
			for j := range val {
				val[j] = f.FromInt(val[j], 0)
			}
			r.rew[v] = f.FromInt(r.rew[v], 0)
			r.inf[v] = true
		}
		return false
	}
	var x []T
	if fcs, ok := any(cs).(*chainSolver[float64]); ok && !anyInf {
		xf, bound, proven, err := solveIterative(fcs, m, d, r.opt.precision())
		if err != nil {
			r.fail(err)
			return false
		}
		if proven {
			x, swept = any(xf).([]T), true
			r.st.gap = math.Max(r.st.gap, bound)
		}
	}
	if x == nil {
		var err error
		if x, err = solvePart(f, cs, m, d); err != nil {
			r.fail(err)
			return false
		}
	}
	for k, v := range part {
		val := r.vals[int(v)*P : int(v)*P+P]
		for j := range P {
			val[j] = f.Set(val[j], x[k*d+j])
		}
		r.rew[v] = f.Set(r.rew[v], x[k*d+P])
		r.inf[v] = inf[k] || anyInf
	}
	return swept
}

// ringField is the arithmetic addTo needs.
type ringField[T any] interface {
	New() T
	Set(z, x T) T
	Add(z, x, y T) T
}

// addTo adds probability p from row i to column l, adding up several
// outcomes that lead to one state. endRow must follow the row's last.
func addTo[T any, F ringField[T]](cs *chainSolver[T], f F, i int, l int32, p T) {
	if at := cs.pos[l]; at >= 0 {
		e := &cs.rows[i][at]
		e.p = f.Add(e.p, e.p, p)
		return
	}
	cs.pos[l] = int32(len(cs.rows[i]))
	cs.rows[i] = append(cs.rows[i], entry[T]{col: l, p: f.Set(f.New(), p)})
}

// endRow finishes row i: pos is reset for the next, and each column
// records i among its predecessors.
func (cs *chainSolver[T]) endRow(i int) {
	for _, e := range cs.rows[i] {
		cs.pos[e.col] = -1
		cs.preds[e.col] = append(cs.preds[e.col], int32(i))
	}
}

// grow makes room for a system of m states with d right-hand sides.
func (cs *chainSolver[T]) grow(f interface{ New() T }, m, d int) {
	if cap(cs.rows) >= m && len(cs.x) >= m*d {
		return
	}
	m = max(m, cap(cs.rows))
	cs.rows = make([][]entry[T], m)
	cs.exit = make([]T, m)
	cs.inf = make([]bool, m)
	cs.out = make([]T, m)
	cs.preds = make([][]int32, m)
	cs.pos = make([]int32, m)
	cs.mark = make([]int32, m)
	cs.x = make([]T, m*d)
	cs.b = make([]T, m*d)
	for i := range cs.pos {
		cs.pos[i] = -1
		cs.exit[i], cs.out[i] = f.New(), f.New()
	}
	for i := range cs.b {
		cs.b[i], cs.x[i] = f.New(), f.New()
	}
}

// errOverLimit stops an elimination past chainSolver.limit.
var errOverLimit = errors.New("engine: elimination over its work limit")

// foresee bounds the work left to an elimination before pivot k from
// below, by the fill-in so far: pivot c will update every row below it
// with an entry in column c, each by at least the entries right of c in
// row c (entries are only added there before c's turn). At the rate so
// far, a bound past limit (tuning.eliminationLimit) stops the elimination with the
// estimate: a random sparse chain of 10,000 states fills in and would
// take hours, where the guard alone would let it run to the deadline or
// the memory budget.
func foresee[T any](rows [][]entry[T], preds [][]int32, k int, done float64, spent, limit time.Duration) error {
	m := len(rows)
	stamp := make([]int32, m)
	left := 0.0
	for c := k; c < m; c++ {
		below := 0
		for _, i := range preds[c] {
			if int(i) > c && stamp[i] != int32(c)+1 {
				stamp[i] = int32(c) + 1
				below++
			}
		}
		if below == 0 {
			continue
		}
		right := 1
		for _, e := range rows[c] {
			if int(e.col) > c {
				right++
			}
		}
		left += float64(below) * float64(right)
	}
	secs := left / done * spent.Seconds()
	if secs > limit.Seconds() {
		return fmt.Errorf("%w: eliminating a part of %d states would take at least %s more at the rate so far (%d eliminated in %s; limit %s)",
			budget.ErrTooLarge, m, budget.Duration(secs), k, budget.Duration(spent.Seconds()), budget.Duration(limit.Seconds()))
	}
	return nil
}

// solve eliminates the system set up in rows, exit, b, inf and preds (m
// states, d right-hand sides; every state has a way out, directly or
// through others) and returns x: x_i = (b_i + Σ_j p_ij x_j) / out_i, where
// out_i, the mass leaving i, is a sum of probabilities. inf is propagated
// along the entries. The fill-in of elimination is not known in advance
// (a random sparse system fills in almost completely): cs.guard counts
// every entry updated and stops the elimination with its error when the
// deadline passes or the heap outgrows the budget.
func solveSystem[T any, F numeric.Field[T]](f F, cs *chainSolver[T], m, d int) ([]T, error) {
	rows, exit, bv, inf, out, preds, pos, mark := cs.rows[:m], cs.exit[:m], cs.b[:m*d], cs.inf[:m], cs.out[:m], cs.preds[:m], cs.pos[:m], cs.mark[:m]
	x := cs.x[:m*d]
	w := f.New()
	// The work done (entries updated) and when to look ahead next.
	started, look := time.Now(), cs.tuning().eliminationFirstLook
	done := 0.0
	for k := range m {
		if k&63 == 0 && k > 0 && done > 0 {
			if spent := time.Since(started); spent >= look {
				look *= 2
				if err := foresee(rows, preds, k, done, spent, cs.tuning().eliminationLimit); err != nil {
					return nil, err
				}
			}
		}
		o := f.Set(out[k], exit[k])
		for _, e := range rows[k] {
			if int(e.col) != k {
				o = f.Add(o, o, e.p)
			}
		}
		out[k] = o
		bk := bv[k*d : k*d+d]
		for _, i := range preds[k] {
			if int(i) <= k || mark[i] == int32(k) {
				continue
			}
			mark[i] = int32(k)
			// Find and remove the entry (i, k).
			ri := rows[i]
			at := -1
			for x, e := range ri {
				if int(e.col) == k {
					at = x
					break
				}
			}
			if at < 0 {
				continue
			}
			// Checked before pos is set: a stop must leave pos all -1,
			// as the next system built in this scratch expects.
			if err := cs.guard.Tick(len(rows[k]) + 1); err != nil {
				return nil, err
			}
			if cs.limit > 0 && done > cs.limit {
				return nil, errOverLimit
			}
			done += float64(len(rows[k]) + 1)
			w = f.Quo(w, ri[at].p, o)
			ri[at] = ri[len(ri)-1]
			ri = ri[:len(ri)-1]
			for x, e := range ri {
				pos[e.col] = int32(x)
			}
			for _, e := range rows[k] {
				if int(e.col) == k {
					continue
				}
				if x := pos[e.col]; x >= 0 {
					ri[x].p = f.AddMul(ri[x].p, ri[x].p, w, e.p)
				} else {
					pos[e.col] = int32(len(ri))
					ri = append(ri, entry[T]{col: e.col, p: f.Mul(f.New(), w, e.p)})
					preds[e.col] = append(preds[e.col], i)
				}
			}
			for _, e := range ri {
				pos[e.col] = -1
			}
			rows[i] = ri
			exit[i] = f.AddMul(exit[i], exit[i], w, exit[k])
			bi := bv[int(i)*d : int(i)*d+d]
			for j := range d {
				bi[j] = f.AddMul(bi[j], bi[j], w, bk[j])
			}
			inf[i] = inf[i] || inf[k]
		}
	}
	for k := m - 1; k >= 0; k-- {
		if err := cs.guard.Tick(len(rows[k]) + 1); err != nil {
			return nil, err
		}
		xk := x[k*d : k*d+d]
		bk := bv[k*d : k*d+d]
		for j := range d {
			xk[j] = f.Set(xk[j], bk[j])
		}
		for _, e := range rows[k] {
			if int(e.col) == k {
				continue
			}
			xj := x[int(e.col)*d : int(e.col)*d+d]
			for j := range d {
				xk[j] = f.AddMul(xk[j], xk[j], e.p, xj[j])
			}
			inf[k] = inf[k] || inf[e.col]
		}
		for j := range d {
			xk[j] = f.Quo(xk[j], xk[j], out[k])
		}
	}
	return x, nil
}
