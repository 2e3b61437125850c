package engine

import (
	"context"
	"fmt"
	"math/big"

	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/solver"
)

// TierExit is what a tier's solve reads of a state in a later tier, solved
// before it: its values (one per player) and its expected reward, in the
// field's arithmetic. SolveTier keeps them: do not modify them.
type TierExit[T any] struct {
	Values   []T
	Reward   T
	Infinite bool // the expected reward is infinite (Reward is then 0)
}

// SolveTier solves tier tier of rules alone. states are the tier's states
// in the order TierOrder visits them (every state of the tier that play
// reaches); exit gives the solved values of each state of a later tier
// that the tier leads to, and info is TierOrder's account of the whole
// game. The tier's states get exactly the values, rewards and choices that
// Solve gives them in the whole game, to the last bit in float mode:
// their components are the same, their states numbered in the same order,
// and the states they lead to hold the same values.
//
// SolveTier is ExploreTier followed by SolveExplored; a caller can explore
// the next tier while this one is solved, as its exits are read only when
// it is solved.
func SolveTier[S comparable, T any, F numeric.Field[T]](ctx context.Context, f F, rules Rules[S], opt Options, tier int, states []S, info TierInfo, exit func(S) (TierExit[T], error)) (*Result[S, T], error) {
	tg, err := ExploreTier(ctx, rules, opt, f.Exact(), tier, states)
	if err != nil {
		return nil, err
	}
	return SolveExplored(ctx, f, tg, info, func(_ int, s S) (TierExit[T], error) { return exit(s) })
}

// TierGraph is one tier explored: its states, numbered first in the
// order given, and the states of later tiers they lead to, the exits, as
// terminals whose values are read when the tier is solved.
type TierGraph[S comparable] struct {
	g      *graph[S]
	opt    Options
	tier   int
	states int
}

// Exits is the number of states of later tiers the tier leads to.
func (tg *TierGraph[S]) Exits() int { return len(tg.g.states) - tg.states }

// Exit is exit k (from 0 to Exits()-1): a caller may read the exits'
// values ahead, those of tiers already solved while another is solved.
func (tg *TierGraph[S]) Exit(k int) S { return tg.g.states[tg.states+k] }

// ExploreTier explores tier tier of rules from its states, in the order
// TierOrder visits them, keeping the graph (no lean decomposition); exact
// sizes the memory check for exact values. A state of the tier missing
// from states, one listed twice, and a move to an earlier tier are
// refused.
func ExploreTier[S comparable](ctx context.Context, rules Rules[S], opt Options, exact bool, tier int, states []S) (*TierGraph[S], error) {
	tr, ok := rules.(Tierer[S])
	switch {
	case !ok:
		return nil, solver.Invalidf("engine: the rules have no tiers (Tierer)")
	case len(states) == 0:
		return nil, solver.Invalidf("engine: tier %d has no states", tier)
	case opt.Discount != nil:
		return nil, solver.Invalidf("engine: a discounted game is not solved by tiers")
	}
	if _, ok := rules.(Discounter); ok {
		if d, err := DiscountOf(rules, opt); err != nil || d != nil {
			return nil, solver.Invalidf("engine: a discounted game is not solved by tiers")
		}
	}
	zero := new(big.Rat)
	base := tierGraph[S]{rules: rules, tr: tr, tier: tier, start: states[0], zeros: make([]*big.Rat, rules.Players())}
	for p := range base.zeros {
		base.zeros[p] = zero
	}
	var wrapped Rules[S] = &base
	if tb, ok := rules.(TieBreaker[S]); ok {
		wrapped = &tierGraphTies[S]{&base, tb}
	}
	valueBytes := 8.0
	if exact {
		valueBytes = 120
	}
	g, err := exploreFrom(ctx, wrapped, opt, valueBytes, false, states[1:])
	if err != nil {
		return nil, err
	}
	if base.err != nil {
		return nil, base.err
	}
	if len(g.states) < len(states) {
		return nil, solver.Invalidf("engine: tier %d: a state is listed twice", tier)
	}
	for id := len(states); id < len(g.states); id++ {
		if s := g.states[id]; tr.Tier(s) == tier {
			return nil, solver.Invalidf("engine: tier %d: state %s is not among its %d states", tier, g.describe(s), len(states))
		}
	}
	return &TierGraph[S]{g: g, opt: opt, tier: tier, states: len(states)}, nil
}

// SolveExplored solves an explored tier, reading the values of each exit,
// exit k being state s (TierGraph.Exit), by exit (SolveTier).
func SolveExplored[S comparable, T any, F numeric.Field[T]](ctx context.Context, f F, tg *TierGraph[S], info TierInfo, exit func(k int, s S) (TierExit[T], error)) (*Result[S, T], error) {
	g := tg.g
	exits := make([]TierExit[T], len(g.states)-tg.states)
	for id := tg.states; id < len(g.states); id++ {
		e, err := exit(id-tg.states, g.states[id])
		if err != nil {
			return nil, fmt.Errorf("engine: tier %d: the solved state %s: %w", tg.tier, g.describe(g.states[id]), err)
		}
		if len(e.Values) != g.players {
			return nil, fmt.Errorf("engine: tier %d: the solved state %s has %d values, want %d", tg.tier, g.describe(g.states[id]), len(e.Values), g.players)
		}
		if e.Infinite {
			e.Reward = f.New()
		}
		exits[id-tg.states] = e
	}
	return solveGraphWith(ctx, f, g, tg.opt, func(r *run[S, T, F]) {
		if info.Total != nil && g.players == 2 {
			r.pairTotal, r.pairTotalT = info.Total, f.FromRat(f.New(), info.Total)
		}
		r.exits, r.exitFrom = exits, uint32(tg.states)
	})
}

// tierGraph is rules as one tier's exploration sees them: the tier's
// states as they are, every other state a terminal whose values (zeros
// in the graph) the run sets from the solved ones.
type tierGraph[S comparable] struct {
	rules Rules[S]
	tr    Tierer[S]
	tier  int
	start S
	zeros []*big.Rat
	err   error // a move back, also returned
}

func (t *tierGraph[S]) Players() int { return t.rules.Players() }
func (t *tierGraph[S]) Start() S     { return t.start }

func (t *tierGraph[S]) Describe(s S) string { return describer(t.rules)(s) }

func (t *tierGraph[S]) Expand(s S, n *Node[S]) error {
	switch at := t.tr.Tier(s); {
	case at == t.tier:
		return t.rules.Expand(s, n)
	case at < t.tier:
		t.err = fmt.Errorf("%w: state %s of tier %d is reached from tier %d", ErrTierOrder, t.Describe(s), at, t.tier)
		return t.err
	}
	n.Terminal(t.zeros...)
	return nil
}

// tierGraphTies is tierGraph for rules with their own tie rule.
type tierGraphTies[S comparable] struct {
	*tierGraph[S]
	tb TieBreaker[S]
}

func (t *tierGraphTies[S]) TieRank(s S, action int) int { return t.tb.TieRank(s, action) }
