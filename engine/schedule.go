package engine

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/numeric"
)

// stats are what one worker counts, merged when all are done.
type stats struct {
	// methods counts the components of the game from the start by the
	// method that solved them, seeded those only a Seeder's seeds reach.
	methods, seeded [len(methodNames)]int
	// shared is set where the components were shared out among several
	// workers (Result.shared).
	shared bool
	ends   int
	sweeps int
	gap    float64
	// unproven counts float components left without a proof of the
	// precision, bound the largest proven error among them, and resolved
	// the components re-solved exactly instead.
	unproven, resolved int
	bound              float64
	// equilibria counts the components solved by a certified equilibrium,
	// seededEq those of them only seeds reach.
	equilibria, seededEq int
	// rounds counts strategy iteration's rounds.
	rounds int
}

func (s *stats) merge(o *stats) {
	for i := range o.methods {
		s.methods[i] += o.methods[i]
		s.seeded[i] += o.seeded[i]
	}
	s.ends += o.ends
	s.sweeps += o.sweeps
	s.unproven += o.unproven
	s.resolved += o.resolved
	s.equilibria += o.equilibria
	s.seededEq += o.seededEq
	s.rounds += o.rounds
	s.bound = math.Max(s.bound, o.bound)
	s.gap = math.Max(s.gap, o.gap)
}

// topo is the one topological driver of Solve and Analyze (compare Storm's
// topological solver): components are solved once every component they
// lead to is solved. They come either known in advance (count, with succ
// giving each one's successor components) or from found, which runs on
// the calling goroutine and hands them over as it finds them, successors
// first (Solve's decomposition of the graph, so that the workers solve
// while it goes on). With several workers, components whose successors
// are all solved are taken from a shared queue, so independent parts of a
// game (Pig's score pairs along a diagonal, say) are solved at the same
// time; solve(w, k) runs on worker w, which has its own scratch space and
// writes only component k's states. The context is checked before every
// component; progress, if set, is told the states done after every
// 1,024th component and at the end. The first error stops the run.
//
// topo decides how many workers solve: workerCount where the components
// are known, and a probe of the first ones found (handOut) otherwise.
type topo struct {
	count int                              // components, if known in advance
	succ  func(k int, visit func(c int32)) // each successor component of k once
	// found, if not nil, finds the components instead, and hands each
	// with its successor components to h.hand.
	found   func(h *handOut) error
	probe   int                  // how many components found are probed (tuning.probeComponents)
	size    func(k int) int      // states of component k, for progress
	total   int64                // states in all but the given components'
	solve   func(w, k int) error // solve component k on worker w
	workers int                  // at most this many workers
	prog    func(done, total int64)
	shared  bool // set by run where components were shared out among workers
	// given, if set, reports a component whose values are given, not
	// solved (a tier's exits, SolveTier): a single state whose values are
	// set before the run. It is not solved, queued or reported, and the
	// choice of workers does not count it.
	given func(k int) bool
	// givens is how many of the count components known in advance are
	// given.
	givens int
}

// errStopped is found's error when emit refused a component: a worker
// failed, and its error is the run's.
var errStopped = errors.New("engine: stopped")

// workerCount is how many workers run uses: t.workers, but where the
// components are known in advance no more than there are components, and
// one where they are few (under 64) or mostly single states (echoring:
// 1.7 million components of 1.7 million states), for which the shared
// queue's bookkeeping, a counter per edge between components read at
// random, costs more than a single state's solve.
func (t *topo) workerCount() int {
	if t.found != nil {
		return t.workers
	}
	if n := t.count - t.givens; n < 64 || mostlySingle(int(t.total), n) {
		return min(t.workers, 1)
	}
	return min(t.workers, t.count)
}

