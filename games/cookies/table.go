package cookies

import (
	"context"
	"fmt"
	"math"
	"math/bits"

	"github.com/gamesolve/gamesolve/internal/hugepage"
)

// band is row s of a pass's table: the counts of the totals -u for u =
// 0..hi, in slab[off : off+hi+1], of which only nzLo..nzHi may be nonzero
// yet (none when nzLo > nzHi), and total, the count of all totals ≤ 0,
// kept or not. 32 bytes: a pair sweeps thousands of rows, most of them
// only a few cells wide by the end, and their bookkeeping is then what it
// reads.
type band struct {
	hi, nzLo, nzHi int32
	off            int64
	total          uint64
}

// counter is one pass's table, counting modulo one prime p < 2^62, so
// that a sum of two residues fits in 63 bits.
type counter struct {
	N int
	p uint64
	// up bounds w/a of the pairs still to add (it shrinks as they are
	// added in decreasing order); reach bounds -total/size for all.
	up, reach ratio
	bands     []band
	// slab holds every band's cells, in order of size. Bands only shrink,
	// and when the bound has halved since the last packing (packedAt),
	// the bands are packed to its front again: a pair then sweeps one
	// contiguous stretch, which soon fits in the caches, rather than
	// thousands of scattered rows.
	slab     []uint64
	packedAt float64
	first    []band // the first layout, to start the next prime's pass
	free     func() // releases the slab
}

// newCounter lays out the bands for the first pair after the lead: row s
// keeps the totals -u for 0 ≤ u ≤ min(up·R, reach·s), R = N - s.
func (pl *plan) newCounter() *counter {
	c := &counter{N: pl.N, up: pl.up(pl.lead), reach: pl.reach}
	c.first = make([]band, c.N+1)
	var off int64
	for s := range c.first {
		hi := min(floorDiv(c.up.num*int64(c.N-s), c.up.den), floorDiv(c.reach.num*int64(s), c.reach.den))
		c.first[s] = band{hi: int32(hi), nzLo: math.MaxInt32, nzHi: math.MinInt32, off: off}
		off += hi + 1
	}
	c.slab, c.free = allocSlab(int(off))
	// Huge pages: a pair's mirror reads jump from row to row, one cell
	// each, a 4 KB page each, missing the TLB (N = 10000, the piles added
	// one at a time: 7.0–8.4 s with huge pages, 7.5–8.4 s without).
	hugepage.Advise(c.slab)
	c.bands = make([]band, c.N+1)
	return c
}

// firstCells is how many cells newCounter lays out for N: the estimate's
// model, and its test's measure.
func (c *counter) firstCells() int64 { return int64(len(c.slab)) }

// reset returns c to its first layout for the prime p; the cells are
// left for fillLead to set.
func (c *counter) reset(pl *plan, p uint64) {
	c.p, c.up = p, pl.up(pl.lead)
	c.packedAt = c.up.float()
	copy(c.bands, c.first) // fillLead clears the cells as it fills them
}

// cells returns the residues of band b for u from lo to hi.
func (c *counter) cells(b *band, lo, hi int64) []uint64 {
	return c.slab[b.off+lo : b.off+hi+1]
}

// count is one prime's pass: C(N) mod p, in counter c.
func (pl *plan) count(ctx context.Context, c *counter, p uint64, done func(int)) (uint64, error) {
	N := pl.N
	c.reset(pl, p)
	if err := c.fillLead(ctx, pl); err != nil {
		return 0, err
	}
	for k := pl.lead; k < len(pl.pairs); k++ {
		if ctx.Err() != nil {
			return 0, fmt.Errorf("cookies: %w", ctx.Err())
		}
		if k%64 == 0 {
			done(k)
		}
		c.up = pl.up(k)
		if c.up.float() < c.packedAt/2 {
			c.pack()
		}
		if !c.addPair(ctx, pl.pairs[k]) {
			return 0, fmt.Errorf("cookies: %w", ctx.Err())
		}
	}
	// Zero-valued parts never change the total: count them by size alone,
	// a block of i sizes at a time from the block below it.
	zero := make([]uint64, N+1)
	zero[0] = 1
	for _, i := range pl.zeroParts {
		for s := i; s <= N; s += i {
			addMod(zero[s:min(s+i, N+1)], zero[s-i:s], p)
		}
	}
	var total uint64
	for s := 0; s <= N; s++ {
		hi, lo := bits.Mul64(c.bands[s].total, zero[N-s])
		total = c.mod(total + bits.Rem64(hi, lo, p))
	}
	done(len(pl.pairs) + 1)
	return total, nil
}

