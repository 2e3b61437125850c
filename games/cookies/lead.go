package cookies

import (
	"context"
	"fmt"
	"math/bits"
	"slices"
)

// The first pairs in the count's order have the largest w/a, and for the
// cookie piles they are one class: the piles 2^k-1, worth 2^k-1, and
// their partners 2^(k+1)-2, worth -(2^k-1). Added one pair at a time, each
// sweeps a table that is still at its widest. But all of class A (the
// piles a) have value/size ρA = 1, and all of class B (the partners) ρB =
// -1/2, so a multiset from A is worth ρA times its size, and one from B ρB
// times its size: A is counted by size alone, PA(a) ways to make size a,
// and so is B. With ρA ≠ ρB, a total size s and total value t = ρA·a +
// ρB·b with a + b = s fix a and b. So after the lead the table holds
//
//	F(s, t) = PA(a) · PB(b)
//
// in each cell: one product per pair of sizes (a, b), about N²/4 of them
// for the cookies (B's sizes are even), instead of a dozen sweeps of the
// table. The table is then laid out for the bound after the lead, a
// fifth as wide as for the first pair.

// planLead makes the longest run of pairs from the first with one w/a the
// lead.
func (pl *plan) planLead() {
	k := 0
	for k < len(pl.pairs) && pl.up(k).eq(pl.up(0)) {
		k++
	}
	pl.setLead(k)
}

// setLead makes pairs[:k] the lead: their piles class A, their partners
// up to N class B.
func (pl *plan) setLead(k int) {
	pl.lead = k
	pl.sizesA, pl.sizesB = nil, nil
	for _, p := range pl.pairs[:k] {
		pl.sizesA = append(pl.sizesA, p.a)
		if p.a+p.w <= pl.N {
			pl.sizesB = append(pl.sizesB, p.a+p.w)
		}
	}
	pl.canA, pl.valA = pl.sums(pl.sizesA)
	canB, valB := pl.sums(pl.sizesB)
	pl.valB, pl.sumsB = valB, nil
	for b, ok := range canB {
		if ok {
			pl.sumsB = append(pl.sumsB, int32(b))
		}
	}
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

// fillLead sets the table of a pass to the counts after the lead pairs:
// cell (s, t) gets PA(a)·PB(b) for t ≤ 0 where the band keeps it, and
// row s's total counts it in any case; positive totals are the mirrors of cells elsewhere and are not
// kept. Every other cell of the first layout is cleared here, a row at a
// time, rather than in a pass of its own over the whole slab.
func (c *counter) fillLead(ctx context.Context, pl *plan) error {
	m := newMont(c.p)
	pa := partitionsMod(c.N, pl.sizesA, c.p)
	for a := range pa {
		pa[a] = m.to(pa[a])
	}
	pb := partitionsMod(c.N, pl.sizesB, c.p)
	for s := 0; s <= c.N; s++ {
		if s%64 == 0 && ctx.Err() != nil {
			return fmt.Errorf("cookies: %w", ctx.Err()) // the first rows fault in gigabytes: seconds
		}
		c.fillRow(pl, m, pa, pb, s)
	}
	return nil
}

// fillRow fills row s for fillLead; pa is in Montgomery form.
func (c *counter) fillRow(pl *plan, m mont, pa, pb []uint64, s int) {
	row := &c.bands[s]
	hi := int64(row.hi)
	cells := c.slab[row.off : row.off+hi+1]
	clear(cells)
	total, p := row.total, c.p
	nzLo, nzHi := row.nzLo, row.nzHi
	// The total falls as b grows (B is worth less per cookie than A), so
	// the sums of B that leave it ≤ 0 are a suffix of sumsB: two thirds
	// of them are skipped for the cookies, whose totals are a - b/2.
	from := 0
	if pl.lead > 0 {
		// ρA·(s-b) ≤ ρB·b with ρA = w/a and ρB = w/(a+w): b ≥ (a+w)·s/(2a+w).
		lp := pl.pairs[0]
		num, den := int64(lp.a+lp.w)*int64(s), int64(2*lp.a+lp.w)
		from, _ = slices.BinarySearch(pl.sumsB, int32((num+den-1)/den))
	}
	for _, b := range pl.sumsB[from:] {
		a := s - int(b)
		if a < 0 {
			break
		}
		if !pl.canA[a] {
			continue
		}
		u := -(pl.valA[a] + pl.valB[b])
		if u < 0 {
			continue // a positive total: the mirror of cell (s+t, -t)
		}
		x := m.mul(pa[a], pb[b])
		total += x
		total = min(total, total-p)
		if u > hi {
			continue
		}
		y := cells[u] + x
		cells[u] = min(y, y-p)
		nzLo, nzHi = min(nzLo, int32(u)), max(nzHi, int32(u))
	}
	row.total, row.nzLo, row.nzHi = total, nzLo, nzHi
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
