package engine

import (
	"fmt"

	"github.com/gamesolve/gamesolve/numeric"
)

// One strongly connected component of undecided states, solved by policy
// iteration on its quotient: states of an end component that could trap
// the iteration (Pmax: any; Emin: one whose actions collect no reward)
// become one node, and actions that stay inside a node are dropped. What
// remains has no end component, so every policy (for Emin, every policy
// reached from a proper one by improvement) leaves the component with
// probability 1 and its values are one linear system, solved by
// solveSystem.

// compScratch is the quotient of the current component.
type compScratch struct {
	node      []int32  // node of each local state
	members   []uint32 // states by local index
	candStart []int32  // candidate actions of node n: cand[candStart[n]:candStart[n+1]]
	cand      []uint32
	choice    []uint32 // chosen action per node
}

func (r *mdpRun[S, T, F]) component(comp []uint32) error {
	g := r.g
	if len(comp) == 1 && !r.loops(comp[0]) {
		v := comp[0]
		best, found := uint32(0), false
		for a := g.actStart[v]; a < g.actStart[v+1]; a++ {
			if !r.allowed(a) {
				continue
			}
			r.t2 = r.actionValue(a, nil, nil, r.t2)
			if !found || r.better(r.t2, r.t1) {
				best, found = a, true
				r.t1, r.t2 = r.t2, r.t1
			}
		}
		if !found {
			return errNoExit
		}
		r.val[v] = r.f.Set(r.val[v], r.t1)
		r.res.Policy[v] = int32(best - g.actStart[v])
		return nil
	}
	k := len(comp)
	c := &compScratch{members: make([]uint32, k), node: make([]int32, k)}
	for i, v := range comp {
		// Deepest first: members are in increasing state order, and
		// eliminating the states found last adds the fewest entries.
		l := k - 1 - i
		c.members[l] = v
		r.local[v] = int32(l)
	}
	defer func() {
		for _, v := range comp {
			r.local[v] = -1
		}
	}()
	nodes := k
	for i := range c.node {
		c.node[i] = int32(i)
	}
	if r.q.Objective == MaxProbability || r.q.Objective == MinReward {
		nodes = r.collapse(c)
	}
	// Candidate actions: allowed, and not staying inside their node.
	c.candStart = make([]int32, nodes+1)
	type pair struct{ n, a uint32 }
	var pairs []pair
	for i, v := range c.members {
		n := c.node[i]
		for a := g.actStart[v]; a < g.actStart[v+1]; a++ {
			if r.allowed(a) && !r.inside(a, c, n) {
				pairs = append(pairs, pair{uint32(n), a})
				c.candStart[n+1]++
			}
		}
	}
	for n := range nodes {
		if c.candStart[n+1] == 0 {
			return fmt.Errorf("%w (state %s)", errNoExit, g.name(c.members[n]))
		}
		c.candStart[n+1] += c.candStart[n]
	}
	c.cand = make([]uint32, len(pairs))
	fill := append([]int32(nil), c.candStart[:nodes]...)
	for _, p := range pairs {
		c.cand[fill[p.n]] = p.a
		fill[p.n]++
	}
	c.choice = make([]uint32, nodes)
	if err := r.initialPolicy(c, nodes); err != nil {
		return err
	}
	for round := 0; ; round++ {
		if round >= r.maxRounds {
			return fmt.Errorf("engine: %d states including %s: policy iteration did not settle in %d rounds (Options.MaxRounds)", len(comp), g.name(comp[0]), r.maxRounds)
		}
		r.st.rounds++
		if r.st.rounds%64 == 0 {
			if err := r.ctx.Err(); err != nil {
				return fmt.Errorf("engine: %w", err)
			}
		}
		x, err := r.evaluate(c, nodes)
		if err != nil {
			return err
		}
		if !r.improve(c, nodes, x) {
			for i, v := range c.members {
				r.val[v] = r.f.Set(r.val[v], x[c.node[i]])
			}
			for _, a := range c.choice {
				s := r.G.actState[a]
				r.res.Policy[s] = int32(a - g.actStart[s])
			}
			if r.f.Exact() || len(c.cand) == nodes || r.opt.seedOnly {
				return nil // exact, no choice left (a chain, solved), or a seed
			}
			return r.certify(comp, c, nodes, x)
		}
	}
}

// loops reports whether an allowed action of v has an outcome back to v.
func (r *mdpRun[S, T, F]) loops(v uint32) bool {
	g := r.g
	for a := g.actStart[v]; a < g.actStart[v+1]; a++ {
		if r.allowed(a) {
			for o := g.outStart[a]; o < g.outStart[a+1]; o++ {
				if g.to[o] == v {
					return true
				}
			}
		}
	}
	return false
}

