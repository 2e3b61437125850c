package cookies

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"math/bits"
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

// limbsFor is the number of 64-bit words that hold every count: each counts
// partitions of some s ≤ N, so all are at most p(N), computed exactly by
// Euler's pentagonal recurrence.
func limbsFor(N int) int {
	return partitionCount(N).BitLen()/64 + 1
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

// Estimate returns the bytes Count(N) needs for its tables.
func Estimate(N int) float64 {
	// The live band has about 1.5·min(s, N-s) values per size s; counts
	// are at most p(N) < exp(π√(2N/3)).
	cells := 0.75 * float64(N) * float64(N) / 2
	words := math.Pi*math.Sqrt(2*float64(N)/3)/math.Ln2/64 + 1
	return (cells + 3*float64(N)) * words * 8
}

// ratio is a non-negative rational bound num/den on |value|/size.
type ratio struct{ num, den int64 }

// band is the table of live totals for one size s: values lo..hi.
type band struct {
	lo, hi int64
	cells  []uint64 // (hi-lo+1) counts of L limbs
}

type counter struct {
	N, L int
	// up and down bound value/size of the parts still to add (they shrink
	// as parts are added in decreasing order of |value|/size); reachUp and
	// reachDown bound all parts, for the totals reachable at all.
	up, down           ratio
	reachUp, reachDown ratio
	bands              []band
	sure               []uint64 // sure[s]: settled (total ≤ -up·R), L limbs each
}

func (r ratio) less(o ratio) bool { return r.num*o.den < o.num*r.den }

func countWithValues(ctx context.Context, N int, vals []int64, progress solver.Progress) (*big.Int, error) {
	c := &counter{N: N, L: limbsFor(N), up: ratio{0, 1}, down: ratio{0, 1}}
	var zeroParts, parts []int
	for i := 1; i <= N; i++ {
		v := vals[i]
		switch {
		case v == 0:
			zeroParts = append(zeroParts, i)
			continue
		case v > 0 && v*c.up.den > c.up.num*int64(i):
			c.up = ratio{v, int64(i)}
		case v < 0 && -v*c.down.den > c.down.num*int64(i):
			c.down = ratio{-v, int64(i)}
		}
		parts = append(parts, i)
	}
	c.reachUp, c.reachDown = c.up, c.down
	c.layout()
	c.add(c.sureOrCell(0, 0), one(c.L))
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
	slices.SortStableFunc(parts, func(a, b int) int {
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
	sufUp := make([]ratio, len(parts)+1)
	sufDown := make([]ratio, len(parts)+1)
	sufUp[len(parts)], sufDown[len(parts)] = ratio{0, 1}, ratio{0, 1}
	for k := len(parts) - 1; k >= 0; k-- {
		sufUp[k], sufDown[k] = sufUp[k+1], sufDown[k+1]
		i, v := parts[k], vals[parts[k]]
		if v > 0 && sufUp[k].less(ratio{v, int64(i)}) {
			sufUp[k] = ratio{v, int64(i)}
		}
		if v < 0 && sufDown[k].less(ratio{-v, int64(i)}) {
			sufDown[k] = ratio{-v, int64(i)}
		}
	}
	work := int64(len(parts)) * 10 / 9
	for k, i := range parts {
		if k%64 == 0 && ctx.Err() != nil {
			return nil, fmt.Errorf("cookies: %w", ctx.Err())
		}
		if k%64 == 0 && progress != nil {
			progress(work-int64(len(parts)-k), work)
		}
		c.shrink(sufUp[k], sufDown[k])
		c.addPart(i, vals[i])
	}
	if progress != nil {
		progress(work, work)
	}
	c.shrink(ratio{0, 1}, ratio{0, 1}) // only zero-valued parts remain
	// Zero-valued parts never change the total: count them by size alone.
	zero := make([]uint64, (N+1)*c.L)
	copy(zero[:c.L], one(c.L))
	for _, i := range zeroParts {
		for s := i; s <= N; s++ {
			c.add(zero[s*c.L:(s+1)*c.L], zero[(s-i)*c.L:(s-i+1)*c.L])
		}
	}
	total := new(big.Int)
	for s := 0; s <= N; s++ {
		good := toBig(c.sure[s*c.L : (s+1)*c.L])
		b := &c.bands[s]
		for t := b.lo; t <= min(b.hi, 0); t++ {
			good.Add(good, toBig(c.cell(s, t)))
		}
		total.Add(total, good.Mul(good, toBig(zero[(N-s)*c.L:(N-s+1)*c.L])))
	}
	return total, nil
}

// layout sizes the bands: at size s with R = N - s still to place, a total
// t is live iff -up·R < t ≤ down·R, and reachable only if -down·s ≤ t ≤ up·s.
func (c *counter) layout() {
	c.bands = make([]band, c.N+1)
	c.sure = make([]uint64, (c.N+1)*c.L)
	for s := 0; s <= c.N; s++ {
		R := int64(c.N - s)
		lo := max(floorDiv(-c.up.num*R, c.up.den)+1, -floorDiv(c.reachDown.num*int64(s), c.reachDown.den))
		hi := min(floorDiv(c.down.num*R, c.down.den), floorDiv(c.reachUp.num*int64(s), c.reachUp.den))
		b := band{lo: lo, hi: hi}
		if hi >= lo {
			b.cells = make([]uint64, (hi-lo+1)*int64(c.L))
		}
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
	L := int64(c.L)
	for s := 0; s <= c.N; s++ {
		b := &c.bands[s]
		if b.hi < b.lo {
			continue
		}
		R := int64(c.N - s)
		lo := max(b.lo, floorDiv(-up.num*R, up.den)+1)
		hi := min(b.hi, floorDiv(down.num*R, down.den))
		sure := c.sure[int64(s)*L : int64(s+1)*L]
		for t := b.lo; t <= min(b.hi, lo-1); t++ {
			c.add(sure, b.cells[(t-b.lo)*L:(t-b.lo+1)*L])
		}
		if hi < lo {
			*b = band{lo: lo, hi: lo - 1}
			continue
		}
		b.cells = b.cells[(lo-b.lo)*L : (hi-b.lo+1)*L]
		b.lo, b.hi = lo, hi
	}
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func (c *counter) cell(s int, t int64) []uint64 {
	b := &c.bands[s]
	off := (t - b.lo) * int64(c.L)
	return b.cells[off : off+int64(c.L)]
}

// settled reports whether total t at size s is settled (≤ -up·R).
func (c *counter) settled(s int, t int64) bool {
	return t*c.up.den <= -c.up.num*int64(c.N-s)
}

// sureOrCell returns where a count for (s, t) goes (t must not be dead).
func (c *counter) sureOrCell(s int, t int64) []uint64 {
	if c.settled(s, t) {
		return c.sure[s*c.L : (s+1)*c.L]
	}
	return c.cell(s, t)
}

// addPart adds any number of parts of size i and value v. Rows s in a block
// [s0, s0+i) depend only on rows below s0, so a block is split between the
// cores when i is large enough to be worth it.
func (c *counter) addPart(i int, v int64) {
	workers := runtime.GOMAXPROCS(0)
	for s0 := i; s0 <= c.N; s0 += i {
		s1 := min(s0+i, c.N+1)
		if workers < 2 || s1-s0 < 16 {
			for s := s0; s < s1; s++ {
				c.addRow(s, i, v)
			}
			continue
		}
		var wg sync.WaitGroup
		for w := range workers {
			wg.Go(func() {
				for s := s0 + w; s < s1; s += workers {
					c.addRow(s, i, v)
				}
			})
		}
		wg.Wait()
	}
}

// addRow adds to row s the counts of row s-i shifted by v. Source totals t
// land on t+v: below dst.lo they are settled, above dst.hi dead (they can
// never return to ≤ 0), in between live; each part is one contiguous range.
func (c *counter) addRow(s, i int, v int64) {
	L := int64(c.L)
	src := &c.bands[s-i]
	dst := &c.bands[s]
	sure := c.sure[int64(s)*L : int64(s+1)*L]
	c.add(sure, c.sure[int64(s-i)*L:int64(s-i+1)*L])
	if src.hi < src.lo {
		return
	}
	// Settled: t+v < dst.lo.
	for t := src.lo; t <= min(src.hi, dst.lo-v-1); t++ {
		c.add(sure, src.cells[(t-src.lo)*L:(t-src.lo+1)*L])
	}
	// Live: dst.lo ≤ t+v ≤ dst.hi.
	lo, hi := max(src.lo, dst.lo-v), min(src.hi, dst.hi-v)
	if lo <= hi {
		addCells(dst.cells[(lo+v-dst.lo)*L:(hi+v-dst.lo+1)*L], src.cells[(lo-src.lo)*L:(hi-src.lo+1)*L], c.L)
	}
}

// addCells adds src to dst cell by cell, each cell L little-endian words.
// This is the hot loop: the common widths are unrolled.
func addCells(dst, src []uint64, L int) {
	src = src[:len(dst)]
	var carry uint64
	switch L {
	case 1:
		for k := range dst {
			dst[k], carry = bits.Add64(dst[k], src[k], 0)
			if carry != 0 {
				panic("cookies: count overflowed its words")
			}
		}
		return
	case 2:
		for base := 0; base+2 <= len(dst); base += 2 {
			d, s := (*[2]uint64)(dst[base:]), (*[2]uint64)(src[base:])
			d[0], carry = bits.Add64(d[0], s[0], 0)
			d[1], carry = bits.Add64(d[1], s[1], carry)
			if carry != 0 {
				panic("cookies: count overflowed its words")
			}
		}
		return
	case 3:
		for base := 0; base+3 <= len(dst); base += 3 {
			d, s := (*[3]uint64)(dst[base:]), (*[3]uint64)(src[base:])
			d[0], carry = bits.Add64(d[0], s[0], 0)
			d[1], carry = bits.Add64(d[1], s[1], carry)
			d[2], carry = bits.Add64(d[2], s[2], carry)
			if carry != 0 {
				panic("cookies: count overflowed its words")
			}
		}
		return
	case 4:
		for base := 0; base+4 <= len(dst); base += 4 {
			d, s := (*[4]uint64)(dst[base:]), (*[4]uint64)(src[base:])
			d[0], carry = bits.Add64(d[0], s[0], 0)
			d[1], carry = bits.Add64(d[1], s[1], carry)
			d[2], carry = bits.Add64(d[2], s[2], carry)
			d[3], carry = bits.Add64(d[3], s[3], carry)
			if carry != 0 {
				panic("cookies: count overflowed its words")
			}
		}
		return
	}
	for base := 0; base < len(dst); base += L {
		d, s := dst[base:base+L], src[base:base+L]
		var carry uint64
		for k := range d {
			d[k], carry = bits.Add64(d[k], s[k], carry)
		}
		if carry != 0 {
			panic("cookies: count overflowed its words") // the bound p(N) was wrong
		}
	}
}

// add sets dst += src (multi-word, little-endian).
func (c *counter) add(dst, src []uint64) { addCells(dst, src, c.L) }

func one(L int) []uint64 {
	w := make([]uint64, L)
	w[0] = 1
	return w
}

func toBig(w []uint64) *big.Int {
	words := make([]big.Word, 0, len(w)*(64/bits.UintSize))
	for _, x := range w {
		if bits.UintSize == 64 {
			words = append(words, big.Word(x))
		} else {
			words = append(words, big.Word(x), big.Word(x>>32))
		}
	}
	return new(big.Int).SetBits(words)
}
