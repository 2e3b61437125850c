package extensive

import (
	"context"
	"fmt"
	"math/big"

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
	if plans[0], plans[1], err = g.optimalPlan(ctx, sf, 0); err != nil {
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

// optimalPlan solves player p's sequence-form program: maximize v_0 over
// p's realization plans x and the opponent's information-set values v,
// subject to E x = e, x ≥ 0, and for each opponent sequence t,
// (F'v)_t ≤ (B'x)_t, where B is p's payoff matrix over sequence pairs
// (chance probabilities included). v_0 is then p's value. The dual's
// multipliers of the opponent's rows, negated, are an optimal plan of the
// opponent.
func (g *Game) optimalPlan(ctx context.Context, sf *seqForm, p int) (plan, other []*big.Rat, err error) {
	o := 1 - p
	np, no := sf.n[p], sf.n[o]
	var ownSets, oppSets []int
	for i, I := range g.Infosets {
		switch I.Player {
		case p:
			ownSets = append(ownSets, i)
		case o:
			oppSets = append(oppSets, i)
		}
	}
	kv := len(oppSets) + 1
	// Columns: x (np), v+ (kv), v− (kv), slacks (no).
	nc := np + 2*kv + no
	rows := len(ownSets) + 1 + no
	if err := tableauFits(rows, nc); err != nil {
		return nil, nil, err
	}
	A := make([][]*big.Rat, rows)
	for i := range A {
		A[i] = make([]*big.Rat, nc)
	}
	b := make([]*big.Rat, rows)
	one, minus := big.NewRat(1, 1), big.NewRat(-1, 1)
	add := func(i, j int, v *big.Rat) {
		if A[i][j] == nil {
			A[i][j] = new(big.Rat)
		}
		A[i][j].Add(A[i][j], v)
	}
	// E x = e.
	add(0, 0, one)
	b[0] = one
	for r, i := range ownSets {
		for a := range g.Infosets[i].Actions {
			add(r+1, sf.first[i]+a, one)
		}
		add(r+1, sf.parent[i], minus)
	}
	// Row of opponent sequence t: (F'v)_t − (B'x)_t + s_t = 0.
	base := len(ownSets) + 1
	vcol := func(k int) (int, int) { return np + k, np + kv + k }
	fEntry := func(t, k int, v *big.Rat) {
		pos, neg := vcol(k)
		add(base+t, pos, v)
		add(base+t, neg, new(big.Rat).Neg(v))
	}
	fEntry(0, 0, one)
	for k, j := range oppSets {
		for a := range g.Infosets[j].Actions {
			fEntry(sf.first[j]+a, k+1, one)
		}
		fEntry(sf.parent[j], k+1, minus)
	}
	for t := range no {
		add(base+t, np+2*kv+t, one)
	}
	P := sf.players
	for v, node := range g.Nodes {
		if node.Outcome < 0 {
			continue
		}
		u := g.Outcomes[node.Outcome].Payoffs[p]
		if u.Sign() == 0 {
			continue
		}
		w := new(big.Rat).Mul(sf.reach[v], u)
		add(base+int(sf.at[v*P+o]), int(sf.at[v*P+p]), w.Neg(w))
	}
	// Minimize −v_0.
	c := make([]*big.Rat, nc)
	pos, neg := vcol(0)
	c[pos], c[neg] = minus, one
	x, duals, err := simplex(ctx, A, b, c)
	if err != nil {
		return nil, nil, err
	}
	other = duals[base:]
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
