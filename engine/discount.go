package engine

import (
	"context"
	"fmt"
	"math/big"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/solver"
)

// Discounting (Options.Discount; doc.go, "Discounted games") is a change
// of the graph, not of the methods: each action's outcome i, of
// probability p_i, becomes γ·p_i, and one more outcome, of probability
// 1−γ, stops play in a terminal of its own that pays 0 (the stop). A
// payoff reached after k moves is then reached with probability γ^k, so
// its expected worth is γ^k times it, which is Shapley's discount. The
// stop outcome carries the action's mean reward Σ p_i·r_i, so the reward of
// a move is collected whether play goes on or stops, and counts γ^k when
// the move is the (k+1)th: the expected total is Σ p_i·r_i + γ·Σ p_i·W_i.
// Every method then solves a game in which play ends with probability 1
// from every state, whatever the players do.

// ValidDiscount reports whether d is a discount: in (0, 1). A model
// reader checks its discount with it, to say where the bad one is.
func ValidDiscount(d *big.Rat) bool { return d.Sign() > 0 && d.Cmp(big.NewRat(1, 1)) < 0 }

// checkDiscount checks Options.Discount: nil, or in (0, 1).
func (o Options) checkDiscount() error {
	if o.Discount != nil && !ValidDiscount(o.Discount) {
		return solver.Invalidf("engine: discount %s is not in (0, 1)", o.Discount.RatString())
	}
	return nil
}

// undiscounted refuses a discount for an analysis that does not take one.
func (o Options) undiscounted(what string) error {
	if o.Discount != nil {
		return solver.Invalidf("engine: %s takes no discount (Options.Discount applies to Solve)", what)
	}
	return nil
}

// DiscountOf returns the discount Solve applies to rules under opt: the
// rules' own (Discounter), else opt.Discount, else nil. Both, differing,
// are an error wrapping solver.ErrInvalid. model.Export writes it.
func DiscountOf[S comparable](rules Rules[S], opt Options) (*big.Rat, error) {
	d, ok := rules.(Discounter)
	if !ok || d.Discount() == nil {
		return opt.Discount, nil
	}
	if opt.Discount != nil && opt.Discount.Cmp(d.Discount()) != 0 {
		return nil, solver.Invalidf("engine: Options.Discount %s differs from the rules' own discount %s", opt.Discount.RatString(), d.Discount().RatString())
	}
	return d.Discount(), nil
}

// undiscounted refuses a graph explored from discounted rules for an
// analysis that takes no discount.
func (G *Graph[S]) undiscounted(what string) error {
	if G.discount != nil {
		return solver.Invalidf("engine: %s takes no discount, and the rules are discounted by %s (Discounter)", what, G.discount.RatString())
	}
	return nil
}

// discount rewrites g for discount gamma in (0, 1), appending the stop as
// its last state (g.stops is then 1).
func (g *graph[S]) discount(ctx context.Context, gamma *big.Rat, memory uint64) error {
	N, A, O := len(g.states), g.actions(), len(g.to)
	// The new outcome arrays, built while the old ones are there: an id
	// column at most 4 bytes an outcome, and the targets.
	need := float64(O+A)*(4+4+4) + 4*float64(A+1) + float64(g.players)*4
	if err := budget.NewGuard(ctx, memory).Fits(need); err != nil {
		return fmt.Errorf("engine: discounting %d outcomes: %w", O, err)
	}
	stop := uint32(N)
	one := big.NewRat(1, 1)
	stopP := g.rats.id(new(big.Rat).Sub(one, gamma))
	scaled := map[uint32]uint32{} // a probability's id to γ·p's
	c := edgeColumns[S]{rewards: true}
	to, prob, reward := &c.to, &c.prob, &c.reward
	outStart := make([]uint32, 1, A+1)
	mean, term := new(big.Rat), new(big.Rat)
	for a := range A {
		if a%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("engine: %w", err)
			}
		}
		lo, hi := g.outStart[a], g.outStart[a+1]
		n := int(hi-lo) + 1
		to.room(n)
		prob.room(n)
		reward.room(n)
		mean.SetInt64(0)
		for o := lo; o < hi; o++ {
			pid := g.prob.at(o)
			sid, ok := scaled[pid]
			if !ok {
				sid = g.rats.id(new(big.Rat).Mul(gamma, g.rats.vals[pid]))
				scaled[pid] = sid
			}
			rid := g.reward.at(o)
			if rid != 0 {
				mean.Add(mean, term.Mul(g.rats.vals[pid], g.rats.vals[rid]))
			}
			to.push(g.to[o])
			prob.push(sid)
			reward.push(rid)
		}
		mid := uint32(0)
		if mean.Sign() != 0 {
			// Most actions' means are met before: no new rational each
			// (by value: mean is scratch, its pointer is no key).
			var ok bool
			if mid, ok, _ = g.rats.byValue(mean); !ok {
				mid = g.rats.id(new(big.Rat).Set(mean))
			}
		}
		to.push(stop)
		prob.push(stopP)
		reward.push(mid)
		outStart = append(outStart, uint32(to.len()))
	}
	if err := c.flatOutcomes(ctx, g); err != nil {
		return err
	}
	g.outStart = outStart
	var zero S
	g.states = append(g.states, zero) // never looked up: not in index or dense
	g.owner = append(g.owner, Terminal)
	g.actStart = append(g.actStart, g.actStart[N])
	for range g.players {
		g.pay = append(g.pay, 0) // id 0 is 0 (rats.go)
	}
	g.payStart = append(g.payStart, uint32(len(g.pay)))
	if g.tieRank != nil {
		g.tieRank = append(g.tieRank, nil)
	}
	g.stops = 1
	return nil
}
