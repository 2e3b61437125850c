package engine

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"slices"
	"unsafe"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/numeric"
)

// Decisions inside a cycle. The component is first reduced to a quotient
// without end components: each maximal end component (states and actions
// among which play can stay forever) becomes one node, owned by the one
// player with choices in it, whose actions are the ways out of the end
// component plus "stay", which ends play with value 0 (a play that never
// ends pays 0). In the quotient every policy pair ends play with
// probability 1 (save through "stay"), so the Bellman equation has one
// solution, value iteration from below and from above both converge to it,
// and strategy iteration is sound from any start.
//
// The objective is player obj's value; min is the minimizing player of a
// two-player constant-sum game, or -1.

type quotient[T any] struct {
	nodes     int
	owner     []int     // deciding player of node i, or Chance
	actStart  []int32   // actions of node i
	state     []uint32  // action's original state; ^0 for stay
	act       []int32   // action's index at that state
	outStart  []int32   // inner outcomes of action a
	outTo     []int32   // node
	outP      []uint32  // rat id
	outPF     []float64 // its float64
	exit      []T       // Σ p·value over outcomes leaving the component
	exitF     []float64 // the same in float64
	nodeOf    []int32   // local state -> node
	mecOf     []int32   // local state -> end component, or -1
	mecs      [][]int32 // local states of each end component
	mecNode   []int32   // end component -> node
	internal  []bool    // action a of local state i stays in its end component: internal[actOff[i]+a]
	actOff    []int32
	qa        []int32   // quotient action of action a of a local state in an end component: qa[actOff[i]+a]
	rep       []uint32  // a state of each node, whose value is the node's
	bounds    []float64 // valueIteration's lower and upper bounds
	made      int       // entries of exit's array, to its capacity, that hold values of their own (reused)
	argU      []int32   // the upper side's greedy action of each node
	opt       []float64 // optimistic's candidate bounds
	lowerHigh [2]float64
	// Scratch of one component's solve, reused by the next (Pig 100
	// made 12 MB of them per solve): cycle's middle of the bounds, and
	// the policies greedy and greedyFloat return, each valid until the
	// next call of its maker on this quotient.
	mid                 []T
	greedyOut, floatOut []int32
}

const stay = ^uint32(0)

