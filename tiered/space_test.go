package tiered

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/games/chefs"
	"github.com/gamesolve/gamesolve/games/pig"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/tierfile"
)

// TestNumberingDiskFull: a disk that fills up during the numbering pass
// stops it with ErrNoSpace, saying how far it got, and leaves no
// order.json, so that a rerun with room numbers the game again.
func TestNumberingDiskFull(t *testing.T) {
	defer func(f func(string) (uint64, error)) { freeSpace = f }(freeSpace)
	calls := 0
	freeSpace = func(string) (uint64, error) {
		calls++
		if calls == 1 {
			return 1 << 40, nil
		}
		return 1 << 20, nil
	}
	rules, _ := pig.New(150) // 3.5 million states: three looks
	dir := t.TempDir()
	_, err := Solve[pig.State, float64](context.Background(), numeric.Float{}, rules, Options{Dir: dir, Game: "pig target=150"})
	if !errors.Is(err, tierfile.ErrNoSpace) || !strings.Contains(err.Error(), "numbered 2097152 states so far") {
		t.Fatalf("error %v, want ErrNoSpace after 2097152 states", err)
	}
	if _, err := os.Stat(filepath.Join(dir, orderName)); err == nil {
		t.Fatal("order.json written by a numbering that stopped")
	}
	if calls != 2 {
		t.Fatalf("%d looks at the free space, want 2", calls)
	}
}

// TestTierTooLarge: a game whose largest tier would not fit in the memory
// budget is refused once it is numbered, before any tier is solved, with
// the tier and the estimate.
func TestTierTooLarge(t *testing.T) {
	rules, _ := pig.New(40)
	dir := t.TempDir()
	opt := Options{Dir: dir, Game: "pig target=40"}
	opt.Engine.Memory = 512 << 10
	_, err := Solve[pig.State, float64](context.Background(), numeric.Float{}, rules, opt)
	if !errors.Is(err, budget.ErrTooLarge) || !strings.Contains(err.Error(), "tier 39, the largest, has 1484 states") {
		t.Fatalf("error %v, want ErrTooLarge naming tier 39", err)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "tier-*.gst")); len(files) > 0 {
		t.Fatalf("%d tiers solved before the refusal", len(files))
	}
	// Solved a shard at a time, the tier is not held whole: Plan plans.
	opt.Sharded = true
	if plan, err := Plan(context.Background(), rules, false, opt); err != nil || len(plan) != 79 {
		t.Fatalf("sharded: %d tiers, %v", len(plan), err)
	}
}