// inside reports whether every outcome of action a stays in node n.
func (r *mdpRun[S, T, F]) inside(a uint32, c *compScratch, n int32) bool {
	g := r.g
	for o := g.outStart[a]; o < g.outStart[a+1]; o++ {
		l := r.local[g.to[o]]
		if l < 0 || c.node[l] != n {
			return false
		}
	}
	return true
}

// collapse finds the component's maximal end components with the one
// end-component elimination (endcomp.go), over the allowed actions (for
// Emin only those without reward: staying is free there, but misses the
// goal), and numbers the quotient's nodes in c.node: each end component
// one node, without "stay". It returns the number of nodes.
func (r *mdpRun[S, T, F]) collapse(c *compScratch) int {
	g := r.g
	ec := &r.ec
	ec.reset()
	for _, v := range c.members {
		for a := g.actStart[v]; a < g.actStart[v+1]; a++ {
			counts := r.allowed(a)
			for o := g.outStart[a]; o < g.outStart[a+1]; o++ {
				ec.tgt = append(ec.tgt, r.local[g.to[o]])
				counts = counts && (r.q.Objective != MinReward || g.reward[o] == 0) // id 0 is the reward 0
			}
			ec.endAction(counts)
		}
		ec.endState()
	}
	mecOf, _ := ec.maximalEndComponents()
	mecNode := map[int32]int32{}
	nodes := int32(0)
	for i, e := range mecOf {
		if e < 0 {
			c.node[i] = nodes
			nodes++
			continue
		}
		n, ok := mecNode[e]
		if !ok {
			n = nodes
			mecNode[e] = n
			nodes++
		}
		c.node[i] = n
	}
	return int(nodes)
}

// initialPolicy picks each node's first action: the seed's where the float
// pass left one, else (Emin) an action that moves towards the way out, so
// the policy is proper, else the first candidate.
func (r *mdpRun[S, T, F]) initialPolicy(c *compScratch, nodes int) error {
	g := r.g
	seeded := false
	for n := range nodes {
		c.choice[n] = c.cand[c.candStart[n]]
		if r.seed == nil {
			continue
		}
		for _, a := range c.cand[c.candStart[n]:c.candStart[n+1]] {
			s := r.G.actState[a]
			if r.seed[s] == int32(a-g.actStart[s]) {
				c.choice[n] = a
				seeded = true
				break
			}
		}
	}
	if seeded || r.q.Objective != MinReward {
		return nil
	}
	// Backward search from the nodes with an action leaving the component.
	dist := make([]int32, nodes)
	for n := range dist {
		dist[n] = -1
	}
	revStart := make([]int32, nodes+1)
	for n := range nodes {
		for _, a := range c.cand[c.candStart[n]:c.candStart[n+1]] {
			for o := g.outStart[a]; o < g.outStart[a+1]; o++ {
				if l := r.local[g.to[o]]; l >= 0 {
					revStart[c.node[l]+1]++
				}
			}
		}
	}
	for n := range nodes {
		revStart[n+1] += revStart[n]
	}
	type pair struct {
		n int32
		a uint32
	}
	rev := make([]pair, revStart[nodes])
	fill := append([]int32(nil), revStart[:nodes]...)
	var queue []int32
	for n := range nodes {
		for _, a := range c.cand[c.candStart[n]:c.candStart[n+1]] {
			for o := g.outStart[a]; o < g.outStart[a+1]; o++ {
				if l := r.local[g.to[o]]; l >= 0 {
					m := c.node[l]
					rev[fill[m]] = pair{int32(n), a}
					fill[m]++
				} else if dist[n] < 0 {
					dist[n] = 0
					c.choice[n] = a
					queue = append(queue, int32(n))
				}
			}
		}
	}
	for i := 0; i < len(queue); i++ {
		m := queue[i]
		for _, p := range rev[revStart[m]:revStart[m+1]] {
			if dist[p.n] < 0 {
				dist[p.n] = dist[m] + 1
				c.choice[p.n] = p.a
				queue = append(queue, p.n)
			}
		}
	}
	if len(queue) != nodes {
		return errNoExit
	}
	return nil
}

// actionValue returns the value of taking action a: the expected value of its
// outcomes (x for states of the component, through c.node; final values
// for the rest) plus, for rewards, its expected reward. It writes to z.
func (r *mdpRun[S, T, F]) actionValue(a uint32, c *compScratch, x []T, z T) T {
	f, g := r.f, r.g
	z = f.FromInt(z, 0)
	reward := r.q.Objective.reward()
	for o := g.outStart[a]; o < g.outStart[a+1]; o++ {
		p := r.rat[g.prob[o]]
		t := g.to[o]
		if l := r.local[t]; l >= 0 && c != nil {
			z = f.AddMul(z, z, p, x[c.node[l]])
		} else {
			z = f.AddMul(z, z, p, r.val[t])
		}
		if reward && g.reward[o] != 0 {
			z = f.AddMul(z, z, p, r.rat[g.reward[o]])
		}
	}
	return z
}