// mod reduces a sum of two residues (below 2^63).
func (c *counter) mod(x uint64) uint64 { return min(x, x-c.p) }

// sub returns x - y mod p for residues x and y.
func (c *counter) sub(x, y uint64) uint64 { d := x - y; return min(d, d+c.p) }

// narrow shrinks row s's band to 0..hi where that is narrower. The
// cells stay where they are, and the row's total still counts them.
func (c *counter) narrow(s int, hi int64) {
	b := &c.bands[s]
	if hi >= int64(b.hi) {
		return
	}
	b.hi = int32(hi)
	b.nzHi = min(b.nzHi, b.hi)
	if b.nzLo > b.nzHi {
		b.nzLo, b.nzHi = math.MaxInt32, math.MinInt32
	}
}

// pack narrows every band to the current bound and moves them to the
// front of the slab, in order. Each band starts at or after where it is
// moved to (the bands were in order and have only shrunk), so copy, which
// handles overlap, moves them in place.
func (c *counter) pack() {
	var pos int64
	hi := c.bound(0)
	for s := range c.bands {
		c.narrow(s, hi.q)
		hi.step()
		b := &c.bands[s]
		w := int64(b.hi) + 1
		copy(c.slab[pos:pos+w], c.slab[b.off:b.off+w])
		b.off = pos
		pos += w
	}
	c.packedAt = c.up.float()
}

// bound returns the band's limit ⌊up·R⌋ at size s, R = N-s, as a stepper
// over the sizes s, s+1, ….
func (c *counter) bound(s int) floorStep {
	return newFloorStep(c.up.num*int64(c.N-s), -c.up.num, c.up.den)
}

// floorStep walks q = ⌊a/den⌋ as a moves by d per step, without dividing:
// the bounds of a run of rows cost one division, not one per row.
type floorStep struct {
	q, r   int64 // a = q·den + r, 0 ≤ r < den
	dq, dr int64 // d = dq·den + dr, 0 ≤ dr < den
	den    int64
}

func newFloorStep(a, d, den int64) floorStep {
	q, dq := floorDiv(a, den), floorDiv(d, den)
	return floorStep{q: q, r: a - q*den, dq: dq, dr: d - dq*den, den: den}
}

