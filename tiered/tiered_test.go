package tiered_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/games/pig"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/tiered"
	"github.com/gamesolve/gamesolve/tierfile"
)

// checkAgainstWhole reads every tier file in dir and checks each state's
// values, expected reward and action against the in-memory solve, bit for
// bit, and that every state the in-memory solve has is in a file.
func checkAgainstWhole[S comparable, T any, F numeric.Field[T]](t *testing.T, f F, rules engine.Rules[S], stateOf func(int) (S, bool), dir string, same func(T, float64, *big.Rat) bool) {
	t.Helper()
	whole, err := engine.Solve[S, T](context.Background(), f, rules, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "tier-*.gst"))
	seen := 0
	for _, path := range files {
		r, err := tierfile.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		tier, err := r.ReadAll()
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		for i, k := range tier.Keys {
			s, _ := stateOf(int(k))
			if !whole.Lookup(s) {
				t.Fatalf("%v is in a tier file, not in the whole game", s)
			}
			seen++
			vals := whole.Value(s)
			rew, finite, _ := whole.Reward(s)
			want := append(append([]T(nil), vals...), rew)
			for j, v := range want {
				var fl float64
				var rt *big.Rat
				if tier.Floats != nil {
					fl = tier.Floats[i*tier.Width+j]
				} else {
					rt = tier.Rats[i*tier.Width+j]
				}
				if finite && !same(v, fl, rt) {
					t.Fatalf("%v: value %d is %v in the file, %v in memory", s, j, []any{fl, rt}, v)
				}
			}
			a, _, ok := whole.Choice(s)
			if !ok {
				a = -1
			}
			if int32(a) != tier.Actions[i] {
				t.Fatalf("%v: action %d in the file, %d in memory", s, tier.Actions[i], a)
			}
		}
	}
	if seen != whole.States {
		t.Fatalf("%d states in the files, %d in memory", seen, whole.States)
	}
}

func sameFloat(v float64, fl float64, _ *big.Rat) bool {
	return math.Float64bits(v) == math.Float64bits(fl)
}
func sameRat(v *big.Rat, _ float64, rt *big.Rat) bool { return v.Cmp(rt) == 0 }

// TestPigBitForBit solves Pig by tiers on disk and finds every state's
// values, expected rolls and choice equal to the in-memory solve's, to the
// last bit in float mode and exactly in exact mode. With
// GAMESOLVE_TIERS_LARGE set it also checks the sizes, Pig to 200
// in float mode and to 60 exactly (about 80 s and 1 GB here).
func TestPigBitForBit(t *testing.T) {
	type pigCase struct {
		target int
		exact  bool
		held   int64 // tiered.Options.Held
	}
	cases := []pigCase{{12, false, 0}, {40, false, 0}, {40, false, -1}, {40, false, 100 << 10}, {10, true, 0}, {10, true, -1}}
	if os.Getenv("GAMESOLVE_TIERS_LARGE") != "" {
		cases = append(cases, pigCase{200, false, 0}, pigCase{60, true, 0})
	}
	for _, tc := range cases {
		rules, err := pig.New(tc.target)
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		opt := tiered.Options{Dir: dir, Game: "pig test", Held: tc.held}
		if tc.exact {
			sum, err := tiered.Solve[pig.State, *big.Rat](context.Background(), numeric.Exact{}, rules, opt)
			if err != nil {
				t.Fatal(err)
			}
			want, _ := pig.Solve[*big.Rat](context.Background(), numeric.Exact{}, tc.target, engine.Options{})
			if sum.Values[0].Cmp(want.Win) != 0 || sum.Reward.Cmp(want.Rolls) != 0 {
				t.Fatalf("target %d: win %s rolls %s by tiers, %s %s", tc.target, sum.Values[0].RatString(), sum.Reward.RatString(), want.Win.RatString(), want.Rolls.RatString())
			}
			checkAgainstWhole[pig.State, *big.Rat](t, numeric.Exact{}, rules, rules.State, dir, sameRat)
			continue
		}
		sum, err := tiered.Solve[pig.State, float64](context.Background(), numeric.Float{}, rules, opt)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := pig.Solve[float64](context.Background(), numeric.Float{}, tc.target, engine.Options{})
		if sum.Values[0] != want.Win || sum.Reward != want.Rolls {
			t.Fatalf("target %d: win %v rolls %v by tiers, %v %v", tc.target, sum.Values[0], sum.Reward, want.Win, want.Rolls)
		}
		checkAgainstWhole[pig.State, float64](t, numeric.Float{}, rules, rules.State, dir, sameFloat)
	}
}

