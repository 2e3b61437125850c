package cookies

import (
	"context"
	"fmt"
	"math/big"
	"runtime"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/solver"
)

// Count returns C(N): the partitions of N cookies into piles whose values sum
// to at most 0, so that Even wins with Odd moving first.
//
// It returns an error wrapping solver.ErrInvalid for N out of range,
// budget.ErrTooLarge for an N beyond this machine's memory, and the
// context's error if ctx is cancelled.
func Count(ctx context.Context, N int) (*big.Int, error) { return CountProgress(ctx, N, nil) }

// CountProgress is Count that reports its progress (may be nil): the pile
// values count as the first tenth of the work, the parts as the rest.
func CountProgress(ctx context.Context, N int, progress solver.Progress) (*big.Int, error) {
	if N < 1 || N > MaxN {
		return nil, solver.Invalidf("cookies: N must be from 1 to %d, got %d", MaxN, N)
	}
	if err := (budget.Estimate{What: fmt.Sprintf("N = %d", N), Bytes: Estimate(N)}).Check(); err != nil {
		return nil, fmt.Errorf("cookies: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("cookies: %w", err)
	}
	vals, err := PileValues(ctx, N)
	if err != nil {
		return nil, err
	}
	return countWithValues(ctx, N, vals, progress)
}

// partitionCount returns p(N) by Euler's pentagonal number recurrence.
func partitionCount(N int) *big.Int {
	p := make([]*big.Int, N+1)
	p[0] = big.NewInt(1)
	for n := 1; n <= N; n++ {
		sum := new(big.Int)
		for k := 1; ; k++ {
			g1 := k * (3*k - 1) / 2
			if g1 > n {
				break
			}
			sign := k%2 == 1
			for _, g := range []int{g1, g1 + k} {
				if g > n {
					break
				}
				if sign {
					sum.Add(sum, p[n-g])
				} else {
					sum.Sub(sum, p[n-g])
				}
			}
		}
		p[n] = sum
	}
	return p[N]
}

// Estimate returns the bytes Count(N) needs for its table: one 8-byte
// residue per cell of the first layout, after the lead classes, and
// about 100 bytes of bookkeeping per size (two band records, the plan).
func Estimate(N int) float64 {
	// The first layout has N²/7 cells: measured 0.1428·N² for N from 1000
	// to 40000 (the live band after the lead classes is about 0.37·R wide
	// at R cookies still to place, and 1.5·s at size s).
	cells := float64(N) * float64(N) / 7
	return cells*8 + 100*float64(N)
}

// primes returns primes below 2^62, largest first, whose product exceeds
// bound.
func primes(bound *big.Int) []uint64 {
	var out []uint64
	prod := big.NewInt(1)
	for c := uint64(1)<<62 - 1; prod.Cmp(bound) <= 0; c -= 2 {
		if b := new(big.Int).SetUint64(c); b.ProbablyPrime(20) {
			out = append(out, c)
			prod.Mul(prod, b)
		}
	}
	return out
}

// countWithValues counts modulo enough primes that the residues determine
// C(N) ≤ p(N), one prime at a time (each pass needs one word a cell, where
// the count itself needs hundreds of bits), and combines them by the
// Chinese remainder theorem.
func countWithValues(ctx context.Context, N int, vals []int64, progress solver.Progress) (*big.Int, error) {
	return newPlan(N, vals).countAll(ctx, progress)
}

// countAll is C(N) for the plan's parts.
func (pl *plan) countAll(ctx context.Context, progress solver.Progress) (*big.Int, error) {
	ps := primes(partitionCount(pl.N))
	// The primes one after another, each pass on every core: a pass is
	// bound by memory traffic, and two passes at once only fight over the
	// shared cache and the memory bus (measured: no faster than one).
	t := newTeam(runtime.GOMAXPROCS(0))
	c := pl.newCounter(t)
	defer func() {
		t.stop() // no member is left writing when the slab goes
		c.free()
	}()
	residues := make([]uint64, len(ps))
	total := int64(len(ps)) * int64(len(pl.parts)+1)
	for j, p := range ps {
		var err error
		residues[j], err = pl.count(ctx, c, p, func(done int) {
			if progress != nil {
				progress(int64(j)*int64(len(pl.parts)+1)+int64(done), total)
			}
		})
		if err != nil {
			return nil, err
		}
	}
	// Chinese remainder theorem: fold the residues in one at a time.
	result, modulus := new(big.Int), big.NewInt(1)
	for j, p := range ps {
		bp := new(big.Int).SetUint64(p)
		diff := new(big.Int).Sub(new(big.Int).SetUint64(residues[j]), new(big.Int).Mod(result, bp))
		inv := new(big.Int).ModInverse(new(big.Int).Mod(modulus, bp), bp)
		diff.Mul(diff, inv).Mod(diff, bp)
		result.Add(result, diff.Mul(diff, modulus))
		modulus.Mul(modulus, bp)
	}
	return result, nil
}
