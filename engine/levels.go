package engine

import "slices"

// Exact mode solves a large chain's parts on two goroutines, level by
// level. A part's level is one more than the highest of the parts its
// states lead to (0 for one that leads only out of the set), so the parts
// of one level read only the values of lower levels and can be solved in
// any order, or at once. Most parts are a single state, solved by one
// division (solveOneExact), and in exact mode that division's
// normalization, a gcd of numbers of thousands of bits, is most of the
// time; each goroutine has sums of its own. The parts of several states
// are eliminated on the calling goroutine, whose scratch they use.

// solveLevels is solveChain's loop over the parts of set's chain (start
// and adj, local indices) on two goroutines.
func (r *run[S, T, F]) solveLevels(set []uint32, choice []int32, parts *components, start, adj []uint32) {
	n := parts.count()
	level := make([]int32, n)
	top := int32(0)
	// Tarjan lists the parts successors first.
	for k := range n {
		l := int32(0)
		for _, m := range parts.get(k) {
			for _, j := range adj[start[m]:start[m+1]] {
				if c := parts.of[j]; int(c) != k {
					l = max(l, level[c]+1)
				}
			}
		}
		level[k] = l
		top = max(top, l)
	}
	// The parts by level, in Tarjan's order within one.
	byStart := make([]int32, top+2)
	for _, l := range level {
		byStart[l+1]++
	}
	for l := range top + 1 {
		byStart[l+1] += byStart[l]
	}
	byLevel := make([]int32, n)
	fill := slices.Clone(byStart[:top+1])
	for k, l := range level {
		byLevel[fill[l]] = int32(k)
		fill[l]++
	}
	h := r.helper()
	var singles []uint32
	done := make(chan struct{})
	for l := range top + 1 {
		singles = singles[:0]
		for _, k := range byLevel[byStart[l]:byStart[l+1]] {
			if members := parts.get(int(k)); len(members) == 1 {
				singles = append(singles, members[0])
			}
		}
		split := len(singles) / 2
		if len(singles) < r.opt.tune().levelSplit {
			split = len(singles)
		}
		// The helper looks at the context itself (the guard is the
		// calling goroutine's), and stops with it.
		var stopped bool
		if split < len(singles) {
			go func(ms []uint32) {
				defer func() { done <- struct{}{} }()
				for i, m := range ms {
					if i%r.opt.tune().lookEvery == r.opt.tune().lookEvery-1 && r.ctx.Err() != nil {
						stopped = true
						return
					}
					h.solveOne(set[m], int(choice[set[m]]))
				}
			}(singles[split:])
		}
		for i := range split {
			if r.err != nil {
				break
			}
			r.solvePart(set, singles[i:i+1], choice)
		}
		for _, k := range byLevel[byStart[l]:byStart[l+1]] {
			if r.err != nil {
				break
			}
			if members := parts.get(int(k)); len(members) > 1 {
				r.solvePart(set, members, choice)
			}
		}
		if split < len(singles) {
			<-done
			if stopped {
				r.fail(r.ctx.Err())
			}
		}
		if r.err != nil {
			return // stopped (the deadline, the budget): reported by the caller
		}
	}
}
