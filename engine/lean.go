package engine

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/solver"
)

// Solve keeps no graph of a game whose rules number their own states
// (Indexer; doc.go, "Method"). Exploration numbers
// the states and keeps their owners, not their actions and outcomes
// (explore with lean set); solveLean then decomposes the game with each
// state expanded a second time, when the decomposition first visits it,
// into an arena that holds the edges of the states visited and not yet in
// a component. A component found is copied out as a piece, a graph of
// its own (its states numbered from 0 in the order of their ids, then the
// states it leads to, terminals as far as the piece is concerned, whose
// values are known by the time it is solved), and a worker solves the
// piece with the methods a stored graph's component gets, on the same
// numbers in the same order. The pieces waiting for a worker are kept to
// about tuning.leanHold outcomes: past that, the decomposition waits.

// leanPos is a state the decomposition visited and has not yet put in a
// component, and where its actions, outcomes and payoffs start in the
// arena. Those states are the active ones of Tarjan's algorithm, in the
// order visited: so a component found is the arena's last entries from
// its root's on.
type leanPos struct{ v, act, out, pay uint32 }

// leanMember is a state with its arena position.
type leanMember struct{ v, p uint32 }

// piece is one component as a graph of its own: members first, then the
// exits (the states outside that it leads to).
type piece[S comparable] struct {
	g        graph[S]
	members  []uint32 // ids, increasing
	exits    []uint32
	outcomes int
	// g's id columns' memory, kept for reuse
	names, prob, reward []uint32
}

// leanDFS is solveLean's decomposition: Tarjan's algorithm in Pearce's
// variant (pearce), as decompose, on edges read again from the rules.
type leanDFS[S comparable] struct {
	tune  *tuning
	ctx   context.Context
	g     *graph[S]
	in    *interner[S]
	node  Node[S]
	guard *budget.Guard
	// of is the search's one array: an active state's index, then its
	// component's number; and while cut builds a piece, -2-i for the
	// piece's state i (the number is put back after).
	of     []int32
	search pearce
	// exitComp is cut's scratch: the component of each exit.
	exitComp []int32
	// The arena: the edges of the states visited and not yet in a
	// component, by visit position. A component found is the states
	// visited after its root that no earlier component took, so the
	// arena is cut back to the root's position once it is copied out.
	pos               []leanPos
	actName, outStart []uint32
	to, prob, reward  []uint32
	pay               []uint32
	members           []leanMember
	mark              []int32
	succ              []int32
	mu                sync.Mutex
	drained           sync.Cond
	pending           []*piece[S] // by component; nil once taken
	free              []*piece[S] // solved pieces, whose memory cut reuses
	sizes             []int32     // states of each component, for progress
	held              int         // outcomes in pending pieces
	failed            bool
}

// solveLean solves a graph explored with lean set: see the comment at
// the top of this file.
func solveLean[S comparable, T any, F numeric.Field[T]](r *run[S, T, F]) (*stats, error) {
	g := r.g
	N := len(g.states)
	d := &leanDFS[S]{ctx: r.ctx, g: g, in: newInterner(g, r.opt), guard: budget.NewGuard(r.ctx, r.opt.memory()), tune: r.opt.tune()}
	d.in.frozen = true
	d.drained.L = &d.mu
	d.of = resize(d.of, N)
	r.choiceIdx, r.choiceName = newIDColumn(N, g.maxActions-1), newIDColumn(N, len(g.names)-1)
	workers := max(1, r.opt.WorkerCount())
	// One more run for the components solved inline.
	runs := make([]*run[S, T, F], workers+1)
	scratch := make([]leanScratch[T], workers+1)
	t := &topo{
		found: d.run,
		probe: r.opt.tune().probeComponents,
		size: func(k int) int {
			d.mu.Lock()
			defer d.mu.Unlock()
			return int(d.sizes[k])
		},
		total: int64(N),
		solve: func(w, k int) error {
			if runs[w] == nil {
				runs[w] = r.workerRun(w > 0)
			}
			pc := d.take(k)
			err := solvePiece(r, runs[w], &scratch[w], pc, k)
			d.release(pc, err)
			return err
		},
		workers: workers,
		prog:    r.opt.Progress,
	}
	// A worker that finds the context done stops without solving, so no
	// piece is released: the decomposition must not wait for one.
	defer context.AfterFunc(r.ctx, func() { d.release(nil, r.ctx.Err()) })()
	if err := t.run(r.ctx); err != nil {
		return nil, err
	}
	st := merged(runs)
	st.shared = t.shared
	return st, nil
}

