package engine_test

import (
	"context"
	"fmt"
	"math/big"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/numeric"
)

// pot is a one-player game: holding some chips, either stop (and be paid a
// quarter per chip) or flip a fair coin that doubles the chips (capped at
// 4, which ends the game paying 1) or loses one (at 0 the game ends paying
// nothing). Each flip is counted as a reward of 1.
type pot struct {
	chips   int
	stopped bool
}

type potRules struct{}

func (potRules) Players() int { return 1 }
func (potRules) Start() pot   { return pot{chips: 3} }

var half, one = big.NewRat(1, 2), big.NewRat(1, 1)

func (potRules) Expand(s pot, n *engine.Node[pot]) error {
	switch {
	case s.stopped:
		n.Terminal(big.NewRat(int64(s.chips), 4))
	case s.chips == 0:
		n.Terminal(new(big.Rat))
	case s.chips >= 4:
		n.Terminal(one)
	default:
		n.Decide(0)
		n.Action("stop", engine.Outcome[pot]{P: one, To: pot{s.chips, true}})
		n.Action("flip",
			engine.Outcome[pot]{P: half, To: pot{chips: min(2*s.chips, 4)}, Reward: one},
			engine.Outcome[pot]{P: half, To: pot{chips: s.chips - 1}, Reward: one})
	}
	return nil
}

func ExampleSolve() {
	res, err := engine.Solve[pot](context.Background(), numeric.Exact{}, potRules{}, engine.Options{})
	if err != nil {
		panic(err)
	}
	for chips := 1; chips <= 3; chips++ {
		s := pot{chips: chips}
		_, action, _ := res.Choice(s)
		flips, _, _ := res.Reward(s)
		fmt.Printf("%d chips: %s, worth %s, expected flips %s\n", chips, action, res.Value(s)[0].RatString(), flips.RatString())
	}
	fmt.Println(res.States, "states,", res.Components, "components,", res.Methods[engine.StrategyIteration], "solved by strategy iteration")
	// Output:
	// 1 chips: flip, worth 1/3, expected flips 2
	// 2 chips: flip, worth 2/3, expected flips 2
	// 3 chips: flip, worth 5/6, expected flips 2
	// 8 states, 7 components, 1 solved by strategy iteration
}

// A discount of 9/10 a move: the stop pays a move later, and a doubling
// far off is worth less. By hand, flipping everywhere, V(2) = γ/2 + γ·V(1)/2
// and V(1) = γ·V(2)/2, so V(2) = 180/319, V(1) = 81/319 and V(3) =
// γ(1/2 + V(2)/2) = 4491/6380, each above stopping's γ·chips/4.
func ExampleOptions_discount() {
	opt := engine.Options{Discount: big.NewRat(9, 10)}
	res, err := engine.Solve[pot](context.Background(), numeric.Exact{}, potRules{}, opt)
	if err != nil {
		panic(err)
	}
	for chips := 1; chips <= 3; chips++ {
		s := pot{chips: chips}
		_, action, _ := res.Choice(s)
		fmt.Printf("%d chips: %s, worth %s\n", chips, action, res.Value(s)[0].RatString())
	}
	// Output:
	// 1 chips: flip, worth 81/319
	// 2 chips: flip, worth 180/319
	// 3 chips: flip, worth 4491/6380
}

// duel is a duel in which A (player 0, hits with 1/3) and B (player 1, hits
// with 2/3) take turns, each firing at the other or into the air.
type duel string

type duelRules struct{}

func (duelRules) Players() int { return 2 }
func (duelRules) Start() duel  { return "A aims" }

func (duelRules) Expand(s duel, n *engine.Node[duel]) error {
	third := big.NewRat(1, 3)
	twoThirds := big.NewRat(2, 3)
	switch s {
	case "A aims":
		n.Decide(0)
		n.Action("air", engine.Outcome[duel]{P: one, To: "B aims"})
		n.Action("fire", engine.Outcome[duel]{P: third, To: "A wins"}, engine.Outcome[duel]{P: twoThirds, To: "B aims"})
	case "B aims":
		n.Decide(1)
		n.Action("air", engine.Outcome[duel]{P: one, To: "A aims"})
		n.Action("fire", engine.Outcome[duel]{P: twoThirds, To: "B wins"}, engine.Outcome[duel]{P: third, To: "A aims"})
	default:
		n.Terminal(new(big.Rat), new(big.Rat))
	}
	return nil
}

// Analyze with coalitions: the probability that A wins when A plays for it
// and B against it (rPATL <<A>>Pmax=? [F "A wins"]): both fire, and A wins
// a = 1/3 + (2/3)(1/3)a = 3/7; and when both play for it (<<A,B>>): B fires
// into the air forever and A wins with certainty.
func ExampleAnalyze() {
	ctx := context.Background()
	G, err := engine.Explore[duel](ctx, duelRules{}, engine.Options{})
	if err != nil {
		panic(err)
	}
	goal := make([]bool, G.States())
	for i := range goal {
		goal[i] = G.State(i) == "A wins"
	}
	for _, coalition := range [][]int{{0}, {0, 1}} {
		q := engine.Query{Objective: engine.MaxProbability, Goal: goal, Coalition: coalition}
		a, err := engine.Analyze(ctx, numeric.Exact{}, G, q, engine.Options{})
		if err != nil {
			panic(err)
		}
		fmt.Printf("<<%v>> Pmax: A wins with %s\n", coalition, a.Values[0].RatString())
	}
	// Output:
	// <<[0]>> Pmax: A wins with 3/7
	// <<[0 1]>> Pmax: A wins with 1
}
