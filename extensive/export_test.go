package extensive

import (
	"context"
	"math/big"

	"github.com/gamesolve/gamesolve/budget"
)

// PlanZeroSum solves player p's sequence-form program by the dense exact
// simplex method or by the sparse one, and returns the certified profile
// of p's plan and the opponent's plan from the prices.
func PlanZeroSum(ctx context.Context, g *Game, p int, sparse bool) (*Profile, error) {
	sf, err := g.checked()
	if err != nil {
		return nil, err
	}
	sp := g.newSeqProgram(sf, p)
	plans := make([][]*big.Rat, 2)
	if sparse {
		plans[p], plans[1-p], err = g.sparsePlan(ctx, sf, sp)
	} else {
		plans[p], plans[1-p], err = g.densePlan(ctx, sp)
	}
	if err != nil {
		return nil, err
	}
	return g.certified(ctx, sf, plans)
}

// SparsePivots is the pivots the sparse simplex method takes on player
// p's program, and the eta file's limit between refactorizations.
func SparsePivots(ctx context.Context, g *Game, p int) (pivots, refactorAfter int, err error) {
	sf, err := g.checked()
	if err != nil {
		return 0, 0, err
	}
	sp := g.newSeqProgram(sf, p)
	lp := sp.float()
	r, err := floatSimplex(budget.NewGuard(ctx, budget.Available()), lp, sp.firstBasis(g, sf, lp))
	if err != nil {
		return 0, 0, err
	}
	return r.iters, refactorEvery, nil
}

// BasisBothWays solves the final basis of player p's program by p-adic
// lifting and by the rational replay of the float factorization, and
// reports whether the two agree exactly.
func BasisBothWays(ctx context.Context, g *Game, p int) (bool, error) {
	sf, err := g.checked()
	if err != nil {
		return false, err
	}
	guard := budget.NewGuard(ctx, budget.Available())
	sp := g.newSeqProgram(sf, p)
	lp := sp.float()
	r, err := floatSimplex(guard, lp, sp.firstBasis(g, sf, lp))
	if err != nil {
		return false, err
	}
	cols := make([]spVec, sp.m)
	for pos, j := range r.basis {
		cols[pos] = lp.cols[j]
	}
	lu, err := factorLU(sp.m, cols)
	if err != nil {
		return false, err
	}
	x1, pi1, err := sp.liftBasis(guard, lp, r.basis, lu)
	if err != nil {
		return false, err
	}
	x2, pi2, err := sp.replayBasis(guard, lp, r.basis, lu)
	if err != nil {
		return false, err
	}
	for i := range x1 {
		if x1[i].Cmp(x2[i]) != 0 || pi1[i].Cmp(pi2[i]) != 0 {
			return false, nil
		}
	}
	return true, nil
}