// leanScratch is a worker's arrays for the pieces it solves.
type leanScratch[T any] struct {
	vals, rew         []T
	inf               []bool
	choice, local, cl []int32
	of                []int32
	comp              []uint32
	comps             components
}

// solvePiece solves component k, given as piece pc, on worker run wr, and
// writes its states' values, rewards and choices into the base run r.
func solvePiece[S comparable, T any, F numeric.Field[T]](r, wr *run[S, T, F], sc *leanScratch[T], pc *piece[S], k int) error {
	m, n, P := len(pc.members), len(pc.members)+len(pc.exits), r.np
	sc.vals, sc.rew = resize(sc.vals, n*P), resize(sc.rew, n)
	sc.inf, sc.choice = resize(sc.inf, n), resize(sc.choice, n)
	// Members take the run's values as they are (in exact mode the same
	// *big.Rat, written in place), exits the solved values.
	in := func(i int, v uint32) {
		copy(sc.vals[i*P:(i+1)*P], r.vals[int(v)*P:int(v+1)*P])
		sc.rew[i], sc.inf[i] = r.rew[v], r.inf[v]
	}
	// Every choice starts at 0, as a stored graph's.
	for i, v := range pc.members {
		in(i, v)
	}
	for j, w := range pc.exits {
		in(m+j, w)
	}
	clear(sc.choice)
	sc.local, sc.cl = minusOnes(sc.local, n), minusOnes(sc.cl, n)
	sc.of = resize(sc.of, n)
	sc.comp = resize(sc.comp, m)
	for i := range n {
		sc.of[i] = -1
		if i < m {
			sc.of[i], sc.comp[i] = int32(k), uint32(i)
		}
	}
	sc.comps.of = sc.of
	// The worker solves the piece as a problem of its own, into the
	// scratch's solution. The twin, and the best responses' marks, are
	// made for the graph at hand when needed.
	wr.g = &pc.g
	wr.solution = solution[T]{vals: sc.vals, rew: sc.rew, inf: sc.inf, choice: sc.choice}
	wr.local, wr.chainLocal, wr.comps, wr.ex, wr.fixed = sc.local, sc.cl, &sc.comps, nil, nil
	if err := wr.solveCounted(k, sc.comp, int(pc.members[0]) < r.g.reached); err != nil {
		return err
	}
	for i, v := range pc.members {
		copy(r.vals[int(v)*P:int(v+1)*P], sc.vals[i*P:(i+1)*P])
		r.rew[v], r.inf[v] = sc.rew[i], sc.inf[i]
		if a := uint32(sc.choice[i]); pc.g.owner[i] >= 0 {
			r.choiceIdx.set(v, a)
			r.choiceName.set(v, pc.g.actName.at(pc.g.actStart[i]+a))
		}
	}
	return nil
}

// take returns component k's piece, which the decomposition emitted.
func (d *leanDFS[S]) take(k int) *piece[S] {
	d.mu.Lock()
	defer d.mu.Unlock()
	pc := d.pending[k]
	d.pending[k] = nil
	d.held -= pc.outcomes
	if d.held <= d.tune.leanHold/2 {
		d.drained.Signal()
	}
	return pc
}