// better reports whether value v beats best for the objective: strictly in
// exact mode, by more than the tie tolerance in float.
func (r *mdpRun[S, T, F]) better(v, best T) bool {
	if r.q.Objective.maximize() {
		return Better(r.f, r.tol, v, best)
	}
	return Better(r.f, r.tol, best, v)
}

// evaluate solves the chain of the chosen actions on the quotient.
func (r *mdpRun[S, T, F]) evaluate(c *compScratch, nodes int) ([]T, error) {
	f, g := r.f, r.g
	cs := &r.chain
	cs.grow(f, nodes, 1)
	rows, exit, bv, inf, preds, pos, mark := cs.rows[:nodes], cs.exit[:nodes], cs.b[:nodes], cs.inf[:nodes], cs.preds[:nodes], cs.pos[:nodes], cs.mark[:nodes]
	reward := r.q.Objective.reward()
	for n := range nodes {
		// preds complete (not only the later rows solveSystem needs),
		// for the check below.
		rows[n], preds[n] = rows[n][:0], preds[n][:0]
	}
	// Float mode adds up exit mass and right-hand side with compensation.
	var exitSum, bSum numeric.Sum
	float := !f.Exact()
	for n := range nodes {
		mark[n], inf[n] = -1, false
		exit[n], bv[n] = f.FromInt(exit[n], 0), f.FromInt(bv[n], 0)
		exitSum, bSum = numeric.Sum{}, numeric.Sum{}
		a := c.choice[n]
		for o := g.outStart[a]; o < g.outStart[a+1]; o++ {
			p := r.rat[g.prob[o]]
			if reward && g.reward[o] != 0 {
				if float {
					bSum.Add(float64(r.ratF[g.prob[o]] * r.ratF[g.reward[o]]))
				} else {
					bv[n] = f.AddMul(bv[n], bv[n], p, r.rat[g.reward[o]])
				}
			}
			t := g.to[o]
			l := r.local[t]
			if l < 0 {
				if float {
					exitSum.Add(r.ratF[g.prob[o]])
					bSum.Add(float64(r.ratF[g.prob[o]] * f.Float64(r.val[t])))
				} else {
					exit[n] = f.Add(exit[n], exit[n], p)
					bv[n] = f.AddMul(bv[n], bv[n], p, r.val[t])
				}
				continue
			}
			m := c.node[l]
			if pos[m] >= 0 {
				e := &rows[n][pos[m]]
				e.p = f.Add(e.p, e.p, p)
			} else {
				pos[m] = int32(len(rows[n]))
				rows[n] = append(rows[n], entry[T]{col: m, p: f.Set(f.New(), p)})
			}
		}
		for _, e := range rows[n] {
			pos[e.col] = -1
			preds[e.col] = append(preds[e.col], int32(n))
		}
		if float {
			exit[n], bv[n] = fromFloat[T](f, exitSum.Value()), fromFloat[T](f, bSum.Value())
		}
	}
	// Every node must reach a way out under the policy, or elimination
	// would divide by zero.
	seen := make([]bool, nodes)
	var queue []int32
	for n := range nodes {
		if f.Sign(exit[n]) > 0 {
			seen[n] = true
			queue = append(queue, int32(n))
		}
	}
	for i := 0; i < len(queue); i++ {
		for _, p := range preds[queue[i]] {
			if !seen[p] {
				seen[p] = true
				queue = append(queue, p)
			}
		}
	}
	if len(queue) != nodes {
		return nil, errNoExit
	}
	x, err := solveSystem(f, cs, nodes, 1)
	if err != nil {
		return nil, fmt.Errorf("engine: %d states including %s: %w", len(c.members), g.name(c.members[0]), err)
	}
	return x, nil
}

// improve switches each node to a strictly better action, if any, and
// reports whether it switched one.
func (r *mdpRun[S, T, F]) improve(c *compScratch, nodes int, x []T) bool {
	changed := false
	for n := range nodes {
		cur := c.choice[n]
		r.t1 = r.actionValue(cur, c, x, r.t1)
		for _, a := range c.cand[c.candStart[n]:c.candStart[n+1]] {
			if a == cur {
				continue
			}
			r.t2 = r.actionValue(a, c, x, r.t2)
			if r.better(r.t2, r.t1) {
				c.choice[n] = a
				r.t1, r.t2 = r.t2, r.t1
				changed = true
			}
		}
	}
	return changed
}
