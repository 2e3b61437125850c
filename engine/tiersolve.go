package engine

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"sync"

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
// TierOrder visits them, keeping the graph (no lean decomposition: its
// one goroutine, which both expands the states again and finds the
// components, made Pig to 100 by tiers half as slow again); exact sizes
// the memory check for exact values. A state of the tier missing from
// states, one listed twice, and a move to an earlier tier are refused.
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
	base := tierGraph[S]{rules: rules, tr: tr, tier: tier, start: states[0], zeros: make([]*big.Rat, rules.Players()), scratch: opt.TierScratch}
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
	base.giveBack(g)
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
	for k := range exits {
		s := g.states[tg.states+k]
		e, err := exit(k, s)
		if err != nil {
			return nil, fmt.Errorf("engine: tier %d: the solved state %s: %w", tg.tier, g.describe(s), err)
		}
		exits[k] = e
	}
	return SolveExploredExits(ctx, f, tg, info, exits)
}

// SolveExploredExits is SolveExplored with every exit's values given:
// exits[k] is exit k's (TierGraph.Exit). It keeps exits, and sets the
// reward of an infinite one to 0.
func SolveExploredExits[S comparable, T any, F numeric.Field[T]](ctx context.Context, f F, tg *TierGraph[S], info TierInfo, exits []TierExit[T]) (*Result[S, T], error) {
	g := tg.g
	if len(exits) != len(g.states)-tg.states {
		return nil, fmt.Errorf("engine: tier %d: %d exits' values for %d exits", tg.tier, len(exits), len(g.states)-tg.states)
	}
	for k := range exits {
		e := &exits[k]
		if len(e.Values) != g.players {
			s := g.states[tg.states+k]
			return nil, fmt.Errorf("engine: tier %d: the solved state %s has %d values, want %d", tg.tier, g.describe(s), len(e.Values), g.players)
		}
		if e.Infinite {
			e.Reward = f.New()
		}
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
	// scratch is Options.TierScratch, and dense the dense index it lent
	// the exploration, if any.
	scratch *TierScratch
	dense   []uint32
}

// A denseLender lends an exploration its dense index (graph.dense) rather
// than having newGraph allocate one.
type denseLender[S comparable] interface {
	lendDense() (Indexer[S], []uint32)
}

// TierScratch is memory that ExploreTier reuses from one tier to the
// next (Options.TierScratch): dense indices over the rules' whole index
// range, when that range is small (maxTierDense). A tier's graph holds
// the tier and its exits, a small part of the range, so an index of its
// own would cost more to allocate and clear than the map it saves; one
// lent in turn to every tier, each clearing the entries it set, numbers a
// small game's tiers as fast as the whole game's exploration numbers it.
// It is safe for concurrent use; its memory goes with it.
type TierScratch struct {
	mu    sync.Mutex
	dense [][]uint32 // all zeros
}

func (sc *TierScratch) take(limit int) []uint32 {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	for k, d := range sc.dense {
		if len(d) == limit {
			sc.dense = slices.Delete(sc.dense, k, k+1)
			return d
		}
	}
	return make([]uint32, limit)
}

func (sc *TierScratch) put(d []uint32) {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	sc.dense = append(sc.dense, d)
}

// maxTierDense bounds the index range of rules whose tiers are lent a
// dense index: 4 bytes an index, 16 MiB. Past it a tier's graph uses a
// map, which grows with the tier rather than with the whole game: Pig to
// 200 (2^24 indices), lent ones of 64 MiB, took no less time and 220 MB
// more memory.
const maxTierDense = 1 << 22

func (t *tierGraph[S]) lendDense() (Indexer[S], []uint32) {
	limit := t.tr.IndexLimit()
	if t.scratch == nil || limit <= 0 || limit > maxTierDense {
		return nil, nil
	}
	t.dense = t.scratch.take(limit)
	return t.tr, t.dense
}

// giveBack clears the entries of the dense index lent to g's exploration
// and returns it to the scratch; g's lookups then use a map, built at the
// first (the tiers' solves look up none).
func (t *tierGraph[S]) giveBack(g *graph[S]) {
	if t.dense == nil {
		return
	}
	for _, s := range g.states {
		if i, ok := t.tr.Index(s); ok && i >= 0 && i < len(g.dense) {
			g.dense[i] = 0
		}
	}
	t.scratch.put(t.dense)
	t.dense, g.indexer, g.dense, g.returned = nil, nil, nil, true
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