// release gives a solved piece's memory back for cut to reuse (the
// garbage of a piece a component kept Pig 100's heap at twice what is
// live), or tells the decomposition that the worker failed: it stops
// waiting.
func (d *leanDFS[S]) release(pc *piece[S], err error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if err != nil {
		d.failed = true
		d.drained.Broadcast()
		return
	}
	d.free = append(d.free, pc)
}

// recycled returns a piece to fill, a solved one's if there is one.
func (d *leanDFS[S]) recycled() *piece[S] {
	d.mu.Lock()
	defer d.mu.Unlock()
	if n := len(d.free); n > 0 {
		pc := d.free[n-1]
		d.free = d.free[:n-1]
		return pc
	}
	return &piece[S]{}
}

// visit expands state v into the arena and returns its frame, whose
// outcomes are in the arena's to (returned too: it may have grown).
func (d *leanDFS[S]) visit(v uint32) (sccFrame, []uint32, error) {
	g := d.g
	s := g.states[v]
	n := &d.node
	n.reset()
	if err := expandSafely(g.lean, s, n); err != nil {
		return sccFrame{}, nil, fmt.Errorf("engine: state %s: %w", g.describe(s), err)
	}
	e, err := d.in.read(s, n)
	if err != nil {
		return sccFrame{}, nil, err
	}
	changed := e.owner != g.owner[v]
	if g.tieRank != nil && g.tieRank[v] != nil {
		changed = changed || len(g.tieRank[v]) != len(e.names)
	}
	if changed {
		return sccFrame{}, nil, solver.Invalidf("engine: state %s: %w", g.describe(s), ErrChanged)
	}
	if err := d.guard.Tick(len(e.to) + 1); err != nil {
		return sccFrame{}, nil, fmt.Errorf("engine: %w", err)
	}
	if n := len(d.to); n >= 1<<20 && cap(d.to)-n < len(e.to) {
		// The arena's outcome columns are about to grow by a quarter at
		// once (a component of millions of states is all in it).
		if err := d.guard.Fits(3 * 4 * 1.25 * float64(n)); err != nil {
			return sccFrame{}, nil, fmt.Errorf("engine: the edges of %d states: %w", len(d.pos), err)
		}
	}
	first := uint32(len(d.to))
	// Grown by half at a time into huge pages (room): a chain of single
	// states is all in the arena at once, and append would grow it into
	// fresh small pages, copying it over and over.
	d.pos, d.pay = room(d.pos, 1), room(d.pay, len(e.pay))
	d.to, d.prob, d.reward = room(d.to, len(e.to)), room(d.prob, len(e.to)), room(d.reward, len(e.to))
	d.actName, d.outStart = room(d.actName, len(e.names)), room(d.outStart, len(e.names))
	d.pos = append(d.pos, leanPos{v: v, act: uint32(len(d.actName)), out: first, pay: uint32(len(d.pay))})
	d.pay = append(d.pay, e.pay...)
	for k, t := range e.to {
		w, ok := g.lookup(t)
		if !ok {
			return sccFrame{}, nil, solver.Invalidf("engine: state %s leads to %s, not found in exploration: %w", g.describe(s), g.describe(t), ErrChanged)
		}
		d.to = append(d.to, w)
		d.prob = append(d.prob, e.prob[k])
		d.reward = append(d.reward, e.reward[k])
	}
	start := 0
	for a, id := range e.names {
		d.actName = append(d.actName, id)
		d.outStart = append(d.outStart, first+uint32(start))
		start = e.ends[a]
	}
	return sccFrame{v: v, edge: first, end: uint32(len(d.to)), root: true}, d.to, nil
}

// actEnd is the end of the actions of arena position p, and outEnd of
// the outcomes of arena action a.
func (d *leanDFS[S]) actEnd(p uint32) uint32 {
	if int(p)+1 < len(d.pos) {
		return d.pos[p+1].act
	}
	return uint32(len(d.actName))
}

