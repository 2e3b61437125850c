package engine

import (
	"fmt"
	"math"
	"math/big"
	"slices"

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
//
// cycle solves component k by these steps: the quotient (quotient.go);
// float value iteration from both sides (valueiter.go), which in float
// mode may settle the component, or give way to an exact re-solve within a
// work limit (resolve.go); then strategy iteration (strategy.go), seeded
// by the greedy policy of the bounds' midpoint, improved until no action
// gains; the final policy is applied to the component's states and their
// chain solved.
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
	r.st.ends += len(q.mecs)
	c := &cycleSolve[S, T, F]{r: r, q: q, k: k, comp: comp, obj: obj, minP: minP}
	c.target = r.opt.precision() * math.Max(1, q.lowerHigh[1]-q.lowerHigh[0])
	c.attempt = !r.f.Exact() && r.opt.exactStates() >= 0 && len(comp) <= attemptScale*r.opt.exactStates()
	if c.bound(); c.solved {
		return c.exM, c.exErr
	}
	if !r.f.Exact() {
		if m, done, err := c.settle(); done {
			return m, err
		}
		// The bounds may still prove strategy iteration's answer (with
		// one player, a policy worth the upper bound is optimal).
		defer c.prove()
	}
	return c.strategyIteration()
}

// cycleSolve is one run of cycle on component k, whose quotient is q: the
// value iteration's bounds L and U, and the exact re-solve if one was
// tried.
type cycleSolve[S comparable, T any, F numeric.Field[T]] struct {
	r         *run[S, T, F]
	q         *quotient[T]
	k         int
	comp      []uint32
	obj, minP int
	target    float64 // the precision to prove, in the values' units
	L, U      []float64
	sweeps    int
	gap       float64
	oneSided  bool // rewards: the target is relative to the values
	attempt   bool // float mode may try an exact re-solve within a work limit
	attempted bool
	solved    bool // by the exact re-solve: exM and exErr
	exM       Method
	exErr     error
}

// resolve solves the component again exactly within limit (0: none)
// and reports whether that settled it (exM, exErr).
func (c *cycleSolve[S, T, F]) resolve(limit int64) bool {
	r := c.r
	c.attempted = true
	m, done, err := r.resolveExact(c.k, c.comp, limit, func(ex *run[S, *big.Rat, numeric.Exact]) (Method, error) {
		return ex.cycle(c.k, c.comp, c.obj, c.minP)
	})
	if done || err != nil {
		c.exM, c.exErr, c.solved = m, err, true
		return true
	}
	for i, v := range c.comp {
		r.local[v] = int32(i) // the twin's cycle cleared them
	}
	return false
}

// bound runs value iteration from both sides (valueiter.go), which float
// mode may give up for an exact re-solve within a work limit
// (exactSwitch): one attempt per component.
func (c *cycleSolve[S, T, F]) bound() {
	r, q := c.r, c.q
	var try func(L, U []float64, work float64) (tightened, costly bool)
	if !r.f.Exact() && r.opt.tune().optimistic {
		try = func(L, U []float64, work float64) (bool, bool) {
			return r.optimistic(q, c.minP, L, U, c.target/4, work)
		}
	}
	var early func(left float64) bool
	if c.attempt {
		early = func(left float64) bool {
			return c.resolve(max(1, int64(left*float64(work(q))/r.opt.tune().exactUnitVisits)))
		}
	}
	c.L, c.U, c.sweeps, c.gap = r.valueIteration(q, c.minP, try, early)
	r.st.sweeps += c.sweeps
	if math.IsInf(c.target, 0) {
		// Rewards: relative to the values' magnitude.
		mag := 1.0
		for i := range c.L {
			mag = math.Max(mag, math.Max(finiteAbs(c.L[i]), finiteAbs(c.U[i])))
		}
		c.target, c.oneSided = r.opt.precision()*mag, true
	}
}