// TestProofFileCorrupt: a damaged proof file beside a complete tier is
// reported as corrupt (naming what to delete), not read as no proof.
func TestProofFileCorrupt(t *testing.T) {
	rules, _ := pig.New(12)
	dir := t.TempDir()
	opt := Options{Dir: dir, Game: "pig target=12"}
	if _, err := Solve[pig.State, float64](context.Background(), numeric.Float{}, rules, opt); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(proofPath(dir, 5), []byte(`{"unproven_components": 0}`), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Solve[pig.State, float64](context.Background(), numeric.Float{}, rules, opt)
	if !errors.Is(err, tierfile.ErrCorrupt) || !strings.Contains(err.Error(), "delete it and tier 5's file") {
		t.Fatalf("error %v, want ErrCorrupt for tier 5's proof", err)
	}
}

// TestLimitMemory: with LimitMemory, Solve sets the runtime's soft memory
// limit while it runs, to a quarter more than its working set, and puts
// the one before back; a limit already set is left alone.
func TestLimitMemory(t *testing.T) {
	rules, _ := pig.New(20)
	opt := Options{Dir: t.TempDir(), Game: "pig target=20", LimitMemory: true, Held: 1 << 20}
	var during []int64
	opt.Progress = func(Progress) { during = append(during, debug.SetMemoryLimit(-1)) }
	before := debug.SetMemoryLimit(-1)
	if _, err := Solve[pig.State, float64](context.Background(), numeric.Float{}, rules, opt); err != nil {
		t.Fatal(err)
	}
	// The largest tier's states: 650 bytes each solved whole, 4·40
	// queued; 1 MiB held and 64 MiB.
	plan, err := Plan(context.Background(), rules, false, opt)
	if err != nil {
		t.Fatal(err)
	}
	var largest int64
	for _, p := range plan {
		largest = max(largest, p.States)
	}
	set := 650*largest + 4*largest*40 + 1<<20 + 64<<20
	want := int64(1.25 * float64(set))
	if len(during) == 0 || during[0] != want || debug.SetMemoryLimit(-1) != before {
		t.Fatalf("limit %v during the solve (want %d), %d after (%d before)", during[:min(1, len(during))], want, debug.SetMemoryLimit(-1), before)
	}
	debug.SetMemoryLimit(1 << 40)
	defer debug.SetMemoryLimit(before)
	during = nil
	opt.Dir = t.TempDir()
	if _, err := Solve[pig.State, float64](context.Background(), numeric.Float{}, rules, opt); err != nil {
		t.Fatal(err)
	}
	if during[0] != 1<<40 {
		t.Fatalf("a limit set before was changed to %d", during[0])
	}
}

// TestDiskRefusedUpFront: rules that know their tier sizes are refused
// before the directory is made when the disk lacks room for the tier
// files, the numbering and the largest spill (Options.MergeLimit); with
// room for all but the spill, the same game solved without spilling
// goes ahead.
func TestDiskRefusedUpFront(t *testing.T) {
	defer func(f func(string) (uint64, error)) { freeSpace = f }(freeSpace)
	skills, _ := chefs.Fibonacci(9)
	r, _ := chefs.NewRules(skills)
	rules := chefs.TierRules{Rules: r}
	const game = "chefs n=9"
	largest, total := rules.TierSizes()
	w := Width(rules.Players())
	files := tierfile.FileBytes(game, tierfile.Float, w, int(total), 40) + 16*uint64(total)
	spilled := uint64(largest) * uint64(w) * 8
	freeSpace = func(string) (uint64, error) { return files + spilled/2, nil }
	dir := filepath.Join(t.TempDir(), "c9")
	opt := Options{Dir: dir, Game: game, UnitStates: 40, MergeLimit: -1}
	_, err := Solve[chefs.State, float64](context.Background(), numeric.Float{}, rules, opt)
	if !errors.Is(err, tierfile.ErrNoSpace) || !strings.Contains(err.Error(), "2304 states") {
		t.Fatalf("error %v, want ErrNoSpace for 2304 states", err)
	}
	if _, err := os.Stat(dir); err == nil {
		t.Fatal("the refused solve made its directory")
	}
	opt.MergeLimit = 0
	if _, err := Solve[chefs.State, float64](context.Background(), numeric.Float{}, rules, opt); err != nil {
		t.Fatalf("with room for all but a spill, not spilling: %v", err)
	}
}

// TestSpillUsed: with Options.MergeLimit negative, a float tier of more
// than one unit is solved through spill files, which are gone once its
// file is written; with the default limit, a small game spills nothing.
// (TestUnitsBitForBit checks that the files are the same either way.)
func TestSpillUsed(t *testing.T) {
	defer func(f func(string) (*os.File, error)) { createSpill = f }(createSpill)
	var made int
	createSpill = func(path string) (*os.File, error) {
		made++
		return os.Create(path)
	}
	skills, _ := chefs.Fibonacci(9)
	r, _ := chefs.NewRules(skills)
	rules := chefs.TierRules{Rules: r}
	for _, tc := range []struct {
		limit int64
		spill bool
	}{{-1, true}, {0, false}} {
		made = 0
		dir := t.TempDir()
		opt := Options{Dir: dir, Game: "chefs n=9", UnitStates: 40, MergeLimit: tc.limit}
		if _, err := Solve[chefs.State, float64](context.Background(), numeric.Float{}, rules, opt); err != nil {
			t.Fatal(err)
		}
		if got := made > 0; got != tc.spill {
			t.Errorf("merge limit %d: %d spill files made", tc.limit, made)
		}
		if left, _ := filepath.Glob(filepath.Join(dir, "*.tmp")); len(left) != 0 {
			t.Errorf("merge limit %d: %v left", tc.limit, left)
		}
	}
}