func (d *leanDFS[S]) outEnd(a uint32) uint32 {
	if int(a)+1 < len(d.outStart) {
		return d.outStart[a+1]
	}
	return uint32(len(d.to))
}

func (d *leanDFS[S]) payEnd(p uint32) uint32 {
	if int(p)+1 < len(d.pos) {
		return d.pos[p+1].pay
	}
	return uint32(len(d.pay))
}

// run decomposes the game as decompose does on a stored graph (the same
// search, on the same edges in the same order), so the components and
// their numbers are the same; it emits each one, copied out as a piece,
// once found.
func (d *leanDFS[S]) run(h *handOut) error {
	err := d.search.run(d.ctx, d.of, d.visit, func(k int32, v uint32, rest []uint32) error {
		pc, succ, err := d.cut(k, uint32(len(d.pos)-len(rest)-1))
		if err != nil {
			return err
		}
		return d.hand(k, pc, succ, h)
	})
	if err != nil {
		return err
	}
	queued, err := h.decide()
	if err != nil || !queued {
		return err
	}
	// The pieces held back count in d.held, and the workers could not
	// solve them before.
	return d.wait()
}

// cut copies component k, the arena's entries from position root on, out
// of the arena as a piece, lists the components it leads to, and cuts the
// arena back to position root.
func (d *leanDFS[S]) cut(k int32, root uint32) (*piece[S], []int32, error) {
	g := d.g
	ms := d.members[:0]
	for p := root; p < uint32(len(d.pos)); p++ {
		ms = append(ms, leanMember{v: d.pos[p].v, p: p})
	}
	d.members = ms
	slices.SortFunc(ms, func(a, b leanMember) int { return cmp.Compare(a.v, b.v) })
	pc := d.recycled()
	pc.members = pc.members[:0]
	for i, m := range ms {
		pc.members = append(pc.members, m.v)
		d.of[m.v] = -2 - int32(i)
	}
	acts, outs, pays := 0, 0, 0
	for _, m := range ms {
		p := m.p
		a0, a1 := d.pos[p].act, d.actEnd(p)
		acts += int(a1 - a0)
		if a1 > a0 {
			outs += int(d.outEnd(a1-1) - d.outStart[a0])
		}
		pays += int(d.payEnd(p) - d.pos[p].pay)
	}
	if outs >= 1<<20 {
		// A large component is for a moment in the arena and in its
		// piece.
		if err := d.guard.Fits(12*float64(outs) + 8*float64(acts) + 16*float64(len(ms))); err != nil {
			return nil, nil, fmt.Errorf("engine: component %d (%d states, including %s): %w", k, len(ms), g.name(ms[0].v), err)
		}
	}
	pg := &pc.g
	if pg.rats == nil {
		// What every piece shares with the game (a new piece).
		*pg = graph[S]{players: g.players, reached: g.reached, names: g.names, rats: g.rats, describe: g.describe, place: g.place}
	}
	pg.owner, pg.actStart = slices.Grow(pg.owner[:0], len(ms)+1), append(slices.Grow(pg.actStart[:0], len(ms)+1), 0)
	pg.payStart, pg.pay = append(slices.Grow(pg.payStart[:0], len(ms)+1), 0), slices.Grow(pg.pay[:0], pays)
	pg.outStart, pg.to = append(slices.Grow(pg.outStart[:0], acts+1), 0), slices.Grow(pg.to[:0], outs)
	pg.states, pg.tieRank = pg.states[:0], pg.tieRank[:0]
	names := slices.Grow(pc.names[:0], acts)
	to, prob, reward := pg.to, slices.Grow(pc.prob[:0], outs), slices.Grow(pc.reward[:0], outs)
	exits, exitComp := pc.exits[:0], d.exitComp[:0]
	for _, m := range ms {
		p := m.p
		pg.owner = append(pg.owner, g.owner[m.v])
		a0, a1 := d.pos[p].act, d.actEnd(p)
		names = append(names, d.actName[a0:a1]...)
		for a := a0; a < a1; a++ {
			o0, o1 := d.outStart[a], d.outEnd(a)
			prob = append(prob, d.prob[o0:o1]...)
			reward = append(reward, d.reward[o0:o1]...)
			for _, w := range d.to[o0:o1] {
				l := d.of[w]
				if l >= 0 {
					// A state of an earlier component, met first.
					exitComp = append(exitComp, l)
					l = -2 - int32(len(ms)+len(exits))
					d.of[w] = l
					exits = append(exits, w)
				}
				to = append(to, uint32(-2-l))
			}
			pg.outStart = append(pg.outStart, uint32(len(to)))
		}
		pg.actStart = append(pg.actStart, uint32(len(names)))
		if y0, y1 := d.pos[p].pay, d.payEnd(p); y1 > y0 {
			pg.pay = append(pg.pay, d.pay[y0:y1]...)
		}
		pg.payStart = append(pg.payStart, uint32(len(pg.pay)))
		if g.tieRank != nil {
			pg.tieRank = append(pg.tieRank, g.tieRank[m.v])
		}
	}
	pc.exits, pc.names, pc.prob, pc.reward = exits, names, prob, reward
	pg.to, pg.actName, pg.prob, pg.reward = to, idColumn{wide: names}, idColumn{wide: prob}, idColumn{wide: reward}
	pg.states = slices.Grow(pg.states, len(ms)+len(exits))
	for _, v := range pc.members {
		pg.states = append(pg.states, g.states[v])
		d.of[v] = k
	}
	// The exits end play as far as the piece is concerned: their values
	// are given.
	d.succ = d.succ[:0]
	if len(d.mark) < int(k)+1 {
		d.mark = append(d.mark, make([]int32, int(k)+1)...) // doubled
	}
	for j, w := range exits {
		pg.states = append(pg.states, g.states[w])
		pg.owner = append(pg.owner, Terminal)
		pg.actStart = append(pg.actStart, uint32(len(names)))
		pg.payStart = append(pg.payStart, uint32(len(pg.pay)))
		if g.tieRank != nil {
			pg.tieRank = append(pg.tieRank, nil)
		}
		c := exitComp[j]
		d.of[w] = c
		if d.mark[c] != k+1 {
			d.mark[c] = k + 1
			d.succ = append(d.succ, c)
		}
	}
	d.exitComp = exitComp
	pc.outcomes = len(to)
	// Back to the root's position: whatever the arena holds beyond it is
	// this component's, or an earlier one's, copied out then.
	at := d.pos[root]
	d.pos = d.pos[:root]
	d.actName, d.outStart = d.actName[:at.act], d.outStart[:at.act]
	d.to, d.prob, d.reward, d.pay = d.to[:at.out], d.prob[:at.out], d.reward[:at.out], d.pay[:at.pay]
	return pc, d.succ, nil
}

// hand passes component k with its piece on (handOut.hand), and waits
// while the pieces queued and not yet solved hold more than
// tuning.leanHold outcomes.
func (d *leanDFS[S]) hand(k int32, pc *piece[S], succ []int32, h *handOut) error {
	d.mu.Lock()
	d.pending = append(d.pending, pc) // at k
	d.sizes = append(d.sizes, int32(len(pc.members)))
	d.held += pc.outcomes
	d.mu.Unlock()
	queued, err := h.hand(int(k), succ)
	if err != nil || !queued {
		return err
	}
	return d.wait()
}

// wait waits while the pieces emitted and not yet solved hold more than
// tuning.leanHold outcomes.
func (d *leanDFS[S]) wait() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	for d.held > d.tune.leanHold && !d.failed {
		d.drained.Wait()
	}
	if d.failed {
		return errStopped
	}
	return nil
}

// minusOnes returns s resized to n (reusing its memory), every entry -1.
func minusOnes(s []int32, n int) []int32 {
	s = resize(s, n)
	for i := range s {
		s[i] = -1
	}
	return s
}