func (t *topo) run(ctx context.Context) error {
	var progressMu sync.Mutex
	var done atomic.Int64
	report := func(k int) {
		if t.prog == nil || t.given != nil && t.given(k) {
			return
		}
		d := done.Add(int64(t.size(k)))
		if k%1024 == 0 || d == t.total {
			progressMu.Lock()
			t.prog(d, t.total)
			progressMu.Unlock()
		}
	}
	workers := t.workerCount()
	if t.found == nil && workers <= 1 {
		for k := range t.count {
			if k%256 == 0 {
				if err := ctx.Err(); err != nil {
					return fmt.Errorf("engine: %w", err)
				}
			}
			if err := t.solve(0, k); err != nil {
				return err
			}
			report(k)
		}
		return nil
	}
	q := &readyQueue{given: t.given}
	q.wake.L = &q.mu
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() { q.work(ctx, w, t.solve, report) })
	}
	var err error
	if t.found != nil {
		// inline solves a component on the finding goroutine, as worker
		// t.workers, for components not worth sharing out (never mixed
		// with queued ones).
		// The finding goroutine looks at the context only now and then
		// (every 65,536 states, scc.go): inline solving, as the loop
		// over known components, looks every 256 components.
		inlined := 0
		inline := func(k int) error {
			if inlined++; inlined%256 == 0 && ctx.Err() != nil {
				return fmt.Errorf("engine: %w", ctx.Err())
			}
			err := t.solve(workers, k)
			if err == nil {
				report(k)
			}
			return err
		}
		h := &handOut{limit: t.probe, serial: workers <= 1, emit: q.emit, inline: inline, size: t.size, given: t.given}
		if err = t.found(h); err == nil {
			_, err = h.decide()
		}
	} else {
		// The successors of each component, listed once each. This pass
		// reads every outcome of the game (Pig 150: 47 million), so it
		// looks at the context as the solving does.
		var succ []int32
		for k := range t.count {
			if k%256 == 0 && ctx.Err() != nil {
				err = fmt.Errorf("engine: %w", ctx.Err())
				break
			}
			succ = succ[:0]
			t.succ(k, func(c int32) { succ = append(succ, c) })
			if !q.emit(k, succ) {
				break
			}
		}
	}
	q.close(err)
	wg.Wait()
	t.shared = q.shared
	return q.err
}

// handOut passes the components found on: to the shared queue (emit), or,
// where they are not worth sharing out, solved inline as found (serial).
// The first limit components are held back (the probe): where they average
// fewer than two states, the shared queue's bookkeeping would cost more
// than their solving, and every component is solved inline; else they are
// queued, and so is every one after.
type handOut struct {
	limit   int
	serial  bool
	decided bool
	held    []int32   // the probe's components
	succ    [][]int32 // and their successors
	states  int       // in them
	emit    func(k int, succ []int32) bool
	inline  func(k int) error
	size    func(k int) int
	// given (nil: none) marks components the probe holds but does not
	// count (topo.given): a tier's first components found are its exits.
	given   func(k int) bool
	counted int // components held and counted
}

// hand passes component k with its successors on, and reports whether it
// queued it (or, deciding the probe, those held back).
func (h *handOut) hand(k int, succ []int32) (queued bool, err error) {
	switch {
	case h.serial:
		return false, h.inline(k)
	case !h.decided:
		h.held = append(h.held, int32(k))
		h.succ = append(h.succ, slices.Clone(succ))
		if h.given != nil && h.given(k) {
			return false, nil
		}
		h.states += h.size(k)
		if h.counted++; h.counted < h.limit {
			return false, nil
		}
		return h.decide()
	}
	if !h.emit(k, succ) {
		return false, errStopped
	}
	return true, nil
}

// solvesInline reports whether the components are now solved as found:
// their successors are then not needed (hand ignores them).
func (h *handOut) solvesInline() bool { return h.serial }

// decide ends the probe, if it is still open: it solves the components
// held back inline, or queues them.
func (h *handOut) decide() (queued bool, err error) {
	if h.serial || h.decided {
		return false, nil
	}
	h.decided = true
	h.serial = h.counted == 0 || mostlySingle(h.states, h.counted)
	for j, k := range h.held {
		switch {
		case h.serial:
			if err := h.inline(int(k)); err != nil {
				return false, err
			}
		case !h.emit(int(k), h.succ[j]):
			return false, errStopped
		}
	}
	queued = !h.serial && len(h.held) > 0
	h.held, h.succ = nil, nil
	return queued, nil
}

