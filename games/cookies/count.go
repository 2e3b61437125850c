package cookies

import (
	"context"
	"fmt"
	"math/big"
	"sync"
	"sync/atomic"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/solver"
)

// Count returns C(N): the partitions of N cookies into piles whose values sum
// to at most 0, so that Even wins with Odd moving first.
//
// opt.Progress, if set, is told the pairs of piles added, over all the
// passes (the pile values before them take well under a tenth of the time
// and are not reported), and opt.Workers bounds the cores the passes are
// planned for; opt.Policy does not apply.
//
// It returns an error wrapping solver.ErrInvalid for N out of range,
// budget.ErrTooLarge for an N beyond this machine's memory, and the
// context's error if ctx is cancelled.
func Count(ctx context.Context, N int, opt solver.Options) (*big.Int, error) {
	if N < 1 || N > MaxN {
		return nil, solver.Invalidf("cookies: N must be from 1 to %d, got %d", MaxN, N)
	}
	progress := opt.Progress
	ps, workers, err := passes(ctx, N, opt.WorkerCount())
	if err != nil {
		return nil, err
	}
	vals, err := PileValues(ctx, N)
	if err != nil {
		return nil, err
	}
	pl, err := newPlan(N, vals)
	if err != nil {
		return nil, err
	}
	return pl.countSideBySide(ctx, ps, workers, progress)
}

// passes returns the primes of the passes, whose product exceeds p(N) so
// that the residues determine C(N) ≤ p(N), and how many passes run at
// once. An N whose table cannot fit is refused first.
func passes(ctx context.Context, N, cores int) ([]uint64, int, error) {
	if _, err := tablesFor(N, 1, cores); err != nil {
		return nil, 0, err
	}
	p, err := partitionCount(ctx, N)
	if err != nil {
		return nil, 0, err
	}
	ps := primes(p)
	workers, err := tablesFor(N, len(ps), cores)
	return ps, workers, err
}

// partitionCount returns p(N) by Euler's pentagonal number recurrence. It
// takes 1.5 s at N = 100000, and looks at the context every 256 sizes.
func partitionCount(ctx context.Context, N int) (*big.Int, error) {
	p := make([]*big.Int, N+1)
	p[0] = big.NewInt(1)
	for n := 1; n <= N; n++ {
		if n%256 == 0 && ctx.Err() != nil {
			return nil, fmt.Errorf("cookies: %w", ctx.Err())
		}
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
	return p[N], nil
}

// Estimate returns the bytes one table of Count(N) needs: one 8-byte
// residue per cell of the first layout, after the lead pairs, and about
// 100 bytes of bookkeeping per size (the band records, the plan).
func Estimate(N int) float64 {
	// The first layout keeps u ≤ min(up·R, s/2) at size s, up just below
	// 1/5 for the cookies: ∫ min(R/5, s/2) ds = N²/14 (TestEstimate
	// measures it).
	cells := float64(N) * float64(N) / 14
	return cells*8 + 100*float64(N)
}

// tablesFor returns how many passes run side by side for N, each on a
// table of its own: atOnce for this machine's cores and the tables its
// memory holds. It returns an error wrapping budget.ErrTooLarge if not
// even one table fits.
func tablesFor(N, passes, cores int) (int, error) {
	avail := budget.Available()
	fit := int(min(float64(passes), float64(avail)/Estimate(N)))
	n := atOnce(passes, cores, fit)
	if err := (budget.Estimate{What: fmt.Sprintf("N = %d", N), Bytes: Estimate(N) * float64(n)}).CheckWithin(avail); err != nil {
		return 0, fmt.Errorf("cookies: %w", err)
	}
	return n, nil
}

// atOnce is how many of the passes to run at once on cores, with room
// for fit tables (at least one), so that the cores finish together: in
// rounds of n passes, each round taking n/cores pass times where n ≥
// cores. With 9 passes on 2 cores, 3 at once take 3 rounds of 1.5 pass
// times, where 2 at once take 5 rounds of one (measured at N = 20000:
// 29.4–36.7 s against 31.9–39.4 s, alternating). The fewest that are
// fastest.
func atOnce(passes, cores, fit int) int {
	best, bestTime := 1, passes*cores
	for n := 2; n <= min(passes, fit); n++ {
		if t := (passes + n - 1) / n * max(n, cores); t < bestTime {
			best, bestTime = n, t
		}
	}
	return best
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

// countSideBySide runs the passes modulo the primes ps on workers
// goroutines at once, each with a table of its own, and combines their
// residues by the Chinese remainder theorem. A pass is one sweep per pair
// in increasing order of size, which two cores could share only by
// waiting on each other row by row, so each has a core to itself.
func (pl *plan) countSideBySide(ctx context.Context, ps []uint64, workers int, progress solver.Progress) (*big.Int, error) {
	residues := make([]uint64, len(ps))
	errs := make([]error, len(ps))
	var next atomic.Int64
	var done int64 // pairs counted over all passes, under mu
	total := int64(len(ps)) * int64(len(pl.pairs)+1)
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range min(workers, len(ps)) {
		wg.Go(func() {
			c := pl.newCounter()
			defer c.free()
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
