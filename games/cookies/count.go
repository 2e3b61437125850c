package cookies

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"runtime"
	"slices"
	"sync"

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
	if err := (budget.Estimate{What: fmt.Sprintf("N = %d", N), Bytes: Estimate(N)}).Check(); err != nil {
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

// Estimate returns the bytes Count(N) needs for its tables: one 4-byte
// residue per live cell of the widest (first) layout, for each of the
// passes that run at once (one per core).
func Estimate(N int) float64 {
	// The live band has about 1.5·min(s, N-s) values per size s.
	cells := 0.75 * float64(N) * float64(N) / 2
	return float64(runtime.GOMAXPROCS(0)) * (cells + 4*float64(N)) * 4
}

// ratio is a non-negative rational bound num/den on |value|/size.
type ratio struct{ num, den int64 }

// band is the table of live totals for one size s: values lo..hi, of
// which only nzLo..nzHi may be nonzero yet (empty when nzLo > nzHi).
type band struct {
	lo, hi     int64
	nzLo, nzHi int64
	cells      []uint32 // hi-lo+1 residues
	// first is the band as laid out, kept so a counter can be reused.
	firstLo, firstHi int64
	first            []uint32
}

// counter counts modulo one prime p < 2^31, so a sum of two residues fits
// in 32 bits: half the memory of 64-bit words, and as many more passes,
// which cost the same since the passes are bound by memory traffic.
type counter struct {
	N int
	p uint32
	// up and down bound value/size of the parts still to add (they shrink
	// as parts are added in decreasing order of |value|/size); reachUp and
	// reachDown bound all parts, for the totals reachable at all.
	up, down           ratio
	reachUp, reachDown ratio
	bands              []band
	sure               []uint32 // sure[s]: settled (total ≤ -up·R)
}

func (r ratio) less(o ratio) bool { return r.num*o.den < o.num*r.den }

// plan is what every prime's pass shares: the parts in the order they are
// added, and the bounds on those still to come.
type plan struct {
	N                  int
	vals               []int64
	parts, zeroParts   []int
	sufUp, sufDown     []ratio
	reachUp, reachDown ratio
}

func newPlan(N int, vals []int64) *plan {
	pl := &plan{N: N, vals: vals, reachUp: ratio{0, 1}, reachDown: ratio{0, 1}}
	for i := 1; i <= N; i++ {
		v := vals[i]
		switch {
		case v == 0:
			pl.zeroParts = append(pl.zeroParts, i)
			continue
		case v > 0 && v*pl.reachUp.den > pl.reachUp.num*int64(i):
			pl.reachUp = ratio{v, int64(i)}
		case v < 0 && -v*pl.reachDown.den > pl.reachDown.num*int64(i):
			pl.reachDown = ratio{-v, int64(i)}
		}
		pl.parts = append(pl.parts, i)
	}
	// Parts in decreasing order of |value|/size: the bounds on what is still
	// to come then shrink, and so do the bands (most parts are ±1 on large
	// piles, whose ratio is tiny).
	ratioOf := func(i int) ratio {
		v := vals[i]
		if v < 0 {
			v = -v
		}
		return ratio{v, int64(i)}
	}
	slices.SortStableFunc(pl.parts, func(a, b int) int {
		ra, rb := ratioOf(a), ratioOf(b)
		switch {
		case rb.less(ra):
			return -1
		case ra.less(rb):
			return 1
		}
		return 0
	})
	// Suffix maxima of the positive and negative ratios.
	n := len(pl.parts)
	pl.sufUp, pl.sufDown = make([]ratio, n+1), make([]ratio, n+1)
	pl.sufUp[n], pl.sufDown[n] = ratio{0, 1}, ratio{0, 1}
	for k := n - 1; k >= 0; k-- {
		pl.sufUp[k], pl.sufDown[k] = pl.sufUp[k+1], pl.sufDown[k+1]
		i, v := pl.parts[k], vals[pl.parts[k]]
		if v > 0 && pl.sufUp[k].less(ratio{v, int64(i)}) {
			pl.sufUp[k] = ratio{v, int64(i)}
		}
		if v < 0 && pl.sufDown[k].less(ratio{-v, int64(i)}) {
			pl.sufDown[k] = ratio{-v, int64(i)}
		}
	}
	return pl
}

// primes returns primes below 2^31, largest first, whose product exceeds
// bound.
func primes(bound *big.Int) []uint32 {
	var out []uint32
	prod := big.NewInt(1)
	for c := uint32(1)<<31 - 1; prod.Cmp(bound) <= 0; c -= 2 {
		if big.NewInt(int64(c)).ProbablyPrime(20) {
			out = append(out, c)
			prod.Mul(prod, big.NewInt(int64(c)))
		}
	}
	return out
}

// countWithValues counts modulo enough primes that the residues determine
// C(N) ≤ p(N), one prime at a time (each pass needs one word a cell, where
// the count itself needs hundreds of bits), and combines them by the
// Chinese remainder theorem.
func countWithValues(ctx context.Context, N int, vals []int64, progress solver.Progress) (*big.Int, error) {
	pl := newPlan(N, vals)
	ps := primes(partitionCount(N))
	// One pass per core at a time: passes share nothing, so they scale
	// better than splitting one pass's rows between cores.
	workers := min(runtime.GOMAXPROCS(0), len(ps))
	residues := make([]uint32, len(ps))
	errs := make([]error, len(ps))
	var mu sync.Mutex
	var doneParts int64
	total := int64(len(ps)) * int64(len(pl.parts)+1)
	next := 0
	var wg sync.WaitGroup
	counters := make([]*counter, workers) // reused: one layout per core
	for w := range workers {
		wg.Go(func() {
			for {
				mu.Lock()
				j := next
				next++
				mu.Unlock()
				if j >= len(ps) {
					return
				}
				last := 0
				c := counters[w]
				if c == nil {
					c = pl.newCounter()
					counters[w] = c
				}
				residues[j], errs[j] = pl.count(ctx, c, ps[j], func(done int) {
					if progress == nil {
						return
					}
					mu.Lock()
					doneParts += int64(done - last)
					last = done
					progress(doneParts, total)
					mu.Unlock()
				})
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	// Chinese remainder theorem: fold the residues in one at a time.
	result, modulus := new(big.Int), big.NewInt(1)
	for j, p := range ps {
		bp := big.NewInt(int64(p))
		diff := new(big.Int).Sub(big.NewInt(int64(residues[j])), new(big.Int).Mod(result, bp))
		inv := new(big.Int).ModInverse(new(big.Int).Mod(modulus, bp), bp)
		diff.Mul(diff, inv).Mod(diff, bp)
		result.Add(result, diff.Mul(diff, modulus))
		modulus.Mul(modulus, bp)
	}
	return result, nil
}

// newCounter lays out the bands for the first part.
func (pl *plan) newCounter() *counter {
	c := &counter{N: pl.N, up: pl.sufUp[0], down: pl.sufDown[0], reachUp: pl.reachUp, reachDown: pl.reachDown}
	c.layout()
	return c
}

// reset returns c to its first layout, all zero, for the prime p.
func (c *counter) reset(pl *plan, p uint32) {
	c.p, c.up, c.down = p, pl.sufUp[0], pl.sufDown[0]
	clear(c.sure)
	for s := range c.bands {
		b := &c.bands[s]
		clear(b.first)
		b.lo, b.hi, b.cells = b.firstLo, b.firstHi, b.first
		b.nzLo, b.nzHi = math.MaxInt64, math.MinInt64
	}
}

// count is one prime's pass: C(N) mod p, in counter c.
func (pl *plan) count(ctx context.Context, c *counter, p uint32, done func(int)) (uint32, error) {
	N := pl.N
	c.reset(pl, p)
	if c.settled(0, 0) {
		c.sure[0] = 1
	} else {
		b := &c.bands[0]
		b.cells[-b.lo] = 1
		b.nzLo, b.nzHi = 0, 0
	}
	for k, i := range pl.parts {
		if k%64 == 0 {
			if ctx.Err() != nil {
				return 0, fmt.Errorf("cookies: %w", ctx.Err())
			}
			done(k)
		}
		c.shrink(pl.sufUp[k], pl.sufDown[k])
		c.addPart(i, pl.vals[i])
	}
	c.shrink(ratio{0, 1}, ratio{0, 1}) // only zero-valued parts remain
	// Zero-valued parts never change the total: count them by size alone.
	zero := make([]uint32, N+1)
	zero[0] = 1
	for _, i := range pl.zeroParts {
		for s := i; s <= N; s++ {
			zero[s] = c.mod(zero[s] + zero[s-i])
		}
	}
	var total uint32
	for s := 0; s <= N; s++ {
		good := c.sure[s]
		b := &c.bands[s]
		if from, to := max(b.lo, b.nzLo), min(b.hi, b.nzHi, 0); from <= to {
			good = c.mod(good + sumMod(b.cells[from-b.lo:to-b.lo+1], p))
		}
		total = c.mod(total + uint32(uint64(good)*uint64(zero[N-s])%uint64(p)))
	}
	done(len(pl.parts) + 1)
	return total, nil
}

// mod reduces a sum of two residues (below 2^32).
func (c *counter) mod(x uint32) uint32 {
	y := x - c.p
	return y + c.p&uint32(int32(y)>>31)
}

// layout sizes the bands: at size s with R = N - s still to place, a total
// t is live iff -up·R < t ≤ down·R, and reachable only if -down·s ≤ t ≤ up·s.
func (c *counter) layout() {
	c.bands = make([]band, c.N+1)
	c.sure = make([]uint32, c.N+1)
	for s := 0; s <= c.N; s++ {
		R := int64(c.N - s)
		lo := max(floorDiv(-c.up.num*R, c.up.den)+1, -floorDiv(c.reachDown.num*int64(s), c.reachDown.den))
		hi := min(floorDiv(c.down.num*R, c.down.den), floorDiv(c.reachUp.num*int64(s), c.reachUp.den))
		b := band{lo: lo, hi: hi, nzLo: math.MaxInt64, nzHi: math.MinInt64, firstLo: lo, firstHi: hi}
		if hi >= lo {
			b.cells = make([]uint32, hi-lo+1)
		}
		b.first = b.cells
		c.bands[s] = b
	}
}

// shrink narrows the bands to new bounds on the parts still to come: totals
// now settled move to sure, totals that can no longer return to ≤ 0 are
// dropped. Bands only shrink, so cells are re-sliced, not copied.
func (c *counter) shrink(up, down ratio) {
	if up == c.up && down == c.down {
		return
	}
	c.up, c.down = up, down
	for s := 0; s <= c.N; s++ {
		b := &c.bands[s]
		if b.hi < b.lo {
			continue
		}
		R := int64(c.N - s)
		lo := max(b.lo, floorDiv(-up.num*R, up.den)+1)
		hi := min(b.hi, floorDiv(down.num*R, down.den))
		if from, to := max(b.lo, b.nzLo), min(b.hi, b.nzHi, lo-1); from <= to {
			c.sure[s] = c.mod(c.sure[s] + sumMod(b.cells[from-b.lo:to-b.lo+1], c.p))
		}
		if hi < lo {
			b.lo, b.hi, b.cells = lo, lo-1, nil
			b.nzLo, b.nzHi = math.MaxInt64, math.MinInt64
			continue
		}
		b.cells = b.cells[lo-b.lo : hi-b.lo+1]
		b.lo, b.hi = lo, hi
		b.nzLo, b.nzHi = max(b.nzLo, lo), min(b.nzHi, hi)
	}
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// settled reports whether total t at size s is settled (≤ -up·R).
func (c *counter) settled(s int, t int64) bool {
	return t*c.up.den <= -c.up.num*int64(c.N-s)
}

// addPart adds any number of parts of size i and value v: rows in
// increasing order, each from the row i below it (already including this
// part, so it may be used any number of times).
func (c *counter) addPart(i int, v int64) {
	for s := i; s <= c.N; s++ {
		c.addRow(s, i, v)
	}
}

// addRow adds to row s the counts of row s-i shifted by v. Source totals t
// land on t+v: below dst.lo they are settled, above dst.hi dead (they can
// never return to ≤ 0), in between live; each part is one contiguous range.
// Only the source's nonzero range is read.
func (c *counter) addRow(s, i int, v int64) {
	src := &c.bands[s-i]
	dst := &c.bands[s]
	c.sure[s] = c.mod(c.sure[s] + c.sure[s-i])
	lo, hi := max(src.lo, src.nzLo), min(src.hi, src.nzHi)
	if hi < lo {
		return
	}
	// Settled: t+v < dst.lo.
	if top := min(hi, dst.lo-v-1); top >= lo {
		c.sure[s] = c.mod(c.sure[s] + sumMod(src.cells[lo-src.lo:top-src.lo+1], c.p))
	}
	// Live: dst.lo ≤ t+v ≤ dst.hi.
	lo, hi = max(lo, dst.lo-v), min(hi, dst.hi-v)
	if lo > hi {
		return
	}
	addMod(dst.cells[lo+v-dst.lo:hi+v-dst.lo+1], src.cells[lo-src.lo:hi-src.lo+1], c.p)
	dst.nzLo, dst.nzHi = min(dst.nzLo, lo+v), max(dst.nzHi, hi+v)
}

// sumMod returns the sum of residues mod p, accumulated in 64 bits so
// that the additions do not wait on each other's reduction.
func sumMod(xs []uint32, p uint32) uint32 {
	var sum uint64
	for _, x := range xs {
		sum += uint64(x)
	}
	return uint32(sum % uint64(p))
}

// addMod sets dst[k] = (dst[k] + src[k]) mod p, for residues below p <
// 2^31. This is the hot loop.
func addMod(dst, src []uint32, p uint32) {
	src = src[:len(dst)]
	for k, x := range src {
		// Branch-free: y - p, plus p back where that went negative (sums
		// are below 2^32 and p below 2^31, so the sign bit tells).
		y := dst[k] + x - p
		dst[k] = y + p&uint32(int32(y)>>31)
	}
}
