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
	return planZeroSum(ctx, g, p, sparse, refactorEvery)
}

// SparsePlanEvery is PlanZeroSum by the sparse method, the basis factored
// afresh after every refactorAfter updates.
func SparsePlanEvery(ctx context.Context, g *Game, p, refactorAfter int) (*Profile, error) {
	return planZeroSum(ctx, g, p, true, refactorAfter)
}

func planZeroSum(ctx context.Context, g *Game, p int, sparse bool, refactorAfter int) (*Profile, error) {
	sf, err := g.checked()
	if err != nil {
		return nil, err
	}
	sp := g.newSeqProgram(sf, p)
	plans := make([][]*big.Rat, 2)
	if sparse {
		plans[p], plans[1-p], err = g.sparsePlan(ctx, sf, sp, refactorAfter)
	} else {
		plans[p], plans[1-p], err = g.densePlan(ctx, sp)
	}
	if err != nil {
		return nil, err
	}
	return g.certified(ctx, sf, plans)
}

// SparsePivots is the pivots the sparse simplex method takes on player
// p's program, refactoring after every refactorAfter updates, and the
// refactorizations it made.
func SparsePivots(ctx context.Context, g *Game, p, refactorAfter int) (pivots, refactors int, err error) {
	sf, err := g.checked()
	if err != nil {
		return 0, 0, err
	}
	sp := g.newSeqProgram(sf, p)
	lp := sp.float()
	r, err := floatSimplex(budget.NewGuard(ctx, budget.Available()), lp, sp.firstBasis(g, sf, lp), refactorAfter)
	if err != nil {
		return 0, 0, err
	}
	return r.iters, r.refacts, nil
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
	r, err := floatSimplex(guard, lp, sp.firstBasis(g, sf, lp), refactorEvery)
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
