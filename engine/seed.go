package engine

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/gamesolve/gamesolve/numeric"
)

// Exact mode's starting policy for strategy iteration in a cycle. Exact
// strategy iteration costs one exact evaluation (an elimination or a
// p-adic lift) and one exact improvement step per round, so it should start
// from a policy that is already optimal, or nearly. Value iteration finds
// one only slowly where actions are exactly tied in the limit but not at
// any finite horizon (symmetric processes scheduled in either order): its
// greedy policy keeps flipping until the values have converged to the
// last digits. Strategy iteration in float64 gets there in fewer, cheaper
// rounds: each evaluates the policy by the chain solver's elimination over
// float64, strongly connected part by part, and improves it greedily with a
// tolerance. Nothing here is trusted: the exact rounds that follow evaluate
// the policy exactly and improve it until no action is exactly better.

// seedSweeps bounds value iteration before the float rounds: it only
// gives them a start. (On consensus N=6, 32 to 256 sweeps cost the same in
// all; 800, value iteration's own convergence, twice as much.)
const seedSweeps = 64

// seedRounds bounds the float rounds; a policy that still changes after
// them (rounding noise between near-equal actions) is handed over as it
// is.
const seedRounds = 64

// seedTol is the relative margin by which an action must beat the current
// one in a float round: above the elimination's rounding error (which
// subtracts nothing, so a small value is as accurate as a large one), far
// below what the exact rounds would otherwise have to find. Relative to
// the values themselves, not to 1: on zeroconf (N=20, K=4, no reset) the
// values are near 10^-6, and a margin of 10^-10 absolute hid switches by
// up to 10^-4 of their value from the seed, so the first exact round
// switched 12,000 nodes and re-evaluated the whole 163,751-node component
// (with 10^-14 relative: 2,000 switches and 25,531 nodes).
const seedTol = 1e-14

// floatStrategy improves sigma by strategy iteration in float64 on the
// quotient (the same round structure as cycle's exact rounds: the
// minimizer's best response first, then the objective's player). It stops
// early, leaving sigma the last policy it had (a start like any other),
// when a policy's float evaluation is not finite (play that may never end
// under it, with rewards) or on the context's or the budget's stop, which
// the exact rounds then report.
func (r *run[S, T, F]) floatStrategy(q *quotient[T], sigma []int32, obj, minP int) {
	r.seed.guard = r.chain.guard
	x := make([]float64, q.nodes)
	for range seedRounds {
		// Each round allocates the policy graph and Tarjan's scratch
		// afresh, megabytes for a large quotient, between the guard's
		// looks: look before, so that a tight memory limit stops the
		// solve with the budget's error, not the runtime's.
		if err := r.chain.guard.Check(); err != nil {
			r.fail(err)
			return
		}
		if ok, _ := r.evaluateFloat(q, sigma, x); !ok {
			return
		}
		if minP >= 0 && q.improveFloat(x, sigma, minP, minP) {
			continue
		}
		if !q.improveFloat(x, sigma, obj, minP) {
			return
		}
	}
}

