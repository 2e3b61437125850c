package engine

import (
	"encoding/binary"
	"hash/maphash"
	"math/big"
	"math/bits"
	"slices"

	"github.com/gamesolve/gamesolve/numeric"
)

// Exact mode lumps a large part of a chain before it solves it. States
// i and j are lumped when their right-hand sides and exit masses are equal
// and, for every class D of the lumping, the probability of moving from i
// into D equals that from j (ordinary lumpability: Kemeny and Snell,
// Finite Markov Chains, 1960, §6.3). The values of a lumpable partition's
// quotient are then the values of each class's members: the quotient's
// solution, copied to every member, satisfies the part's equations, whose
// solution is unique.
//
// The coarsest such partition is found by refinement (as in Derisavi,
// Hermanns and Sanders, "Optimal state-space lumping in Markov chains",
// 2003, without their splitter queue): start from the classes of equal
// right-hand sides, and split every class by the states' signatures, the
// sums of probability into each class, until no class splits. The sums
// are compared as residues modulo the prime 2^61 − 1 (equal rationals have
// equal residues, so no lumpable pair is ever split), and the partition
// found is then checked with the rationals themselves: a collision of
// residues (or of the hashes signatures are looked up by) could only lump
// too much, and the check refuses it.
//
// A symmetric model is where this pays. Herman's ring of 15 has a part of
// 12,870 states, whose rotations, reflections and complements share their
// values: a dense exact solve of 12,870 unknowns takes many minutes, while
// the quotient has a few hundred. A part without symmetry splits into
// singletons in a round or two, at the cost of a pass over its entries,
// and is solved as before.

// solveLumped solves the system set up in cs (m states, d right-hand
// sides) through the quotient of its coarsest lumping. ok is false, with
// nothing solved, when that quotient would keep more than half of the
// states.
func solveLumped(cs *chainSolver[*big.Rat], m, d int) (x []*big.Rat, ok bool, err error) {
	class, count, err := lumping(cs, m, d)
	if err != nil || class == nil {
		return nil, false, err
	}
	// One member of each class, and its row summed by class: the
	// quotient's row, once every member is checked to have the same.
	rep := make([]int32, count)
	for k := range rep {
		rep[k] = -1
	}
	for i, c := range class {
		if rep[c] < 0 {
			rep[c] = int32(i)
		}
	}
	agg := newClassSums(count)
	repRows := make([][]entry[*big.Rat], count)
	for c, i := range rep {
		repRows[c] = agg.row(cs.rows[i], class)
	}
	for i, c := range class {
		if int32(i) == rep[c] {
			continue
		}
		if !agg.matches(cs.rows[i], class, repRows[c]) || !numeric.RatEqual(cs.exit[i], cs.exit[rep[c]]) {
			return nil, false, nil
		}
		for j := range d {
			if !numeric.RatEqual(cs.b[i*d+j], cs.b[int(rep[c])*d+j]) {
				return nil, false, nil
			}
		}
		if err := cs.guard.Tick(len(cs.rows[i])); err != nil {
			return nil, false, err
		}
	}
	f := numeric.Exact{}
	q := &chainSolver[*big.Rat]{guard: cs.guard, limit: cs.limit, tune: cs.tune}
	q.grow(f, count, d)
	for c, i := range rep {
		q.rows[c] = q.rows[c][:0]
		q.preds[c] = q.preds[c][:0]
		q.mark[c] = -1
		q.inf[c] = false
		q.exit[c].Set(cs.exit[i])
		for j := range d {
			q.b[c*d+j].Set(cs.b[int(i)*d+j])
		}
		for _, e := range repRows[c] {
			if int(e.col) != c { // the mass that stays in the class does not leave it
				q.rows[c] = append(q.rows[c], e)
			}
		}
		q.endRow(c)
	}
	qx, err := solveUnlumped(f, q, count, d)
	if err != nil {
		return nil, false, err
	}
	x = cs.x[:m*d]
	for i, c := range class {
		for j := range d {
			x[i*d+j].Set(qx[int(c)*d+j])
		}
	}
	return x, true, nil
}

