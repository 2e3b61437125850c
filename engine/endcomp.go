package engine

// The one end-component elimination of Solve and Analyze (compare Storm's
// EndComponentEliminator). An end component is a set of states and actions
// among which play can stay forever: every action kept has all its
// outcomes in the set, and the set is strongly connected over them.
// Callers say which actions count (Solve: all; Analyze's Emin: only those
// that collect no reward, so staying is free; actions that may never be
// chosen: none), and what to do with each end component: Solve collapses
// it into one node with its ways out and "stay", Analyze without "stay".

// ecGraph is the input: m local states; the actions of state i are
// actOff[i] to actOff[i+1]-1 (flat numbers), and action fa leads to the
// local states tgt[tOff[fa]:tOff[fa+1]], -1 standing for a state outside
// the set. counts[fa] is false for an action that must not be kept.
type ecGraph struct {
	scc    sccScratch
	actOff []int32
	tOff   []int32
	tgt    []int32
	counts []bool

	// scratch of maximalEndComponents, reused from call to call
	alive                         []bool
	count, predStart, preds, fill []int32
	owner, queue, mecOf           []int32
	kept                          []bool
	start, adj                    []uint32
}

// grow returns s resized to n, reusing its memory, zeroed.
func grow[E any](s []E, n int) []E {
	s = resize(s, n)
	clear(s)
	return s
}

// reset empties g for m states, keeping its memory.
func (g *ecGraph) reset() {
	g.actOff, g.tOff, g.tgt, g.counts = append(g.actOff[:0], 0), append(g.tOff[:0], 0), g.tgt[:0], g.counts[:0]
}

// endState closes the actions of the state being added.
func (g *ecGraph) endState() { g.actOff = append(g.actOff, int32(len(g.counts))) }

// endAction closes an action whose targets were appended to tgt.
func (g *ecGraph) endAction(counts bool) {
	g.tOff = append(g.tOff, int32(len(g.tgt)))
	g.counts = append(g.counts, counts)
}

// maximalEndComponents finds the maximal end components: mecOf[i] is the
// end component of local state i or -1, and kept[fa] whether action fa
// stays inside it. Both are g's scratch, valid until its next call. It is the classic refinement: drop actions that may
// leave, drop states left without actions (a worklist, so a removal
// travels back along a long chain in one pass), split what remains into
// strongly connected parts, and repeat while that drops anything. Most
// components have no end component, and the first worklist pass empties
// them.
func (g *ecGraph) maximalEndComponents() (mecOf []int32, kept []bool) {
	m := len(g.actOff) - 1
	nAct := len(g.counts)
	g.alive, g.count, g.kept = grow(g.alive, m), grow(g.count, m), grow(g.kept, nAct)
	alive, count, kept := g.alive, g.count, g.kept
	// preds[predStart[j]:predStart[j+1]]: the actions with an outcome into
	// local state j.
	g.predStart = grow(g.predStart, m+1)
	predStart := g.predStart
	for _, l := range g.tgt {
		if l >= 0 {
			predStart[l+1]++
		}
	}
	for j := range m {
		predStart[j+1] += predStart[j]
	}
	g.preds, g.owner, g.fill = grow(g.preds, int(predStart[m])), grow(g.owner, nAct), append(g.fill[:0], predStart[:m]...)
	preds, owner, fill := g.preds, g.owner, g.fill // owner: flat action -> local state
	queue := g.queue[:0]
	defer func() { g.queue = queue[:0] }()
	for i := range m {
		alive[i] = true
		for fa := g.actOff[i]; fa < g.actOff[i+1]; fa++ {
			owner[fa] = int32(i)
			ok := g.counts[fa]
			for _, l := range g.tgt[g.tOff[fa]:g.tOff[fa+1]] {
				if l < 0 {
					ok = false
				} else {
					preds[fill[l]] = fa
					fill[l]++
				}
			}
			kept[fa] = ok
			if ok {
				count[i]++
			}
		}
		if count[i] == 0 {
			alive[i] = false
			queue = append(queue, int32(i))
		}
	}
	drop := func(fa int32) {
		if !kept[fa] {
			return
		}
		kept[fa] = false
		i := owner[fa]
		count[i]--
		if count[i] == 0 && alive[i] {
			alive[i] = false
			queue = append(queue, i)
		}
	}
	drain := func() {
		for len(queue) > 0 {
			j := queue[len(queue)-1]
			queue = queue[:len(queue)-1]
			for _, fa := range preds[predStart[j]:predStart[j+1]] {
				drop(fa)
			}
		}
	}
	drain()
	g.mecOf = grow(g.mecOf, m)
	mecOf = g.mecOf
	for i := range mecOf {
		mecOf[i] = -1
	}
	var part []int32
	g.start = grow(g.start, m+1)
	start, adj := g.start, g.adj[:0]
	defer func() { g.adj = adj[:0] }()
	for {
		nAlive := 0
		for i := range alive {
			if alive[i] {
				nAlive++
			}
		}
		if nAlive == 0 {
			return mecOf, kept
		}
		adj = adj[:0]
		for i := range m {
			if alive[i] {
				for fa := g.actOff[i]; fa < g.actOff[i+1]; fa++ {
					if kept[fa] {
						for _, l := range g.tgt[g.tOff[fa]:g.tOff[fa+1]] {
							adj = append(adj, uint32(l))
						}
					}
				}
			}
			start[i+1] = uint32(len(adj))
		}
		part = g.scc.tarjan(m, start, adj).of
		changed := false
		for i := range m {
			if !alive[i] {
				continue
			}
			for fa := g.actOff[i]; fa < g.actOff[i+1]; fa++ {
				if !kept[fa] {
					continue
				}
				for _, l := range g.tgt[g.tOff[fa]:g.tOff[fa+1]] {
					if part[l] != part[i] {
						drop(fa)
						changed = true
						break
					}
				}
			}
		}
		drain()
		if !changed {
			break
		}
	}
	ids := map[int32]int32{}
	for i := range m {
		if alive[i] {
			id, ok := ids[part[i]]
			if !ok {
				id = int32(len(ids))
				ids[part[i]] = id
			}
			mecOf[i] = id
		}
	}
	return mecOf, kept
}