// readyQueue is topo's shared queue. A component is emitted once every
// component it leads to has been (successors first); it waits for those
// not yet solved, each of which lists it among its predecessors, and is
// ready when the last of them is solved.
type readyQueue struct {
	mu     sync.Mutex
	shared bool      // a component was emitted: the workers shared them out
	wake   sync.Cond // a component is ready, the run ended, or it failed
	// waiting[k]: successors of k not yet solved; solved[k]: k is done.
	waiting []int32
	solved  []bool
	// The predecessors waiting for component c: links.at(e).pred for e =
	// head[c], links.at(e).next, … while e >= 0 (Pig 100: 634,399 links).
	head     []int32
	links    chunked[predLink]
	ready    []int32 // a stack: the latest found, the nearest in memory
	finished int     // components solved; len(waiting) were emitted
	closed   bool    // every component is emitted
	err      error   // the first error; the run stops
	// given (topo.given) marks components solved before they are
	// emitted.
	given func(k int) bool
}

// predLink is an entry of a component's list of waiting predecessors.
type predLink struct{ pred, next int32 }

// chunked is an array appended to in chunks of 64 Ki elements: growing
// it never copies what it holds.
type chunked[E any] struct {
	chunks [][]E
	n      int
}

// add appends x and returns its index.
func (c *chunked[E]) add(x E) int32 {
	if c.n%(1<<16) == 0 {
		c.chunks = append(c.chunks, make([]E, 1<<16))
	}
	c.chunks[c.n>>16][c.n%(1<<16)] = x
	c.n++
	return int32(c.n - 1)
}

// at returns element i.
func (c *chunked[E]) at(i int32) E { return c.chunks[i>>16][i%(1<<16)] }

// emit adds component k (the next in order) with its successor
// components, and reports false once the run has failed.
func (q *readyQueue) emit(k int, succ []int32) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.err != nil {
		return false
	}
	q.shared = true
	q.waiting = append(q.waiting, 0)
	q.solved = append(q.solved, false)
	q.head = append(q.head, -1)
	if q.given != nil && q.given(k) {
		// Its values are set: it is solved as it comes.
		q.solved[k] = true
		q.finished++
		return true
	}
	for _, c := range succ {
		if !q.solved[c] {
			q.waiting[k]++
			q.head[c] = q.links.add(predLink{pred: int32(k), next: q.head[c]})
		}
	}
	if q.waiting[k] == 0 {
		q.ready = append(q.ready, int32(k))
		q.wake.Signal()
	}
	return true
}

// close ends the emitting, with its error if any.
func (q *readyQueue) close(err error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if err != nil && q.err == nil && !errors.Is(err, errStopped) {
		q.err = err
	}
	q.closed = true
	q.wake.Broadcast()
}

// over reports whether a worker has nothing more to do; q.mu is held.
func (q *readyQueue) over() bool {
	return q.err != nil || q.closed && q.finished == len(q.waiting)
}

// work is worker w's loop: it takes a ready component, solves it, and
// goes on itself with one component that this made ready, queueing only
// the others, so that a chain of components (one ready at a time) is not
// handed from worker to worker, a wake-up each.
func (q *readyQueue) work(ctx context.Context, w int, solve func(w, k int) error, report func(k int)) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for {
		for len(q.ready) == 0 && !q.over() {
			q.wake.Wait()
		}
		if q.err != nil || len(q.ready) == 0 {
			return
		}
		k := q.ready[len(q.ready)-1]
		q.ready = q.ready[:len(q.ready)-1]
		for k >= 0 {
			q.mu.Unlock()
			err := ctx.Err()
			if err != nil {
				err = fmt.Errorf("engine: %w", err)
			} else {
				err = solve(w, int(k))
			}
			if err == nil {
				report(int(k))
			}
			q.mu.Lock()
			if err != nil || q.err != nil {
				if q.err == nil {
					q.err = err
				}
				q.wake.Broadcast()
				return
			}
			q.solved[k] = true
			q.finished++
			next := int32(-1)
			for e := q.head[k]; e >= 0; e = q.links.at(e).next {
				p := q.links.at(e).pred
				if q.waiting[p]--; q.waiting[p] == 0 {
					if next < 0 {
						next = p
					} else {
						q.ready = append(q.ready, p)
						q.wake.Signal()
					}
				}
			}
			if q.over() {
				q.wake.Broadcast()
			}
			k = next
		}
	}
}

