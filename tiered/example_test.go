package tiered_test

import (
	"context"
	"fmt"
	"os"

	"github.com/gamesolve/gamesolve/games/pig"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/tiered"
	"github.com/gamesolve/gamesolve/tierfile"
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

// Pig to 20 solved a shard at a time, as a cluster's workers solve it:
// Plan numbers the game; each tier's shards (the 361 pairs of scores
// below 20, and the won states) are solved apart and merged into the
// tier's file; Solve then finds every tier solved.
func ExampleShardSolver() {
	dir, err := os.MkdirTemp("", "pig20")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	rules, _ := pig.New(20)
	opt := tiered.Options{Dir: dir, Game: "pig target=20"}
	plan, err := tiered.Plan(context.Background(), rules, false, opt)
	if err != nil {
		panic(err)
	}
	w, err := tiered.NewShardSolver[pig.State, float64](numeric.Float{}, rules, opt)
	if err != nil {
		panic(err)
	}
	defer w.Close()
	shards := 0
	for _, t := range plan { // the last tier first
		tierShards, err := tiered.Shards(rules, false, opt, t.Tier)
		if err != nil {
			panic(err)
		}
		var parts []*tierfile.Tier
		var u tiered.Unproven
		for _, sh := range tierShards {
			out, un, err := w.Solve(context.Background(), t.Tier, sh, nil)
			if err != nil {
				panic(err)
			}
			parts = append(parts, out)
			u.Add(un)
		}
		if err := tiered.WriteShards(rules, false, opt, t.Tier, parts, u); err != nil {
			panic(err)
		}
		shards += len(tierShards)
	}
	sum, err := tiered.Solve[pig.State, float64](context.Background(), numeric.Float{}, rules, opt)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d tiers in %d shards; win %.6f; %d of %d tiers found solved\n", len(plan), shards, sum.Values[0], sum.Resumed, sum.Tiers)
	// Output:
	// 39 tiers in 362 shards; win 0.615559; 39 of 39 tiers found solved
}
