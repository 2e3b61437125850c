package engine

import "slices"

// The graph algorithms that settle probabilities 0 and 1 before any
// arithmetic (Baier and Katoen, Principles of Model Checking, 10.6). Goal
// states are absorbing and avoid states (that are not goals) fail; each
// algorithm is a backward search over the predecessor lists.

// members lists the states in set, as a search's first queue.
func members(set []bool) []uint32 {
	queue := make([]uint32, 0, 1024)
	for v, b := range set {
		if b {
			queue = append(queue, uint32(v))
		}
	}
	return queue
}

// backward grows set by a backward search: a predecessor s (through action
// a) of a state in the set joins when join(s, a) says so. It returns set.
func (G *Graph[S]) backward(set []bool, join func(s, a uint32) bool) []bool {
	queue := members(set)
	for len(queue) > 0 {
		t := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		for _, a := range G.preds(t) {
			if s := G.actState[a]; !set[s] && join(s, a) {
				set[s] = true
				queue = append(queue, s)
			}
		}
	}
	return set
}

// The searches below are written for turn-based games of two sides: up
// (nil: every state) marks the states whose side wants the goal reached;
// the other side's states are adversaries, and a chance state is a state
// with one action, for which both rules agree. A Markov decision process
// is the game in which the one player is on the up side (Pmax: some
// policy reaches) or on the other (Pmin: every policy reaches).

// isUp reports whether state s is on the side that wants the goal.
func isUp(up []bool, s uint32) bool { return up == nil || up[s] }

// attractor returns the states from which the up side can make reaching a
// goal, without passing an avoided state, happen with positive
// probability: an up state joins with one action having an outcome in, an
// adversary's state when each of its actions has one. The rest have
// probability 0 under the adversary's best play.
func (G *Graph[S]) attractor(goal, avoid, up []bool) []bool {
	g := G.g
	left := make([]int32, len(goal)) // the adversary's actions with no outcome in yet
	for v := range left {
		left[v] = int32(g.actStart[v+1] - g.actStart[v])
	}
	hit := make([]bool, len(g.actName))
	return G.backward(append([]bool(nil), goal...), func(s, a uint32) bool {
		if avoid[s] {
			return false
		}
		if isUp(up, s) {
			return true
		}
		if hit[a] {
			return false
		}
		hit[a] = true
		left[s]--
		return left[s] == 0
	})
}

// almostSure returns the states from which the up side can make reaching
// a goal happen with probability 1, given can = attractor(goal, avoid,
// up): the greatest set U such that from each of its states play can be
// kept in U (an up state has an action whose outcomes all stay in U, an
// adversary's state has only such actions) while moving towards the goal
// with positive probability, found by shrinking U until it stops changing
// (de Alfaro and Henzinger's almost-sure reachability; for one player,
// Baier and Katoen's Prob1E and Prob1A).
func (G *Graph[S]) almostSure(goal, avoid, up, can []bool) []bool {
	g := G.g
	U := append([]bool(nil), can...)
	stays := make([]bool, len(g.actName))
	left := make([]int32, len(goal))
	hit := make([]bool, len(g.actName))
	for {
		for a := range g.actName {
			ok := U[G.actState[a]]
			for o := g.outStart[a]; ok && o < g.outStart[a+1]; o++ {
				ok = U[g.to[o]]
			}
			stays[a] = ok
		}
		for v := range left {
			left[v] = int32(g.actStart[v+1] - g.actStart[v])
			for a := g.actStart[v]; a < g.actStart[v+1]; a++ {
				if !stays[a] && !isUp(up, uint32(v)) {
					left[v] = -1 // the adversary can leave U
					break
				}
			}
		}
		clear(hit)
		R := G.backward(append([]bool(nil), goal...), func(s, a uint32) bool {
			if avoid[s] || !stays[a] {
				return false
			}
			if isUp(up, s) {
				return true
			}
			if hit[a] || left[s] < 0 {
				return false
			}
			hit[a] = true
			left[s]--
			return left[s] == 0
		})
		same := slices.Equal(U, R)
		U = R
		if same {
			return U
		}
	}
}