// succOf returns the successor function of components: edges(v, visit)
// calls visit with every state that state v leads to, and comps.of maps a
// state to its component (-1 for states outside every component, which
// are skipped). Components are asked for successors first, as they are
// listed, so the marks grow with them (solveFound's components are not all
// known when it starts).
func succOf(comps *components, edges func(v uint32, visit func(w uint32))) func(k int, visit func(c int32)) {
	var mark []int32
	gen := int32(0) // a new mark for every call
	return func(k int, visit func(c int32)) {
		if len(mark) <= k {
			mark = append(mark, make([]int32, k+1-len(mark))...)
		}
		gen++
		for _, v := range comps.get(k) {
			edges(v, func(w uint32) {
				if c := comps.of[w]; c >= 0 && c != int32(k) && mark[c] != gen {
					mark[c] = gen
					visit(c)
				}
			})
		}
	}
}

// solveAll solves every component of the game with the topological
// driver, each worker a shallow copy of the run (the same graph and value
// arrays, its own scratch). The components are r.comps, or with found
// (Solve's decomposition; see topo) those it emits as it finds them:
// r.comps is then a view of its arrays at their full size.
func (r *run[S, T, F]) solveAll(found func(h *handOut) error) (*stats, error) {
	workers := r.opt.WorkerCount()
	K := 0
	if found == nil {
		K = r.comps.count()
	}
	// Each worker's run is made when it first solves a component: a
	// worker that never does (the probe chose to solve inline) costs
	// nothing. The last is for the components solved inline.
	runs := make([]*run[S, T, F], max(workers, 1)+1)
	worker := func(w int) *run[S, T, F] {
		if runs[w] == nil {
			runs[w] = r.workerRun(w > 0)
		}
		return runs[w]
	}
	g := r.g
	t := &topo{
		count:   K,
		found:   found,
		probe:   r.opt.tune().probeComponents,
		size:    func(k int) int { return int(r.comps.start[k+1] - r.comps.start[k]) },
		total:   int64(len(r.comps.members)),
		workers: workers,
		prog:    r.opt.Progress,
	}
	if r.exits != nil {
		// A tier's exits are single terminals whose values are known:
		// they are set now, once, and the driver passes them by (given)
		// rather than queue and solve each, with its bookkeeping, as a
		// component of its own.
		r.setExits()
		t.given = func(k int) bool {
			comp := r.comps.get(k)
			_, ok := r.exit(comp[0])
			return len(comp) == 1 && ok
		}
		if found == nil {
			t.givens = len(r.exits)
		}
		t.total -= int64(len(r.exits))
	}
	t.solve = func(w, k int) error {
		if t.given != nil && t.given(k) {
			return nil
		}
		wr := worker(w)
		comp := wr.comps.get(k)
		return wr.solveCounted(k, comp, int(comp[0]) < g.reached)
	}
	if found == nil && t.workerCount() > 1 {
		t.succ = succOf(r.comps, r.edges)
	}
	if err := t.run(r.ctx); err != nil {
		return nil, err
	}
	st := merged(runs)
	st.shared = t.shared
	// Each exit is counted as solveOne's single terminal would be.
	st.methods[Direct] += len(r.exits)
	r.st = worker(0).st
	return st, nil
}

// setExits sets the values of a tier's exits (r.exits), as solveOne
// would, exit by exit.
func (r *run[S, T, F]) setExits() {
	P := r.np
	for j := range r.exits {
		e := &r.exits[j]
		v := int(r.exitFrom) + j
		val := r.vals[v*P : v*P+P]
		for i := range P {
			val[i] = r.f.Set(val[i], e.Values[i])
		}
		r.rew[v], r.inf[v] = r.f.Set(r.rew[v], e.Reward), e.Infinite
	}
}

