package cookies

import (
	"context"
	"math/bits"
)

// The first parts in the count's order have the largest |value|/size, and
// for the cookie piles they come in two classes of equal value/size: the
// piles 2^k-1, worth 2^k-1 (ratio 1), and the piles 2^(k+1)-2, worth
// -(2^k-1) (ratio -1/2). Added one at a time, each of those parts sweeps
// a table that is still at its widest. But within a class of equal ratio ρ
// a multiset of parts is worth ρ times its size, so the class is counted
// by size alone, PA(a) ways to make size a; and with two classes of ratios
// ρA ≠ ρB, a total size s and total value t = ρA·a + ρB·b with a + b = s
// fix a and b. So after both classes the table holds
//
//	F(s, t) = PA(a) · PB(b)
//
// in each cell: one product per pair (a, b), about N²/4 of them for the
// cookies (B's sizes are even), instead of a dozen sweeps of the table.
// The table is then laid out for the bounds after both classes, half as
// wide as for the first part.

// planLead finds the lead classes: the longest run of parts from the first
// with one value/size, then the run after it with another.
func (pl *plan) planLead() {
	class := func(from int) int {
		to := from
		for to < len(pl.parts) && sameRatio(pl.parts[from], pl.parts[to], pl.vals) {
			to++
		}
		return to
	}
	a := class(0)
	b := a
	if a < len(pl.parts) {
		b = class(a)
	}
	pl.setLead(a, b)
}

// setLead makes parts[:a] class A and parts[a:b] class B.
func (pl *plan) setLead(a, b int) {
	pl.lead = b
	pl.sizesA, pl.sizesB = pl.parts[:a], pl.parts[a:b]
	pl.canA, pl.valA = pl.sums(pl.sizesA)
	canB, valB := pl.sums(pl.sizesB)
	pl.valB, pl.sumsB = valB, nil
	for b, ok := range canB {
		if ok {
			pl.sumsB = append(pl.sumsB, int32(b))
		}
	}
}

// sameRatio reports whether piles i and j have the same value/size.
func sameRatio(i, j int, vals []int64) bool {
	return vals[i]*int64(j) == vals[j]*int64(i)
}

// sums returns which sizes are sums of the given sizes (all of one
// value/size ρ), and ρ times each such size.
func (pl *plan) sums(sizes []int) (can []bool, val []int64) {
	can, val = make([]bool, pl.N+1), make([]int64, pl.N+1)
	can[0] = true
	for _, i := range sizes {
		for s := i; s <= pl.N; s++ {
			if can[s-i] && !can[s] {
				can[s], val[s] = true, val[s-i]+pl.vals[i]
			}
		}
	}
	return can, val
}

// partitionsMod returns, for each size up to N, the ways mod p to make it
// from the given sizes, each any number of times.
func partitionsMod(N int, sizes []int, p uint64) []uint64 {
	ways := make([]uint64, N+1)
	ways[0] = 1
	for _, i := range sizes {
		for s := i; s <= N; s++ {
			y := ways[s] + ways[s-i]
			ways[s] = min(y, y-p)
		}
	}
	return ways
}

// fillLead sets the table of a pass to the counts after the lead parts:
// cell (s, t) gets PA(a)·PB(b), or the settled count of row s does, or
// the product is dead and skipped; every other cell of the first layout
// is cleared here, a row at a time, rather than in a pass of its own over
// the whole slab. Rows are independent, and go to the
// team's members in blocks.
func (c *counter) fillLead(ctx context.Context, pl *plan) {
	m := newMont(c.p)
	pa := partitionsMod(c.N, pl.sizesA, c.p)
	for a := range pa {
		pa[a] = m.to(pa[a])
	}
	pb := partitionsMod(c.N, pl.sizesB, c.p)
	const block = 64
	c.team.run(func(w int) {
		for from := w * block; from <= c.N; from += c.team.n * block {
			if ctx.Err() != nil {
				return // the first rows fault in gigabytes: seconds
			}
			for s := from; s < from+block && s <= c.N; s++ {
				c.fillRow(pl, m, pa, pb, s)
			}
		}
	})
}

// fillRow fills row s for fillLead; pa is in Montgomery form.
func (c *counter) fillRow(pl *plan, m mont, pa, pb []uint64, s int) {
	row := &c.bands[s]
	lo, hi := int64(row.lo), int64(row.hi)
	base := row.off - lo
	clear(c.slab[row.off : row.off+max(0, hi-lo+1)])
	sure, p := row.sure, c.p
	nzLo, nzHi := row.nzLo, row.nzHi
	for _, b := range pl.sumsB {
		a := s - int(b)
		if a < 0 {
			break
		}
		if !pl.canA[a] {
			continue
		}
		t := pl.valA[a] + pl.valB[b]
		if t > hi {
			continue // dead
		}
		x := m.mul(pa[a], pb[b])
		if t < lo {
			sure += x
			sure = min(sure, sure-p)
			continue
		}
		y := c.slab[base+t] + x
		c.slab[base+t] = min(y, y-p)
		nzLo, nzHi = min(nzLo, int32(t)), max(nzHi, int32(t))
	}
	row.sure, row.nzLo, row.nzHi = sure, nzLo, nzHi
}

// mont multiplies residues modulo an odd p < 2^62 by Montgomery's method
// (R = 2^64), without dividing.
type mont struct{ p, pinv, r2 uint64 }

func newMont(p uint64) mont {
	// p·x ≡ 1 (mod 2^64) by Newton's iteration, from p·p ≡ 1 (mod 8).
	x := p
	for range 5 {
		x *= 2 - p*x
	}
	r := -p % p // 2^64 mod p
	hi, lo := bits.Mul64(r, r)
	return mont{p: p, pinv: -x, r2: bits.Rem64(hi, lo, p)}
}

// redc returns T·2^-64 mod p, for T = hi·2^64 + lo < p·2^64.
func (m mont) redc(hi, lo uint64) uint64 {
	mh, ml := bits.Mul64(lo*m.pinv, m.p)
	_, carry := bits.Add64(lo, ml, 0)
	t := hi + mh + carry // below 2p < 2^63
	return min(t, t-m.p)
}

// to returns a·2^64 mod p, a's Montgomery form.
func (m mont) to(a uint64) uint64 { hi, lo := bits.Mul64(a, m.r2); return m.redc(hi, lo) }

// mul returns a·b·2^-64 mod p: a·b when a is in Montgomery form and b not.
func (m mont) mul(a, b uint64) uint64 { hi, lo := bits.Mul64(a, b); return m.redc(hi, lo) }