func (r *run[S, T, F]) cycle(k int, comp []uint32, obj, minP int) (Method, error) {
	for i, v := range comp {
		r.local[v] = int32(i)
	}
	defer func() {
		for _, v := range comp {
			r.local[v] = -1
		}
	}()
	q, err := r.quotient(k, comp, obj, minP)
	if err != nil {
		return 0, err
	}
	if len(q.mecs) > 0 {
		r.st.ends += len(q.mecs)
	}
	target := r.opt.precision() * math.Max(1, q.lowerHigh[1]-q.lowerHigh[0])
	var try func(L, U []float64, work float64) (tightened, costly bool)
	if !r.f.Exact() && optimisticOn {
		try = func(L, U []float64, work float64) (bool, bool) {
			return r.optimistic(q, minP, L, U, target/4, work)
		}
	}
	// Float mode may give value iteration up for an exact re-solve
	// within a work limit (exactSwitch): one attempt per component.
	var early func(left float64) bool
	attempted, solved := false, false
	var exM Method
	var exErr error
	resolve := func(limit int64) bool {
		attempted = true
		m, done, err := r.resolveExact(k, comp, limit, func(ex *run[S, *big.Rat, numeric.Exact]) (Method, error) {
			return ex.cycle(k, comp, obj, minP)
		})
		if done || err != nil {
			exM, exErr, solved = m, err, true
			return true
		}
		for i, v := range comp {
			r.local[v] = int32(i) // the twin's cycle cleared them
		}
		return false
	}
	attempt := !r.f.Exact() && r.opt.exactStates() >= 0 && len(comp) <= attemptScale*r.opt.exactStates()
	if attempt {
		early = func(left float64) bool {
			return resolve(max(1, int64(left*float64(work(q))/exactUnitVisits)))
		}
	}
	L, U, sweeps, gap := r.valueIteration(q, minP, try, early)
	r.st.sweeps += sweeps
	if solved {
		return exM, exErr
	}
	oneSided := math.IsInf(target, 0)
	if oneSided {
		// Rewards: relative to the values' magnitude.
		mag := 1.0
		for i := range L {
			mag = math.Max(mag, math.Max(finiteAbs(L[i]), finiteAbs(U[i])))
		}
		target = r.opt.precision() * mag
	}
	if !r.f.Exact() {
		if gap <= target || oneSided {
			q.mid = resize(q.mid, q.nodes)
			x := q.mid
			for i := range x {
				x[i] = r.fromFloat(point(L[i], U[i])) // the middle of the proven bounds
			}
			sigma := r.greedy(q, x, minP)
			if err := r.checkStay(q, sigma, minP); err != nil {
				return 0, err
			}
			r.applyPolicy(q, comp, sigma, x)
			r.solveChain(comp, r.choice)
			// The greedy policy's own values must lie within the
			// precision of the bounds too: an action whose one-step
			// gain is within the tie tolerance can still be worth much
			// more when play returns to it many times before it leaves.
			if w := r.hull(q, comp, L, U, obj, minP); w <= target {
				r.st.gap = math.Max(r.st.gap, w)
				return ValueIteration, nil
			}
		}
		switch {
		case len(comp) <= r.opt.exactStates():
			// Small: re-solved exactly, however long it takes.
			if resolve(0) {
				return exM, exErr
			}
		case attempt && !attempted:
			// Large, and not yet tried: as much exact work as value
			// iteration did.
			if resolve(max(1, int64(float64(sweeps)*float64(work(q))/exactUnitVisits))) {
				return exM, exErr
			}
		}
	}
	// Exact mode, or float mode where value iteration could not prove the
	// precision within its work bound (an escape probability of 2^-100 makes
	// each sweep gain almost nothing) and the component is too large to
	// re-solve exactly: strategy iteration (Hoffman–Karp), started from the
	// value iteration's policy, each strategy evaluated by elimination
	// (exactly, or in float64 without cancellation). In float mode the
	// answer is flagged unless the bounds and the values still lie within
	// the precision of each other.
	if !r.f.Exact() {
		defer func() {
			// The bounds may still prove the answer (with one player, a
			// policy worth the upper bound is optimal).
			if w := r.hull(q, comp, L, U, obj, minP); w <= target {
				r.st.gap = math.Max(r.st.gap, w)
			} else {
				r.st.unproven++
				r.st.bound = math.Max(r.st.bound, w)
			}
		}()
	}
	// x holds the values of the policy last evaluated: the nodes' own
	// slots in r.vals, which only the next evaluation changes (exact
	// mode: pointers, not copies of the rationals).
	x := make([]T, q.nodes)
	mid := make([]float64, q.nodes)
	for i := range mid {
		mid[i] = point(L[i], U[i])
	}
	sigma := r.greedyFloat(q, mid, minP)
	if r.f.Exact() {
		r.floatStrategy(q, sigma, obj, minP)
		if seedLast {
			for i := range sigma {
				sigma[i] = q.actStart[i+1] - 1
			}
		}
	}
	r.properStart(q, sigma)
	maxRounds := r.opt.maxRounds()
	var final []int32
	if r.f.Exact() {
		final = make([]int32, q.nodes)
		copy(final, q.actStart[:q.nodes]) // one action: the only choice
	}
	inc := r.newRounds(q)
	var states []uint32
	evaluate := func() {
		r.applyPolicy(q, comp, sigma, nil)
		if inc == nil {
			r.solveChain(comp, r.choice)
			for i := range x {
				x[i] = r.vals[int(q.rep[i])*r.np+obj]
			}
			return
		}
		set := inc.changed(sigma)
		states = states[:0]
		for _, i := range set {
			states = append(states, q.rep[i])
		}
		r.solveChain(states, r.choice)
		for _, i := range set {
			x[i] = r.vals[int(q.rep[i])*r.np+obj]
			inc.xf[i] = r.approx(x[i])
		}
		inc.markStale(set)
	}
	for round := 0; ; round++ {
		if round >= maxRounds {
			return 0, fmt.Errorf("engine: component %d (%d states, including %s): strategy iteration did not settle in %d rounds", k, len(comp), r.g.name(comp[0]), maxRounds)
		}
		if err := r.ctx.Err(); err != nil {
			return 0, fmt.Errorf("engine: %w", err)
		}
		if err := r.chain.guard.Check(); err != nil {
			r.fail(err) // the memory, as in the float rounds (seed.go)
		}
		if r.err != nil {
			return 0, nil // an evaluation stopped; solveComponent reports it
		}
		r.st.rounds++
		evaluate()
		if minP >= 0 && r.improve(q, x, sigma, minP, minP, final, inc) {
			continue // the minimizer's best response first
		}
		if !r.improve(q, x, sigma, obj, minP, final, inc) {
			break
		}
	}
	// Among exactly tied optimal actions, the tie rule chooses: in exact
	// mode the last round's improve found those choices (final).
	tied := r.f.Exact()
	if !tied || slices.ContainsFunc(q.owner, func(o int) bool { return o >= 0 && o != obj && o != minP }) {
		final, tied = r.greedy(q, x, minP), false
	}
	if err := r.checkStay(q, final, minP); err != nil {
		return 0, err
	}
	if len(q.mecs) == 0 && (slices.Equal(final, sigma) || tied && r.side != nil) {
		// The last evaluation was of this very policy (without end
		// components applyPolicy does not read the values). Or final's
		// actions tie sigma's exactly under x, sigma's values, so x is a
		// fixed point of final's equations too; without end components
		// every policy leaves the component, so that fixed point is
		// unique and x is final's value. Analyze's other slot (side) is
		// the negation of this one: nothing is left to solve.
		r.applyPolicy(q, comp, final, nil)
		return StrategyIteration, nil
	}
	if inc != nil {
		copy(sigma, final) // what changes from the last evaluation: upstream of the tie rule's switches
		evaluate()
		return StrategyIteration, nil
	}
	r.applyPolicy(q, comp, final, x)
	r.solveChain(comp, r.choice)
	return StrategyIteration, nil
}

