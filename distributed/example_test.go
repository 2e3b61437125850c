package distributed_test

import (
	"context"
	"fmt"
	"os"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	"github.com/gamesolve/gamesolve/distributed"
	"github.com/gamesolve/gamesolve/games/pig"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/tiered"
)

// Pig to 20 as a Beam pipeline on the Prism runner, one stage per tier;
// tiered.Solve on the same directory then finds every tier solved.
func Example() {
	dir, err := os.MkdirTemp("", "pig20")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	spec := distributed.Spec{Game: "pig", Target: 20, Dir: dir}
	plan, err := spec.Plan(context.Background())
	if err != nil {
		panic(err)
	}
	p, s := beam.NewPipelineWithRoot()
	distributed.Build(s, spec, plan)
	if _, err := prism.Execute(context.Background(), p); err != nil {
		panic(err)
	}
	rules, _ := pig.New(20)
	sum, err := tiered.Solve[pig.State, float64](context.Background(), numeric.Float{}, rules, tiered.Options{Dir: dir, Game: spec.Name()})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d stages; win %.6f; %d of %d tiers found solved\n", len(plan), sum.Values[0], sum.Resumed, sum.Tiers)
	// Output:
	// 39 stages; win 0.615559; 39 of 39 tiers found solved
}
