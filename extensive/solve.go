package extensive

import (
	"context"
	"errors"
	"fmt"
	"math/big"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/solver"
)

// ErrNotZeroSum is returned by SolveZeroSum for a game whose payoffs do
// not add up to one constant at every terminal node.
var ErrNotZeroSum = fmt.Errorf("extensive: not a two-player constant-sum game: %w", solver.ErrInvalid)

// Profile is a behaviour-strategy profile with its payoffs.
type Profile struct {
	// Behavior[i][a] is the probability of action a at player information
	// set i (nil at chance events). At a set that the player's own earlier
	// moves never lead to, SolveZeroSum gives the player's best response
	// there to the others (pure; the first best action in file order).
	Behavior [][]*big.Rat
	// Reached[i] reports whether set i is reached with positive
	// probability when everyone follows the profile.
	Reached []bool
	// Values are the players' expected payoffs under the profile.
	Values []*big.Rat
	// Gains[p] is what player p gains by its exact best response against
	// the others (≥ 0); Exploitability is the largest gain. The profile is
	// a Nash equilibrium exactly when it is 0.
	Gains          []*big.Rat
	Exploitability *big.Rat
}

// Equilibrium reports whether the profile is certified a Nash equilibrium:
// no player gains by deviating.
func (pr *Profile) Equilibrium() bool { return pr.Exploitability.Sign() == 0 }

// constantSum returns c when u1+u2 = c along every path to a terminal node.
func (g *Game) constantSum() (*big.Rat, bool) {
	if len(g.Players) != 2 {
		return nil, false
	}
	total := make([]*big.Rat, len(g.Nodes))
	var c *big.Rat
	for v := range total {
		total[v] = new(big.Rat)
	}
	// Path sums, in prefix order: each child starts from its parent's.
	for v, node := range g.Nodes {
		if o := node.Outcome; o >= 0 {
			pay := g.Outcomes[o].Payoffs
			total[v].Add(total[v], pay[0])
			total[v].Add(total[v], pay[1])
		}
		for _, ch := range node.Children {
			total[ch].Set(total[v])
		}
		if node.Infoset < 0 {
			if c == nil {
				c = total[v]
			} else if c.Cmp(total[v]) != 0 {
				return nil, false
			}
		}
	}
	return c, c != nil
}

// SolveZeroSum returns an exact Nash equilibrium of a two-player
// constant-sum game: each player's optimal realization plan from the
// sequence-form linear program (von Stengel 1996), solved by the exact
// simplex method, as behaviour strategies, certified by exact best
// responses. Every equilibrium gives the same values.
func SolveZeroSum(ctx context.Context, g *Game) (*Profile, error) {
	sf, err := g.checked()
	if err != nil {
		return nil, err
	}
	if _, ok := g.constantSum(); !ok {
		return nil, ErrNotZeroSum
	}
	// Player 1's program; its dual holds player 2's optimal plan (the
	// multipliers of the rows of player 2's sequences), which the
	// certificate checks; only if it fails is player 2's own program
	// solved.
	plans := make([][]*big.Rat, 2)
	plans[0], plans[1], err = g.optimalPlan(ctx, sf, 0)
	if errors.Is(err, errSparseFailed) {
		// The other player's program is another basis path.
		plans[1], plans[0], err = g.optimalPlan(ctx, sf, 1)
	}
	if err != nil {
		return nil, err
	}
	pr, err := g.certified(ctx, sf, plans)
	if err != nil {
		return nil, err
	}
	if !pr.Equilibrium() {
		if plans[1], _, err = g.optimalPlan(ctx, sf, 1); err != nil {
			return nil, err
		}
		if pr, err = g.certified(ctx, sf, plans); err != nil {
			return nil, err
		}
	}
	return g.settled(ctx, sf, pr, plans, "the sequence-form solution")
}

// certified returns the profile of realization plans, with its
// certificate.
func (g *Game) certified(ctx context.Context, sf *seqForm, plans [][]*big.Rat) (*Profile, error) {
	pr := g.fromPlans(sf, plans)
	if err := g.certify(ctx, sf, pr); err != nil {
		return nil, err
	}
	return pr, nil
}

// settled returns pr, an equilibrium that what found, with
// settleUnreached's choices at the sets its plans never reach; a profile
// that is not an equilibrium is an internal error.
func (g *Game) settled(ctx context.Context, sf *seqForm, pr *Profile, plans [][]*big.Rat, what string) (*Profile, error) {
	if !pr.Equilibrium() {
		return nil, fmt.Errorf("extensive: internal error: %s is exploitable by %s", what, pr.Exploitability.RatString())
	}
	if err := g.settleUnreached(ctx, sf, pr, plans); err != nil {
		return nil, err
	}
	return pr, nil
}

// settleUnreached gives each information set that its player's own plan
// never reaches (a realization weight of 0 before it) the player's best
// response there against the others, in place of an arbitrary action:
// no node of such a set is reached whatever the others do, so no payoff
// and no other player's best response changes, and the certificate is
// run again all the same.
func (g *Game) settleUnreached(ctx context.Context, sf *seqForm, pr *Profile, plans [][]*big.Rat) error {
	changed := false
	for p := range plans {
		_, choice := g.bestResponse(sf, pr.Behavior, p)
		for i, I := range g.Infosets {
			if I.Player != p || plans[p][sf.parent[i]].Sign() > 0 {
				continue
			}
			for a := range pr.Behavior[i] {
				pr.Behavior[i][a] = new(big.Rat)
				if a == choice[i] {
					pr.Behavior[i][a].SetInt64(1)
				}
			}
			changed = true
		}
	}
	if !changed {
		return nil
	}
	if err := g.certify(ctx, sf, pr); err != nil {
		return err
	}
	if !pr.Equilibrium() {
		return fmt.Errorf("extensive: internal error: settling the unreached sets made the profile exploitable by %s", pr.Exploitability.RatString())
	}
	return nil
}

