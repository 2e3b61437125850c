package engine

import (
	"context"
	"fmt"
	"math/big"
	"slices"

	"github.com/gamesolve/gamesolve/numeric"
)

// Reachability with coalitions (PRISM-games' rPATL <<C>>Pmax=? [F goal]):
// on a turn-based stochastic game, the players of a coalition C choose
// together to maximize (or minimize) the probability of reaching a goal,
// and the other players together do the opposite. This is a two-player
// zero-sum game, and Analyze answers it with the engine's game core:
//
//   - every state of a player is owned by one of two sides, side 0 if its
//     player wants the probability high, side 1 if low;
//   - goal states become terminals paying (1, -1), avoided states (0, 0):
//     side 1's payoff is minus side 0's, so endless play, which pays both
//     0, is "not reached" for both and the game stays zero-sum with total
//     0 (the two-player reduction then holds wherever one side alone can
//     keep play going);
//   - the game is solved as any other (Solve's methods per component);
//     where both sides can keep play going inside one end component, the
//     equilibrium method finds a certified equilibrium, whose value is the
//     game's value (turn-based zero-sum stochastic games with reachability
//     objectives have optimal pure stationary strategies: Condon, "The
//     complexity of stochastic games", 1992).
//
// Values are side 0's payoff: the probability of reaching the goal.

// coalitionGame returns the two-player zero-sum game of a reachability
// question (see above): up[p] says whether player p's side wants the
// probability high. States keep their numbers.
func (g *graph[S]) coalitionGame(goal, avoid []bool, up []bool) *graph[S] {
	N := len(g.states)
	d := *g
	d.players = 2
	// A copy of the rationals with -1 appended: the original table is
	// left as it was.
	minusOne := uint32(len(g.rats.vals))
	d.rats = &ratTable{vals: append(slices.Clone(g.rats.vals), big.NewRat(-1, 1))}
	d.owner = make([]int16, N)
	d.actStart = make([]uint32, N+1)
	d.payStart = make([]uint32, N)
	d.pay = d.pay[:0:0]
	d.actName, d.outStart, d.to, d.prob, d.reward = nil, []uint32{0}, nil, nil, nil
	for v := range N {
		switch {
		case goal[v]:
			d.owner[v] = Terminal
			d.payStart[v] = uint32(len(d.pay))
			d.pay = append(d.pay, 1, minusOne)
		case (avoid != nil && avoid[v]) || g.owner[v] == Terminal:
			d.owner[v] = Terminal
			d.payStart[v] = uint32(len(d.pay))
			d.pay = append(d.pay, 0, 0)
		default:
			d.owner[v] = g.owner[v]
			if o := g.owner[v]; o >= 0 {
				d.owner[v] = 1
				if up[o] {
					d.owner[v] = 0
				}
			}
			for a := g.actStart[v]; a < g.actStart[v+1]; a++ {
				d.actName = append(d.actName, g.actName[a])
				d.to = append(d.to, g.to[g.outStart[a]:g.outStart[a+1]]...)
				d.prob = append(d.prob, g.prob[g.outStart[a]:g.outStart[a+1]]...)
				d.reward = append(d.reward, g.reward[g.outStart[a]:g.outStart[a+1]]...)
				d.outStart = append(d.outStart, uint32(len(d.to)))
			}
		}
		d.actStart[v+1] = uint32(len(d.actName))
	}
	if g.tieRank != nil {
		d.tieRank = slices.Clone(g.tieRank)
		for v := range N {
			if d.owner[v] == Terminal {
				d.tieRank[v] = nil
			}
		}
	}
	return &d
}

// analyzeCoalition answers a probability query with a coalition (see
// above).
func analyzeCoalition[S comparable, T any, F numeric.Field[T]](ctx context.Context, f F, G *Graph[S], q Query, opt Options) (*Analysis[T], error) {
	g := G.g
	if q.Objective.reward() {
		return nil, fmt.Errorf("engine: Analyze: %w: expected rewards with a coalition (only probabilities so far)", ErrUnsupported)
	}
	in := make([]bool, g.players)
	for _, p := range q.Coalition {
		if p < 0 || p >= g.players {
			return nil, fmt.Errorf("engine: Analyze: coalition player %d: the game has players 0 to %d", p, g.players-1)
		}
		in[p] = true
	}
	up := make([]bool, g.players)
	for p := range up {
		up[p] = in[p] == q.Objective.maximize()
	}
	res, err := solveGraph[S, T](ctx, f, g.coalitionGame(q.Goal, q.Avoid, up), opt)
	if err != nil {
		return nil, err
	}
	N := len(g.states)
	a := &Analysis[T]{Values: make([]T, N), Policy: make([]int32, N), Components: res.Components,
		Resolved: res.Resolved, Unproven: res.Unproven, Bound: res.Bound, Equilibria: res.Equilibria}
	for v := range N {
		a.Values[v] = res.vals[2*v]
		a.Policy[v] = -1
		switch {
		case q.Goal[v]:
			a.One++
		case res.g.owner[v] == Terminal:
			a.Zero++
		default:
			a.Maybe++
			if g.owner[v] >= 0 && g.actStart[v+1]-g.actStart[v] > 1 {
				a.Policy[v] = res.choice[v]
			}
		}
	}
	return a, nil
}
