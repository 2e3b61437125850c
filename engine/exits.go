package engine

import (
	"math/big"
	"slices"

	"github.com/gamesolve/gamesolve/numeric"
)

// Exact mode adds up the exits of a part's row, Σ p·x_w over the outcomes
// that leave the part, with one product per term. A row with many exits
// into a symmetric model costs far less than that, in two steps:
//
//   - Its exits lead to few distinct values. Herman's ring of 15 sums 2^7
//     exits of a state with seven tokens over a handful of values, whose
//     numerators and denominators have hundreds of digits. Each state an
//     exit leads to is given the class of its values (and reward) once
//     per part, and a row's probabilities are added up by class first:
//     (Σ p)·x once per class.
//   - Many rows then have the same exits: a row and its rotations in a
//     ring lead to the same classes with the same probabilities. A row's
//     classes and their probabilities, sorted, are its signature, and the
//     sums of the first row with a signature are kept and reused by every
//     later row with that signature. Signatures are compared exactly
//     (class numbers and probabilities), so a reused sum is the row's own.
//
// Both need a row of tuning.exitGroupFrom exits or more. Only a part of
// tuning.memoFrom rows or more keeps sums (a small one has few rows to share
// them, and a kept sum is reduced once more than a row's own), and a part
// whose signatures rarely repeat stops keeping them (memoFutile); both
// still group.

// exitMemo is addExits' scratch for one part (reset by done).
type exitMemo struct {
	tune *tuning // the run's, set by addExits
	// cls[w] is 1 + the class of target state w's values, 0 before w is
	// first met in the part; seen lists the states to reset.
	cls  []int32
	seen []uint32
	// The classes: each one's first state and hash, and a table from a
	// hash to the last class with it (nextCls chains the others).
	rep, nextCls []int32
	clsHash      []uint64
	clsTab       map[uint64]int32
	// A row's groups: slot[c] is 1 + the group of class c, 0 if none;
	// each group's class and probability, as a Frac while every sum fits
	// (small), else as a RatDot; order is the groups by class.
	slot  []int32
	gcls  []int32
	gfrac []numeric.Frac
	gsum  []numeric.RatDot
	gmass big.Rat
	order []uint64
	// The signatures kept: entry e's classes and probabilities are
	// sigCls/sigFrac[sigAt[e]:sigAt[e+1]], its sums (the values, the
	// reward, the exit mass) sums[e*(P+2):], and sigTab maps a hash to the
	// last entry with it (nextSig chains the others).
	sigAt, nextSig []int32
	sigCls         []int32
	sigFrac        []numeric.Frac
	sums           []*big.Rat
	sigTab         map[uint64]int32
	scratch        []numeric.RatDot
	hits, misses   int
}

// memoFutile says whether a part's rows have shown too few repeated
// signatures for keeping their sums to pay.
func (m *exitMemo) memoFutile() bool { return m.misses >= 1024 && 8*m.hits < m.misses }

