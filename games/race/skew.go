package race

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/gamesolve/gamesolve/engine"
)

// The float kernel decides each cell by a branch per gamble, and for the
// doubling menu about nine gambles a cell are looked at: most of its time
// went to mispredicted branches. The skewed kernel instead runs skewLanes
// rows at once, one per lane, row a0+j lagging j columns behind row a0:
// at step k lane j computes F(a0+j, k-j). With a coin gain of 1, row a
// needs row a-1 up to its own column, which the lane before computed one
// step earlier, and its own row to the left, so the lanes never wait for
// each other, and every gamble is one vector operation on all of them,
// without branches. The arithmetic is the float kernel's, operation for
// operation (without fused multiply-adds), and the running best is
// replaced under the same tie rule in the same order, so values and
// policy are the same bits (TestSkewKernel); the float kernel's pruning is
// dropped, which never changed a result.
//
// The buffers hold the lanes interleaved by step: fs[L·k+j] = F(a0+j, k-j)
// and gs[L·k+j] = G(a0+j, k-j) = p F(a0+j-1, k-j) + (1-p) F(a0+j, k-j),
// with G = 1 wherever the column is 0 or less (the chooser has won), so a
// gamble's S for lane j at step k is gs[L·max(k-gain, 0)+j], one vector
// load for all lanes.
const skewLanes = 8

// skewKernel is the float kernel's data in the form the skewed steps use.
type skewKernel struct {
	alpha, beta []float64
	gain        []int64
	consts      [4]float64 // p, 1-p, the tie tolerance, 1
}

func (k *floatKernel) skew() *skewKernel {
	s := &skewKernel{consts: [4]float64{k.p, k.pMiss, engine.DefaultTieTolerance, 1}}
	for _, c := range k.coef {
		s.alpha = append(s.alpha, c.alpha)
		s.beta = append(s.beta, c.beta)
		s.gain = append(s.gain, int64(c.gain))
	}
	return s
}

// useSkew switches the skewed kernel on where the CPU runs it vectorised;
// tests turn it on and off to compare it with the float kernel.
var useSkew = skewVector

// step computes step k of all lanes in plain Go: the steps where some
// lanes are outside the table (columns below 1 or above B), and every step
// where the vector version is not available. prev is row a0-1.
func (s *skewKernel) step(fs, gs []float64, idx []int64, prev []float64, k, B int) {
	const L = skewLanes
	p, pMiss, tol := s.consts[0], s.consts[1], s.consts[2]
	for j := range L {
		col := k - j
		switch {
		case col < 1:
			fs[L*k+j], gs[L*k+j], idx[L*k+j] = 1, 1, 0
			continue
		case col > B:
			continue
		}
		var x float64 // F(a0+j-1, col)
		if j == 0 {
			x = prev[k]
		} else {
			x = fs[L*(k-1)+j-1]
		}
		best, bestIdx := 0.0, -1
		for i := range s.alpha {
			bx := float64(s.beta[i] * x) // rounded, as Field.Lin2 does
			cand := float64(s.alpha[i]*gs[L*max(k-int(s.gain[i]), 0)+j]) + bx
			if bestIdx < 0 {
				best, bestIdx = cand, i
				continue
			}
			scale := 1.0
			if cand > scale {
				scale = cand
			}
			if cand-best > tol*scale {
				best, bestIdx = cand, i
			}
		}
		fs[L*k+j], idx[L*k+j] = best, int64(bestIdx)
		gs[L*k+j] = float64(p*x) + float64(pMiss*best)
	}
}

// steps computes steps k0..k1-1, every lane inside the table.
func (s *skewKernel) steps(fs, gs []float64, idx []int64, prev []float64, k0, k1, B int) {
	if useSkew && skewVector {
		skewStepsAVX2(fs, gs, idx, prev, s.alpha, s.beta, s.gain, &s.consts, k0, k1)
		return
	}
	for k := k0; k < k1; k++ {
		s.step(fs, gs, idx, prev, k, B)
	}
}

