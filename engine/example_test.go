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
