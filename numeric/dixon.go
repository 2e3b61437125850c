package numeric

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/bits"
)

// ErrNotModular reports that SolveRational could not solve a system by
// p-adic lifting: an entry too large for the word-size kernel, a pivot that
// vanished modulo every prime tried (the system is singular, or the
// elimination order needs pivoting), or a solution that did not verify
// within the Hadamard bound. The caller falls back to elimination over the
// rationals.
var ErrNotModular = errors.New("numeric: system not solvable by p-adic lifting")

// IntSystem is a square sparse system A X = B with integer entries: A in
// compressed rows (Start has N+1 offsets into Col and Val; the diagonal is
// an ordinary entry) and B as columns of N integers each. Row sums of |A|
// must stay below 2^31, so that a residual update fits a machine word.
type IntSystem struct {
	N     int
	Start []int32
	Col   []int32
	Val   []int64
	B     [][]*big.Int
}

// A Ticker is told the work done since its last call and stops a long solve
// with its error (budget.Guard is one). A nil Ticker never stops.
type Ticker interface{ Tick(n int) error }

type noTicker struct{}

func (noTicker) Tick(int) error { return nil }

// check rejects a malformed system (offsets, columns or right-hand sides
// that do not fit N) with an error instead of an index panic.
func (s *IntSystem) check() error {
	if s.N < 0 || len(s.Start) != s.N+1 || s.Start[0] != 0 || int(s.Start[s.N]) != len(s.Col) || len(s.Col) != len(s.Val) {
		return fmt.Errorf("numeric: SolveRational: %d rows need %d offsets from 0 to len(Col) = len(Val)", s.N, s.N+1)
	}
	for i := range s.N {
		if s.Start[i] > s.Start[i+1] {
			return fmt.Errorf("numeric: SolveRational: offsets decrease at row %d", i)
		}
	}
	for _, c := range s.Col {
		if c < 0 || int(c) >= s.N {
			return fmt.Errorf("numeric: SolveRational: column %d outside 0..%d", c, s.N-1)
		}
	}
	for j, b := range s.B {
		if len(b) != s.N {
			return fmt.Errorf("numeric: SolveRational: right-hand side %d has %d entries, want %d", j, len(b), s.N)
		}
		for i, v := range b {
			if v == nil {
				return fmt.Errorf("numeric: SolveRational: right-hand side %d, entry %d is nil", j, i)
			}
		}
	}
	return nil
}

// SolveRational solves A X = B exactly by Dixon's p-adic lifting: A is
// factored once modulo a word-size prime p (sparse elimination in row
// order, no pivoting, fill-in as elimination over the rationals would have
// it); then X = Σ x_k p^k is lifted digit by digit, each digit one
// triangular solve modulo p and one residual update r ← (r − A x_k)/p over
// the integers, whose entries stay word-sized. Every so often each column is
// recovered as rationals (Wang's rational reconstruction, with one common
// denominator per column carried from entry to entry) and accepted only if
// A·X = B holds exactly. The result: for column j, X[j][i] = Num[j][i] /
// Den[j]. Its cost is the fill-in times the number of digits, in machine
// words, instead of the fill-in times the cost of ever larger fractions.
//
// Sources: J. D. Dixon, "Exact solution of linear equations using p-adic
// expansions", Numer. Math. 40 (1982) 137–141; P. S. Wang, "A p-adic
// algorithm for univariate partial fractions", SYMSAC 1981 (rational
// reconstruction); Z. Chen and A. Storjohann, "A BLAS based C library for
// exact linear algebra on integer matrices", ISSAC 2005 (IML: the output-
// sensitive early termination by verification).
func SolveRational(s *IntSystem, t Ticker) (num [][]*big.Int, den []*big.Int, err error) {
	if t == nil {
		t = noTicker{}
	}
	if err := s.check(); err != nil {
		return nil, nil, err
	}
	if s.N == 0 {
		return make([][]*big.Int, len(s.B)), make([]*big.Int, len(s.B)), nil
	}
	rowBits, ok := s.rowBits()
	if !ok {
		return nil, nil, ErrNotModular
	}
	for _, p := range liftPrimes {
		lu, err := factorMod(s, newModP(p), t)
		if err == errZeroPivot {
			continue
		}
		if err != nil {
			return nil, nil, err
		}
		return lu.lift(s, rowBits, t)
	}
	return nil, nil, ErrNotModular
}

