package engine

// The graph algorithms that settle probabilities 0 and 1 before any
// arithmetic (Baier and Katoen, Principles of Model Checking, 10.6). Goal
// states are absorbing and avoid states (that are not goals) fail; each
// algorithm is a backward search over the predecessor lists.

// reachSome returns the states from which some policy reaches a goal with
// positive probability: those with a path to a goal through states that
// are not avoided. The rest have Pmax = 0.
func (G *Graph[S]) reachSome(goal, avoid []bool) []bool {
	in := append([]bool(nil), goal...)
	queue := make([]uint32, 0, 1024)
	for v, b := range goal {
		if b {
			queue = append(queue, uint32(v))
		}
	}
	for len(queue) > 0 {
		t := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		for _, a := range G.preds(t) {
			s := G.actState[a]
			if !in[s] && !avoid[s] {
				in[s] = true
				queue = append(queue, s)
			}
		}
	}
	return in
}

// reachForced returns the states from which every policy reaches a goal
// with positive probability: a state joins when each of its actions has an
// outcome already in. The rest have Pmin = 0.
func (G *Graph[S]) reachForced(goal, avoid []bool) []bool {
	g := G.g
	in := append([]bool(nil), goal...)
	left := make([]int32, len(goal)) // actions with no outcome in yet
	for v := range left {
		left[v] = int32(g.actStart[v+1] - g.actStart[v])
	}
	hit := make([]bool, len(g.actName))
	queue := make([]uint32, 0, 1024)
	for v, b := range goal {
		if b {
			queue = append(queue, uint32(v))
		}
	}
	for len(queue) > 0 {
		t := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		for _, a := range G.preds(t) {
			if hit[a] {
				continue
			}
			hit[a] = true
			s := G.actState[a]
			if in[s] || avoid[s] {
				continue
			}
			if left[s]--; left[s] == 0 {
				in[s] = true
				queue = append(queue, s)
			}
		}
	}
	return in
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
	queue := make([]uint32, 0, 1024)
	for {
		for a := range g.actName {
			ok := U[G.actState[a]]
			for o := g.outStart[a]; ok && o < g.outStart[a+1]; o++ {
				ok = U[g.to[o]]
			}
			stays[a] = ok
		}
		R := append([]bool(nil), goal...)
		queue = queue[:0]
		for v, b := range goal {
			if b {
				queue = append(queue, uint32(v))
			}
		}
		for len(queue) > 0 {
			t := queue[len(queue)-1]
			queue = queue[:len(queue)-1]
			for _, a := range G.preds(t) {
				s := G.actState[a]
				if !R[s] && !avoid[s] && stays[a] {
					R[s] = true
					queue = append(queue, s)
				}
			}
		}
		same := true
		for v := range U {
			if U[v] != R[v] {
				same = false
				break
			}
		}
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
	bad := append([]bool(nil), zero...)
	queue := make([]uint32, 0, 1024)
	for v, b := range zero {
		if b {
			queue = append(queue, uint32(v))
		}
	}
	for len(queue) > 0 {
		t := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		for _, a := range G.preds(t) {
			s := G.actState[a]
			if !bad[s] && !goal[s] {
				bad[s] = true
				queue = append(queue, s)
			}
		}
	}
	return not(bad)
}