func (f *floorStep) step() {
	f.q += f.dq
	f.r += f.dr
	if f.r >= f.den {
		f.r -= f.den
		f.q++
	}
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// addPair adds any number of piles a (worth +w) and of partners a+w
// (worth -w) to every row s ≥ a. The table F counts only totals ≤ 0;
// a positive total is the mirror of a kept one, F(s, t) = F(s+t, -t)
// for t > 0 (doc.go), so with P = x^a·y^w and Q = x^(a+w)·y^-w,
//
//	F' = F / ((1-P)(1-Q)):  F'(s, -u) = F(s, -u) + F'(s-a, -u-w)
//	                                  + F'(s-a-w, w-u) - F'(s-2a-w, -u),
//
// where F'(s-a-w, w-u) for u < w is the mirror F'(s-a-u, u-w). Every term
// is at a smaller size, so the rows go in increasing order. Each is read
// from the kept cells, because row s keeps u ≤ up·R and up·a ≥ w: the
// row s-a keeps u+w, s-a-w keeps u-w, and s-2a-w keeps u (beyond the reach
// bound a cell is 0). Summing the recurrence over u ≥ 0 gives the row's
// total from the totals of those rows, the first w cells of row s-a and
// the mirrors:
//
//	T'(s) = T(s) + T'(s-a) - Σ_{u<w} F'(s-a, -u) + T'(s-a-w)
//	        + Σ_{u<w} F'(s-a-u, u-w) - T'(s-2a-w).
//
// It returns false, leaving the table half done, if ctx is cancelled: it
// looks every 1024 rows, as one pair over a table of gigabytes takes
// seconds (N = 100000).
func (c *counter) addPair(ctx context.Context, pr pair) bool {
	a, w := int64(pr.a), int64(pr.w)
	slab, p, bands := c.slab, c.p, c.bands
	bound := c.bound(pr.a)
	for s := a; s <= int64(c.N); s++ {
		if (s-a)%1024 == 1023 && ctx.Err() != nil {
			return false
		}
		c.narrow(int(s), bound.q) // what is dropped stays in the total
		bound.step()
		dst := &bands[s]
		hd := int64(dst.hi)
		nzLo, nzHi := int64(dst.nzLo), int64(dst.nzHi)
		d := slab[dst.off : dst.off+hd+1]
		// P: F'(s-a, -(u+w)), and its first w cells leave the total.
		src := &bands[s-a]
		total := c.mod(dst.total + src.total)
		if from, to := int64(src.nzLo), int64(src.nzHi); from <= to {
			if lo, hi := max(from, w), min(to, hd+w); lo <= hi {
				addMod(d[lo-w:hi-w+1], c.cells(src, lo, hi), p)
				nzLo, nzHi = min(nzLo, lo-w), max(nzHi, hi-w)
			}
			if hi := min(to, w-1); from <= hi {
				total = c.sub(total, sumMod(c.cells(src, from, hi), p))
			}
		}
		// Q: F'(s-a-w, -(u-w)) for u ≥ w.
		if r := s - a - w; r >= 0 {
			src := &bands[r]
			total = c.mod(total + src.total)
			if from, to := int64(src.nzLo), int64(src.nzHi); from <= to {
				if hi := min(to, hd-w); from <= hi {
					addMod(d[from+w:hi+w+1], c.cells(src, from, hi), p)
					nzLo, nzHi = min(nzLo, from+w), max(nzHi, hi+w)
				}
			}
		}
		// PQ: -F'(s-2a-w, -u).
		if r := s - 2*a - w; r >= 0 {
			src := &bands[r]
			total = c.sub(total, src.total)
			if from, to := int64(src.nzLo), min(int64(src.nzHi), hd); from <= to {
				subMod(d[from:to+1], c.cells(src, from, to), p)
				nzLo, nzHi = min(nzLo, from), max(nzHi, to)
			}
		}
		// Q for u < w: the mirrors F'(s-a-u, -(w-u)), one cell a row.
		// Beyond a row's band a cell is 0 (the reach bound).
		m := min(w, s-a+1)
		in := min(m, hd+1)
		var strip uint64
		for u := range in {
			src := &bands[s-a-u]
			if t := w - u; t <= int64(src.hi) {
				x := slab[src.off+t]
				y := d[u] + x
				d[u] = min(y, y-p)
				strip += x
				strip = min(strip, strip-p)
			}
		}
		if in > 0 {
			nzLo, nzHi = min(nzLo, 0), max(nzHi, in-1)
		}
		for u := in; u < m; u++ {
			src := &bands[s-a-u]
			if t := w - u; t <= int64(src.hi) {
				strip += slab[src.off+t]
				strip = min(strip, strip-p)
			}
		}
		total = c.mod(total + strip)
		// Every term wrote within 0..hd, so the range needs no clamping
		// (and stays empty, MaxInt32..MinInt32, where none wrote).
		dst.total, dst.nzLo, dst.nzHi = total, int32(nzLo), int32(nzHi)
	}
	return true
}
