package engine

import "slices"

// Exact strategy iteration re-evaluates only what a round's switches can
// change. A node's value under a policy depends on the nodes its chosen
// actions can reach, and nothing else: so when a round switches the
// actions of the nodes W, the values that change lie among the nodes that
// reach W under the new policy (W's upstream, A), and every other node
// keeps its value: the same equations over the same successors. The
// evaluation solves the chain on A alone (solveChain takes any set whose
// successors outside it are solved; A is closed upward, so each strongly
// connected part of the chain lies in it whole), and the next improvement
// looks only at the nodes whose action values read a changed value: A
// and its predecessors under any action (stale). Every other node had no
// better action when it was last looked at, under the same action values.
//
// Exact rounds switch few nodes once the float seed has done its work,
// but they come in waves: on zeroconf (N=20, K=4, no reset) thirteen
// rounds after the first switched a few hundred nodes each, most of them
// by less than float64 can see, and their upstream shrank from a fifth of
// the 163,751-node component to a few dozen nodes.
//
// It needs a quotient without end components (a node is then one state,
// and a switch changes that state's action alone) and exact mode, where
// a value does not depend on the order of elimination.

// rounds is exact strategy iteration's state between rounds.
type rounds struct {
	actStart, outStart, outTo []int32 // the quotient's

	evaluated bool
	prev      []int32   // the policy last evaluated
	xf        []float64 // its values, rounded
	// stale marks the nodes whose action values may have changed since
	// their player last looked for a better action.
	stale []bool
	// predStart and pred list each node's predecessors under any action
	// (with repeats).
	predStart, pred []int32
	seen            []bool
	stack, set      []int32
}

// newRounds returns the incremental state of q's exact rounds, or nil
// where every round evaluates the whole component.
func (r *run[S, T, F]) newRounds(q *quotient[T]) *rounds {
	if !r.f.Exact() || len(q.mecs) > 0 || q.nodes < r.opt.tune().incrementalFrom {
		return nil
	}
	n := q.nodes
	inc := &rounds{
		actStart: q.actStart, outStart: q.outStart, outTo: q.outTo,
		prev: make([]int32, n), xf: make([]float64, n), stale: make([]bool, n), seen: make([]bool, n),
		predStart: make([]int32, n+1),
	}
	edges := q.outStart[q.actStart[n]]
	for _, j := range q.outTo[:edges] {
		inc.predStart[j+1]++
	}
	for i := range n {
		inc.predStart[i+1] += inc.predStart[i]
	}
	inc.pred = make([]int32, edges)
	fill := slices.Clone(inc.predStart[:n])
	for i := range n {
		for _, j := range q.outTo[q.outStart[q.actStart[i]]:q.outStart[q.actStart[i+1]]] {
			inc.pred[fill[j]] = int32(i)
			fill[j]++
		}
	}
	return inc
}

// changed returns, in increasing order, the nodes whose values can differ
// between sigma and the policy last evaluated (every node the first
// time), and takes sigma as the policy last evaluated.
func (inc *rounds) changed(sigma []int32) []int32 {
	set := inc.set[:0]
	if !inc.evaluated {
		for i := range sigma {
			set = append(set, int32(i))
		}
		inc.evaluated = true
		copy(inc.prev, sigma)
		inc.set = set
		return set
	}
	stack := inc.stack[:0]
	for i, a := range sigma {
		if a != inc.prev[i] {
			inc.seen[i] = true
			stack = append(stack, int32(i))
		}
	}
	copy(inc.prev, sigma)
	// Upstream under sigma: u reaches v in one step if u's chosen action
	// has an outcome at v.
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, u := range inc.pred[inc.predStart[v]:inc.predStart[v+1]] {
			if inc.seen[u] || !slices.Contains(inc.outTo[inc.outStart[sigma[u]]:inc.outStart[sigma[u]+1]], v) {
				continue
			}
			inc.seen[u] = true
			stack = append(stack, u)
		}
	}
	for i, s := range inc.seen {
		if s {
			set = append(set, int32(i))
			inc.seen[i] = false
		}
	}
	inc.stack, inc.set = stack, set
	return set
}

// evaluated marks the nodes of set, just evaluated, and their
// predecessors stale.
func (inc *rounds) markStale(set []int32) {
	for _, v := range set {
		inc.stale[v] = true
		for _, u := range inc.pred[inc.predStart[v]:inc.predStart[v+1]] {
			inc.stale[u] = true
		}
	}
}