// quotient builds the component's quotient (see above). r.local holds the
// component's local indices.
func (r *run[S, T, F]) quotient(k int, comp []uint32, obj, minP int) (*quotient[T], error) {
	g, f, P := r.g, r.f, r.np
	m := len(comp)
	// The arrays of the run's last quotient are reused: a game of many
	// small components (Pig's 9,803, a million-state model's 250,000)
	// would otherwise allocate a dozen arrays for each. A quotient is
	// used only within its cycle, and a run solves one component at a time.
	q := r.reuseQuotient(m)
	q.mecOf, q.internal, q.actOff = r.endComponents(comp)
	nm := 0
	for _, c := range q.mecOf {
		nm = max(nm, int(c)+1)
	}
	q.mecs = resize(q.mecs, nm)
	for c := range q.mecs {
		q.mecs[c] = q.mecs[c][:0]
	}
	for i, c := range q.mecOf {
		if c >= 0 {
			q.mecs[c] = append(q.mecs[c], int32(i))
		}
	}
	for i, c := range q.mecOf {
		if c < 0 {
			q.nodeOf[i] = int32(q.nodes)
			q.rep = append(q.rep, comp[i])
			q.nodes++
		}
	}
	q.mecNode = resize(q.mecNode, nm)
	for c, members := range q.mecs {
		q.mecNode[c] = int32(q.nodes)
		q.rep = append(q.rep, comp[members[0]])
		for _, i := range members {
			q.nodeOf[i] = int32(q.nodes)
		}
		q.nodes++
	}
	lo, hi := 0.0, 0.0
	sum, seen := f.New(), false
	for _, v := range comp {
		a0, a1 := g.outStart[g.actStart[v]], g.outStart[g.actStart[v+1]]
		for o := a0; o < a1; o++ {
			w := g.to[o]
			if r.local[w] >= 0 {
				continue
			}
			x := f.Float64(r.vals[int(w)*P+obj])
			lo, hi = math.Min(lo, x), math.Max(hi, x)
			if minP >= 0 && !r.pairKnown {
				// Two players: their values must add up to one total
				// wherever play leaves (exactly; in float mode within the
				// tie tolerance), or the reduction to one objective
				// does not hold and the equilibrium method takes over.
				// Where every terminal pays the two one total and play
				// from w surely ends, w's values add up to it.
				if r.pairTotal != nil && !r.inf[w] {
					if !seen {
						r.sumT, seen = f.Set(r.sumT, r.pairTotalT), true
					}
					continue
				}
				sum = f.Add(sum, r.vals[int(w)*P+obj], r.vals[int(w)*P+minP])
				if !seen {
					r.sumT, seen = f.Set(r.sumT, sum), true
				} else if !Tied(f, r.tol, sum, r.sumT) {
					return nil, errStall
				}
			}
		}
	}
	if minP >= 0 && !r.pairKnown {
		if !seen {
			return nil, errStall // no way out: endless play pays both 0
		}
		if r.pairTotal != nil && !Tied(f, r.tol, r.sumT, r.pairTotalT) {
			return nil, errStall // an exit where play may not end pays less
		}
		if q, ok := any(r.sumT).(*big.Rat); ok {
			r.sumRat = q
		} else {
			x := f.Float64(r.sumT)
			if math.IsInf(x, 0) || math.IsNaN(x) {
				return nil, errStall
			}
			r.sumRat = new(big.Rat).SetFloat64(x)
		}
	}
	if r.rwt != nil {
		// Rewards add up along the way: the exits bound the values only
		// on one side (rewards are not negative).
		switch {
		case r.rwt[obj] > 0:
			hi = math.Inf(1)
		case r.rwt[obj] < 0:
			lo = math.Inf(-1)
		}
	}
	q.lowerHigh = [2]float64{lo, hi}
	if nm > 0 {
		q.qa = resize(q.qa, int(q.actOff[m]))
		clear(q.qa)
	}
	// At most every action of the component and a "stay" per end
	// component, and their outcomes: room once, not growth by a quarter.
	nAct, nOut := nm, 0
	for _, v := range comp {
		nAct += int(g.actStart[v+1] - g.actStart[v])
		nOut += int(g.outStart[g.actStart[v+1]] - g.outStart[g.actStart[v]])
	}
	if cap(q.exit) < nAct || cap(q.outTo) < nOut {
		// The arrays are made in one step, hundreds of megabytes for a
		// component of millions of actions (zeroconf N=1000 K=8: 190 MB
		// of exit values alone under --as=3 GB, where the runtime died):
		// the budget is asked first.
		perAct := 8 + 8 + 4 + 8 + float64(unsafe.Sizeof(*new(T)))
		if _, ok := any(*new(T)).(*big.Rat); ok {
			perAct += float64(unsafe.Sizeof(big.Rat{}))
		}
		if err := r.chain.guard.Fits(1.5*(float64(nAct)*perAct+float64(nOut)*16) + float64(len(comp))*12); err != nil {
			return nil, fmt.Errorf("engine: component %d (%d states): %w", k, len(comp), err)
		}
	}
	if cap(q.exit) < nAct {
		// A new array, with its values made at once (exact mode: one
		// slab of rationals, not one allocation per action).
		n := nAct + nAct/2
		q.exit, q.made = newValues(f, n)[:0], n
	}
	q.state, q.act, q.exit, q.exitF = room(q.state[:0], nAct), room(q.act[:0], nAct), q.exit[:0], room(q.exitF[:0], nAct)
	q.outStart = room(q.outStart[:0], nAct+1)
	q.outTo, q.outP, q.outPF = room(q.outTo[:0], nOut), room(q.outP[:0], nOut), room(q.outPF[:0], nOut)
	q.actStart, q.owner = room(q.actStart[:0], q.nodes+1), room(q.owner[:0], q.nodes)
	addAction := func(v uint32, a int) {
		if v != stay && nm > 0 {
			if l := r.local[v]; q.mecOf[l] >= 0 {
				q.qa[q.actOff[l]+int32(a)] = int32(len(q.state))
			}
		}
		q.state = append(q.state, v)
		q.act = append(q.act, int32(a))
		// An exit value of the last quotient is written over (exact
		// mode's rationals: an allocation less per action).
		var ex T
		if n := len(q.exit); n < q.made {
			ex = f.FromInt(q.exit[:n+1][n], 0)
		} else {
			ex = f.New()
			q.made = n + 1
		}
		if v != stay {
			ex = r.exitValue(v, a, obj, ex)
			o0, o1 := r.actionOutcomes(v, a)
			for o := o0; o < o1; o++ {
				if l := r.local[g.to[o]]; l >= 0 {
					q.outTo = append(q.outTo, q.nodeOf[l])
					q.outP = append(q.outP, g.prob.at(o))
					q.outPF = append(q.outPF, r.ratF[g.prob.at(o)])
				}
			}
		}
		q.exit = append(q.exit, ex)
		q.exitF = append(q.exitF, f.Float64(ex))
		q.outStart = append(q.outStart, int32(len(q.outTo)))
	}
	q.outStart = append(q.outStart, 0)
	var order [64]int
	for i, c := range q.mecOf {
		if c >= 0 {
			continue
		}
		v := comp[i]
		q.actStart = append(q.actStart, int32(len(q.state)))
		q.owner = append(q.owner, r.owner(v))
		if !r.deciding(v) {
			q.owner[len(q.owner)-1] = Chance
			addAction(v, int(r.choice[v])) // 0, or the fixed action of a best response
			continue
		}
		for _, a := range r.tieOrder(v, order[:0]) {
			addAction(v, a)
		}
	}
	for _, members := range q.mecs {
		owner := -1
		for _, i := range members {
			v := comp[i]
			if !r.deciding(v) {
				continue
			}
			p := r.owner(v)
			if owner >= 0 && owner != p {
				return nil, errStall // both players can keep play going
			}
			owner = p
		}
		if owner < 0 {
			owner = obj
		}
		q.actStart = append(q.actStart, int32(len(q.state)))
		q.owner = append(q.owner, owner)
		for _, i := range members {
			v := comp[i]
			if !r.deciding(v) {
				continue
			}
			for _, a := range r.tieOrder(v, order[:0]) {
				if !q.internal[q.actOff[i]+int32(a)] {
					addAction(v, a)
				}
			}
		}
		if r.rwt != nil {
			continue // staying forever would never reach the goal: no "stay"
		}
		addAction(stay, 0) // last: progress wins ties
		if owner == minP && minP >= 0 {
			// Endless play pays the minimizer 0, which in player obj's
			// terms of a constant-sum game is the whole sum.
			last := len(q.exit) - 1
			q.exit[last] = f.Set(q.exit[last], r.sumT)
			q.exitF[last] = f.Float64(r.sumT)
			q.lowerHigh[0] = math.Min(q.lowerHigh[0], q.exitF[last])
			q.lowerHigh[1] = math.Max(q.lowerHigh[1], q.exitF[last])
		}
	}
	q.actStart = append(q.actStart, int32(len(q.state)))
	return q, nil
}