// TestResume: after tier files are lost, corrupted or left half written,
// a second run solves only those again and writes the same bytes.
func TestResume(t *testing.T) {
	rules, _ := pig.New(25)
	dir := t.TempDir()
	opt := tiered.Options{Dir: dir, Game: "pig target=25"}
	first, err := tiered.Solve[pig.State, float64](context.Background(), numeric.Float{}, rules, opt)
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "tier-*.gst"))
	if len(files) != first.Tiers {
		t.Fatalf("%d files for %d tiers", len(files), first.Tiers)
	}
	orig := map[string][]byte{}
	for _, p := range files {
		orig[p], _ = os.ReadFile(p)
	}
	// Lose three, corrupt one, tear one.
	for _, p := range files[:3] {
		os.Remove(p)
	}
	bad := append([]byte(nil), orig[files[5]]...)
	bad[len(bad)/3] ^= 1
	os.WriteFile(files[5], bad, 0o644)
	os.WriteFile(files[7], orig[files[7]][:len(orig[files[7]])/2], 0o644)
	os.WriteFile(files[9]+".77.tmp", orig[files[9]][:10], 0o644)
	var seen []tiered.Progress
	opt.Progress = func(p tiered.Progress) { seen = append(seen, p) }
	second, err := tiered.Solve[pig.State, float64](context.Background(), numeric.Float{}, rules, opt)
	if err != nil {
		t.Fatal(err)
	}
	resumed := 0
	for i, p := range seen {
		if p.TiersDone != i+1 || p.Tiers != first.Tiers || i > 0 && p.Tier >= seen[i-1].Tier {
			t.Fatalf("progress %d: %+v", i, p)
		}
		if p.Resumed {
			resumed++
		}
	}
	if len(seen) != first.Tiers || resumed != first.Tiers-5 || seen[len(seen)-1].StatesLeft != 0 {
		t.Fatalf("%d progress reports, %d resumed, the last %+v", len(seen), resumed, seen[len(seen)-1])
	}
	opt.Progress = nil
	if second.Resumed != first.Tiers-5 {
		t.Fatalf("%d tiers resumed, want %d", second.Resumed, first.Tiers-5)
	}
	for p, want := range orig {
		got, err := os.ReadFile(p)
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("%s differs after resuming (%v)", filepath.Base(p), err)
		}
	}
	if second.Values[0] != first.Values[0] {
		t.Fatalf("win %v, then %v", first.Values[0], second.Values[0])
	}
	if tmps, _ := filepath.Glob(filepath.Join(dir, "*.tmp")); len(tmps) != 0 {
		t.Fatalf("temporary files left: %v", tmps)
	}
	// Another game's directory is refused.
	opt.Game = "pig target=26"
	if _, err := tiered.Solve[pig.State, float64](context.Background(), numeric.Float{}, rules, opt); !errors.Is(err, tierfile.ErrOtherGame) {
		t.Fatalf("another game's directory: %v", err)
	}
}

// TestPlanSolveOne: solving the planned tiers one call at a time, as a
// distributed runner does, writes the files Solve writes, byte for byte.
func TestPlanSolveOne(t *testing.T) {
	rules, _ := pig.New(30)
	ref, dir := t.TempDir(), t.TempDir()
	if _, err := tiered.Solve[pig.State, float64](context.Background(), numeric.Float{}, rules, tiered.Options{Dir: ref, Game: "pig target=30"}); err != nil {
		t.Fatal(err)
	}
	opt := tiered.Options{Dir: dir, Game: "pig target=30"}
	plan, err := tiered.Plan(context.Background(), rules, false, opt)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range plan {
		if p.Done || i > 0 && p.Tier >= plan[i-1].Tier {
			t.Fatalf("plan %d: %+v", i, p)
		}
		if err := tiered.SolveOne[pig.State, float64](context.Background(), numeric.Float{}, rules, opt, p.Tier); err != nil {
			t.Fatal(err)
		}
	}
	files, _ := filepath.Glob(filepath.Join(ref, "tier-*.gst"))
	if len(files) != len(plan) {
		t.Fatalf("%d files, %d tiers planned", len(files), len(plan))
	}
	for _, p := range files {
		want, _ := os.ReadFile(p)
		got, _ := os.ReadFile(filepath.Join(dir, filepath.Base(p)))
		if !bytes.Equal(got, want) {
			t.Fatalf("%s differs", filepath.Base(p))
		}
	}
	plan, err = tiered.Plan(context.Background(), rules, false, opt)
	if err != nil || !plan[0].Done || !plan[len(plan)-1].Done {
		t.Fatalf("replanned: %v %+v", err, plan[:1])
	}
	if err := tiered.SolveOne[pig.State, float64](context.Background(), numeric.Float{}, rules, opt, 1); err == nil {
		t.Fatal("tier 1, which Pig has not, was solved")
	}
}