// liftPrimes are primes just below 2^31: residues times residues fit in 62
// bits, a product plus a residue in 63.
var liftPrimes = [...]uint64{2147483629, 2147483587, 2147483579, 2147483563}

var errZeroPivot = errors.New("zero pivot")

// rowBits returns the Hadamard bound's ingredient, Σ_i log2 ‖A_i‖₂, and
// whether every row's |A| sum is below 2^31.
func (s *IntSystem) rowBits() (float64, bool) {
	var total float64
	for i := range s.N {
		var sum uint64
		var sq float64
		for k := s.Start[i]; k < s.Start[i+1]; k++ {
			v := s.Val[k]
			a := uint64(v)
			if v < 0 {
				a = uint64(-v)
			}
			if v == math.MinInt64 || a >= 1<<31 {
				return 0, false
			}
			sum += a
			sq += float64(a) * float64(a)
		}
		if sum >= 1<<31 {
			return 0, false
		}
		if sq > 0 {
			total += 0.5 * math.Log2(sq)
		}
	}
	return total, true
}

// modP reduces modulo p by Barrett's method: m = ⌊(2^64−1)/p⌋, so the
// quotient estimate of x < 2^64 is at most two short.
type modP struct{ p, m uint64 }

func newModP(p uint64) modP { return modP{p, ^uint64(0) / p} }

func (q modP) reduce(x uint64) uint64 {
	hi, _ := bits.Mul64(x, q.m)
	r := x - hi*q.p
	if r >= q.p {
		r -= q.p
	}
	if r >= q.p {
		r -= q.p
	}
	return r
}

func (q modP) mul(a, b uint64) uint64 { return q.reduce(a * b) }

// fromInt maps a signed integer to its residue.
func (q modP) fromInt(v int64) uint64 {
	if v >= 0 {
		return q.reduce(uint64(v))
	}
	r := q.reduce(uint64(-v))
	if r == 0 {
		return 0
	}
	return q.p - r
}

// inv returns a^(p−2) = a^−1 (a ≠ 0).
func (q modP) inv(a uint64) uint64 {
	r, e := uint64(1), q.p-2
	for e > 0 {
		if e&1 == 1 {
			r = q.mul(r, a)
		}
		a = q.mul(a, a)
		e >>= 1
	}
	return r
}

type modEntry struct {
	col int32
	v   uint32
}

// modLU is A = L U modulo p in the elimination order 0..N−1: for each
// pivot k the multipliers (row i, w) that subtract w·row k from row i, and
// each row's entries right of the diagonal.
type modLU struct {
	q      modP
	lower  [][]modEntry // lower[k]: col holds the row i eliminated with pivot k
	upper  [][]modEntry
	invPiv []uint64
}

func factorMod(s *IntSystem, q modP, t Ticker) (*modLU, error) {
	n := s.N
	rows := make([][]modEntry, n)
	diag := make([]uint64, n)
	preds := make([][]int32, n)
	pos := make([]int32, n)
	for i := range pos {
		pos[i] = -1
	}
	for i := range n {
		ri := rows[i]
		for k := s.Start[i]; k < s.Start[i+1]; k++ {
			c := s.Col[k]
			v := q.fromInt(s.Val[k])
			if int(c) == i {
				diag[i] = q.reduce(diag[i] + v)
				continue
			}
			if x := pos[c]; x >= 0 { // a column given twice: add up
				ri[x].v = uint32(q.reduce(uint64(ri[x].v) + v))
				continue
			}
			pos[c] = int32(len(ri))
			ri = append(ri, modEntry{c, uint32(v)})
			if int(c) < i {
				preds[c] = append(preds[c], int32(i))
			}
		}
		for _, e := range ri {
			pos[e.col] = -1
		}
		rows[i] = ri
	}
	lu := &modLU{q: q, lower: make([][]modEntry, n), invPiv: make([]uint64, n)}
	p := q.p
	for k := range n {
		if diag[k] == 0 {
			return nil, errZeroPivot
		}
		inv := q.inv(diag[k])
		lu.invPiv[k] = inv
		rk := rows[k]
		for _, i := range preds[k] {
			ri := rows[i]
			at := -1
			for x, e := range ri {
				if int(e.col) == k {
					at = x
					break
				}
			}
			if at < 0 {
				continue // already eliminated: i listed twice
			}
			if err := t.Tick(len(rk) + 1); err != nil {
				return nil, err
			}
			w := q.mul(uint64(ri[at].v), inv)
			ri[at] = ri[len(ri)-1]
			ri = ri[:len(ri)-1]
			lu.lower[k] = append(lu.lower[k], modEntry{i, uint32(w)})
			if w == 0 {
				rows[i] = ri
				continue
			}
			for x, e := range ri {
				pos[e.col] = int32(x)
			}
			for _, e := range rk {
				d := q.mul(w, uint64(e.v)) // row i −= w·row k
				if int(e.col) == int(i) {
					diag[i] = q.reduce(diag[i] + p - d)
					continue
				}
				if x := pos[e.col]; x >= 0 {
					ri[x].v = uint32(q.reduce(uint64(ri[x].v) + p - d))
				} else {
					pos[e.col] = int32(len(ri))
					ri = append(ri, modEntry{e.col, uint32((p - d) % p)})
					if int(e.col) < int(i) {
						preds[e.col] = append(preds[e.col], i)
					}
				}
			}
			for _, e := range ri {
				pos[e.col] = -1
			}
			rows[i] = ri
		}
		preds[k] = nil
	}
	lu.upper = rows
	return lu, nil
}

