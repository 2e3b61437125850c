package cookies

import (
	"fmt"
	"slices"
)

// ratio is a non-negative rational bound num/den on |value|/size.
type ratio struct{ num, den int64 }

func (r ratio) less(o ratio) bool { return r.num*o.den < o.num*r.den }

func (r ratio) eq(o ratio) bool { return r.num*o.den == o.num*r.den }

func (r ratio) float() float64 { return float64(r.num) / float64(r.den) }

// pair is the pile a worth +w and its partner, the pile a+w worth -w
// (which may be larger than N, and then never fits).
type pair struct{ a, w int }

// plan is what every prime's pass shares: the pairs in the order they are
// added, and the zero-valued parts.
type plan struct {
	N         int
	vals      []int64
	pairs     []pair
	zeroParts []int
	// reach bounds w/(a+w) over all pairs: a total below -reach·s at size
	// s cannot be made.
	reach ratio
	// The first lead pairs have one value/size, and are counted in closed
	// form (see lead.go): class A holds their piles a, class B their
	// partners a+w up to N; canA says whether a total size is a sum of A's
	// sizes, valA and valB give the value of such a sum, and sumsB lists
	// the sums of B's sizes.
	lead       int
	sizesA     []int
	sizesB     []int
	canA       []bool
	valA, valB []int64
	sumsB      []int32
}

// newPlan pairs the piles up to N and orders the pairs. It returns an
// error if the values do not pair (doc.go proves that the cookie piles'
// values do).
func newPlan(N int, vals []int64) (*plan, error) {
	pl := &plan{N: N, vals: vals, reach: ratio{0, 1}}
	for i := 1; i <= N; i++ {
		v := vals[i]
		switch {
		case v == 0:
			pl.zeroParts = append(pl.zeroParts, i)
		case v > 0:
			if j := int64(i) + v; j <= int64(N) && vals[j] != -v {
				return nil, fmt.Errorf("cookies: pile %d is worth %d, but pile %d is worth %d, not %d", i, v, j, vals[j], -v)
			}
			p := pair{i, int(v)}
			pl.pairs = append(pl.pairs, p)
			if r := (ratio{v, int64(i) + v}); pl.reach.less(r) {
				pl.reach = r
			}
		case int64(i)+v < 1 || vals[int64(i)+v] != -v:
			return nil, fmt.Errorf("cookies: pile %d is worth %d, but no pile %d below it is worth %d", i, v, int64(i)+v, -v)
		}
	}
	// Pairs in decreasing order of w/a: the bound on what is still to
	// come then shrinks, and so do the bands (most pairs are ±1 on large
	// piles, whose ratio is tiny). Equal ratios: smaller piles first.
	slices.SortStableFunc(pl.pairs, func(x, y pair) int {
		rx, ry := ratio{int64(x.w), int64(x.a)}, ratio{int64(y.w), int64(y.a)}
		switch {
		case ry.less(rx):
			return -1
		case rx.less(ry):
			return 1
		}
		return x.a - y.a
	})
	pl.planLead()
	return pl, nil
}

// up is the bound on w/a of the pairs from the k-th on: the k-th's own,
// as they are in decreasing order.
func (pl *plan) up(k int) ratio {
	if k >= len(pl.pairs) {
		return ratio{0, 1}
	}
	return ratio{int64(pl.pairs[k].w), int64(pl.pairs[k].a)}
}
