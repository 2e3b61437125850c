// Command gamesolve-beam solves a game tier by tier as an Apache Beam
// pipeline (package distributed): one stage per tier, the tier files in
// a directory every worker reaches. Beam's own flags choose the runner
// (--runner prism, flink, spark or dataflow, with --endpoint, and
// --environment_type for where workers run); see the README.
//
//	gamesolve-beam --game pig --target 60 --tiers /shared/pig60 --runner prism
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"
	"github.com/gamesolve/gamesolve/distributed"
)

var (
	game   = flag.String("game", "pig", `the game: "pig" (--target) or "chefs" (--skills)`)
	target = flag.Int("target", 0, "pig: points that win")
	skills = flag.String("skills", "", "chefs: the skills, comma-separated exact numbers (1/3,0.5,…)")
	exact  = flag.Bool("exact", false, "exact rational arithmetic")
	tiers  = flag.String("tiers", "", "the tier directory, shared by every worker")
	memory = flag.Uint64("worker_memory", 0, "the memory of one worker in MiB: a game with a tier too large for it is refused before any stage runs (0: no check)")
)

func main() {
	flag.Parse()
	beam.Init()
	if err := run(context.Background()); err != nil {
		fmt.Fprintln(os.Stderr, "gamesolve-beam:", strings.SplitN(err.Error(), "\n", 2)[0])
		os.Exit(2)
	}
}

func run(ctx context.Context) error {
	if *tiers == "" {
		return fmt.Errorf("--tiers is required")
	}
	spec := distributed.Spec{Game: *game, Target: *target, Exact: *exact, Dir: *tiers, WorkerMemory: *memory << 20}
	if *skills != "" {
		spec.Skills = strings.Split(*skills, ",")
	}
	plan, err := spec.Plan(ctx)
	if err != nil {
		return err
	}
	left := 0
	for _, t := range plan {
		if !t.Done {
			left++
		}
	}
	fmt.Printf("%s: %d tiers, %d to solve\n", spec.Name(), len(plan), left)
	p, s := beam.NewPipelineWithRoot()
	distributed.Build(s, spec, plan)
	res, err := beamx.RunWithMetrics(ctx, p)
	if err != nil {
		return err
	}
	if res != nil {
		fed, files := distributed.ShardCounts(res)
		fmt.Printf("%d shards solved: %d fed by the next tier's, %d reading the tier files\n", fed+files, fed, files)
	}
	fmt.Printf("every tier solved; read states with: gamesolve query %s STATE\n", *tiers)
	return nil
}
