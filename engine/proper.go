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

// properStart changes sigma, a policy of q, at the nodes of the reaching
// side (side 1 of a reward objective) from which play under sigma may
// never leave the component: each takes its first action, in tie order,
// that leaves the component or moves with positive probability to a node
// already known to leave, until no more can be placed (an attractor). A
// node of the other side or of chance keeps its action and is placed when
// that action moves towards a placed node. Nodes from which sigma leaves
// with probability 1 keep their actions; without a reward objective
// nothing changes.
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
	// Under sigma: which nodes may reach a way out (backward search from
	// the nodes whose action leaves), and which may reach a node that may
	// not (those are improper).
	pred := make([][]int32, n)
	exits := make([]bool, n)
	for i := range n {
		a := sigma[i]
		exits[i] = leaves(a)
		for o := q.outStart[a]; o < q.outStart[a+1]; o++ {
			if t := q.outTo[o]; t != int32(i) {
				pred[t] = append(pred[t], int32(i))
			}
		}
	}
	reach := func(from []bool) []bool {
		seen := make([]bool, n)
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
			for _, s := range pred[t] {
				if !seen[s] {
					seen[s] = true
					stack = append(stack, s)
				}
			}
		}
		return seen
	}
	canLeave := reach(exits)
	stuck := make([]bool, n)
	any := false
	for i := range n {
		stuck[i] = !canLeave[i]
		any = any || stuck[i]
	}
	if !any {
		return
	}
	placed := reach(stuck) // nodes that may reach a stuck one
	for i := range placed {
		placed[i] = !placed[i]
	}
	// With sides, a node's owner is its side (run.owner).
	reaching := func(i int) bool {
		return q.owner[i] == 1 && q.actStart[i+1]-q.actStart[i] > 1
	}
	towards := func(a int32) bool {
		if leaves(a) {
			return true
		}
		for o := q.outStart[a]; o < q.outStart[a+1]; o++ {
			if placed[q.outTo[o]] {
				return true
			}
		}
		return false
	}
	for changed := true; changed; {
		changed = false
		for i := range n {
			if placed[i] {
				continue
			}
			if reaching(i) {
				for a := q.actStart[i]; a < q.actStart[i+1]; a++ {
					if towards(a) {
						sigma[i], placed[i], changed = a, true, true
						break
					}
				}
			} else if towards(sigma[i]) {
				placed[i], changed = true, true
			}
		}
	}
}