// solveCounted solves component k (states comp), checks the memory its
// values take (exact values grow as play goes back from the end: a chain
// of 500,000 coin flips holds 15 GB of them), and counts the method that
// solved it: among the components of the game from the start (reached),
// or among those only a Seeder's seeds reach.
func (r *run[S, T, F]) solveCounted(k int, comp []uint32, reached bool) error {
	eq := r.st.equilibria
	m, err := r.solveComponent(k, comp)
	if err == nil {
		err = r.guardComponent(k, comp)
	}
	if err != nil {
		return err
	}
	switch {
	case r.g.stops > 0 && int(comp[0]) == len(r.g.states)-1:
		// The discount's stop is not one of the game's states.
	case reached:
		r.st.methods[m]++
	default:
		r.st.seeded[m]++
		r.st.seededEq += r.st.equilibria - eq
	}
	return nil
}

// workerRun returns a worker's run: the same problem and solution, counts
// of its own, and with own set scratch of its own too (the first worker
// uses the run's).
func (r *run[S, T, F]) workerRun(own bool) *run[S, T, F] {
	wr := &run[S, T, F]{problem: r.problem, solution: r.solution, workspace: r.workspace}
	wr.ex = nil // each worker makes its own exact twin
	if own {
		// The workers share local, chainLocal and comps (Pig 100: 7.7 MB
		// less): a worker writes the entries of its own component's
		// states alone, and sets them back to -1 before it is done with
		// it. The outcomes it reads lead into that component or into
		// components solved before it was released, whose entries are -1
		// again, and never into one another worker is solving.
		// (Analyze's banned actions lead to settled states, which are in
		// no component.)
		ws := r.newWorkspace(budget.NewGuard(r.ctx, r.opt.memory()))
		ws.local, ws.chainLocal, ws.comps, ws.fixed = r.local, r.chainLocal, r.comps, r.fixed
		wr.workspace = ws
	}
	wr.st = &stats{}
	return wr
}

// helper returns a run for a goroutine that helps this worker with one
// step: the same everything, with exact sums of its own.
func (r *run[S, T, F]) helper() *run[S, T, F] {
	h := *r
	h.exactSums = exactSums{}
	if r.dots != nil {
		h.dots = make([]numeric.RatDot, len(r.dots))
	}
	return &h
}

// merged adds up the counts of the workers' runs (nil: never made).
func merged[S comparable, T any, F numeric.Field[T]](runs []*run[S, T, F]) *stats {
	st := &stats{}
	for _, wr := range runs {
		if wr != nil {
			st.merge(wr.st)
		}
	}
	return st
}

// mostlySingle reports whether components of so many states in all are
// mostly single states (fewer than two a component on average), which
// one worker solves faster than a shared queue.
func mostlySingle(states, components int) bool { return states < 2*components }

// edges calls visit with the target of each outcome of state v, but of
// actions never chosen (banned): the edges between components.
func (r *run[S, T, F]) edges(v uint32, visit func(w uint32)) {
	g := r.g
	for a := g.actStart[v]; a < g.actStart[v+1]; a++ {
		if r.banned != nil && r.banned[a] {
			continue
		}
		for o := g.outStart[a]; o < g.outStart[a+1]; o++ {
			visit(g.to[o])
		}
	}
}

// guardComponent counts a solved component against the worker's guard:
// the deadline, and the memory the values hold.
func (r *run[S, T, F]) guardComponent(k int, comp []uint32) error {
	if err := r.chain.guard.Tick(len(comp) * (r.np + 1)); err != nil {
		if errors.Is(err, budget.ErrTooLarge) {
			return fmt.Errorf("engine: stopped at component %d (including state %s): %w", k+1, r.g.name(comp[0]), err)
		}
		return fmt.Errorf("engine: %w", err)
	}
	return nil
}