// addExits adds exits ws (target states) with probabilities ps (the
// graph's rational ids) to dots: values at 0..P-1, the reward at P, the
// exit mass at P+1. The row is one of a part of rows rows.
func (r *run[S, T, F]) addExits(dots []numeric.RatDot, ws, ps []uint32, rows int) {
	P := r.np
	values, rewards := any(r.vals).([]*big.Rat), any(r.rew).([]*big.Rat)
	sums := exitSums{dots[:P], &dots[P], &dots[P+1], values, rewards}
	if len(ws) < r.opt.tune().exitGroupFrom {
		for k, w := range ws {
			sums.add(r.ratX[ps[k]], w)
		}
		return
	}
	m := &r.exitMemo
	m.tune = r.opt.tune()
	if m.cls == nil {
		m.clsTab, m.sigTab = map[uint64]int32{}, map[uint64]int32{}
	}
	if len(m.cls) != len(r.chainLocal) {
		// A slot per state of the run's graph (solveLean's pieces differ
		// in size). Every slot of the memory is 0 between parts (done
		// resets what a part set), so resize's reuse needs no clearing.
		m.cls = resize(m.cls, len(r.chainLocal))
	}
	small := m.group(r.ratX, r.ratSmall, ws, ps, values, rewards, P)
	if !small || rows < r.opt.tune().memoFrom {
		// A probability or a sum does not fit in a Frac (no signature),
		// or the part is small.
		m.addGroups(sums, small)
		return
	}
	// Look the signature up.
	h := uint64(len(m.order))
	for _, k := range m.order {
		f := m.gfrac[int32(k)]
		h = ((h*0x9e3779b97f4a7c15^k>>32)*0x9e3779b97f4a7c15^f.N)*0x9e3779b97f4a7c15 ^ f.D
	}
	if m.tune.collideHashes {
		h = 0
	}
	for e := m.sigTab[h] - 1; e >= 0; e = m.nextSig[e] {
		if m.sameSig(e) {
			m.hits++
			for j := range P + 2 {
				dots[j].Add(m.sums[int(e)*(P+2)+j])
			}
			return
		}
	}
	m.misses++
	if m.memoFutile() {
		m.addGroups(sums, true)
		return
	}
	// Add the row up on its own, keep the sums, then add them to dots.
	if len(m.scratch) < P+2 {
		m.scratch = make([]numeric.RatDot, P+2)
	}
	own := m.scratch[:P+2]
	for j := range own {
		own[j].Reset()
	}
	m.addGroups(exitSums{own[:P], &own[P], &own[P+1], values, rewards}, true)
	e := int32(len(m.sigAt))
	m.sigAt = append(m.sigAt, int32(len(m.sigCls)))
	for _, k := range m.order {
		m.sigCls = append(m.sigCls, m.gcls[int32(k)])
		m.sigFrac = append(m.sigFrac, m.gfrac[int32(k)])
	}
	for j := range own {
		x := own[j].Rat(new(big.Rat))
		m.sums = append(m.sums, x)
		dots[j].Add(x)
	}
	m.nextSig = append(m.nextSig, m.sigTab[h]-1)
	m.sigTab[h] = e + 1
}

// addGroups adds the row's groups to s: each group's probability (gfrac
// where small, else gsum) times the values of its class.
func (m *exitMemo) addGroups(s exitSums, small bool) {
	for _, k := range m.order {
		g := int32(k)
		if small {
			m.gfrac[g].Rat(&m.gmass)
		} else {
			m.gsum[g].Rat(&m.gmass)
		}
		s.add(&m.gmass, uint32(m.rep[m.gcls[g]]))
	}
}

// group adds a row's exits up by the class of their targets' values into
// m's groups, sorted by class in m.order (class<<32 | group). It reports
// whether every probability (rats by id, fracs where they fit: D = 0
// where not) and every sum fits in a Frac (gfrac, reduced); otherwise
// the sums are in gsum.
func (m *exitMemo) group(rats []*big.Rat, fracs []numeric.Frac, ws, ps []uint32, values, rewards []*big.Rat, P int) (small bool) {
	small = true
	for pass := 0; pass < 2; pass++ {
		m.gcls = m.gcls[:0]
		for k, w := range ws {
			c := m.cls[w] - 1
			if c < 0 {
				c = m.classOf(w, values, rewards, P)
			}
			if len(m.slot) <= int(c) {
				m.slot = append(m.slot, make([]int32, int(c)+1-len(m.slot))...)
			}
			s := m.slot[c] - 1
			if s < 0 {
				s = int32(len(m.gcls))
				m.gcls = append(m.gcls, c)
				if len(m.gfrac) <= int(s) {
					m.gfrac = append(m.gfrac, numeric.Frac{})
					m.gsum = append(m.gsum, numeric.RatDot{})
				}
				if small {
					m.gfrac[s] = numeric.Frac{N: 0, D: 1}
				} else {
					m.gsum[s].Reset()
				}
				m.slot[c] = s + 1
			}
			if !small {
				m.gsum[s].Add(rats[ps[k]])
				continue
			}
			q := fracs[ps[k]]
			ok := q.D != 0
			if ok {
				m.gfrac[s], ok = m.gfrac[s].Add(q)
			}
			if !ok {
				small = false
				break
			}
		}
		for _, c := range m.gcls {
			m.slot[c] = 0
		}
		if small {
			break
		}
	}
	m.order = m.order[:0]
	for s, c := range m.gcls {
		if small {
			m.gfrac[s] = m.gfrac[s].Reduce()
		}
		m.order = append(m.order, uint64(c)<<32|uint64(s))
	}
	slices.Sort(m.order)
	return small
}

