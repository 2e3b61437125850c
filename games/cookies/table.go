package cookies

import (
	"context"
	"fmt"
	"math"
	"math/bits"
)

// band is row s of a pass's table: the live totals lo..hi, whose residues
// are slab[off : off+hi-lo+1], of which only nzLo..nzHi may be nonzero yet
// (none when nzLo > nzHi), and sure, the count of the settled totals
// (≤ -up·R). 32 bytes: a part sweeps thousands of rows, most of them only
// a few cells wide by the end, and their bookkeeping is then what it reads.
type band struct {
	lo, hi, nzLo, nzHi int32
	off                int64
	sure               uint64
}

// counter is one pass's table, counting modulo one prime p < 2^62, so
// that a sum of two residues fits in 63 bits.
type counter struct {
	N int
	p uint64
	// up and down bound value/size of the parts still to add (they shrink
	// as parts are added in decreasing order of |value|/size); reachUp and
	// reachDown bound all parts, for the totals reachable at all.
	up, down           ratio
	reachUp, reachDown ratio
	bands              []band
	// slab holds every band's cells, in order of size. Bands only shrink,
	// and when the bounds have halved since the last packing (packedAt),
	// the bands are packed to its front again: a part then sweeps one
	// contiguous stretch, which soon fits in the caches, rather than
	// thousands of scattered rows.
	slab     []uint64
	span     int64 // the cells in use, from the front of slab
	packedAt float64
	first    []band // the first layout, to start the next prime's pass
	team     *team  // adds a part's rows
	free     func() // releases the slab
}

// newCounter lays out the bands for the first part after the lead
// classes: at size s with R = N - s still to place, a total t is live iff
// -up·R < t ≤ down·R, and reachable only if -reachDown·s ≤ t ≤ reachUp·s.
func (pl *plan) newCounter(t *team) *counter {
	c := &counter{N: pl.N, team: t, up: pl.sufUp[pl.lead], down: pl.sufDown[pl.lead], reachUp: pl.reachUp, reachDown: pl.reachDown}
	c.first = make([]band, c.N+1)
	var off int64
	for s := range c.first {
		R := int64(c.N - s)
		lo := max(floorDiv(-c.up.num*R, c.up.den)+1, -floorDiv(c.reachDown.num*int64(s), c.reachDown.den))
		hi := min(floorDiv(c.down.num*R, c.down.den), floorDiv(c.reachUp.num*int64(s), c.reachUp.den))
		hi = max(hi, lo-1)
		c.first[s] = band{lo: int32(lo), hi: int32(hi), nzLo: math.MaxInt32, nzHi: math.MinInt32, off: off}
		off += hi - lo + 1
	}
	c.slab, c.free = allocSlab(int(off))
	adviseHugePages(c.slab)
	c.bands = make([]band, c.N+1)
	return c
}

// reset returns c to its first layout for the prime p; the cells are
// left for fillLead to set.
func (c *counter) reset(pl *plan, p uint64) {
	c.p, c.up, c.down = p, pl.sufUp[pl.lead], pl.sufDown[pl.lead]
	c.packedAt = c.spread()
	c.span = int64(len(c.slab))
	copy(c.bands, c.first) // fillLead clears the cells as it fills them
}

// spread is up + down, to which the bands' widths are proportional.
func (c *counter) spread() float64 {
	return float64(c.up.num)/float64(c.up.den) + float64(c.down.num)/float64(c.down.den)
}

// cells returns the residues of band b from total lo to hi.
func (c *counter) cells(b *band, lo, hi int64) []uint64 {
	from := b.off + lo - int64(b.lo)
	return c.slab[from : from+hi-lo+1]
}

