package chefs

import (
	"math"

	"github.com/gamesolve/gamesolve/engine"
)

// useFloatKernel switches the float64 kernel on; tests turn it off to
// compare it with the generic code.
var useFloatKernel = true

// floatKernel is float mode's solveSet written for float64. Through the
// numeric.Field type parameter every operation is an indirect call (Float
// and Exact share one GC shape, so Go does not specialize the generic
// code); here the compiler inlines the arithmetic. It follows solveSet and
// addSuccess expression for expression, so results are bit for bit the
// same (TestFloatKernel).
type floatKernel struct {
	p, b []float64 // skill and 1 - skill of each chef
}

func (k *floatKernel) solveSet(s solverView, prev, l layerView, mask uint32, rank int64, sc *scratchView) {
	q := l.q
	m := sc.members
	s.c.neighbours(mask, m, sc.neighbour)
	pq := q - 1
	for r := range q {
		var best float64
		bestT := -1
		for d := 1; d < q; d++ {
			t := r + d // (r + d) mod q, without a division
			if t >= q {
				t -= q
			}
			rp := r
			if r > t {
				rp--
			}
			v := prev.w[selfAt(sc.neighbour[t], pq, rp)]
			if bestT < 0 {
				best, bestT = v, t
				continue
			}
			if v > best {
				// engine.TiedFloat, inlined: v - best is positive here.
				scale := max(1, math.Abs(v), math.Abs(best))
				if v-best > engine.DefaultTieTolerance*scale {
					best, bestT = v, t
				}
			}
		}
		sc.target[r] = bestT
		s.targets[q][rank*int64(q)+int64(r)] = uint8(m[bestT])
	}

	stride := q
	out := l.w[rank*int64(q*stride) : (rank+1)*int64(q*stride)]
	row0 := out[:stride]
	for i := range row0 {
		row0[i] = 0
	}
	coef := 1.0
	for r := range q {
		tmp := coef * k.p[m[r]]
		k.addSuccess(prev, row0, row0, 1, tmp, r, sc)
		coef = coef * k.b[m[r]]
	}
	den := 1 - coef
	for i := range row0 {
		row0[i] = row0[i] / den
	}
	for r := q - 1; r >= 1; r-- {
		after := out[((r+1)%q)*stride : ((r+1)%q+1)*stride]
		row := out[r*stride : (r+1)*stride]
		k.addSuccess(prev, row, after, k.b[m[r]], k.p[m[r]], r, sc)
	}
}

// addSuccess sets dst = c·src + w·U_r, the generic code's row = c·src
// followed by its addSuccess in one pass (c = 1 multiplies exactly).
func (k *floatKernel) addSuccess(prev layerView, dst, src []float64, c, w float64, r int, sc *scratchView) {
	q := len(sc.members)
	t := sc.target[r]
	rp := r
	if r > t {
		rp--
	}
	pq := q - 1
	next := rp + 1 // (rp + 1) mod pq
	if next == pq {
		next = 0
	}
	u := prev.w[sc.neighbour[t]*int64(pq*pq)+int64(next*pq):][:pq]
	// Members before the target, the target, members after it: three
	// loops without a branch per member.
	dst, src = dst[:q], src[:q]
	for i, x := range u[:t] {
		dst[i] = float64(c*src[i]) + float64(w*x) // rounded, as Field.AddMul does
	}
	dst[t] = float64(c * src[t])
	for i, x := range u[t:pq] {
		dst[t+1+i] = float64(c*src[t+1+i]) + float64(w*x)
	}
}

// solverView, layerView and scratchView are the kernel's float64 views of
// the generic solver's state.
type solverView struct {
	c       *binomials
	targets [][]uint8
}

type layerView struct {
	q int
	w []float64
}

type scratchView struct {
	members   []int
	neighbour []int64
	target    []int
}
