package engine

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
)

// Forker is implemented by rules whose Expand may run on several
// goroutines at once, each on its own fork: Fork returns rules that expand
// every state as the original does and share nothing that Expand writes
// with it or with other forks. Exploration then expands states ahead on
// Options.Workers goroutines, while it numbers them as it always does, in
// the order they are first reached. Rules without mutable state may
// return themselves.
type Forker[S comparable] interface {
	Fork() Rules[S]
}

// parallelFrom is the number of states explored alone before forks of
// the rules help: smaller games are not worth the goroutines.
const parallelFrom = 4096

// Expansion runs ahead of the explorer in batches of up to batchStates
// states, split into jobs of chunkStates states for the workers.
// A batch stops growing at batchOutcomes outcomes (about 32 MB of nodes):
// the explorer checks the memory budget between states, and one state of
// a product of automata may have millions of outcomes. The states left
// are expanded by the explorer itself, one at a time, as without forks.
const (
	batchStates   = 2048
	chunkStates   = 64
	batchOutcomes = 1 << 20
)

// errLeft marks a state a worker left to the explorer (batchOutcomes).
var errLeft = errors.New("left to the explorer")

// expander expands states on worker goroutines, each with a fork of the
// rules, a batch ahead of the explorer, which takes the nodes in order
// (node). Two batches alternate: the explorer reads one while the
// workers fill the other.
type expander[S comparable] struct {
	g       *graph[S]
	jobs    chan expandJob[S]
	workers sync.WaitGroup
	batch   [2]expandBatch[S]
	cur     int // the batch the explorer reads
	// quit tells the workers that nobody reads their nodes any more: a
	// stopped exploration waits for no batch to finish (Herman's ring of
	// 15 has states of 32,768 outcomes, and the two batches in flight
	// held --timeout up by 0.3 to 0.9 s).
	quit atomic.Bool
}

type expandBatch[S comparable] struct {
	lo, hi   int // the states nodes[k] describes: lo+k
	nodes    []Node[S]
	errs     []error
	outcomes atomic.Int64 // in the batch's nodes so far
	pending  sync.WaitGroup
}

type expandJob[S comparable] struct {
	b      *expandBatch[S]
	states []S
	from   int // states[k] goes to b.nodes[from+k]
}

// newExpander returns nil unless rules fork and there are several
// workers.
func newExpander[S comparable](rules Rules[S], workers int, g *graph[S]) *expander[S] {
	fk, ok := rules.(Forker[S])
	if !ok || workers < 2 {
		return nil
	}
	e := &expander[S]{g: g, jobs: make(chan expandJob[S], 2*batchStates/chunkStates)}
	for range workers {
		r := fk.Fork()
		e.workers.Add(1)
		go func() {
			defer e.workers.Done()
			for job := range e.jobs {
				for k, s := range job.states {
					if e.quit.Load() {
						break
					}
					n := &job.b.nodes[job.from+k]
					n.reset()
					if job.b.outcomes.Load() > batchOutcomes {
						job.b.errs[job.from+k] = errLeft
						continue
					}
					job.b.errs[job.from+k] = expandSafely(r, s, n)
					job.b.outcomes.Add(int64(len(n.outs)))
				}
				job.b.pending.Done()
			}
		}()
	}
	return e
}

// expandSafely is Expand with a panic turned into an error: a panic on a
// worker goroutine would end the process.
func expandSafely[S comparable](r Rules[S], s S, n *Node[S]) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("the rules panicked: %v", p)
		}
	}()
	return r.Expand(s, n)
}

// node returns state i's node and Expand's error (errLeft: the caller
// expands it); i counts up by one from call to call. The node is valid
// until the next call.
func (e *expander[S]) node(i int) (*Node[S], error) {
	b := &e.batch[e.cur]
	if i < b.lo || i >= b.hi {
		next := &e.batch[1-e.cur]
		if i < next.lo || i >= next.hi {
			e.dispatch(next, i) // nothing ahead: from here
		}
		next.pending.Wait()
		e.cur = 1 - e.cur
		b = next
		// The batch read before is done with: fill it with what follows.
		e.dispatch(&e.batch[1-e.cur], b.hi)
	}
	return &b.nodes[i-b.lo], b.errs[i-b.lo]
}

// dispatch sends the states from lo that the explorer has found so far,
// up to a batch, to the workers.
func (e *expander[S]) dispatch(b *expandBatch[S], lo int) {
	hi := min(len(e.g.states), lo+batchStates)
	b.lo, b.hi = lo, max(lo, hi)
	if hi <= lo {
		return
	}
	for len(b.nodes) < hi-lo {
		b.nodes = append(b.nodes, Node[S]{})
	}
	b.errs = resize(b.errs, hi-lo)
	b.outcomes.Store(0)
	// The states already found never change (a longer g.states later
	// may live elsewhere, this one stays as it is).
	states := e.g.states[lo:hi]
	for from := 0; from < len(states); from += chunkStates {
		b.pending.Add(1)
		e.jobs <- expandJob[S]{b: b, states: states[from:min(from+chunkStates, len(states))], from: from}
	}
}

// stop ends the workers and waits for them; the nodes of the jobs sent
// are left unfinished.
func (e *expander[S]) stop() {
	if e == nil {
		return
	}
	e.quit.Store(true)
	close(e.jobs)
	e.workers.Wait()
}