// lumping returns the class of each state in the coarsest lumping of the
// system in cs, as residues see it, and the number of classes; class is
// nil when the lumping would keep more than half of the states (or a
// right-hand side's residue does not exist: a denominator divisible by
// the prime).
func lumping(cs *chainSolver[*big.Rat], m, d int) (class []int32, count int, err error) {
	var rs residues
	// A signature is looked up by two independent 64-bit hashes of its
	// bytes, not by the bytes (a row of Herman's ring of 17 has 6 KB of
	// them): two signatures that differ but share both hashes would only
	// lump too much, which the check in the rationals refuses.
	var key []byte
	ids := map[[2]uint64]int32{}
	id := func() int32 {
		h := [2]uint64{maphash.Bytes(lumpSeeds[0], key), maphash.Bytes(lumpSeeds[1], key)}
		c, seen := ids[h]
		if !seen {
			c = int32(len(ids))
			ids[h] = c
		}
		return c
	}
	// The first classes: equal right-hand sides and exit masses.
	class = make([]int32, m)
	for i := range m {
		if cs.inf[i] {
			return nil, 0, nil
		}
		key = key[:0]
		for j := range d + 1 {
			v := cs.exit[i]
			if j < d {
				v = cs.b[i*d+j]
			}
			r, ok := rs.of(v)
			if !ok {
				return nil, 0, nil
			}
			key = binary.LittleEndian.AppendUint64(key, r)
		}
		class[i] = id()
	}
	count = len(ids)
	if count > m/2 {
		return nil, 0, nil
	}
	// The entries' residues, once.
	start := make([]int32, m+1)
	var cols []int32
	var res []uint64
	for i := range m {
		for _, e := range cs.rows[i] {
			r, ok := rs.of(e.p)
			if !ok {
				return nil, 0, nil
			}
			cols = append(cols, e.col)
			res = append(res, r)
		}
		start[i+1] = int32(len(cols))
		if err := cs.guard.Tick(len(cs.rows[i]) + 1); err != nil {
			return nil, 0, err
		}
	}
	next := make([]int32, m)
	var sig []classMass
	for round := 1; ; round++ {
		if round > lumpRounds {
			return nil, 0, nil
		}
		cs.tuning().tally(lumpRoundsRun, 1)
		clear(ids)
		for i := range m {
			sig = sig[:0]
			for k := start[i]; k < start[i+1]; k++ {
				sig = append(sig, classMass{class[cols[k]], res[k]})
			}
			slices.SortFunc(sig, func(a, b classMass) int { return int(a.class) - int(b.class) })
			key = binary.LittleEndian.AppendUint32(key[:0], uint32(class[i]))
			for k := 0; k < len(sig); {
				c, r := sig[k].class, sig[k].r
				for k++; k < len(sig) && sig[k].class == c; k++ {
					r = addMod61(r, sig[k].r)
				}
				key = binary.LittleEndian.AppendUint32(key, uint32(c))
				key = binary.LittleEndian.AppendUint64(key, r)
			}
			next[i] = id()
			if err := cs.guard.Tick(len(sig) + 1); err != nil {
				return nil, 0, err
			}
		}
		// A state's new class refines its old one: as many classes as
		// before is the same partition, which no round will split.
		if len(ids) == count {
			return class, count, nil
		}
		count = len(ids)
		if count > m/2 {
			return nil, 0, nil
		}
		class, next = next, class
	}
}

// lumpRounds bounds the refinement's rounds. A symmetric part settles in
// a few (Herman's rings of 13 and 15: at most 6); a part that splits a
// class or two a round is peeled from its exits inward and has no
// symmetry to find: its rounds, one per class or two, would be lost.
const lumpRounds = 64

// lumpSeeds seed the two hashes of a signature.
var lumpSeeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}