// evaluateFloat writes to x the values of the quotient's nodes under
// sigma, in float64, and reports whether they are finite (ok), or, where
// not, whether an elimination gave up at r.seed.limit (costly). As the chain
// solver does, it splits the policy's chain into strongly connected parts
// and solves them in order, each successor part first: a part of one node
// is one division, a larger one an elimination. (Most policies leave few
// cycles: one elimination of the whole quotient in index order would fill
// in where back substitution suffices.)
func (r *run[S, T, F]) evaluateFloat(q *quotient[T], sigma []int32, x []float64) (ok, costly bool) {
	m := q.nodes
	sc := &r.seedScratch
	start := append(sc.start[:0], 0)
	adj := sc.adj[:0]
	for i := range m {
		a := sigma[i]
		for o := q.outStart[a]; o < q.outStart[a+1]; o++ {
			adj = append(adj, uint32(q.outTo[o]))
		}
		start = append(start, uint32(len(adj)))
	}
	sc.start, sc.adj = start, adj
	parts := sc.scc.tarjan(m, start, adj)
	cs := &r.seed
	loc := sc.loc[:0]
	for range m {
		loc = append(loc, -1)
	}
	sc.loc = loc
	for k := range parts.count() {
		members := parts.get(k)
		if len(members) == 1 {
			i := members[0]
			a := sigma[i]
			// x = (exit + Σ_{j≠i} p x_j) / (1 − p_ii), with 1 − p_ii the
			// mass that leaves i.
			num, in, self := q.exitF[a], 0.0, 0.0
			for o := q.outStart[a]; o < q.outStart[a+1]; o++ {
				p, j := q.outPF[o], q.outTo[o]
				in += p
				if uint32(j) == i {
					self += p
				} else {
					num += p * x[j]
				}
			}
			out := max(0, 1-in) + (in - self)
			x[i] = num / out
			if math.IsInf(x[i], 0) || math.IsNaN(x[i]) {
				return false, false
			}
			continue
		}
		// Eliminated deepest first (the highest numbers, as solveChain
		// does): a nearly acyclic part then fills in little.
		n := len(members)
		slices.Reverse(members) // the part is the scratch's, and read once
		for l, i := range members {
			loc[i] = int32(l)
		}
		cs.grow(numeric.Float{}, n, 1)
		rows, exit, b, inf, preds, mark := cs.rows[:n], cs.exit[:n], cs.b[:n], cs.inf[:n], cs.preds[:n], cs.mark[:n]
		for l := range n {
			rows[l] = rows[l][:0]
			preds[l] = preds[l][:0]
		}
		for l, i := range members {
			a := sigma[i]
			mark[l] = -1
			inf[l] = false
			bl := q.exitF[a]
			// The mass that leaves the part: 1 less the mass that stays
			// in the component, plus what goes to solved parts (a
			// subtraction, but the exact rounds do not depend on its
			// last digits). "stay" has no outcomes: all of its mass ends
			// play.
			in, gone := 0.0, 0.0
			for o := q.outStart[a]; o < q.outStart[a+1]; o++ {
				p, j := q.outPF[o], q.outTo[o]
				in += p
				c := loc[j]
				if c < 0 {
					gone += p
					bl += p * x[j]
					continue
				}
				addTo(cs, numeric.Float{}, l, c, p)
			}
			exit[l] = max(0, 1-in) + gone
			b[l] = bl
			cs.endRow(l)
		}
		v, err := solveSystem(numeric.Float{}, cs, n, 1)
		for _, i := range members {
			loc[i] = -1
		}
		if errors.Is(err, errOverLimit) {
			return false, true // an optimistic try that would cost more than it saves
		}
		if err != nil {
			r.fail(fmt.Errorf("engine: %w", err))
			return false, false
		}
		for l, i := range members {
			if math.IsInf(v[l], 0) || math.IsNaN(v[l]) {
				return false, false
			}
			x[i] = v[l]
		}
	}
	return true, false
}

// improveFloat is improve on float64 values with the margin seedTol, in
// Gauss–Seidel fashion: a node switched takes its new action's value at
// once, so that the nodes after it in the sweep (backwards, as value
// iteration sweeps) see it: a wave of switches runs through a component
// in one round rather than a few thousand nodes a round. The values are
// only a guide: the next evaluation recomputes them, and the exact rounds
// decide.
func (q *quotient[T]) improveFloat(x []float64, sigma []int32, p, minP int) bool {
	switched := false
	minimize := p == minP
	for i := q.nodes - 1; i >= 0; i-- {
		if q.owner[i] != p || q.actStart[i+1]-q.actStart[i] < 2 {
			continue
		}
		cur := q.qvalueFloat(x, sigma[i])
		best := sigma[i]
		for a := q.actStart[i]; a < q.actStart[i+1]; a++ {
			cand := q.qvalueFloat(x, a)
			if math.Abs(cand-cur) <= seedTol*math.Max(math.Abs(cand), math.Abs(cur)) {
				continue // within the margin
			}
			if beats(minimize, cand, cur) {
				best, cur = a, cand
			}
		}
		if best != sigma[i] {
			sigma[i] = best
			switched = true
			x[i] = cur
		}
	}
	return switched
}

// seedScratch is evaluateFloat's, reused across its rounds: the policy
// graph's adjacency and the local indices of a part.
type seedScratch struct {
	start, adj []uint32
	loc        []int32
	scc        sccScratch
}
