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
// The tier's graph is kept in memory (no lean decomposition), with each
// exit as a terminal. A state of the tier missing from states, or one of
// an earlier tier, is refused.
func SolveTier[S comparable, T any, F numeric.Field[T]](ctx context.Context, f F, rules Rules[S], opt Options, tier int, states []S, info TierInfo, exit func(S) (TierExit[T], error)) (*Result[S, T], error) {
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
	base := tierGraph[S, T]{rules: rules, tr: tr, tier: tier, start: states[0], exit: exit, exits: map[S]TierExit[T]{}, zeros: make([]*big.Rat, rules.Players())}
	for p := range base.zeros {
		base.zeros[p] = zero
	}
	var wrapped Rules[S] = &base
	if tb, ok := rules.(TieBreaker[S]); ok {
		wrapped = &tierGraphTies[S, T]{&base, tb}
	}
	valueBytes := 8.0
	if f.Exact() {
		valueBytes = 120
	}
	g, err := exploreFrom(ctx, wrapped, opt, valueBytes, false, states[1:])
	if err != nil {
		return nil, err
	}
	if base.err != nil {
		return nil, base.err
	}
	for id := len(states); id < len(g.states); id++ {
		if s := g.states[id]; tr.Tier(s) == tier {
			return nil, solver.Invalidf("engine: tier %d: state %s is not among its %d states", tier, g.describe(s), len(states))
		}
	}
	if len(g.states) < len(states) {
		return nil, solver.Invalidf("engine: tier %d: a state is listed twice", tier)
	}
	return solveGraphWith(ctx, f, g, opt, func(r *run[S, T, F]) {
		r.pairTotal = nil
		if info.Total != nil && g.players == 2 {
			r.pairTotal, r.pairTotalT = info.Total, f.FromRat(f.New(), info.Total)
		}
		r.exits = make(map[uint32]TierExit[T], len(g.states)-len(states))
		for id := len(states); id < len(g.states); id++ {
			e := base.exits[g.states[id]]
			if e.Infinite {
				e.Reward = f.New()
			}
			r.exits[uint32(id)] = e
		}
	})
}

// tierGraph is rules as one tier's solve sees them: the tier's states as
// they are, every other state a terminal whose values (exits, zeros in
// the graph) the run sets from its solved ones.
type tierGraph[S comparable, T any] struct {
	rules Rules[S]
	tr    Tierer[S]
	tier  int
	start S
	exit  func(S) (TierExit[T], error)
	exits map[S]TierExit[T]
	zeros []*big.Rat
	err   error // the first error of exit or a move back, also returned
}

func (t *tierGraph[S, T]) Players() int { return t.rules.Players() }
func (t *tierGraph[S, T]) Start() S     { return t.start }

func (t *tierGraph[S, T]) Describe(s S) string {
	if d, ok := t.rules.(Describer[S]); ok {
		return d.Describe(s)
	}
	return fmt.Sprintf("%v", s)
}

func (t *tierGraph[S, T]) Expand(s S, n *Node[S]) error {
	switch at := t.tr.Tier(s); {
	case at == t.tier:
		return t.rules.Expand(s, n)
	case at < t.tier:
		t.err = fmt.Errorf("%w: state %s of tier %d is reached from tier %d", ErrTierOrder, t.Describe(s), at, t.tier)
		return t.err
	}
	e, ok := t.exits[s]
	if !ok {
		var err error
		if e, err = t.exit(s); err != nil {
			t.err = fmt.Errorf("engine: tier %d: the solved state %s: %w", t.tier, t.Describe(s), err)
			return t.err
		}
		if len(e.Values) != t.rules.Players() {
			t.err = fmt.Errorf("engine: tier %d: the solved state %s has %d values, want %d", t.tier, t.Describe(s), len(e.Values), t.rules.Players())
			return t.err
		}
		t.exits[s] = e
	}
	n.Terminal(t.zeros...)
	return nil
}

// tierGraphTies is tierGraph for rules with their own tie rule.
type tierGraphTies[S comparable, T any] struct {
	*tierGraph[S, T]
	tb TieBreaker[S]
}

func (t *tierGraphTies[S, T]) TieRank(s S, action int) int { return t.tb.TieRank(s, action) }
