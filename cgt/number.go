package cgt

import "math/big"

// simplest returns the simplest number strictly between lo and hi, where a
// nil bound is absent (lo < hi when both are given): 0 if allowed, else the
// integer nearest 0, else the dyadic with the smallest denominator.
func simplest(lo, hi *big.Rat) *big.Rat {
	zero := new(big.Rat)
	if (lo == nil || lo.Sign() < 0) && (hi == nil || hi.Sign() > 0) {
		return zero
	}
	if hi == nil || (lo != nil && lo.Sign() >= 0) {
		// lo ≥ 0: the smallest integer above lo, if below hi.
		n := new(big.Rat).SetInt(floor(lo))
		n.Add(n, big.NewRat(1, 1))
		if hi == nil || n.Cmp(hi) < 0 {
			return n
		}
	} else {
		// hi ≤ 0: the largest integer below hi, if above lo.
		n := new(big.Rat).SetInt(ceil(hi))
		n.Sub(n, big.NewRat(1, 1))
		if lo == nil || n.Cmp(lo) > 0 {
			return n
		}
	}
	// Both bounds lie in an interval between consecutive integers: find
	// the smallest k with a multiple of 2^-k strictly inside.
	scale := big.NewRat(1, 1)
	for {
		scale.Mul(scale, big.NewRat(2, 1))
		m := floor(new(big.Rat).Mul(lo, scale))
		m.Add(m, big.NewInt(1))
		cand := new(big.Rat).SetFrac(m, scale.Num())
		if cand.Cmp(hi) < 0 {
			return cand
		}
	}
}

func floor(x *big.Rat) *big.Int {
	q, m := new(big.Int).DivMod(x.Num(), x.Denom(), new(big.Int))
	_ = m
	return q // Euclidean division with a positive divisor is floor
}

func ceil(x *big.Rat) *big.Int {
	return new(big.Int).Neg(floor(new(big.Rat).Neg(x)))
}
