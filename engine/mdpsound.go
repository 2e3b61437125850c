package engine

import (
	"fmt"
	"math"
	"math/big"

	"github.com/gamesolve/gamesolve/numeric"
)

// Float mode's proof for a component of Analyze with decisions (doc.go,
// "Float mode"). Policy iteration in float64 stops when no action is better
// by more than the tie tolerance; an action whose one-step gain is below
// that can still be worth much more when play returns to it many times.
// So the final policy's values V are checked: value iteration from the
// other side (from 1 down for Pmax, from 0 up for Pmin and Emin) must close
// in on V to within the precision. Otherwise a small component is solved
// again exactly, and a large one is flagged with the bound reached.

// certify proves or replaces the float values x of the component just
// solved (members and policy already written).
func (r *mdpRun[S, T, F]) certify(comp []uint32, c *compScratch, nodes int, x []T) error {
	V := make([]float64, nodes)
	scale := 1.0
	for n := range nodes {
		V[n] = r.f.Float64(x[n])
		scale = math.Max(scale, math.Abs(V[n]))
	}
	target := r.opt.precision() * scale
	width := r.otherBound(c, nodes, V, target)
	if width <= target {
		return nil
	}
	if len(comp) <= r.opt.exactStates() {
		if done, err := r.resolveExact(comp); done || err != nil {
			return err
		}
	}
	r.st.unproven++
	r.st.bound = math.Max(r.st.bound, width)
	return nil
}

// otherBound runs Gauss–Seidel value iteration on the quotient from the
// side the policy's values V do not bound, and returns the largest proven
// distance of V from the true values (+Inf for Emax, which has no a-priori
// bound to start from). It stops at the target, or when its rate says the
// work bound (as for Solve's value iteration) will not reach it.
func (r *mdpRun[S, T, F]) otherBound(c *compScratch, nodes int, V []float64, target float64) float64 {
	obj := r.q.Objective
	if obj == MaxReward {
		return math.Inf(1)
	}
	g := r.g
	upper := obj == MaxProbability
	B := make([]float64, nodes)
	if upper {
		for n := range B {
			B[n] = 1
		}
	}
	reward := obj.reward()
	work := len(c.cand)
	for _, a := range c.cand {
		work += int(g.outStart[a+1] - g.outStart[a])
	}
	maxSweeps := min(100_000, max(100, 100_000_000/max(1, work)))
	const window = 1024
	lastGap := math.Inf(1)
	for sweeps := 1; ; sweeps++ {
		gap := 0.0
		for n := nodes - 1; n >= 0; n-- {
			best := 0.0
			for i, a := range c.cand[c.candStart[n]:c.candStart[n+1]] {
				s := 0.0
				for o := g.outStart[a]; o < g.outStart[a+1]; o++ {
					p := r.ratF[g.prob[o]]
					t := g.to[o]
					// Products rounded before sums, as everywhere in
					// float mode (no fused multiply-add).
					if l := r.local[t]; l >= 0 {
						s += float64(p * B[c.node[l]])
					} else {
						s += float64(p * r.f.Float64(r.val[t]))
					}
					if reward && g.reward[o] != 0 {
						s += float64(p * r.ratF[g.reward[o]])
					}
				}
				if i == 0 || (obj.maximize() && s > best) || (!obj.maximize() && s < best) {
					best = s
				}
			}
			// Bounds only tighten.
			if upper {
				B[n] = math.Min(B[n], best)
				gap = math.Max(gap, B[n]-V[n])
			} else {
				B[n] = math.Max(B[n], best)
				gap = math.Max(gap, V[n]-B[n])
			}
		}
		if gap <= target || sweeps >= maxSweeps || r.chain.guard.Tick(work) != nil {
			return gap
		}
		if sweeps%window == 0 {
			if outOfReach(sweeps, window, maxSweeps, gap, lastGap, target) {
				return gap
			}
			lastGap = gap
		}
	}
}

// resolveExact solves the component again in exact arithmetic, seeded with
// the float policy, from the float values of the states it leads to
// (converted exactly), and stores the exact values rounded. done is false,
// and nothing is changed, when a value it leads to is beyond float64.
func (r *mdpRun[S, T, F]) resolveExact(comp []uint32) (done bool, err error) {
	g := r.g
	if r.ex == nil {
		r.ex = &mdpRun[S, *big.Rat, numeric.Exact]{ctx: r.ctx, G: r.G, g: g, q: r.q, tol: r.tol,
			maxRounds: r.maxRounds, rat: g.rats.vals, ratF: r.ratF, opt: r.opt,
			val: make([]*big.Rat, len(g.states)), bad: r.bad, seed: r.res.Policy, local: r.local,
			res: &Analysis[*big.Rat]{Policy: r.res.Policy}, t1: new(big.Rat), t2: new(big.Rat), st: &mdpStats{}}
		r.ex.chain.guard = r.chain.guard // same goroutine: one guard
	}
	ex := r.ex
	slot := func(t uint32) *big.Rat {
		if ex.val[t] == nil {
			ex.val[t] = new(big.Rat)
		}
		return ex.val[t]
	}
	for _, v := range comp {
		slot(v)
		for o := g.outStart[g.actStart[v]]; o < g.outStart[g.actStart[v+1]]; o++ {
			if t := g.to[o]; r.local[t] < 0 {
				x := r.f.Float64(r.val[t])
				if math.IsInf(x, 0) || math.IsNaN(x) {
					return false, nil
				}
				slot(t).SetFloat64(x)
			}
		}
	}
	// The exact pass numbers the component in r.local again, as the float
	// pass did, and the float pass clears it when it returns.
	if err := ex.component(comp); err != nil {
		return true, fmt.Errorf("engine: exact re-solve: %w", err)
	}
	for _, v := range comp {
		r.val[v] = r.f.FromRat(r.val[v], ex.val[v])
	}
	r.st.resolved++
	return true, nil
}
