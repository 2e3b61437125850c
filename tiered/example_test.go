package tiered_test

import (
	"context"
	"fmt"
	"os"

	"github.com/gamesolve/gamesolve/games/pig"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/tiered"
)

// Pig to 20, solved by tiers into a directory, then again: the second run
// finds every tier solved.
func Example() {
	dir, err := os.MkdirTemp("", "pig20")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	rules, err := pig.New(20)
	if err != nil {
		panic(err)
	}
	opt := tiered.Options{Dir: dir, Game: "pig target=20"}
	for range 2 {
		sum, err := tiered.Solve[pig.State, float64](context.Background(), numeric.Float{}, rules, opt)
		if err != nil {
			panic(err)
		}
		fmt.Printf("win %.6f, %d states, %d tiers, %d found solved\n", sum.Values[0], sum.States, sum.Tiers, sum.Resumed)
	}
	// Output:
	// win 0.615559, 6576 states, 39 tiers, 0 found solved
	// win 0.615559, 6576 states, 39 tiers, 39 found solved
}