// settle is float mode's answer from the bounds: the greedy policy of
// their midpoint where its values lie within the precision of them; else
// an exact re-solve, however long for a small component, within as much
// work as value iteration did for a large one not yet tried.
func (c *cycleSolve[S, T, F]) settle() (m Method, done bool, err error) {
	r, q, L, U := c.r, c.q, c.L, c.U
	if c.gap <= c.target || c.oneSided {
		q.mid = resize(q.mid, q.nodes)
		x := q.mid
		for i := range x {
			x[i] = r.fromFloat(point(L[i], U[i])) // the middle of the proven bounds
		}
		sigma := r.greedy(q, x, c.minP)
		if err := r.checkStay(q, sigma, c.minP); err != nil {
			return 0, true, err
		}
		r.applyPolicy(q, c.comp, sigma, x)
		r.solveChain(c.comp, r.choice)
		// The greedy policy's own values must lie within the precision
		// of the bounds too: an action whose one-step gain is within the
		// tie tolerance can still be worth much more when play returns
		// to it many times before it leaves.
		if w := r.hull(q, c.comp, L, U, c.obj, c.minP); w <= c.target {
			r.st.gap = math.Max(r.st.gap, w)
			return ValueIteration, true, nil
		}
	}
	switch {
	case len(c.comp) <= r.opt.exactStates():
		if c.resolve(0) {
			return c.exM, true, c.exErr
		}
	case c.attempt && !c.attempted:
		if c.resolve(max(1, int64(float64(c.sweeps)*float64(work(q))/r.opt.tune().exactUnitVisits))) {
			return c.exM, true, c.exErr
		}
	}
	return 0, false, nil
}

// prove counts float mode's strategy iteration answer as proven where the
// bounds and its values lie within the precision of each other, and as
// unproven otherwise.
func (c *cycleSolve[S, T, F]) prove() {
	r := c.r
	if w := r.hull(c.q, c.comp, c.L, c.U, c.obj, c.minP); w <= c.target {
		r.st.gap = math.Max(r.st.gap, w)
	} else {
		r.st.unproven++
		r.st.bound = math.Max(r.st.bound, w)
	}
}

// strategyIteration solves the component in exact mode, or in float mode
// where value iteration could not prove the precision within its work
// bound (an escape probability of 2^-100 makes each sweep gain almost
// nothing) and the component is too large to re-solve exactly: strategy
// iteration (Hoffman–Karp), started from the value iteration's policy,
// each strategy evaluated by elimination (exactly, or in float64 without
// cancellation).
func (c *cycleSolve[S, T, F]) strategyIteration() (Method, error) {
	r, q, comp, obj, minP := c.r, c.q, c.comp, c.obj, c.minP
	// x holds the values of the policy last evaluated: the nodes' own
	// slots in r.vals, which only the next evaluation changes (exact
	// mode: pointers, not copies of the rationals).
	x := make([]T, q.nodes)
	sigma := c.startPolicy()
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
	maxRounds := r.opt.maxRounds()
	for round := 0; ; round++ {
		if round >= maxRounds {
			return 0, fmt.Errorf("engine: component %d (%d states, including %s): strategy iteration did not settle in %d rounds", c.k, len(comp), r.g.name(comp[0]), maxRounds)
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
	switch {
	case len(q.mecs) == 0 && (slices.Equal(final, sigma) || tied && r.side != nil):
		// The last evaluation was of this very policy (without end
		// components applyPolicy does not read the values). Or final's
		// actions tie sigma's exactly under x, sigma's values, so x is a
		// fixed point of final's equations too; without end components
		// every policy leaves the component, so that fixed point is
		// unique and x is final's value. Analyze's other slot (side) is
		// the negation of this one: nothing is left to solve.
		r.applyPolicy(q, comp, final, nil)
	case inc != nil:
		copy(sigma, final) // what changes from the last evaluation: upstream of the tie rule's switches
		evaluate()
	default:
		r.applyPolicy(q, comp, final, x)
		r.solveChain(comp, r.choice)
	}
	return StrategyIteration, nil
}

// startPolicy is strategy iteration's first policy: the greedy policy of
// the bounds' midpoint, in exact mode improved first by float strategy
// iteration (seed.go), and made proper (properStart).
func (c *cycleSolve[S, T, F]) startPolicy() []int32 {
	r, q := c.r, c.q
	mid := make([]float64, q.nodes)
	for i := range mid {
		mid[i] = point(c.L[i], c.U[i])
	}
	sigma := r.greedyFloat(q, mid, c.minP)
	if r.f.Exact() {
		r.floatStrategy(q, sigma, c.obj, c.minP)
		if r.opt.tune().seedLast {
			for i := range sigma {
				sigma[i] = q.actStart[i+1] - 1
			}
		}
	}
	r.properStart(q, sigma)
	return sigma
}