// solveSkew fills rows 1..A of a race whose coin gains 1 point, skewLanes
// rows at a time, and returns F(A, B) and F(A-1, B). Groups of rows go to
// the workers in turn; a group waits, block by block, for the last row of
// the group before it, which is all it reads of other rows.
func (s *skewKernel) solveSkew(ctx context.Context, A, B, workers int, pol *Policy, progress func(rows int64)) (fA, fA1 float64, err error) {
	const L = skewLanes
	groups := (A + L - 1) / L
	workers = max(1, min(workers, groups))
	// Rows: a ring of workers+1 groups (a group reads the one before it
	// only), plus row 0, where the coin player has won.
	ring := make([][]float64, (workers+1)*L)
	for r := range ring {
		ring[r] = make([]float64, B+1)
		ring[r][0] = 1
	}
	zero := make([]float64, B+1)
	zero[0] = 1
	row := func(a int) []float64 {
		if a <= 0 {
			return zero
		}
		return ring[(a-1)%len(ring)]
	}
	// A group reads the progress of the group before it: its last row's
	// finished columns, in a ring of workers+1 places (doneRing).
	done := newDoneRing(workers+1, B)
	var cancelled atomic.Bool
	var mu sync.Mutex
	var rowsDone int64
	const block = 64
	steps := B + L // steps 1..B+L-1 (0 is the columns before the table)
	work := func(w int) {
		fs, gs := make([]float64, L*(steps+1)), make([]float64, L*(steps+1))
		idx := make([]int64, L*(steps+1))
		for q := w; q < groups; q += workers {
			a0 := q*L + 1
			prev := row(a0 - 1)
			s.step(fs, gs, idx, prev, 0, B)
			for k0 := 1; k0 < steps; k0 += block {
				k1 := min(k0+block, steps)
				for q > 0 && !done.reached(q-1, min(k1-1, B)) && !cancelled.Load() {
					runtime.Gosched()
				}
				if cancelled.Load() {
					break
				}
				// Steps with a lane outside the table in plain Go, the
				// rest at once.
				mid0, mid1 := max(k0, L), min(k1, B+1)
				for k := k0; k < min(k1, mid0); k++ {
					s.step(fs, gs, idx, prev, k, B)
				}
				if mid0 < mid1 {
					s.steps(fs, gs, idx, prev, mid0, mid1, B)
				}
				for k := max(k0, mid1, mid0); k < k1; k++ {
					s.step(fs, gs, idx, prev, k, B)
				}
				// Copy the block's cells into their rows, then publish.
				for j := range L {
					r := row(a0 + j)
					from, to := max(k0-j, 1), min(k1-1-j, B)
					for col := from; col <= to; col++ {
						r[col] = fs[L*(col+j)+j]
					}
					if pol != nil && a0+j <= A {
						choice := pol.choice[(a0+j-1)*B:]
						for col := from; col <= to; col++ {
							choice[col-1] = uint8(idx[L*(col+j)+j] + 1)
						}
					}
				}
				done.set(q, max(min(k1-1-(L-1), B), 0))
			}
			if ctx.Err() != nil {
				cancelled.Store(true)
			}
			if cancelled.Load() {
				done.release() // no group waits on this one
				return
			}
			real := min(L, A-a0+1)
			if pol != nil && pol.win != nil {
				for j := range real {
					copy(pol.win[(a0+j-1)*B:(a0+j)*B], row(a0 + j)[1:])
				}
			}
			if progress != nil {
				mu.Lock()
				for range real {
					rowsDone++
					progress(rowsDone)
				}
				mu.Unlock()
			}
		}
	}
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() { work(w) })
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return 0, 0, fmt.Errorf("race: %w", err)
	}
	return row(A)[B], row(A - 1)[B], nil
}
