package engine

import (
	"context"
	"errors"
	"fmt"
	"math/big"

	"github.com/gamesolve/gamesolve/numeric"
)

// Objective is what Analyze optimizes: the probability of reaching the goal
// or the expected total reward collected until the goal, at its highest or
// lowest over all policies.
type Objective int

const (
	MaxProbability Objective = iota // Pmax
	MinProbability                  // Pmin
	MaxReward                       // Emax
	MinReward                       // Emin
)

func (o Objective) String() string {
	switch o {
	case MaxProbability:
		return "Pmax"
	case MinProbability:
		return "Pmin"
	case MaxReward:
		return "Emax"
	case MinReward:
		return "Emin"
	}
	return fmt.Sprintf("Objective(%d)", int(o))
}

func (o Objective) maximize() bool { return o == MaxProbability || o == MaxReward }
func (o Objective) reward() bool   { return o == MaxReward || o == MinReward }

// Query is one question about a graph: a one-player graph (a Markov
// decision process; chance states are states with one action), or a game
// of several players with a coalition.
type Query struct {
	Objective Objective
	// Goal marks the states to reach, one flag per state. Play stops
	// there: a goal state's value is 1 for probabilities, 0 for rewards.
	Goal []bool
	// Avoid (nil for none) marks states where play fails unless they are
	// goals: the left side of an until. Only probabilities use it.
	Avoid []bool
	// Coalition, for a game of several players, lists the players who
	// optimize as Objective says; the others together do the opposite
	// (PRISM-games' <<C>>Pmax=? [F goal], <<C>>R{"r"}min=? [F goal]).
	// Required when the graph has more than one player; with one player,
	// nil means the usual Markov decision process.
	Coalition []int
	// Instant, for AnalyzeBounded with a reward objective only (nil
	// otherwise), is each state's reward at the last step: the values
	// after 0 steps, and the outcomes' rewards are not collected, so the
	// answer is the expected reward of the state after q's steps (the
	// instantaneous reward I=k of model checking).
	Instant []*big.Rat
}

// Analysis is Analyze's answer.
type Analysis[T any] struct {
	// Values holds one value per state; where Infinite is set it is 0.
	Values []T
	// Infinite (reward objectives only, else nil) marks the states whose
	// expected reward is infinite: under the optimizing policy (some
	// policy, for Emax; every policy, for Emin) the goal is missed with
	// positive probability.
	Infinite []bool
	// Policy is the chosen action per state (an index among the state's
	// actions), or -1 where the choice does not matter.
	Policy []int32
	// Zero and One count the states the graph algorithms settled before
	// any arithmetic (value 0 or 1; for rewards Zero counts the infinite
	// states and One the goals), Maybe the states solved numerically in
	// Components strongly connected components, with Rounds policy
	// improvement rounds in all.
	Zero, One, Maybe   int
	Components, Rounds int
	// Float mode only (see doc.go, "Float mode"): Resolved counts the
	// components with decisions whose float answer could not be proven
	// to the precision (or whose value iteration converged slowly) and
	// were solved again exactly; Unproven those that could not be (too
	// large for Options.ExactStates, and their exact re-solve ran out of
	// its work limit), whose values are only known to be within Bound of
	// the true values (+Inf where no bound is known).
	Resolved, Unproven int
	Bound              float64
	// Equilibria counts the components in which both sides (of a query
	// with a coalition) could keep play going, solved by a certified
	// equilibrium of the zero-sum game (see analyze.go).
	Equilibria int
}

// Analyze answers q on G in field f. It first finds the states whose value
// is settled by the graph alone (probability 0 or 1; infinite reward), then
// solves the rest with Solve's core, component by component in reverse
// topological order (see doc.go and analyze.go). Rewards must not be
// negative. It returns an error wrapping solver.ErrInvalid for a negative
// reward, budget.ErrTooLarge or the context's error when it stops, and
// ErrUnsupported for a component of a game with no certified equilibrium.
func Analyze[S comparable, T any, F numeric.Field[T]](ctx context.Context, f F, G *Graph[S], q Query, opt Options) (*Analysis[T], error) {
	g := G.g
	N := len(g.states)
	if err := opt.undiscounted("Analyze"); err != nil {
		return nil, err
	}
	if err := G.undiscounted("Analyze"); err != nil {
		return nil, err
	}
	if q.Instant != nil {
		return nil, errors.New("engine: Analyze: Query.Instant applies to AnalyzeBounded")
	}
	if _, err := q.coalition(g.players, "Analyze"); err != nil {
		return nil, err
	}
	if len(q.Goal) != N || (q.Avoid != nil && len(q.Avoid) != N) {
		return nil, errors.New("engine: Analyze: Goal and Avoid need one flag per state")
	}
	if q.Objective < MaxProbability || q.Objective > MinReward {
		return nil, fmt.Errorf("engine: Analyze: %v", q.Objective)
	}
	return analyzeGame(ctx, f, G, q, opt)
}
