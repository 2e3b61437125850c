package engine

import (
	"errors"
	"fmt"
	"math"
	"sync"
	"sync/atomic"

	"github.com/gamesolve/gamesolve/budget"
)

// stats are what one worker counts, merged when all are done.
type stats struct {
	methods [len(methodNames)]int
	ends    int
	sweeps  int
	gap     float64
	// unproven counts float components left without a proof of the
	// precision, bound the largest proven error among them, and resolved
	// the components re-solved exactly instead.
	unproven, resolved int
	bound              float64
	// equilibria counts the components solved by a certified equilibrium.
	equilibria int
}

func (s *stats) merge(o *stats) {
	for i, c := range o.methods {
		s.methods[i] += c
	}
	s.ends += o.ends
	s.sweeps += o.sweeps
	s.unproven += o.unproven
	s.resolved += o.resolved
	s.equilibria += o.equilibria
	s.bound = math.Max(s.bound, o.bound)
	s.gap = math.Max(s.gap, o.gap)
}

// solveAll solves every component once all components it leads to are
// solved. With several workers, components whose successors are all solved
// are taken from a shared queue, so independent parts of the game (Pig's
// score pairs along a diagonal, say) are solved at the same time; each
// worker has its own scratch space and writes only its components' states.
func (r *run[S, T, F]) solveAll() (*stats, error) {
	K := r.comps.count()
	N := int64(len(r.g.states))
	workers := min(r.opt.WorkerCount(), K)
	var progressMu sync.Mutex
	var done atomic.Int64
	report := func(states int, k int) {
		if r.opt.Progress == nil {
			return
		}
		d := done.Add(int64(states))
		if k%1024 == 0 || d == N {
			progressMu.Lock()
			r.opt.Progress(d, N)
			progressMu.Unlock()
		}
	}
	if workers <= 1 || K < 64 {
		r.st = &stats{}
		for k := range K {
			if k%256 == 0 {
				if err := r.ctx.Err(); err != nil {
					return nil, fmt.Errorf("engine: %w", err)
				}
			}
			comp := r.comps.get(k)
			m, err := r.solveComponent(k, comp)
			if err == nil {
				// Exact values grow as play goes back from the end: a
				// chain of 500,000 coin flips holds 15 GB of them.
				err = r.guardComponent(k, comp)
			}
			if err != nil {
				return nil, err
			}
			r.st.methods[m]++
			report(len(comp), k)
		}
		return r.st, nil
	}

	// waiting[k]: successor components of k not yet solved; preds: the
	// components with an edge into k (each listed once).
	waiting := make([]atomic.Int32, K)
	predStart := make([]uint32, K+1)
	mark := make([]int32, K)
	for i := range mark {
		mark[i] = -1
	}
	g := r.g
	eachSucc := func(k int, visit func(c int32)) {
		for _, v := range r.comps.get(k) {
			lo, hi := g.outStart[g.actStart[v]], g.outStart[g.actStart[v+1]]
			for o := lo; o < hi; o++ {
				c := r.comps.of[g.to[o]]
				if c != int32(k) && mark[c] != int32(k) {
					mark[c] = int32(k)
					visit(c)
				}
			}
		}
	}
	for k := range K {
		eachSucc(k, func(c int32) {
			waiting[k].Add(1)
			predStart[c+1]++
		})
	}
	for c := range K {
		predStart[c+1] += predStart[c]
		mark[c] = -1
	}
	preds := make([]int32, predStart[K])
	fill := append([]uint32(nil), predStart[:K]...)
	for k := range K {
		eachSucc(k, func(c int32) {
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
	all := make([]*stats, workers)
	var wg sync.WaitGroup
	for w := range workers {
		// Each worker is a shallow copy of the run: the same graph and
		// value arrays, its own scratch.
		wr := *r
		wr.ex = nil // each worker makes its own exact twin
		if w > 0 {
			wr.local = make([]int32, len(r.local))
			wr.chainLocal = make([]int32, len(r.chainLocal))
			for i := range wr.local {
				wr.local[i], wr.chainLocal[i] = -1, -1
			}
			wr.t1, wr.t2 = r.f.New(), r.f.New()
			wr.chain = chainSolver[T]{guard: budget.NewGuard(r.ctx, r.opt.memory())}
		}
		wr.st = &stats{}
		all[w] = wr.st
		wg.Go(func() {
			for k := range ready {
				comp := wr.comps.get(int(k))
				if !failed.Load() {
					err := wr.ctx.Err()
					if err != nil {
						err = fmt.Errorf("engine: %w", err)
					} else {
						var m Method
						m, err = wr.solveComponent(int(k), comp)
						if err == nil {
							err = wr.guardComponent(int(k), comp)
						}
						wr.st.methods[m]++
					}
					if err != nil {
						errOnce.Do(func() { firstErr = err })
						failed.Store(true)
					}
				}
				report(len(comp), int(k))
				// After a failure the rest is drained without solving, so
				// the queue still empties and closes.
				for _, p := range preds[predStart[k]:predStart[k+1]] {
					if waiting[p].Add(-1) == 0 {
						ready <- p
					}
				}
				if finished.Add(1) == int32(K) {
					close(ready)
				}
			}
		})
	}
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	st := &stats{}
	for _, s := range all {
		st.merge(s)
	}
	return st, nil
}

// guardComponent counts a solved component against the worker's guard:
// the deadline, and the memory the values hold.
func (r *run[S, T, F]) guardComponent(k int, comp []uint32) error {
	if err := r.chain.guard.Tick(len(comp) * (r.g.players + 1)); err != nil {
		if errors.Is(err, budget.ErrTooLarge) {
			return fmt.Errorf("engine: stopped at component %d of %d (including state %s): %w", k+1, r.comps.count(), r.g.name(comp[0]), err)
		}
		return fmt.Errorf("engine: %w", err)
	}
	return nil
}
