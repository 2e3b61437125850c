package cookies

import (
	"context"
	"fmt"
	"math/big"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/solver"
)

// Count returns C(N): the partitions of N cookies into piles whose values sum
// to at most 0, so that Even wins with Odd moving first.
//
// It returns an error wrapping solver.ErrInvalid for N out of range,
// budget.ErrTooLarge for an N beyond this machine's memory, and the
// context's error if ctx is cancelled.
func Count(ctx context.Context, N int) (*big.Int, error) { return CountProgress(ctx, N, nil) }

// CountProgress is Count that reports its progress (may be nil): the pile
// values count as the first tenth of the work, the parts as the rest.
func CountProgress(ctx context.Context, N int, progress solver.Progress) (*big.Int, error) {
	if N < 1 || N > MaxN {
		return nil, solver.Invalidf("cookies: N must be from 1 to %d, got %d", MaxN, N)
	}
	if err := (budget.Estimate{What: fmt.Sprintf("N = %d", N), Bytes: Estimate(N) * float64(tables(N))}).Check(); err != nil {
		return nil, fmt.Errorf("cookies: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("cookies: %w", err)
	}
	vals, err := PileValues(ctx, N)
	if err != nil {
		return nil, err
	}
	return countWithValues(ctx, N, vals, progress)
}

// partitionCount returns p(N) by Euler's pentagonal number recurrence.
func partitionCount(N int) *big.Int {
	p := make([]*big.Int, N+1)
	p[0] = big.NewInt(1)
	for n := 1; n <= N; n++ {
		sum := new(big.Int)
		for k := 1; ; k++ {
			g1 := k * (3*k - 1) / 2
			if g1 > n {
				break
			}
			sign := k%2 == 1
			for _, g := range []int{g1, g1 + k} {
				if g > n {
					break
				}
				if sign {
					sum.Add(sum, p[n-g])
				} else {
					sum.Sub(sum, p[n-g])
				}
			}
		}
		p[n] = sum
	}
	return p[N]
}

// Estimate returns the bytes Count(N) needs for its table: one 8-byte
// residue per cell of the first layout, after the lead classes, and
// about 100 bytes of bookkeeping per size (two band records, the plan).
func Estimate(N int) float64 {
	// The first layout has N²/7 cells: measured 0.1428·N² for N from 1000
	// to 40000 (the live band after the lead classes is about 0.37·R wide
	// at R cookies still to place, and 1.5·s at size s).
	cells := float64(N) * float64(N) / 7
	return cells*8 + 100*float64(N)
}

// tables is how many tables Count(N) holds at once: one per core for
// passes side by side (concurrentPassesUpTo), else one.
func tables(N int) int {
	if N <= concurrentPassesUpTo {
		return runtime.GOMAXPROCS(0)
	}
	return 1
}

// primes returns primes below 2^62, largest first, whose product exceeds
// bound.
func primes(bound *big.Int) []uint64 {
	var out []uint64
	prod := big.NewInt(1)
	for c := uint64(1)<<62 - 1; prod.Cmp(bound) <= 0; c -= 2 {
		if b := new(big.Int).SetUint64(c); b.ProbablyPrime(20) {
			out = append(out, c)
			prod.Mul(prod, b)
		}
	}
	return out
}

// countWithValues counts modulo enough primes that the residues determine
// C(N) ≤ p(N), one prime at a time (each pass needs one word a cell, where
// the count itself needs hundreds of bits), and combines them by the
// Chinese remainder theorem.
func countWithValues(ctx context.Context, N int, vals []int64, progress solver.Progress) (*big.Int, error) {
	return newPlan(N, vals).countAll(ctx, progress)
}

// countAll is C(N) for the plan's parts.
func (pl *plan) countAll(ctx context.Context, progress solver.Progress) (*big.Int, error) {
	ps := primes(partitionCount(pl.N))
	if workers := runtime.GOMAXPROCS(0); pl.N <= concurrentPassesUpTo && workers > 1 && len(ps) > 1 {
		return pl.countConcurrent(ctx, ps, workers, progress)
	}
	return pl.countSerial(ctx, ps, progress)
}

// countSerial runs the passes one after another, each on every core.
func (pl *plan) countSerial(ctx context.Context, ps []uint64, progress solver.Progress) (*big.Int, error) {
	// The primes one after another, each pass on every core: for large N a
	// pass is bound by memory traffic, and a second table would double the
	// memory for a tenth of the time (concurrentPassesUpTo).
	t := newTeam(runtime.GOMAXPROCS(0))
	c := pl.newCounter(t)
	defer func() {
		t.stop() // no member is left writing when the slab goes
		c.free()
	}()
	residues := make([]uint64, len(ps))
	total := int64(len(ps)) * int64(len(pl.parts)+1)
	for j, p := range ps {
		var err error
		residues[j], err = pl.count(ctx, c, p, func(done int) {
			if progress != nil {
				progress(int64(j)*int64(len(pl.parts)+1)+int64(done), total)
			}
		})
		if err != nil {
			return nil, err
		}
	}
	return crt(ps, residues), nil
}

// concurrentPassesUpTo is the largest N whose passes run side by side, one
// core and one table each, rather than one at a time on all cores: sharing
// each part's rows between cores costs more in handing over than it saves
// (at N = 2000 the team's synchronisation was a fifth of the time). Best
// of three on two cores, one pass at a time against side by side: N =
// 2000 0.18 s -> 0.09 s, 4000 0.76 -> 0.33 s, 8000 4.96 -> 2.93 s, 12000
// 13.8 -> 10.0 s; at 20000, 61.6 -> 54.3 s for twice the memory (918 MB),
// so larger N keep one table.
const concurrentPassesUpTo = 12000

// countConcurrent runs the passes on workers goroutines at once, each
// with a team of one and a table of its own.
func (pl *plan) countConcurrent(ctx context.Context, ps []uint64, workers int, progress solver.Progress) (*big.Int, error) {
	residues := make([]uint64, len(ps))
	errs := make([]error, len(ps))
	var next atomic.Int64
	var done int64 // parts counted over all passes, under mu
	total := int64(len(ps)) * int64(len(pl.parts)+1)
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range min(workers, len(ps)) {
		wg.Go(func() {
			t := newTeam(1)
			c := pl.newCounter(t)
			defer func() {
				t.stop()
				c.free()
			}()
			for {
				j := int(next.Add(1) - 1)
				if j >= len(ps) {
					return
				}
				last := 0
				residues[j], errs[j] = pl.count(ctx, c, ps[j], func(d int) {
					mu.Lock()
					defer mu.Unlock()
					done += int64(d - last)
					last = d
					if progress != nil {
						progress(done, total)
					}
				})
				if errs[j] != nil {
					return
				}
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return crt(ps, residues), nil
}

// crt folds the residues of C(N) modulo the primes into C(N) (the Chinese
// remainder theorem, one prime at a time).
func crt(ps, residues []uint64) *big.Int {
	result, modulus := new(big.Int), big.NewInt(1)
	for j, p := range ps {
		bp := new(big.Int).SetUint64(p)
		diff := new(big.Int).Sub(new(big.Int).SetUint64(residues[j]), new(big.Int).Mod(result, bp))
		inv := new(big.Int).ModInverse(new(big.Int).Mod(modulus, bp), bp)
		diff.Mul(diff, inv).Mod(diff, bp)
		result.Add(result, diff.Mul(diff, modulus))
		modulus.Mul(modulus, bp)
	}
	return result
}