// solve overwrites r (residues) with A^−1 r modulo p.
func (lu *modLU) solve(r []uint64) {
	q := lu.q
	p := q.p
	for k, l := range lu.lower {
		rk := r[k]
		if rk == 0 {
			continue
		}
		for _, e := range l {
			r[e.col] = q.reduce(r[e.col] + p - q.mul(uint64(e.v), rk))
		}
	}
	for k := len(r) - 1; k >= 0; k-- {
		acc := r[k]
		for _, e := range lu.upper[k] {
			acc = q.reduce(acc + p - q.mul(uint64(e.v), r[e.col]))
		}
		r[k] = q.mul(acc, lu.invPiv[k])
	}
}

// work is the word operations of one solve.
func (lu *modLU) work() int {
	w := len(lu.invPiv)
	for k := range lu.lower {
		w += len(lu.lower[k]) + len(lu.upper[k])
	}
	return w
}

// lift runs Dixon's iteration for every column of B.
func (lu *modLU) lift(s *IntSystem, rowBits float64, t Ticker) ([][]*big.Int, []*big.Int, error) {
	n := s.N
	q := lu.q
	pBig := new(big.Int).SetUint64(q.p)
	num := make([][]*big.Int, len(s.B))
	den := make([]*big.Int, len(s.B))
	work := lu.work() + len(s.Col)
	for j, b := range s.B {
		zero := true
		var bBits float64
		for _, v := range b {
			if v.Sign() != 0 {
				zero = false
				bBits = max(bBits, float64(v.BitLen()))
			}
		}
		if zero {
			num[j] = make([]*big.Int, n)
			for i := range num[j] {
				num[j][i] = new(big.Int)
			}
			den[j] = big.NewInt(1)
			continue
		}
		// Cramer's rule bounds numerators and the denominator by
		// ‖A‖-Hadamard times ‖b‖ (times √n): reconstruction needs
		// twice that many bits, and a little more.
		bound := 2*(rowBits+bBits+math.Log2(float64(n))+1) + 64
		maxDigits := int(bound/math.Log2(float64(q.p))) + 2
		nu, de, err := lu.liftColumn(s, b, pBig, maxDigits, work, t)
		if err != nil {
			return nil, nil, err
		}
		num[j], den[j] = nu, de
	}
	return num, den, nil
}

