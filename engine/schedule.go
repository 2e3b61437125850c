package engine

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"sync"
	"sync/atomic"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/internal/hugepage"
)

// stats are what one worker counts, merged when all are done.
type stats struct {
	// methods counts the components of the game from the start by the
	// method that solved them, seeded those only a Seeder's seeds reach.
	methods, seeded [len(methodNames)]int
	ends            int
	sweeps          int
	gap             float64
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
// topological solver): components, given by their successor components,
// are solved once every component they lead to is solved. With several
// workers, components whose successors are all solved are taken from a
// shared queue, so independent parts of a game (Pig's score pairs along a
// diagonal, say) are solved at the same time; solve(w, k) runs on worker
// w, which has its own scratch space and writes only component k's states.
// The context is checked before every component; progress, if set, is
// told the states done after every 1,024th component and at the end. The
// first error stops the run (the rest of the queue is drained unsolved).
type topo struct {
	count   int                              // components
	succ    func(k int, visit func(c int32)) // each successor component of k once
	size    func(k int) int                  // states of component k, for progress
	total   int64                            // states in all
	solve   func(w, k int) error             // solve component k on worker w
	workers int                              // at most this many workers
	prog    func(done, total int64)          // may be nil
}

// sharedQueues counts the runs that solved on several workers (read by
// the tests).
var sharedQueues atomic.Int64

func (t *topo) run(ctx context.Context) error {
	K := t.count
	var progressMu sync.Mutex
	var done atomic.Int64
	report := func(k int) {
		if t.prog == nil {
			return
		}
		d := done.Add(int64(t.size(k)))
		if k%1024 == 0 || d == t.total {
			progressMu.Lock()
			t.prog(d, t.total)
			progressMu.Unlock()
		}
	}
	workers := min(t.workers, K) // solveAll decides when one is enough
	if workers <= 1 {
		for k := range K {
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

	sharedQueues.Add(1)
	// waiting[k]: successor components of k not yet solved; preds: the
	// components with an edge into k (each listed once). Each pass reads
	// every outcome of the game (Pig 150: 47 million, over a second), so
	// it looks at the context as the solving does.
	waiting := make([]atomic.Int32, K)
	predStart := make([]uint32, K+1)
	for k := range K {
		if k%256 == 0 && ctx.Err() != nil {
			return fmt.Errorf("engine: %w", ctx.Err())
		}
		t.succ(k, func(c int32) {
			waiting[k].Add(1)
			predStart[c+1]++
		})
	}
	for c := range K {
		predStart[c+1] += predStart[c]
	}
	preds := make([]int32, predStart[K])
	fill := append([]uint32(nil), predStart[:K]...)
	for k := range K {
		if k%256 == 0 && ctx.Err() != nil {
			return fmt.Errorf("engine: %w", ctx.Err())
		}
		t.succ(k, func(c int32) {
			preds[fill[c]] = int32(k)
			fill[c]++
		})
	}
	ready := make(chan int32, K)
	for k := range K {
		if waiting[k].Load() == 0 {
			ready <- int32(k)
		}
	}
	var finished atomic.Int32
	var failed atomic.Bool
	var firstErr error
	var errOnce sync.Once
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for k := range ready {
				// A worker goes on itself with one component that k made
				// ready and queues only the others: a chain of components
				// (one ready at a time) is then not handed from worker to
				// worker, a wake-up each.
				for k >= 0 {
					if !failed.Load() {
						err := ctx.Err()
						if err != nil {
							err = fmt.Errorf("engine: %w", err)
						} else {
							err = t.solve(w, int(k))
						}
						if err != nil {
							errOnce.Do(func() { firstErr = err })
							failed.Store(true)
						}
					}
					report(int(k))
					// After a failure the rest is drained without solving,
					// so the queue still empties and closes.
					next := int32(-1)
					for _, p := range preds[predStart[k]:predStart[k+1]] {
						if waiting[p].Add(-1) == 0 {
							if next < 0 {
								next = p
							} else {
								ready <- p
							}
						}
					}
					if finished.Add(1) == int32(K) {
						close(ready)
					}
					k = next
				}
			}
		})
	}
	wg.Wait()
	return firstErr
}

