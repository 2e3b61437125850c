package engine

import (
	"context"
	"fmt"
	"math/big"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/internal/hugepage"
)

// Graph is an explored state space, for analyses other than Solve: the
// reachability and expected-reward queries of Analyze. States are numbered
// densely from 0, the start.
type Graph[S comparable] struct {
	g *graph[S]
	// Built on first use by Analyze: the state of each action, the
	// predecessor actions of each state, and the strongly connected
	// components.
	actState  []uint32
	predStart []uint32
	pred      []uint32
	// discount is the rules' own (Discounter), which the analyses
	// refuse; nil for none.
	discount *big.Rat
}

// Explore builds the graph of the states reachable from rules.Start (and
// from its seeds, for a Seeder), refusing with budget.ErrTooLarge before
// memory runs out and with an error wrapping solver.ErrInvalid for a state
// that rules describe badly.
func Explore[S comparable](ctx context.Context, rules Rules[S], opt Options) (*Graph[S], error) {
	if err := opt.undiscounted("Explore"); err != nil {
		return nil, err
	}
	// Analyze keeps a value and a few flags per state besides the graph.
	g, err := explore(ctx, rules, opt, 40, false)
	if err != nil {
		return nil, err
	}
	G := &Graph[S]{g: g}
	if d, ok := rules.(Discounter); ok {
		G.discount = d.Discount()
	}
	return G, nil
}

// States returns the number of states.
func (G *Graph[S]) States() int { return len(G.g.states) }

// Renormalized counts the actions whose probabilities summed to within
// Options.Renormalize of 1 and were divided by their sum.
func (G *Graph[S]) Renormalized() int { return G.g.renormalized }

// State returns state i.
func (G *Graph[S]) State(i int) S { return G.g.states[i] }

// Lookup returns the number of state s, if it was reached.
func (G *Graph[S]) Lookup(s S) (int, bool) {
	i, ok := G.g.lookup(s)
	return int(i), ok
}

// Players returns the number of players.
func (G *Graph[S]) Players() int { return G.g.players }

// Discount returns the discount of the rules the graph was explored from
// (Discounter), or nil.
func (G *Graph[S]) Discount() *big.Rat { return G.discount }

// Name returns state i's name: the rules' Describer, else fmt's %v.
func (G *Graph[S]) Name(i int) string { return G.g.name(uint32(i)) }

// Owner returns who moves in state i: a player (from 0), Chance or
// Terminal.
func (G *Graph[S]) Owner(i int) int { return int(G.g.owner[i]) }

// Payoff returns terminal i's payoffs, one per player, appended to
// buf[:0] (none for a state that is not a terminal). The values
// are the graph's own: do not modify them.
func (G *Graph[S]) Payoff(i int, buf []*big.Rat) []*big.Rat {
	g := G.g
	buf = buf[:0]
	for _, id := range g.pay[g.payStart[i]:g.payStart[i+1]] {
		buf = append(buf, g.rats.vals[id])
	}
	return buf
}

// Actions returns the number of actions of state i: 0 for a terminal,
// 1 for a chance state.
func (G *Graph[S]) Actions(i int) int { return int(G.g.actStart[i+1] - G.g.actStart[i]) }

// Action returns action a of state i: its name ("" for a chance move) and
// its outcomes, with states as numbers, appended to outs[:0]. A zero
// reward is nil; the values are the graph's own.
func (G *Graph[S]) Action(i, a int, outs []Outcome[int]) (string, []Outcome[int]) {
	g := G.g
	k := g.actStart[i] + uint32(a)
	outs = outs[:0]
	for o := g.outStart[k]; o < g.outStart[k+1]; o++ {
		var r *big.Rat
		if id := g.reward.at(o); id != 0 {
			r = g.rats.vals[id]
		}
		outs = append(outs, Outcome[int]{P: g.rats.vals[g.prob.at(o)], To: int(g.to[o]), Reward: r})
	}
	return g.names[g.actName.at(uint32(k))], outs
}

// index builds actState and the predecessor lists, once guard says they
// fit (a ring of Herman's 15, exact, under a 2 GB address-space limit ran
// the runtime out of memory here).
func (G *Graph[S]) index(guard *budget.Guard) error {
	if G.actState != nil {
		return nil
	}
	g := G.g
	N := len(g.states)
	if err := guard.Fits(4 * float64(g.actions()+N+2+len(g.to))); err != nil {
		return fmt.Errorf("engine: the predecessors of %d states: %w", N, err)
	}
	G.actState = hugepage.Make[uint32](g.actions(), g.actions())
	for v := range N {
		for a := g.actStart[v]; a < g.actStart[v+1]; a++ {
			G.actState[a] = uint32(v)
		}
	}
	G.predStart = hugepage.Make[uint32](N+2, N+2)
	for _, t := range g.to {
		G.predStart[t+2]++
	}
	for i := 2; i < len(G.predStart); i++ {
		G.predStart[i] += G.predStart[i-1]
	}
	G.pred = hugepage.Make[uint32](len(g.to), len(g.to))
	for a := range g.actions() {
		for o := g.outStart[a]; o < g.outStart[a+1]; o++ {
			t := g.to[o]
			G.pred[G.predStart[t+1]] = uint32(a)
			G.predStart[t+1]++
		}
	}
	G.predStart = G.predStart[:N+1]
	return nil
}

// preds returns the actions with an outcome leading to state t (an action
// appears once per such outcome).
func (G *Graph[S]) preds(t uint32) []uint32 { return G.pred[G.predStart[t]:G.predStart[t+1]] }
