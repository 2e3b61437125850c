package engine

// Strategy iteration for an expected reward starts from a proper policy.
//
// The quotient of a reward objective collapses only the end components of
// actions without reward, so a policy may still keep play inside the
// component forever while paying: its value is infinite, and the states
// carry it as an infinite flag beside a value slot of 0. To the side that
// wants the reward low (Analyze's side 1, for which "stay" is no choice),
// that slot of 0 looks better than any finite cost, so an improvement step
// from such a policy never leaves it, and the solve ended with finite
// states solved as infinite (QVBS's resource-gathering, Emin of the
// expected steps, from about 125 steps on, where value iteration's policy
// had not yet settled). Strategy iteration for stochastic shortest paths
// is sound from a proper policy: one under which play leaves the component
// with probability 1 (Bertsekas and Tsitsiklis, 1991), and an improvement
// of a proper policy is proper when every cycle costs something.

// properStart changes sigma, a policy of q, where play under it may never
// leave the component, at the nodes of the reaching side (side 1 of a
// reward objective): an attractor from the nodes that leave surely. A
// reaching node takes its first action in tie order that leaves the
// component, else an action that moves with positive probability to a node
// already placed; a node of the other side or of chance keeps its action
// and is placed once that action leaves or moves to a placed node. Every
// placed node then leaves with probability 1. Nodes from which sigma
// leaves surely keep their actions; without a reward objective nothing
// changes. It costs a pass over sigma's outcomes, and where some node is
// stuck, one over every action's.
func (r *run[S, T, F]) properStart(q *quotient[T], sigma []int32) {
	if r.rwt == nil || r.side == nil {
		return
	}
	n := q.nodes
	leaves := func(a int32) bool {
		v := q.state[a]
		if v == stay {
			return false
		}
		o0, o1 := r.actionOutcomes(v, int(q.act[a]))
		for o := o0; o < o1; o++ {
			if r.local[r.g.to[o]] < 0 {
				return true
			}
		}
		return false
	}
	// Under sigma: the nodes that may reach a way out, and of the others
	// (stuck) those that may be reached from: placed are the rest.
	pred := reverse(n, func(i int, add func(int32, int32)) {
		a := sigma[i]
		for o := q.outStart[a]; o < q.outStart[a+1]; o++ {
			add(q.outTo[o], a)
		}
	})
	exits := make([]bool, n)
	for i := range n {
		exits[i] = leaves(sigma[i])
	}
	placed := pred.reach(exits)
	stuck := false
	for i := range placed {
		placed[i] = !placed[i] // now: may not leave
		stuck = stuck || placed[i]
	}
	if !stuck {
		return
	}
	placed = pred.reach(placed)
	for i := range placed {
		placed[i] = !placed[i]
	}
	reaching := func(i int) bool {
		return q.owner[i] == 1 && q.actStart[i+1]-q.actStart[i] > 1 // with sides, a node's owner is its side
	}
	// The attractor, breadth first over every action of the nodes not
	// placed.
	all := reverse(n, func(i int, add func(int32, int32)) {
		if !placed[i] {
			for a := q.actStart[i]; a < q.actStart[i+1]; a++ {
				for o := q.outStart[a]; o < q.outStart[a+1]; o++ {
					add(q.outTo[o], a)
				}
			}
		}
	})
	var queue []int32
	for i := range n {
		if placed[i] {
			queue = append(queue, int32(i))
			continue
		}
		if reaching(i) {
			for a := q.actStart[i]; a < q.actStart[i+1]; a++ {
				if leaves(a) {
					sigma[i], placed[i] = a, true
					break
				}
			}
		} else {
			placed[i] = leaves(sigma[i])
		}
		if placed[i] {
			queue = append(queue, int32(i))
		}
	}
	for len(queue) > 0 {
		t := queue[0]
		queue = queue[1:]
		for k := all.start[t]; k < all.start[t+1]; k++ {
			i, a := all.from[k], all.act[k]
			if placed[i] || (!reaching(int(i)) && a != sigma[i]) {
				continue
			}
			sigma[i], placed[i] = a, true
			queue = append(queue, i)
		}
	}
}

// predecessors is a reversed graph of quotient nodes, in compressed rows:
// the edges into node t are from[start[t]:start[t+1]], each with the
// action act that takes it.
type predecessors struct {
	start     []int32
	from, act []int32
}

// reverse builds the predecessors of n nodes from each node's edges,
// which edges(i, add) lists by calling add(to, action) for each (a node's
// edges to itself are left out).
func reverse(n int, edges func(i int, add func(to, a int32))) *predecessors {
	p := &predecessors{start: make([]int32, n+1)}
	for i := range n {
		edges(i, func(to, _ int32) {
			if int(to) != i {
				p.start[to+1]++
			}
		})
	}
	for t := range n {
		p.start[t+1] += p.start[t]
	}
	p.from, p.act = make([]int32, p.start[n]), make([]int32, p.start[n])
	next := append([]int32(nil), p.start[:n]...)
	for i := range n {
		edges(i, func(to, a int32) {
			if int(to) != i {
				p.from[next[to]], p.act[next[to]] = int32(i), a
				next[to]++
			}
		})
	}
	return p
}

// reach returns the nodes from which some node of from can be reached.
func (p *predecessors) reach(from []bool) []bool {
	seen := make([]bool, len(from))
	var stack []int32
	for i, ok := range from {
		if ok {
			seen[i] = true
			stack = append(stack, int32(i))
		}
	}
	for len(stack) > 0 {
		t := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, s := range p.from[p.start[t]:p.start[t+1]] {
			if !seen[s] {
				seen[s] = true
				stack = append(stack, s)
			}
		}
	}
	return seen
}