// TestUnprovenCarried: where float values are not proven to the
// precision (here value iteration and strategy iteration are cut short
// and no exact re-solve is allowed), the tiers' solve reports the same
// count of unproven components and the same bound as the in-memory
// solve, and so does a rerun that finds every tier solved.
func TestUnprovenCarried(t *testing.T) {
	rules, _ := pig.New(12)
	opt := engine.Options{MaxSweeps: 2, MaxRounds: 1, ExactStates: -1}
	whole, err := engine.Solve[pig.State, float64](context.Background(), numeric.Float{}, rules, opt)
	if err != nil {
		t.Fatal(err)
	}
	if whole.Unproven == 0 {
		t.Fatal("the in-memory solve is proven: the test needs another cut")
	}
	dir := t.TempDir()
	for run := range 2 {
		sum, err := tiered.Solve[pig.State, float64](context.Background(), numeric.Float{}, rules, tiered.Options{Engine: opt, Dir: dir, Game: "pig target=12 cut"})
		if err != nil {
			t.Fatal(err)
		}
		if sum.Unproven != whole.Unproven || sum.Bound != whole.Bound {
			t.Errorf("run %d: %d unproven, bound %g by tiers; %d, %g in memory", run, sum.Unproven, sum.Bound, whole.Unproven, whole.Bound)
		}
		if run == 1 && sum.Resumed != sum.Tiers {
			t.Errorf("the rerun solved %d tiers again", sum.Tiers-sum.Resumed)
		}
	}
}

// cancelInTier is Pig that, the first time it expands a state of tier
// tier, cancels the solve and takes 300 ms more: the explorer exploring
// that tier is still at work when the solve sees the cancel.
type cancelInTier struct {
	*pig.Rules
	tier   int
	cancel context.CancelFunc
	once   sync.Once
}

func (r *cancelInTier) Expand(s pig.State, n *engine.Node[pig.State]) error {
	if r.Tier(s) == r.tier {
		r.once.Do(func() {
			r.cancel()
			time.Sleep(300 * time.Millisecond)
		})
	}
	return r.Rules.Expand(s, n)
}

// TestCancelEnds: a solve cancelled while an explorer is at work ahead of
// it (cancelInTier) returns the context's error, and every goroutine it
// started has ended when it returns: none reads the tier files after
// Solve has closed them. Resumed, it writes the files of a solve never
// cancelled, byte for byte.
func TestCancelEnds(t *testing.T) {
	pig30, _ := pig.New(30)
	dir := t.TempDir()
	opt := tiered.Options{Dir: dir, Game: "pig target=30"}
	if _, err := tiered.Solve[pig.State, float64](context.Background(), numeric.Float{}, pig30, opt); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "tier-*.gst"))
	orig := map[string][]byte{}
	for _, p := range files {
		orig[p], _ = os.ReadFile(p)
	}
	before := runtime.NumGoroutine()
	for _, tier := range []int{40, 25, 3} {
		// The tiers from tier on are solved again (the numbering is
		// kept: every expansion is an explorer's).
		for p := range orig {
			var n int
			fmt.Sscanf(filepath.Base(p), "tier-%d.gst", &n)
			if n <= tier+4 {
				os.Remove(p)
			}
		}
		ctx, cancel := context.WithCancel(context.Background())
		rules := &cancelInTier{Rules: pig30, tier: tier, cancel: cancel}
		_, err := tiered.Solve[pig.State, float64](ctx, numeric.Float{}, rules, opt)
		cancel()
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("cancelled exploring tier %d: %v", tier, err)
		}
		// A goroutine that has signalled its end takes a moment to
		// return; an explorer still at work would take 300 ms.
		for wait := 0; runtime.NumGoroutine() > before; wait++ {
			if wait == 10 {
				buf := make([]byte, 1<<16)
				t.Fatalf("cancelled exploring tier %d: %d goroutines, %d before:\n%s", tier, runtime.NumGoroutine(), before, buf[:runtime.Stack(buf, true)])
			}
			time.Sleep(5 * time.Millisecond)
		}
		if _, err := tiered.Solve[pig.State, float64](context.Background(), numeric.Float{}, pig30, opt); err != nil {
			t.Fatal(err)
		}
		for p, want := range orig {
			if got, err := os.ReadFile(p); err != nil || !bytes.Equal(got, want) {
				t.Fatalf("%s differs after resuming (%v)", filepath.Base(p), err)
			}
		}
	}
}