// reuseQuotient returns the run's quotient scratch, emptied, for a
// component of m states: its arrays keep their room. Every other array is
// sized where it is filled (quotient, valueIteration, optimistic).
func (r *run[S, T, F]) reuseQuotient(m int) *quotient[T] {
	q := &r.qs
	q.nodes = 0
	q.nodeOf, q.rep, q.qa = resize(q.nodeOf, m), q.rep[:0], q.qa[:0]
	return q
}

// exitValue is the value of action a of state v leaving the component
// (r.local < 0) for player obj: Σ p·value over those outcomes, plus the
// action's rewards (exitExact in exact mode).
func (r *run[S, T, F]) exitValue(v uint32, a, obj int, z T) T {
	if r.dots != nil {
		return r.exitExact(v, a, obj, z)
	}
	f, g, P := r.f, r.g, r.np
	z = f.FromInt(z, 0)
	o0, o1 := r.actionOutcomes(v, a)
	for o := o0; o < o1; o++ {
		if r.rwt != nil && g.reward.at(o) != 0 {
			z = r.addReward(z, obj, o)
		}
		if w := g.to[o]; r.local[w] < 0 {
			z = f.AddMul(z, z, r.rat[g.prob.at(o)], r.vals[int(w)*P+obj])
		}
	}
	return z
}

