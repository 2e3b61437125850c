package engine

import (
	"math/big"
	"math/bits"

	"github.com/gamesolve/gamesolve/numeric"
)

// Exact mode adds up the exits of a part's row, Σ p·x_w over the outcomes
// that leave the part, with one product per term. A row with many exits
// into a symmetric model leads to few distinct values: Herman's ring of 15
// sums 2^7 exits of a state with seven tokens over a handful of values,
// whose numerators and denominators have hundreds of digits. Such a row's
// exits are grouped by the values they lead to, checked equal with Cmp,
// and each group's probabilities added first: (Σ p)·x once per group.

// exitGroupFrom is the fewest exits in one row worth grouping (a variable
// for the tests).
var exitGroupFrom = 64

// exitGroups is the scratch of addExits: an open-addressing table of the
// groups by a hash of their values.
type exitGroups struct {
	rep   []uint32         // each group's first target state
	mass  []numeric.RatDot // each group's probability
	hash  []uint64
	table []int32 // 1 + group, or 0 for an empty slot
	m     big.Rat
}

// addExits adds exits ws (target states) with probabilities ps to dots:
// values at 0..P-1, the reward at P, the exit mass at P+1.
func (r *run[S, T, F]) addExits(dots []numeric.RatDot, ws []uint32, ps []*big.Rat) {
	P := r.np
	values, rewards := any(r.vals).([]*big.Rat), any(r.rew).([]*big.Rat)
	sums := exitSums{dots[:P], &dots[P], &dots[P+1], values, rewards}
	if len(ws) < exitGroupFrom {
		for k, w := range ws {
			sums.add(ps[k], w)
		}
		return
	}
	g := &r.exitGroups
	size := 1 << bits.Len(uint(2*len(ws)))
	if cap(g.table) < size {
		g.table = make([]int32, size)
	}
	g.table = g.table[:size]
	clear(g.table)
	g.rep, g.hash = g.rep[:0], g.hash[:0]
	same := func(v, w uint32) bool {
		for j := range P {
			if values[int(v)*P+j].Cmp(values[int(w)*P+j]) != 0 {
				return false
			}
		}
		return rewards[v].Cmp(rewards[w]) == 0
	}
	for k, w := range ws {
		h := ratHash(rewards[w])
		for j := range P {
			h = h*0x9e3779b97f4a7c15 ^ ratHash(values[int(w)*P+j])
		}
		at := int(h & uint64(size-1))
		for {
			e := g.table[at]
			if e == 0 {
				n := len(g.rep)
				g.rep, g.hash = append(g.rep, w), append(g.hash, h)
				if len(g.mass) <= n {
					g.mass = append(g.mass, numeric.RatDot{})
				}
				g.mass[n].Reset()
				g.mass[n].Add(ps[k])
				g.table[at] = int32(n + 1)
				break
			}
			if c := int(e - 1); g.hash[c] == h && same(g.rep[c], w) {
				g.mass[c].Add(ps[k])
				break
			}
			at = (at + 1) & (size - 1)
		}
	}
	for c, w := range g.rep {
		sums.add(g.mass[c].Rat(&g.m), w)
	}
}

// exitSums adds up exits in exact mode: p times a state's values into
// vals, p times its reward into rew, and p into out, the mass leaving.
type exitSums struct {
	vals            []numeric.RatDot
	rew, out        *numeric.RatDot
	values, rewards []*big.Rat // the run's, one value per player and state
}

// add adds the exit of probability p to state w.
func (s exitSums) add(p *big.Rat, w uint32) {
	P := len(s.vals)
	s.out.Add(p)
	for j := range s.vals {
		s.vals[j].AddMul(p, s.values[int(w)*P+j])
	}
	s.rew.AddMul(p, s.rewards[w])
}

// ratHash hashes a rational by its sign, its lengths and its lowest words.
func ratHash(x *big.Rat) uint64 {
	n, d := x.Num().Bits(), x.Denom().Bits()
	h := uint64(len(n))<<32 ^ uint64(len(d)) ^ uint64(x.Sign()+1)<<60
	if len(n) > 0 {
		h = h*0x9e3779b97f4a7c15 ^ uint64(n[0])
	}
	if len(d) > 0 {
		h = h*0x9e3779b97f4a7c15 ^ uint64(d[0])
	}
	return h ^ h>>29
}
