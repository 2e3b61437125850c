package distributed

import (
	"bytes"
	"context"
	"errors"
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

// runPrism plans spec and runs its pipeline on the Prism runner.
func runPrism(t *testing.T, spec Spec) {
	t.Helper()
	plan, err := spec.Plan(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	p, s := beam.NewPipelineWithRoot()
	Build(s, spec, plan)
	if _, err := prism.Execute(context.Background(), p); err != nil {
		t.Fatal(err)
	}
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
	runPrism(t, spec)
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
	for _, p := range plan {
		if !p.Done {
			t.Fatalf("tier %d not done after the pipeline", p.Tier)
		}
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
	runPrism(t, spec)
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
}

// TestTierTooLargeForWorker: Plan refuses a game whose largest tier would
// not fit in one worker's memory, naming the tier, its states and the
// estimate, before any stage is built; with room, it plans.
func TestTierTooLargeForWorker(t *testing.T) {
	spec := Spec{Game: "pig", Target: 60, Dir: t.TempDir(), WorkerMemory: 1 << 20}
	_, err := spec.Plan(context.Background())
	if !errors.Is(err, budget.ErrTooLarge) || !strings.Contains(err.Error(), "tier 59 has 3424 states") || !strings.Contains(err.Error(), "more than a worker's 1.0 MiB") {
		t.Fatalf("error %v, want ErrTooLarge naming tier 59", err)
	}
	spec.WorkerMemory = 1 << 30
	if plan, err := spec.Plan(context.Background()); err != nil || len(plan) != 119 {
		t.Fatalf("with 1 GiB: %d tiers, %v", len(plan), err)
	}
}
