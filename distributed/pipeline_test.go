package distributed

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/games/chefs"
	"github.com/gamesolve/gamesolve/games/pig"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/tiered"
)

func TestMain(m *testing.M) {
	beam.Init()
	os.Exit(m.Run())
}

// runPrism plans spec and runs its pipeline on the Prism runner, and
// returns how many shards were fed their exits by the next tier's shards
// and how many read them from the tier files (the pipeline's counters).
func runPrism(t *testing.T, spec Spec) (fed, fromFiles int64) {
	t.Helper()
	plan, err := spec.Plan(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	p, s := beam.NewPipelineWithRoot()
	Build(s, spec, plan)
	res, err := prism.Execute(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	return ShardCounts(res)
}

// shardCount counts the shards of the given tiers of spec's directory.
func shardCount(t *testing.T, spec Spec, tiers ...int) int64 {
	t.Helper()
	w, err := spec.worker()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, tier := range tiers {
		sh, err := w.shards(tier)
		if err != nil {
			t.Fatal(err)
		}
		n += len(sh)
	}
	return int64(n)
}

// sameFiles requires every tier file of want in got, byte for byte.
func sameFiles(t *testing.T, got, want string) int {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(want, "tier-*.gst"))
	for _, p := range files {
		w, _ := os.ReadFile(p)
		g, err := os.ReadFile(filepath.Join(got, filepath.Base(p)))
		if err != nil || !bytes.Equal(g, w) {
			t.Fatalf("%s differs (%v)", filepath.Base(p), err)
		}
	}
	return len(files)
}

// TestPigOnPrism: Pig to 60 by the pipeline writes tiered.Solve's files
// byte for byte (whose values are the in-memory solve's, bit for bit, by
// package tiered's tests), and its start value is the in-memory one.
func TestPigOnPrism(t *testing.T) {
	spec := Spec{Game: "pig", Target: 60, Dir: t.TempDir()}
	fed, fromFiles := runPrism(t, spec)
	ref := t.TempDir()
	rules, _ := pig.New(60)
	sum, err := tiered.Solve[pig.State, float64](context.Background(), numeric.Float{}, rules, tiered.Options{Dir: ref, Game: spec.Name()})
	if err != nil {
		t.Fatal(err)
	}
	if n := sameFiles(t, spec.Dir, ref); n != sum.Tiers {
		t.Fatalf("%d files for %d tiers", n, sum.Tiers)
	}
	whole, err := engine.Solve[pig.State, float64](context.Background(), numeric.Float{}, rules, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if v := whole.Value(rules.Start())[0]; v != sum.Values[0] {
		t.Fatalf("win %v by tiers, %v in memory", sum.Values[0], v)
	}
	// Run again: every tier is done, no stage solves anything.
	plan, err := spec.Plan(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var tiers []int
	for _, p := range plan {
		if !p.Done {
			t.Fatalf("tier %d not done after the pipeline", p.Tier)
		}
		tiers = append(tiers, p.Tier)
	}
	// Every shard read the tier files: Pig's holds jump tiers.
	if n := shardCount(t, spec, tiers...); fed != 0 || fromFiles != n || n < 1000 {
		t.Fatalf("%d shards fed, %d from the files, of %d", fed, fromFiles, n)
	}
}

// TestChefsOnPrism: Chef Showdown with 14 chefs, exact skills, by the
// pipeline, against tiered.Solve's files and the in-memory solve's start.
func TestChefsOnPrism(t *testing.T) {
	var skills []string
	var rats []*big.Rat
	for k := range 14 {
		r := big.NewRat(int64(3+5*k), 80)
		skills, rats = append(skills, r.RatString()), append(rats, r)
	}
	spec := Spec{Game: "chefs", Skills: skills, Dir: t.TempDir()}
	fed, fromFiles := runPrism(t, spec)
	// Only the last tier's shards (one chef alive each) read the files;
	// every other shard is fed by the next tier's.
	if last := shardCount(t, spec, 13); fromFiles != last || last != 14 || fed != 1<<14-1-14 {
		t.Fatalf("%d shards fed, %d from the files (the last tier has %d)", fed, fromFiles, last)
	}
	rules, _ := chefs.NewRules(rats)
	ref := t.TempDir()
	sum, err := tiered.Solve[chefs.State, float64](context.Background(), numeric.Float{}, chefs.TierRules{Rules: rules}, tiered.Options{Dir: ref, Game: spec.Name()})
	if err != nil {
		t.Fatal(err)
	}
	if n := sameFiles(t, spec.Dir, ref); n != sum.Tiers {
		t.Fatalf("%d files for %d tiers", n, sum.Tiers)
	}
	whole, err := engine.Solve[chefs.State, float64](context.Background(), numeric.Float{}, rules, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for p, v := range whole.Value(rules.Start()) {
		if v != sum.Values[p] {
			t.Fatalf("chef %d: %v by tiers, %v in memory", p+1, sum.Values[p], v)
		}
	}
	// Resume with tiers 6 and 5 gone: tier 6's shards read tier 7's file,
	// tier 5's are fed by tier 6's, and the files are the same again.
	for _, tier := range []int{6, 5} {
		if err := os.Remove(filepath.Join(spec.Dir, fmt.Sprintf("tier-%012d.gst", tier))); err != nil {
			t.Fatal(err)
		}
	}
	fed, fromFiles = runPrism(t, spec)
	if fromFiles != shardCount(t, spec, 6) || fed != shardCount(t, spec, 5) {
		t.Fatalf("resumed: %d shards fed, %d from the files", fed, fromFiles)
	}
	sameFiles(t, spec.Dir, ref)
}

// TestTierTooLargeForWorker: Plan refuses a game whose largest tier's
// records would not fit in one worker's memory to be merged, naming the
// tier, its states and the estimate, before any stage is built; with
// room, it plans. A tier's stage refuses a shard too large for a worker
// to solve, before any shard is solved.
func TestTierTooLargeForWorker(t *testing.T) {
	spec := Spec{Game: "pig", Target: 60, Dir: t.TempDir(), WorkerMemory: 256 << 10}
	_, err := spec.Plan(context.Background())
	if !errors.Is(err, budget.ErrTooLarge) || !strings.Contains(err.Error(), "tier 59 has 3424 states, whose records one worker merges") || !strings.Contains(err.Error(), "about 374.5 KiB, more than a worker's 256.0 KiB") {
		t.Fatalf("error %v, want ErrTooLarge naming tier 59", err)
	}
	spec.WorkerMemory = 1 << 30
	if plan, err := spec.Plan(context.Background()); err != nil || len(plan) != 119 {
		t.Fatalf("with 1 GiB: %d tiers, %v", len(plan), err)
	}
	spec.WorkerMemory = 16 << 10
	split := &splitFn{Spec: spec, Tier: 59}
	emitted := 0
	err = split.ProcessElement(context.Background(), 59, nil, func(uint64, []byte) { emitted++ })
	if !errors.Is(err, budget.ErrTooLarge) || !strings.Contains(err.Error(), "of tier 59 has") || !strings.Contains(err.Error(), "more than a worker's 16.0 KiB") || emitted != 0 {
		t.Fatalf("a shard too large: %v (%d shards emitted)", err, emitted)
	}
	split.Spec.WorkerMemory = 1 << 30
	if err := split.ProcessElement(context.Background(), 59, nil, func(uint64, []byte) { emitted++ }); err != nil || emitted != 58 {
		t.Fatalf("tier 59: %d shards, %v", emitted, err)
	}
}
