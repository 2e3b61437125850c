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

// reachSome returns the states from which some policy reaches a goal with
// positive probability: those with a path to a goal through states that
// are not avoided. The rest have Pmax = 0.
func (G *Graph[S]) reachSome(goal, avoid []bool) []bool {
	return G.backward(append([]bool(nil), goal...), func(s, _ uint32) bool { return !avoid[s] })
}

// reachForced returns the states from which every policy reaches a goal
// with positive probability: a state joins when each of its actions has an
// outcome already in. The rest have Pmin = 0.
func (G *Graph[S]) reachForced(goal, avoid []bool) []bool {
	g := G.g
	left := make([]int32, len(goal)) // actions with no outcome in yet
	for v := range left {
		left[v] = int32(g.actStart[v+1] - g.actStart[v])
	}
	hit := make([]bool, len(g.actName))
	return G.backward(append([]bool(nil), goal...), func(s, a uint32) bool {
		if hit[a] || avoid[s] {
			return false
		}
		hit[a] = true
		left[s]--
		return left[s] == 0
	})
}

// prob1E returns the states where some policy reaches a goal with
// probability 1, given can = reachSome(goal, avoid): the greatest set U
// such that from each of its states an action staying in U makes progress
// towards the goal, found by shrinking U to the states that reach the goal
// that way until it stops changing.
func (G *Graph[S]) prob1E(goal, avoid, can []bool) []bool {
	g := G.g
	U := append([]bool(nil), can...)
	stays := make([]bool, len(g.actName))
	for {
		for a := range g.actName {
			ok := U[G.actState[a]]
			for o := g.outStart[a]; ok && o < g.outStart[a+1]; o++ {
				ok = U[g.to[o]]
			}
			stays[a] = ok
		}
		R := G.backward(append([]bool(nil), goal...), func(s, a uint32) bool { return !avoid[s] && stays[a] })
		same := slices.Equal(U, R)
		U = R
		if same {
			return U
		}
	}
}

// prob1A returns the states where every policy reaches a goal with
// probability 1, given zero, the states with Pmin = 0: those from which no
// path avoiding the goals leads to a zero state.
func (G *Graph[S]) prob1A(goal, zero []bool) []bool {
	return not(G.backward(append([]bool(nil), zero...), func(s, _ uint32) bool { return !goal[s] }))
}