// classMass is a probability's residue and the class it leads into.
type classMass struct {
	class int32
	r     uint64
}

// classSums adds a row's probabilities up by class, exactly.
type classSums struct {
	sum     []*big.Rat
	touched []int32
}

func newClassSums(n int) *classSums {
	s := &classSums{sum: make([]*big.Rat, n)}
	for i := range s.sum {
		s.sum[i] = new(big.Rat)
	}
	return s
}

// add sums row into s.sum by the classes of its columns.
func (s *classSums) add(row []entry[*big.Rat], class []int32) {
	s.touched = s.touched[:0]
	for _, e := range row {
		c := class[e.col]
		if s.sum[c].Sign() == 0 {
			s.touched = append(s.touched, c)
		}
		s.sum[c].Add(s.sum[c], e.p)
	}
}

// row returns row summed by class, in the order of the classes.
func (s *classSums) row(row []entry[*big.Rat], class []int32) []entry[*big.Rat] {
	s.add(row, class)
	slices.Sort(s.touched)
	out := make([]entry[*big.Rat], len(s.touched))
	for k, c := range s.touched {
		out[k] = entry[*big.Rat]{col: c, p: new(big.Rat).Set(s.sum[c])}
		s.sum[c].SetInt64(0)
	}
	return out
}

// matches reports whether row, summed by class, is want (row's order).
func (s *classSums) matches(row []entry[*big.Rat], class []int32, want []entry[*big.Rat]) bool {
	s.add(row, class)
	same := len(s.touched) == len(want)
	for _, e := range want {
		same = same && numeric.RatEqual(s.sum[e.col], e.p)
	}
	for _, c := range s.touched {
		s.sum[c].SetInt64(0)
	}
	return same
}

// Arithmetic modulo the Mersenne prime 2^61 − 1.
const m61 = 1<<61 - 1

var m61Big = new(big.Int).SetUint64(m61)

func addMod61(a, b uint64) uint64 {
	r := a + b
	if r >= m61 {
		r -= m61
	}
	return r
}

func mulMod61(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	// 2^61 ≡ 1: the product's bits above 61 add to the bits below.
	r := (hi<<3 | lo>>61) + lo&m61
	r = r&m61 + r>>61
	if r >= m61 {
		r -= m61
	}
	return r
}

func powMod61(a, e uint64) uint64 {
	r := uint64(1)
	for ; e > 0; e >>= 1 {
		if e&1 != 0 {
			r = mulMod61(r, a)
		}
		a = mulMod61(a, a)
	}
	return r
}

// residues maps rationals to their residues modulo 2^61 − 1, keeping the
// inverses of the denominators it has met (a model's probabilities share
// a few).
type residues struct {
	inv map[uint64]uint64
	t   big.Int
}

// of returns x's residue; false when x's denominator is a multiple of the
// prime.
func (rs *residues) of(x *big.Rat) (uint64, bool) {
	num, den := x.Num(), x.Denom()
	var n uint64
	if num.IsInt64() && num.Int64() > -1<<62 {
		v := num.Int64()
		if v >= 0 {
			n = uint64(v) % m61
		} else if n = uint64(-v) % m61; n != 0 {
			n = m61 - n
		}
	} else {
		n = rs.t.Mod(num, m61Big).Uint64() // Euclidean: never negative
	}
	if !den.IsUint64() {
		dr := rs.t.Mod(den, m61Big).Uint64()
		if dr == 0 {
			return 0, false
		}
		return mulMod61(n, powMod61(dr, m61-2)), true
	}
	dv := den.Uint64()
	inv, ok := rs.inv[dv]
	if !ok {
		dr := dv % m61
		if dr == 0 {
			return 0, false
		}
		inv = powMod61(dr, m61-2)
		if rs.inv == nil {
			rs.inv = map[uint64]uint64{}
		}
		rs.inv[dv] = inv
	}
	return mulMod61(n, inv), true
}