// count is one prime's pass: C(N) mod p, in counter c.
func (pl *plan) count(ctx context.Context, c *counter, p uint64, done func(int)) (uint64, error) {
	N := pl.N
	c.reset(pl, p)
	c.fillLead(ctx, pl)
	for k := pl.lead; k < len(pl.parts); k++ {
		i := pl.parts[k]
		// Every part: one part over a table of gigabytes takes tens of
		// milliseconds.
		if ctx.Err() != nil {
			return 0, fmt.Errorf("cookies: %w", ctx.Err())
		}
		if k%64 == 0 {
			done(k)
		}
		c.up, c.down = pl.sufUp[k], pl.sufDown[k]
		if c.spread() < c.packedAt/2 {
			c.pack()
		}
		c.addPart(i, pl.vals[i])
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
		b := &c.bands[s]
		good := b.sure
		if from, to := max(b.lo, b.nzLo), min(b.hi, b.nzHi, 0); from <= to {
			good = c.mod(good + sumMod(c.cells(b, int64(from), int64(to)), p))
		}
		hi, lo := bits.Mul64(good, zero[N-s])
		total = c.mod(total + bits.Rem64(hi, lo, p))
	}
	done(len(pl.parts) + 1)
	return total, nil
}

// mod reduces a sum of two residues (below 2^63).
func (c *counter) mod(x uint64) uint64 { return min(x, x-c.p) }

// narrow shrinks row s's band to lo..hi where they are narrower: totals
// now settled move to sure, totals that can no longer return to ≤ 0 are
// dropped. The cells stay where they are.
func (c *counter) narrow(s int, lo, hi int64) {
	b := &c.bands[s]
	blo, bhi := int64(b.lo), int64(b.hi)
	if lo <= blo && hi >= bhi {
		return
	}
	lo, hi = max(lo, blo), min(hi, bhi)
	if from, to := max(blo, int64(b.nzLo)), min(bhi, int64(b.nzHi), lo-1); from <= to {
		b.sure = c.mod(b.sure + sumMod(c.cells(b, from, to), c.p))
	}
	if hi < lo {
		lo = min(lo, bhi+1)
		hi = lo - 1
	}
	b.off += lo - blo
	b.lo, b.hi = int32(lo), int32(hi)
	b.nzLo, b.nzHi = max(b.nzLo, b.lo), min(b.nzHi, b.hi)
	if b.nzLo > b.nzHi {
		b.nzLo, b.nzHi = math.MaxInt32, math.MinInt32
	}
}

// pack narrows every band to the current bounds and moves them to the
// front of the slab, in order. Each band starts at or after where it is
// moved to (the bands were in order and have only shrunk), so copy, which
// handles overlap, moves them in place.
func (c *counter) pack() {
	var pos int64
	lo, hi := c.bounds(0, 1)
	for s := range c.bands {
		c.narrow(s, lo.q+1, hi.q)
		lo.step()
		hi.step()
		b := &c.bands[s]
		w := int64(b.hi) - int64(b.lo) + 1
		copy(c.slab[pos:pos+w], c.slab[b.off:b.off+w])
		b.off = pos
		pos += w
	}
	c.span = pos
	c.packedAt = c.spread()
}

// bounds returns the live band's limits at size s as steppers over the
// sizes s, s+step, …: lo.q+1 ≤ t ≤ hi.q with lo.q = ⌊-up·R⌋ and
// hi.q = ⌊down·R⌋, R = N-s.
func (c *counter) bounds(s, step int) (lo, hi floorStep) {
	R, d := int64(c.N-s), int64(step)
	return newFloorStep(-c.up.num*R, c.up.num*d, c.up.den), newFloorStep(c.down.num*R, -c.down.num*d, c.down.den)
}

// floorStep walks q = ⌊a/den⌋ as a moves by d per step, without dividing:
// the bounds of a run of rows cost one division, not two per row.
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

