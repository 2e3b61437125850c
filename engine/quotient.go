package engine

import (
	"fmt"
	"math"
	"math/big"
	"unsafe"
)

// quotient is a component of decisions inside a cycle with each maximal
// end component collapsed to one node (see cycle), built by
// run.quotient; its arrays are reused from one component to the next.
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

// quotient builds the component's quotient (see above). r.local holds the
// component's local indices.
func (r *run[S, T, F]) quotient(k int, comp []uint32, obj, minP int) (*quotient[T], error) {
	// The arrays of the run's last quotient are reused: a game of many
	// small components (Pig's 9,803, a million-state model's 250,000)
	// would otherwise allocate a dozen arrays for each. A quotient is
	// used only within its cycle, and a run solves one component at a time.
	q := r.reuseQuotient(len(comp))
	q.mecOf, q.internal, q.actOff = r.endComponents(comp)
	q.number(comp)
	lo, hi, err := r.exitBounds(comp, obj, minP)
	if err != nil {
		return nil, err
	}
	q.lowerHigh = [2]float64{lo, hi}
	if err := r.roomQuotient(q, k, comp); err != nil {
		return nil, err
	}
	if err := r.quotientActions(q, comp, obj, minP); err != nil {
		return nil, err
	}
	return q, nil
}

// number numbers q's nodes: each state outside an end component, then each
// end component (mecs lists its members), with rep a state of each.
func (q *quotient[T]) number(comp []uint32) {
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
}

// exitBounds returns the least and greatest value of slot obj where play
// leaves the component (0 included; an infinite side where rewards add up
// along the way), and, for two players (minP >= 0), finds the total their
// values add up to at every exit (sumT and sumRat), or errStall where
// there is none.
func (r *run[S, T, F]) exitBounds(comp []uint32, obj, minP int) (lo, hi float64, err error) {
	g, f, P := r.g, r.f, r.np
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
					return 0, 0, errStall
				}
			}
		}
	}
	if minP >= 0 && !r.pairKnown {
		if !seen {
			return 0, 0, errStall // no way out: endless play pays both 0
		}
		if r.pairTotal != nil && !Tied(f, r.tol, r.sumT, r.pairTotalT) {
			return 0, 0, errStall // an exit where play may not end pays less
		}
		if q, ok := any(r.sumT).(*big.Rat); ok {
			r.sumRat = q
		} else {
			x := f.Float64(r.sumT)
			if math.IsInf(x, 0) || math.IsNaN(x) {
				return 0, 0, errStall
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
	return lo, hi, nil
}

// roomQuotient makes room in q for component k's actions, at most every
// action and a "stay" per end component, and their outcomes: room once,
// not growth by a quarter.
func (r *run[S, T, F]) roomQuotient(q *quotient[T], k int, comp []uint32) error {
	g, f := r.g, r.f
	nm := len(q.mecs)
	if nm > 0 {
		q.qa = resize(q.qa, int(q.actOff[len(comp)]))
		clear(q.qa)
	}
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
			return fmt.Errorf("engine: component %d (%d states): %w", k, len(comp), err)
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
	return nil
}

// quotientActions lists each node's owner and actions in q: a state's
// usable actions in tie order (its one action where it does not decide),
// an end component's actions that leave it, then "stay", unless rewards
// are being added up (staying would never reach the goal).
func (r *run[S, T, F]) quotientActions(q *quotient[T], comp []uint32, obj, minP int) error {
	f := r.f
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
			r.quotientAction(q, v, int(r.choice[v]), obj) // 0, or the fixed action of a best response
			continue
		}
		for _, a := range r.tieOrder(v, order[:0]) {
			r.quotientAction(q, v, a, obj)
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
				return errStall // both players can keep play going
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
					r.quotientAction(q, v, a, obj)
				}
			}
		}
		if r.rwt != nil {
			continue // staying forever would never reach the goal: no "stay"
		}
		r.quotientAction(q, stay, 0, obj) // last: progress wins ties
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
	return nil
}

// quotientAction appends action a of state v (or "stay") to q: its exit
// value for slot obj and its outcomes inside the component.
func (r *run[S, T, F]) quotientAction(q *quotient[T], v uint32, a, obj int) {
	g, f := r.g, r.f
	if v != stay && len(q.mecs) > 0 {
		if l := r.local[v]; q.mecOf[l] >= 0 {
			q.qa[q.actOff[l]+int32(a)] = int32(len(q.state))
		}
	}
	q.state = append(q.state, v)
	q.act = append(q.act, int32(a))
	// An exit value of the last quotient is written over (exact mode's
	// rationals: an allocation less per action).
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

// work is a quotient's outcome visits per sweep.
func work[T any](q *quotient[T]) int { return len(q.outTo) + len(q.exit) }