func (lu *modLU) liftColumn(s *IntSystem, b []*big.Int, pBig *big.Int, maxDigits, work int, t Ticker) ([]*big.Int, *big.Int, error) {
	n := s.N
	q := lu.q
	// The residual: big while B is, machine words once every entry fits.
	rb := make([]*big.Int, n)
	for i, v := range b {
		rb[i] = new(big.Int).Set(v)
	}
	var rw []int64
	x := make([]uint64, n)
	acc := make([]*big.Int, n)
	for i := range acc {
		acc[i] = new(big.Int)
	}
	pk := big.NewInt(1) // p^k
	tmp, rem, dig := new(big.Int), new(big.Int), new(big.Int)
	next := 2
	for k := 1; k <= maxDigits; k++ {
		if err := t.Tick(work); err != nil {
			return nil, nil, err
		}
		// x = A^−1 r mod p
		if rw != nil {
			for i, v := range rw {
				x[i] = q.fromInt(v)
			}
		} else {
			for i, v := range rb {
				x[i] = rem.Mod(v, pBig).Uint64()
			}
		}
		lu.solve(x)
		// acc += x p^k
		for i, v := range x {
			if v != 0 {
				acc[i].Add(acc[i], tmp.Mul(pk, dig.SetUint64(v)))
			}
		}
		pk.Mul(pk, pBig)
		// r = (r − A x)/p; exact, since A x ≡ r (mod p).
		if rw == nil {
			fits := true
			for i := range n {
				var ax int64
				for e := s.Start[i]; e < s.Start[i+1]; e++ {
					ax += s.Val[e] * int64(x[s.Col[e]])
				}
				r := rb[i].Sub(rb[i], tmp.SetInt64(ax))
				r.Quo(r, pBig)
				fits = fits && r.BitLen() < 40
			}
			if fits {
				rw = make([]int64, n)
				for i, v := range rb {
					rw[i] = v.Int64()
				}
			}
		} else {
			p := int64(q.p)
			for i := range n {
				ax := rw[i]
				for e := s.Start[i]; e < s.Start[i+1]; e++ {
					ax -= s.Val[e] * int64(x[s.Col[e]])
				}
				rw[i] = ax / p
			}
		}
		if k < next && k < maxDigits {
			continue
		}
		next = k + max(1, k/3)
		nu, de, ok := reconstruct(acc, pk)
		if ok && verify(s, b, nu, de) {
			return nu, de, nil
		}
	}
	return nil, nil, fmt.Errorf("%w: no solution within %d digits", ErrNotModular, maxDigits)
}

// reconstruct recovers each entry of acc (modulo m) as n/d with |n|, d ≤
// √(m/2), carrying one common denominator: an entry whose multiple by the
// denominator so far is already small needs no Euclid.
func reconstruct(acc []*big.Int, m *big.Int) ([]*big.Int, *big.Int, bool) {
	bound := new(big.Int).Rsh(m, 1)
	bound.Sqrt(bound)
	half := new(big.Int).Rsh(m, 1)
	den := big.NewInt(1)
	out := make([]*big.Int, len(acc))
	y := new(big.Int)
	for i, a := range acc {
		y.Mul(a, den)
		y.Mod(y, m)
		if y.Cmp(half) > 0 {
			y.Sub(y, m)
		}
		if y.CmpAbs(bound) <= 0 {
			out[i] = new(big.Int).Set(y)
			continue
		}
		n, d, ok := wang(y, m, bound)
		if !ok {
			return nil, nil, false
		}
		// value = n/(d·den): every earlier numerator scales by d.
		den.Mul(den, d)
		if den.Cmp(bound) > 0 {
			return nil, nil, false
		}
		for k := range i {
			out[k].Mul(out[k], d)
		}
		out[i] = n
	}
	return out, den, true
}

// wang finds n/d ≡ u (mod m) with |n| ≤ bound, 0 < d ≤ bound.
func wang(u, m, bound *big.Int) (n, d *big.Int, ok bool) {
	r0, r1 := new(big.Int).Set(m), new(big.Int).Mod(u, m)
	t0, t1 := new(big.Int), big.NewInt(1)
	qt, tmp := new(big.Int), new(big.Int)
	for r1.CmpAbs(bound) > 0 {
		qt.QuoRem(r0, r1, tmp)
		r0, r1, tmp = r1, tmp, r0
		tmp.Mul(qt, t1)
		tmp.Sub(t0, tmp)
		t0, t1, tmp = t1, tmp, t0
	}
	if t1.Sign() == 0 || t1.CmpAbs(bound) > 0 {
		return nil, nil, false
	}
	if t1.Sign() < 0 {
		t1.Neg(t1)
		r1.Neg(r1)
	}
	return r1, t1, true // a common factor is harmless: the caller verifies
}

// verify checks A·num = den·b exactly.
func verify(s *IntSystem, b, num []*big.Int, den *big.Int) bool {
	sum, tmp, rhs := new(big.Int), new(big.Int), new(big.Int)
	for i := range s.N {
		sum.SetInt64(0)
		for e := s.Start[i]; e < s.Start[i+1]; e++ {
			sum.Add(sum, tmp.Mul(tmp.SetInt64(s.Val[e]), num[s.Col[e]]))
		}
		if sum.Cmp(rhs.Mul(den, b[i])) != 0 {
			return false
		}
	}
	return true
}