// classOf gives state w the class of its values and reward.
func (m *exitMemo) classOf(w uint32, values, rewards []*big.Rat, P int) int32 {
	h := ratHash(rewards[w])
	for j := range P {
		h = h*0x9e3779b97f4a7c15 ^ ratHash(values[int(w)*P+j])
	}
	if m.tune.collideHashes {
		h = 0
	}
	same := func(v uint32) bool {
		for j := range P {
			if !numeric.RatEqual(values[int(v)*P+j], values[int(w)*P+j]) {
				return false
			}
		}
		return numeric.RatEqual(rewards[v], rewards[w])
	}
	m.seen = append(m.seen, w)
	for c := m.clsTab[h] - 1; c >= 0; c = m.nextCls[c] {
		if m.clsHash[c] == h && same(uint32(m.rep[c])) {
			m.cls[w] = c + 1
			return c
		}
	}
	c := int32(len(m.rep))
	m.rep, m.clsHash = append(m.rep, int32(w)), append(m.clsHash, h)
	m.nextCls = append(m.nextCls, m.clsTab[h]-1)
	m.clsTab[h] = c + 1
	m.cls[w] = c + 1
	return c
}

// sameSig reports whether entry e is the signature of the row in m.
func (m *exitMemo) sameSig(e int32) bool {
	lo, hi := m.sigAt[e], int32(len(m.sigCls))
	if int(e)+1 < len(m.sigAt) {
		hi = m.sigAt[e+1]
	}
	if int(hi-lo) != len(m.order) {
		return false
	}
	for k, key := range m.order {
		s := int32(key)
		if m.sigCls[int(lo)+k] != m.gcls[s] || m.sigFrac[int(lo)+k] != m.gfrac[s] {
			return false
		}
	}
	return true
}

// done forgets the part's classes and signatures, keeping the storage.
func (m *exitMemo) done() {
	for _, w := range m.seen {
		m.cls[w] = 0
	}
	m.seen = m.seen[:0]
	m.rep, m.nextCls, m.clsHash = m.rep[:0], m.nextCls[:0], m.clsHash[:0]
	clear(m.clsTab)
	clear(m.sigTab)
	m.sigAt, m.nextSig, m.sigCls, m.sigFrac = m.sigAt[:0], m.nextSig[:0], m.sigCls[:0], m.sigFrac[:0]
	clear(m.sums)
	m.sums = m.sums[:0]
	if m.tune != nil {
		m.tune.tally(exitRowsReused, int64(m.hits))
	}
	m.hits, m.misses = 0, 0
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
	n, d := x.Num().Bits(), []big.Word(nil)
	if !x.IsInt() { // Denom allocates for a zero-value Rat
		d = x.Denom().Bits()
	}
	h := uint64(len(n))<<32 ^ uint64(len(d)) ^ uint64(x.Sign()+1)<<60
	if len(n) > 0 {
		h = h*0x9e3779b97f4a7c15 ^ uint64(n[0])
	}
	if len(d) > 0 {
		h = h*0x9e3779b97f4a7c15 ^ uint64(d[0])
	}
	return h ^ h>>29
}
