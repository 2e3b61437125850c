package chefs

import "math/bits"

// Survivor sets are bitmasks (bit k set: chef k+1 alive). Sets of one size
// are numbered by colex rank, rank(M) = Σ_i C(m_i, i+1) over the members
// m_0 < m_1 < ... (0-based), which is also the order in which Gosper's hack
// enumerates them, so a layer is one flat array indexed by rank.

type binomials [MaxChefs + 2][MaxChefs + 2]int64

func newBinomials() *binomials {
	var c binomials
	for n := range c {
		c[n][0] = 1
		for k := 1; k <= n; k++ {
			c[n][k] = c[n-1][k-1] + c[n-1][k]
		}
	}
	return &c
}

// rank is the colex rank of mask among sets of its size.
func (c *binomials) rank(mask uint32) int64 {
	var r int64
	for i := 1; mask != 0; i++ {
		m := bits.TrailingZeros32(mask)
		r += c[m][i]
		mask &= mask - 1
	}
	return r
}

// unrank returns the set of size q with colex rank r.
func (c *binomials) unrank(r int64, q int) uint32 {
	var mask uint32
	m := MaxChefs
	for i := q; i >= 1; i-- {
		for c[m][i] > r {
			m--
		}
		mask |= 1 << m
		r -= c[m][i]
		m--
	}
	return mask
}

// nextSubset is Gosper's hack: the next larger mask with the same popcount.
func nextSubset(x uint32) uint32 {
	u := x & -x
	v := x + u
	return v + (((v ^ x) / u) >> 2)
}

// neighbours lists the members of mask (0-based, increasing) in members and,
// in neighbour[i], the colex rank of mask without members[i]: from prefix
// and suffix sums of the colex terms.
func (c *binomials) neighbours(mask uint32, members []int, neighbour []int64) {
	q := 0
	for x := mask; x != 0; x &= x - 1 {
		members[q] = bits.TrailingZeros32(x)
		q++
	}
	var suffix int64
	for i := 1; i < q; i++ {
		suffix += c[members[i]][i]
	}
	var prefix int64
	for i := range q {
		neighbour[i] = prefix + suffix
		prefix += c[members[i]][i+1]
		if i+1 < q {
			suffix -= c[members[i+1]][i+1]
		}
	}
}