// endComponents finds the maximal end components among the component's
// states (r.local holds their local indices) with the one end-component
// elimination (endcomp.go): mecOf[i] is the end component of local state i
// or -1, and kept[actOff[i]+a] whether action a of state i keeps play
// inside it. Every action counts, except at a state whose action is fixed
// (another player's, in a best response), where only that one does.
func (r *run[S, T, F]) endComponents(comp []uint32) (mecOf []int32, kept []bool, actOff []int32) {
	g := r.g
	ec := &r.ec
	ec.reset()
	for _, v := range comp {
		n := 1
		if g.owner[v] >= 0 {
			n = int(g.actStart[v+1] - g.actStart[v])
		}
		for a := range n {
			o0, o1 := r.actionOutcomes(v, a)
			free := true
			for o := o0; o < o1; o++ {
				ec.tgt = append(ec.tgt, r.local[g.to[o]])
				free = free && g.reward.at(o) == 0
			}
			if r.rwt != nil && !free {
				// With rewards counted, an end component is where play
				// could stay for free; a loop that collects reward is never
				// chosen forever (it would cost without end).
				ec.endAction(false)
				continue
			}
			ec.endAction((r.deciding(v) && r.usable(v, a)) || int32(a) == r.choice[v])
		}
		ec.endState()
	}
	mecOf, kept = ec.maximalEndComponents()
	// The run's scratch, valid until its next endComponents: a cycle uses
	// its quotient before any other is built on this run.
	return mecOf, kept, ec.actOff
}

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
	pf := q.outPF
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
		gap = 0
		moved, mag := 0.0, 1.0
		changed := false
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
			if try != nil && argU != q.argU[i] {
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

// optimisticOn is off only in tests, which compare with plain interval
// iteration.
var optimisticOn = true

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

// qvalue is Σ over action a's outcomes of p·x[to], plus its exit value.
func (r *run[S, T, F]) qvalue(q *quotient[T], x []T, a int32, z T) T {
	if r.dots != nil {
		return r.qvalueExact(q, x, a, z)
	}
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
	minimize := p == minP
	if r.f.Exact() {
		return r.improveExact(q, x, sigma, p, minimize, final, inc)
	}
	f := r.f
	cur, cand := f.New(), f.New()
	switched := false
	for i := range q.nodes {
		if q.owner[i] != p || q.actStart[i+1]-q.actStart[i] < 2 {
			continue
		}
		cur = r.qvalue(q, x, sigma[i], cur)
		best := sigma[i]
		for a := q.actStart[i]; a < q.actStart[i+1]; a++ {
			cand = r.qvalue(q, x, a, cand)
			if (minimize && Better(f, r.tol, cur, cand)) || (!minimize && Better(f, r.tol, cand, cur)) {
				best = a
				cur, cand = cand, cur
			}
		}
		if best != sigma[i] {
			sigma[i] = best
			switched = true
		}
	}
	return switched
}

// seedLast makes exact mode's strategy iteration start from each node's
// last action, not the float policy: the tests' way to make the
// incumbent of a tie differ from the tie rule's choice.
var seedLast = false

// improveSplitFrom is the size of quotient whose exact improvement step is
// shared by two goroutines: the last, largest component of a model often
// runs alone (consensus N=6: 104,214 nodes, 0.45 s on one core). A
// variable for the tests.
var improveSplitFrom = 16384

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
	// context every lookEvery nodes, and a stop is recorded (r.fail), so
	// that the round loop's end is not taken for a settled policy.
	var stopped [2]bool
	scan := func(h *run[S, T, F], lo, hi int, stop *bool) (switched bool) {
		for i := lo; i < hi; i++ {
			if (i-lo)%lookEvery == lookEvery-1 && r.ctx.Err() != nil {
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
	if q.nodes < improveSplitFrom || r.opt.WorkerCount() < 2 {
		return stop(scan(r, 0, q.nodes, &stopped[0]))
	}
	h := *r
	h.ownSums()
	mid := q.nodes / 2
	var theirs bool
	done := make(chan struct{})
	go func() {
		defer close(done)
		theirs = scan(&h, mid, q.nodes, &stopped[1])
	}()
	mine := scan(r, 0, mid, &stopped[0])
	<-done
	return stop(mine || theirs)
}

// greedy chooses at every node the first action in tie order whose value
// under x is best (with float mode's tolerance). The policy is q's
// scratch, valid until greedy's next call on q.
func (r *run[S, T, F]) greedy(q *quotient[T], x []T, minP int) []int32 {
	f := r.f
	q.greedyOut = resize(q.greedyOut, q.nodes)
	sigma := q.greedyOut
	best, cand := f.New(), f.New()
	var xf []float64
	if f.Exact() {
		xf = r.floats(x)
	}
	for i := range q.nodes {
		minimize := q.owner[i] == minP && minP >= 0
		sigma[i] = q.actStart[i]
		if q.actStart[i+1]-q.actStart[i] < 2 {
			continue
		}
		if xf != nil {
			_, sigma[i] = r.bestExact(q, x, xf, i, minimize, -1)
			continue
		}
		best = r.qvalue(q, x, q.actStart[i], best)
		for a := q.actStart[i] + 1; a < q.actStart[i+1]; a++ {
			cand = r.qvalue(q, x, a, cand)
			if (!minimize && Better(f, r.tol, cand, best)) || (minimize && Better(f, r.tol, best, cand)) {
				sigma[i] = a
				best, cand = cand, best
			}
		}
	}
	return sigma
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
			if a == q.actStart[i] || (!minimize && s > best && !TiedFloat(r.tol, s, best)) || (minimize && s < best && !TiedFloat(r.tol, s, best)) {
				sigma[i], best = a, s
			}
		}
	}
	return sigma
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

// fromFloat is the package's fromFloat in the run's field.
func (r *run[S, T, F]) fromFloat(x float64) T { return fromFloat[T](r.f, x) }

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

// exactTwin returns the worker's exact twin of the run, made on first use:
// the same graph, components and choices, with values in *big.Rat. Only
// the slots of the components it re-solves and of the states they lead to
// are ever filled.
func (r *run[S, T, F]) exactTwin() *run[S, *big.Rat, numeric.Exact] {
	if r.ex != nil {
		return r.ex
	}
	g := r.g
	N, P := len(g.states), r.np
	ex := &run[S, *big.Rat, numeric.Exact]{ctx: r.ctx, g: g, opt: r.opt, tol: r.tol,
		rat: g.rats.vals, ratF: r.ratF, comps: r.comps, choice: r.choice,
		local: r.local, chainLocal: r.chainLocal, np: r.np, side: r.side, banned: r.banned, rwt: r.rwt}
	ex.vals = make([]*big.Rat, N*P)
	ex.rew = make([]*big.Rat, N)
	ex.inf = make([]bool, N)
	ex.t1, ex.t2, ex.rt = new(big.Rat), new(big.Rat), new(big.Rat)
	ex.chain.guard = r.chain.guard // same goroutine: one guard
	r.ex = ex
	return ex
}

// resolveExact solves component k again in exact arithmetic, from the float
// values of the states it leads to (converted exactly), and stores the
// exact values rounded to the field: the rule for a small component whose
// float answer is not proven (doc.go, "Float mode"). done is false, and
// nothing is changed, when a value it leads to is beyond float64 and so
// has no exact conversion.
//
// With limit > 0 the re-solve gives up once its work (budget.Guard's units)
// passes limit, or its memory the budget: done is then false, and nothing
// is changed either.
func (r *run[S, T, F]) resolveExact(k int, comp []uint32, limit int64, solve func(ex *run[S, *big.Rat, numeric.Exact]) (Method, error)) (m Method, done bool, err error) {
	ex := r.exactTwin()
	if limit > 0 {
		// A guard of the attempt's own: a guard keeps its first error.
		guard := budget.NewGuard(r.ctx, r.opt.memory())
		guard.LimitWork(limit)
		ex.chain.guard = guard
		defer func() {
			ex.chain.guard = r.chain.guard
			if len(comp) > r.opt.exactStates() {
				// The twin is released with a large component's
				// rationals (consensus N=6 K=2: 0.6 GB), not kept for
				// the rest of the solve. A small one's are few, and
				// the twin's arrays (a slot per state) are kept.
				r.ex = nil
			}
			// The attempt is optional: running out of its work limit, or
			// of memory, leaves the float answer (the float run's own
			// guard still watches the memory).
			if errors.Is(err, budget.ErrWorkLimit) || errors.Is(err, budget.ErrTooLarge) {
				m, done, err = 0, false, nil
			}
		}()
	}
	ex.st = &stats{}
	// The twin takes the float run's total as given: its exits, converted
	// from float64, need not add up exactly.
	ex.fixed, ex.sumT, ex.pairKnown = r.fixed, r.sumRat, true
	g, f, P := r.g, r.f, r.np
	slot := func(z **big.Rat) *big.Rat {
		if *z == nil {
			*z = new(big.Rat)
		}
		return *z
	}
	exact := func(z **big.Rat, x T) bool {
		y := f.Float64(x)
		if math.IsInf(y, 0) || math.IsNaN(y) {
			return false
		}
		slot(z).SetFloat64(y)
		return true
	}
	for _, v := range comp {
		for i := range P {
			slot(&ex.vals[int(v)*P+i])
		}
		slot(&ex.rew[v])
		lo, hi := g.outStart[g.actStart[v]], g.outStart[g.actStart[v+1]]
		for o := lo; o < hi; o++ {
			w := g.to[o]
			if r.comps.of[w] == int32(k) {
				continue
			}
			for i := range P {
				if !exact(&ex.vals[int(w)*P+i], r.vals[int(w)*P+i]) {
					return 0, false, nil
				}
			}
			ex.inf[w] = r.inf[w]
			if r.inf[w] {
				slot(&ex.rew[w]).SetInt64(0)
			} else if !exact(&ex.rew[w], r.rew[w]) {
				return 0, false, nil
			}
		}
	}
	m, err = solve(ex)
	if err == nil {
		err = ex.err
	}
	ex.err = nil
	if err != nil {
		return m, true, err
	}
	for _, v := range comp {
		for i := range P {
			r.vals[int(v)*P+i] = f.FromRat(r.vals[int(v)*P+i], ex.vals[int(v)*P+i])
		}
		r.rew[v] = f.FromRat(r.rew[v], ex.rew[v])
		r.inf[v] = ex.inf[v]
	}
	r.st.resolved++
	r.st.equilibria += ex.st.equilibria
	return m, true, nil
}

// work is a quotient's outcome visits per sweep.
func work[T any](q *quotient[T]) int { return len(q.outTo) + len(q.exit) }

// Float mode's switch from value iteration to an exact re-solve: at sweep
// exactSwitch a component whose sweeps have not converged is re-solved
// exactly within the work the sweeps are predicted still to take,
// counting exactUnitVisits outcome visits of a sweep for a unit of exact
// work (budget.Guard's; measured on consensus N=4 K=4: a unit 22-30 ns,
// a visit 2.4 ns). If that runs out, value iteration goes on: a component
// that exact arithmetic does not suit costs at most about twice its
// sweeps. A large component (above Options.ExactStates) whose sweeps
// stop at their work bound before the switch gets one attempt then, with
// as much exact work as the sweeps took.
//
// Only components of at most attemptScale times Options.ExactStates states
// get an attempt: the exact twin of a larger one holds its rationals before
// it has done much, and rarely finishes within the limit (zeroconf
// N=1000 K=8: a component of 1.09 million states ran past 26.6 million
// units, 3 s and 0.6 GB more, and stayed flagged; consensus N=6 K=2:
// 104,214 states ran past its limit too, while its parts of up to 23,261
// states were re-solved).
const (
	exactSwitch  = 256
	attemptScale = 16
)

// exactUnitVisits is a variable for the tests.
var exactUnitVisits = 10.0
