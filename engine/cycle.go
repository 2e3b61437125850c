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
	if len(q.mecs) > 0 {
		r.st.ends += len(q.mecs)
	}
	target := r.opt.precision() * math.Max(1, q.lowerHigh[1]-q.lowerHigh[0])
	var try func(L, U []float64, work float64) (tightened, costly bool)
	if !r.f.Exact() && r.opt.tune().optimistic {
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
			return resolve(max(1, int64(left*float64(work(q))/r.opt.tune().exactUnitVisits)))
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
			if resolve(max(1, int64(float64(sweeps)*float64(work(q))/r.opt.tune().exactUnitVisits))) {
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
		if r.opt.tune().seedLast {
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