// addPart adds any number of parts of size i and value v: each row from
// the row i below it, which already includes this part, so that it may be
// used any number of times.
//
// Row s needs row s-i only, so the rows split into blocks of i, and a
// worker that takes the same stretch of every block never waits for
// another. Only the rows a part writes are narrowed to the current
// bounds: a band wider than it could be is still exact (what leaves it is
// settled or dead under bounds that only ever shrink), and narrowing every
// row for every part cost more than the additions once the bands were
// narrow.
func (c *counter) addPart(i int, v int64) {
	width := min(i, c.N-i+1)
	workers := min(c.team.n, width/minRows)
	add := c.addRows
	if c.span > chainSpan {
		add = c.addChains
	}
	if workers <= 1 {
		add(i, v, 0, width)
		return
	}
	c.team.run(func(w int) {
		if w < workers {
			add(i, v, width*w/workers, width*(w+1)/workers)
		}
	})
}

// minRows is the fewest rows of a block a worker takes: fewer, and
// neighbouring workers would share cache lines.
const minRows = 16

// chainSpan is the table size, in cells, above which a part is added
// chain by chain rather than in increasing order of size: row s-i, added
// i rows earlier, has by then left the caches of a table this large, while
// along a chain it was written just before. Increasing order is faster
// where the table fits in the last-level cache (32 MB here). Measured at
// N = 20000: a pass takes 8.6 s in increasing order, 8.7 s chain by chain,
// and 7.0 s switching at 4M cells.
const chainSpan = 4 << 20

// addChains adds the part (i, v) to the rows s ≥ i with (s-i) mod i in
// from..to-1, chain by chain: s, s+i, s+2i, ….
func (c *counter) addChains(i int, v int64, from, to int) {
	for r := i + from; r < i+to; r++ {
		c.addRun(i, v, r, i, (c.N-r)/i+1)
	}
}

// addRows adds the part (i, v) to the rows s ≥ i with (s-i) mod i in
// from..to-1, in increasing order.
func (c *counter) addRows(i int, v int64, from, to int) {
	for base := i; base+from <= c.N; base += i {
		c.addRun(i, v, base+from, 1, min(to, c.N-base+1)-from)
	}
}

// addRun adds the part (i, v) to the n rows s = r, r+step, …: to each the
// counts of row s-i shifted by v. Source totals t land on t+v: below the
// destination's band they are settled, above it dead (they can never
// return to ≤ 0), in between live; each is one contiguous range. Only the
// source's nonzero range is read. Late in the count most rows hold a few
// cells, so the bookkeeping here is most of the work: it stays in this
// one loop, with short ranges added in line.
func (c *counter) addRun(i int, v int64, r, step, n int) {
	slab, p, bands := c.slab, c.p, c.bands
	lo, hi := c.bounds(r, step)
	for s := r; n > 0; s, n = s+step, n-1 {
		dst := &bands[s]
		if lo.q+1 > int64(dst.lo) || hi.q < int64(dst.hi) {
			c.narrow(s, lo.q+1, hi.q)
		}
		lo.step()
		hi.step()
		src := &bands[s-i]
		sure := dst.sure + src.sure
		sure = min(sure, sure-p)
		if from, to := int64(max(src.lo, src.nzLo)), int64(min(src.hi, src.nzHi)); from <= to {
			sbase, dlo := src.off-int64(src.lo), int64(dst.lo)
			// Settled: t+v < dst.lo.
			if top := min(to, dlo-v-1); top >= from {
				sure += sumMod(slab[sbase+from:sbase+top+1], p)
				sure = min(sure, sure-p)
			}
			// Live: dst.lo ≤ t+v ≤ dst.hi.
			if from, to = max(from, dlo-v), min(to, int64(dst.hi)-v); from <= to {
				dbase := dst.off - dlo + v
				d, x := slab[dbase+from:dbase+to+1], slab[sbase+from:sbase+to+1]
				if len(d) < 8 {
					for k := range d {
						y := d[k] + x[k]
						d[k] = min(y, y-p)
					}
				} else {
					addMod(d, x, p)
				}
				dst.nzLo, dst.nzHi = min(dst.nzLo, int32(from+v)), max(dst.nzHi, int32(to+v))
			}
		}
		dst.sure = sure
	}
}
