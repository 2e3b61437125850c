package cookies

import "slices"

// ratio is a non-negative rational bound num/den on |value|/size.
type ratio struct{ num, den int64 }

func (r ratio) less(o ratio) bool { return r.num*o.den < o.num*r.den }

// plan is what every prime's pass shares: the parts in the order they are
// added, and the bounds on those still to come.
type plan struct {
	N                  int
	vals               []int64
	parts, zeroParts   []int
	sufUp, sufDown     []ratio
	reachUp, reachDown ratio
	// The first lead parts form at most two classes of equal value/size,
	// counted in closed form (see lead.go): classes A and B, their sizes,
	// whether a total size is a sum of A's sizes (canA), the value of such
	// a sum (valA, valB), and the sums of B's sizes.
	lead       int
	sizesA     []int
	sizesB     []int
	canA       []bool
	valA, valB []int64
	sumsB      []int32
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
	// Equal ratios: positive values first, so that parts of equal
	// value/size are next to each other.
	slices.SortStableFunc(pl.parts, func(a, b int) int {
		ra, rb := ratioOf(a), ratioOf(b)
		switch {
		case rb.less(ra):
			return -1
		case ra.less(rb):
			return 1
		case vals[a] > 0 && vals[b] < 0:
			return -1
		case vals[a] < 0 && vals[b] > 0:
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
	pl.planLead()
	return pl
}