// succOf returns the successor function of components: edges(v, visit)
// calls visit with every state that state v leads to, and comps.of maps a
// state to its component (-1 for states outside every component, which
// are skipped).
func succOf(comps *components, edges func(v uint32, visit func(w uint32))) func(k int, visit func(c int32)) {
	mark := make([]int32, comps.count())
	gen := int32(0) // a new mark for every call: the driver asks twice for each k
	return func(k int, visit func(c int32)) {
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
// arrays, its own scratch).
func (r *run[S, T, F]) solveAll() (*stats, error) {
	K := r.comps.count()
	workers := min(r.opt.WorkerCount(), K)
	if K < 64 || len(r.comps.members) < 2*K {
		// Few components, or mostly single states (echoring: 1.7
		// million components of 1.7 million states): the shared queue's
		// bookkeeping, a counter per edge between components read at
		// random, costs more than a single state's solve.
		workers = 1
	}
	runs := make([]*run[S, T, F], max(workers, 1))
	for w := range runs {
		wr := *r
		wr.ex = nil // each worker makes its own exact twin
		if w > 0 {
			wr.ec = ecGraph{}
			wr.local = hugepage.Make[int32](len(r.local), len(r.local))
			wr.chainLocal = hugepage.Make[int32](len(r.chainLocal), len(r.chainLocal))
			for i := range wr.local {
				wr.local[i], wr.chainLocal[i] = -1, -1
			}
			wr.t1, wr.t2, wr.rt = r.f.New(), r.f.New(), r.f.New()
			wr.ownSums()
			wr.chain = chainSolver[T]{guard: budget.NewGuard(r.ctx, r.opt.memory())}
			// Scratch written in place: each worker its own.
			wr.seed, wr.seedScratch = chainSolver[float64]{}, seedScratch{}
			wr.qs = quotient[T]{}
			wr.sumT, wr.sumRat = r.f.New(), new(big.Rat)
		}
		wr.st = &stats{}
		runs[w] = &wr
	}
	g := r.g
	t := &topo{
		count: K,
		succ: succOf(r.comps, func(v uint32, visit func(w uint32)) {
			for a := g.actStart[v]; a < g.actStart[v+1]; a++ {
				if r.banned != nil && r.banned[a] {
					continue // not an edge of the components
				}
				for o := g.outStart[a]; o < g.outStart[a+1]; o++ {
					visit(g.to[o])
				}
			}
		}),
		size:    func(k int) int { return int(r.comps.start[k+1] - r.comps.start[k]) },
		total:   int64(len(r.comps.members)),
		workers: workers,
		prog:    r.opt.Progress,
		solve: func(w, k int) error {
			wr := runs[w]
			comp := wr.comps.get(k)
			eq := wr.st.equilibria
			m, err := wr.solveComponent(k, comp)
			if err == nil {
				// Exact values grow as play goes back from the end: a
				// chain of 500,000 coin flips holds 15 GB of them.
				err = wr.guardComponent(k, comp)
			}
			switch {
			case err != nil:
			case int(comp[0]) < g.reached:
				wr.st.methods[m]++
			default:
				wr.st.seeded[m]++
				wr.st.seededEq += wr.st.equilibria - eq
			}
			return err
		},
	}
	if err := t.run(r.ctx); err != nil {
		return nil, err
	}
	st := &stats{}
	for _, wr := range runs {
		st.merge(wr.st)
	}
	r.st = runs[0].st
	return st, nil
}

// guardComponent counts a solved component against the worker's guard:
// the deadline, and the memory the values hold.
func (r *run[S, T, F]) guardComponent(k int, comp []uint32) error {
	if err := r.chain.guard.Tick(len(comp) * (r.np + 1)); err != nil {
		if errors.Is(err, budget.ErrTooLarge) {
			return fmt.Errorf("engine: stopped at component %d of %d (including state %s): %w", k+1, r.comps.count(), r.g.name(comp[0]), err)
		}
		return fmt.Errorf("engine: %w", err)
	}
	return nil
}
