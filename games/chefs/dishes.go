package chefs

import (
	"fmt"
	"math/bits"
)

// dishes is the expected number of dishes from the full table with chef 1
// to act, computed once the targets are known: a second pass over the
// layers with one value per state instead of q+1. The layers of win
// probabilities then need no dishes column, which was a tenth of the
// memory at n = 20 (1/(q+1) of the largest layers).
//
// With member r to act, D_r = 1 + p_r D(U_r) + b_r D_{r+1}: one dish is
// cooked whether or not r hits. The cycle is solved as the wins are, and
// in the same operations in the same order as when the dishes were a
// column of the win layers, so the value is the same bits (floats) or the
// same rational: row 0 accumulates Σ_r (Π_{i<r} b_i)(p_r D(U_r) + 1), is
// divided by 1 - Π b_i, and rows q-1..1 follow by back-substitution.
func (s *chefSolver[T, F]) dishes() (T, error) {
	f := s.f
	// Layer q holds D[rank*q + r]; the win layers' buffers are reused.
	prev := s.bufW[1][:s.n]
	for k := range prev {
		prev[k] = f.FromInt(prev[k], 0) // a lone survivor cooks no more
	}
	for q := 2; q <= s.n; q++ {
		count := s.c[s.n][q]
		cur := s.bufW[q%2][:count*int64(q)]
		s.eachSet(q, false, func() func(mask uint32, rank int64) {
			members, neighbour := make([]int, q), make([]int64, q)
			u := make([]T, q) // u[r] is D(U_r)
			coef, tmp, den := f.New(), f.New(), f.New()
			return func(mask uint32, rank int64) {
				s.c.neighbours(mask, members, neighbour)
				// U_r: the set without r's target, the member after r to
				// act. Looked up first, all at once, so that the loads
				// from the larger layer overlap.
				for r := range q {
					chef := int(s.targets[q][rank*int64(q)+int64(r)])
					t := bits.OnesCount32(mask & (1<<chef - 1))
					rp := r
					if r > t {
						rp--
					}
					u[r] = prev[neighbour[t]*int64(q-1)+int64((rp+1)%(q-1))]
				}
				d := cur[rank*int64(q) : (rank+1)*int64(q)]
				if s.kernel != nil {
					s.kernel.dishes(any(d).([]float64), members, any(u).([]float64))
					return
				}
				d[0] = f.FromInt(d[0], 0)
				coef = f.Set(coef, s.one)
				for r := range q {
					tmp = f.Mul(tmp, coef, s.p[members[r]])
					d[0] = f.AddMul(d[0], d[0], tmp, u[r])
					d[0] = f.Add(d[0], d[0], coef)
					coef = f.Mul(coef, coef, s.b[members[r]])
				}
				den = f.Sub(den, s.one, coef)
				d[0] = f.Quo(d[0], d[0], den)
				for r := q - 1; r >= 1; r-- {
					d[r] = f.Mul(d[r], s.b[members[r]], d[(r+1)%q])
					d[r] = f.AddMul(d[r], d[r], s.p[members[r]], u[r])
					d[r] = f.Add(d[r], d[r], s.one)
				}
			}
		})
		if err := s.ctx.Err(); err != nil {
			return f.New(), fmt.Errorf("chefs: %w", err)
		}
		prev = cur
	}
	return f.Set(f.New(), prev[0]), nil
}

// dishes is one set's cycle of the dishes pass for the float kernel, the
// generic code's operations on float64, inlined.
func (k *floatKernel) dishes(d []float64, members []int, u []float64) {
	q := len(d)
	d[0] = 0
	coef := 1.0
	for r := range q {
		tmp := coef * k.p[members[r]]
		d[0] = d[0] + float64(tmp*u[r]) // rounded, as Field.AddMul does
		d[0] = d[0] + coef
		coef = coef * k.b[members[r]]
	}
	d[0] = d[0] / (1 - coef)
	for r := q - 1; r >= 1; r-- {
		d[r] = float64(k.b[members[r]] * d[(r+1)%q]) // rounded before a sum
		d[r] = d[r] + float64(k.p[members[r]]*u[r])
		d[r] = d[r] + 1
	}
}