// denseEntries is the largest tableau that optimalPlan gives to the dense
// exact simplex method; past it the sparse method is faster (a 1,090-node
// random game: 10 s dense, 0.1 s sparse).
const denseEntries = 100_000

// optimalPlan solves player p's sequence-form program exactly: by the
// dense exact simplex method when its tableau is small, else by the sparse
// float simplex method and the exact solution of its final basis
// (sparsePlan), up to maxSparseRows rows.
func (g *Game) optimalPlan(ctx context.Context, sf *seqForm, p int) (plan, other []*big.Rat, err error) {
	// The rows, counted before the program is built so that one too
	// large is refused up front: p's sets, the empty sequence, and the
	// opponent's sequences.
	rows := 1 + sf.n[1-p]
	for _, I := range g.Infosets {
		if I.Player == p {
			rows++
		}
	}
	if rows > maxSparseRows {
		return nil, nil, fmt.Errorf("extensive: the sequence-form program has %d rows, more than the %d rows the sparse simplex takes on (%w): %w", rows, maxSparseRows, ErrLPTooLarge, budget.ErrTooLarge)
	}
	sp := g.newSeqProgram(sf, p)
	if float64(sp.m+1)*float64(sp.n+sp.kv+sp.m+1) <= denseEntries {
		return g.densePlan(ctx, sp)
	}
	return g.sparsePlan(ctx, sf, sp, refactorEvery)
}

// densePlan solves player p's sequence-form program: maximize v_0 over
// p's realization plans x and the opponent's information-set values v,
// subject to E x = e, x ≥ 0, and for each opponent sequence t,
// (F'v)_t ≤ (B'x)_t, where B is p's payoff matrix over sequence pairs
// (chance probabilities included). v_0 is then p's value. The dual's
// multipliers of the opponent's rows, negated, are an optimal plan of the
// opponent.
func (g *Game) densePlan(ctx context.Context, sp *seqProgram) (plan, other []*big.Rat, err error) {
	// Columns: x (np), v+ (kv), v− (kv), slacks (no): the simplex method
	// here wants every variable nonnegative, so each free v is split.
	np, kv := sp.np, sp.kv
	nc := np + 2*kv + sp.no
	if err := tableauFits(sp.m, nc); err != nil {
		return nil, nil, err
	}
	A := make([][]*big.Rat, sp.m)
	for i := range A {
		A[i] = make([]*big.Rat, nc)
	}
	for j, col := range sp.cols {
		for _, e := range col {
			switch {
			case j < np:
				A[e.row][j] = e.val
			case j < np+kv:
				A[e.row][j] = e.val
				A[e.row][j+kv] = new(big.Rat).Neg(e.val)
			default:
				A[e.row][j+kv] = e.val
			}
		}
	}
	b := make([]*big.Rat, sp.m)
	b[0] = big.NewRat(1, 1)
	// Minimize −v_0.
	c := make([]*big.Rat, nc)
	c[np], c[np+kv] = big.NewRat(-1, 1), big.NewRat(1, 1)
	x, duals, err := simplex(ctx, A, b, c)
	if err != nil {
		return nil, nil, err
	}
	other = duals[sp.nOwn:]
	for t, y := range other {
		other[t] = y.Neg(y)
	}
	return x[:np], other, nil
}

// fromPlans turns realization plans into behaviour strategies.
func (g *Game) fromPlans(sf *seqForm, plans [][]*big.Rat) *Profile {
	pr := &Profile{Behavior: make([][]*big.Rat, len(g.Infosets)), Reached: make([]bool, len(g.Infosets))}
	for i, I := range g.Infosets {
		if I.Player == Chance {
			continue
		}
		x := plans[I.Player]
		beh := make([]*big.Rat, len(I.Actions))
		if den := x[sf.parent[i]]; den.Sign() > 0 {
			for a := range beh {
				beh[a] = new(big.Rat).Quo(x[sf.first[i]+a], den)
			}
		} else {
			for a := range beh {
				beh[a] = new(big.Rat)
			}
			beh[0].SetInt64(1)
		}
		pr.Behavior[i] = beh
	}
	return pr
}

// Evaluate returns the profile of behaviour strategies beh (indexed as
// Profile.Behavior) with its values and every player's exact gain from a
// best response: the certificate of any profile, from any source.
func Evaluate(ctx context.Context, g *Game, beh [][]*big.Rat) (*Profile, error) {
	sf, err := g.checked()
	if err != nil {
		return nil, err
	}
	if len(beh) != len(g.Infosets) {
		return nil, solver.Invalidf("extensive: a profile of %d information sets for %d", len(beh), len(g.Infosets))
	}
	for i, I := range g.Infosets {
		if I.Player == Chance {
			continue
		}
		if len(beh[i]) != len(I.Actions) {
			return nil, solver.Invalidf("extensive: %s: %d probabilities for %d actions", g.InfosetName(i), len(beh[i]), len(I.Actions))
		}
		sum := new(big.Rat)
		for _, p := range beh[i] {
			if p == nil || p.Sign() < 0 {
				return nil, solver.Invalidf("extensive: %s: a probability is missing or negative", g.InfosetName(i))
			}
			sum.Add(sum, p)
		}
		if sum.Cmp(big.NewRat(1, 1)) != 0 {
			return nil, solver.Invalidf("extensive: %s: the probabilities sum to %s", g.InfosetName(i), sum.RatString())
		}
	}
	pr := &Profile{Behavior: beh, Reached: make([]bool, len(g.Infosets))}
	if err := g.certify(ctx, sf, pr); err != nil {
		return nil, err
	}
	return pr, nil
}
