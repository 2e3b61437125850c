package tiered_test

import (
	"bytes"
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/games/chefs"
	"github.com/gamesolve/gamesolve/games/pig"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/tiered"
	"github.com/gamesolve/gamesolve/tierfile"
)

// byShards solves every planned tier of opt.Dir shard by shard, in a
// random order of shards, as a cluster's workers do, each shard's exits
// read from the tier files or, with feed, from the records the shards of
// the next tier fed it (tiered.Feeder); it returns the shards solved.
func byShards[S comparable, T any, F numeric.Field[T]](t *testing.T, f F, rules engine.Rules[S], opt tiered.Options, feed bool) int {
	t.Helper()
	ctx := context.Background()
	plan, err := tiered.Plan(ctx, rules, f.Exact(), opt)
	if err != nil {
		t.Fatal(err)
	}
	w, err := tiered.NewShardSolver[S, T](f, rules, opt)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	rng := rand.New(rand.NewPCG(46, 2))
	solved := 0
	var fedBy map[uint64][]*tierfile.Tier // the records each shard is fed
	for _, p := range plan {
		shards, err := tiered.Shards(rules, f.Exact(), opt, p.Tier)
		if err != nil {
			t.Fatal(err)
		}
		rng.Shuffle(len(shards), func(i, j int) { shards[i], shards[j] = shards[j], shards[i] })
		var parts []*tierfile.Tier
		var u tiered.Unproven
		next := map[uint64][]*tierfile.Tier{}
		for _, sh := range shards {
			var fed *tierfile.Tier
			if feed {
				// The last tier leads nowhere: it is fed nothing.
				fed = &tierfile.Tier{Width: tiered.Width(rules.Players())}
				if len(fedBy[sh.Key]) > 0 {
					if fed, err = tiered.Merge(fedBy[sh.Key]); err != nil {
						t.Fatal(err)
					}
				}
			}
			out, un, err := w.Solve(ctx, p.Tier, sh, fed)
			if err != nil {
				t.Fatal(err)
			}
			solved++
			parts = append(parts, out)
			u.Add(un)
			if feed {
				for _, up := range rules.(tiered.Feeder).Feeds(p.Tier, sh.Key) {
					next[up] = append(next[up], out)
				}
			}
		}
		fedBy = next
		if err := tiered.WriteShards(rules, f.Exact(), opt, p.Tier, parts, u); err != nil {
			t.Fatal(err)
		}
	}
	return solved
}

// sameDirs requires every tier file of want in got, byte for byte, and
// the same proof files.
func sameDirs(t *testing.T, got, want string) {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(want, "tier-*"))
	gotFiles, _ := filepath.Glob(filepath.Join(got, "tier-*"))
	if len(files) == 0 || len(gotFiles) != len(files) {
		t.Fatalf("%d files, want %d", len(gotFiles), len(files))
	}
	for _, p := range files {
		w, _ := os.ReadFile(p)
		g, err := os.ReadFile(filepath.Join(got, filepath.Base(p)))
		if err != nil || !bytes.Equal(g, w) {
			t.Fatalf("%s differs (%v)", filepath.Base(p), err)
		}
	}
}

// TestShardsBitForBit: Pig (float to 40, exact to 10) and Chef Showdown
// (float and exact, 7 and 9 chefs) solved shard by shard, the shards of a
// tier in a random order, write the files tiered.Solve writes, byte for
// byte; for chefs also with each shard fed its exits by the shards of the
// tier after it (tiered.Feeder), reading no tier file.
func TestShardsBitForBit(t *testing.T) {
	ctx := context.Background()
	check := func(t *testing.T, solve func(tiered.Options) error, shards func(tiered.Options) int, game string, min int) {
		ref, dir := t.TempDir(), t.TempDir()
		if err := solve(tiered.Options{Dir: ref, Game: game}); err != nil {
			t.Fatal(err)
		}
		if n := shards(tiered.Options{Dir: dir, Game: game}); n < min {
			t.Fatalf("%d shards, want at least %d", n, min)
		}
		sameDirs(t, dir, ref)
	}
	p40, _ := pig.New(40)
	p10, _ := pig.New(10)
	t.Run("pig 40 float", func(t *testing.T) {
		check(t, func(o tiered.Options) error {
			_, err := tiered.Solve[pig.State, float64](ctx, numeric.Float{}, p40, o)
			return err
		}, func(o tiered.Options) int { return byShards[pig.State, float64](t, numeric.Float{}, p40, o, false) }, "pig target=40", 400)
	})
	t.Run("pig 10 exact", func(t *testing.T) {
		check(t, func(o tiered.Options) error {
			_, err := tiered.Solve[pig.State, *big.Rat](ctx, numeric.Exact{}, p10, o)
			return err
		}, func(o tiered.Options) int { return byShards[pig.State, *big.Rat](t, numeric.Exact{}, p10, o, false) }, "pig target=10 exact", 40)
	})
	rng := rand.New(rand.NewPCG(46, 3))
	for _, n := range []int{7, 9} {
		skills := make([]*big.Rat, n)
		for k := range skills {
			skills[k] = big.NewRat(1+rng.Int64N(99), 100)
		}
		r, _ := chefs.NewRules(skills)
		tr := chefs.TierRules{Rules: r}
		for _, feed := range []bool{false, true} {
			t.Run("chefs float", func(t *testing.T) {
				check(t, func(o tiered.Options) error {
					_, err := tiered.Solve[chefs.State, float64](ctx, numeric.Float{}, tr, o)
					return err
				}, func(o tiered.Options) int { return byShards[chefs.State, float64](t, numeric.Float{}, tr, o, feed) }, "chefs", 1<<n-n-1)
			})
			t.Run("chefs exact", func(t *testing.T) {
				check(t, func(o tiered.Options) error {
					_, err := tiered.Solve[chefs.State, *big.Rat](ctx, numeric.Exact{}, tr, o)
					return err
				}, func(o tiered.Options) int { return byShards[chefs.State, *big.Rat](t, numeric.Exact{}, tr, o, feed) }, "chefs exact", 1<<n-n-1)
			})
		}
	}
}

// TestShardsUnproven: a cut solve's unproven components and bound, added
// up over shards, give the proof files tiered.Solve writes.
func TestShardsUnproven(t *testing.T) {
	rules, _ := pig.New(12)
	eng := engine.Options{MaxSweeps: 2, MaxRounds: 1, ExactStates: -1}
	ref, dir := t.TempDir(), t.TempDir()
	sum, err := tiered.Solve[pig.State, float64](context.Background(), numeric.Float{}, rules, tiered.Options{Engine: eng, Dir: ref, Game: "pig cut"})
	if err != nil || sum.Unproven == 0 {
		t.Fatalf("%v; %d unproven: the test needs a cut", err, sum.Unproven)
	}
	byShards[pig.State, float64](t, numeric.Float{}, rules, tiered.Options{Engine: eng, Dir: dir, Game: "pig cut"}, false)
	sameDirs(t, dir, ref)
}

// byTurn shards Pig by whose turn it is, which a pig changes: not a
// Sharder's shards.
type byTurn struct{ *pig.Rules }

func (r byTurn) Shard(s pig.State) uint64 { return uint64(s.Turn) }

// missingFeed feeds each chefs shard from none of its supersets.
type missingFeed struct{ chefs.TierRules }

func (missingFeed) Feeds(int, uint64) []uint64 { return nil }

// TestShardsRefused: a move out of a shard within its tier, a shard not
// fed a state it leads to, a state given in the wrong shard, and a tier
// written without one of its shards are refused, each naming what is
// wrong.
func TestShardsRefused(t *testing.T) {
	ctx := context.Background()
	p, _ := pig.New(10)
	bad := byTurn{p}
	opt := tiered.Options{Dir: t.TempDir(), Game: "pig by turn"}
	plan, err := tiered.Plan(ctx, bad, false, opt)
	if err != nil {
		t.Fatal(err)
	}
	w, err := tiered.NewShardSolver[pig.State, float64](numeric.Float{}, bad, opt)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	shards, err := tiered.Shards(bad, false, opt, plan[1].Tier)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := w.Solve(ctx, plan[1].Tier, shards[0], nil); err == nil || !strings.Contains(err.Error(), "is not among") {
		t.Errorf("a shard left within its tier: %v", err)
	}
	moved := tiered.Shard{Key: shards[0].Key + 1, States: shards[0].States}
	if _, _, err := w.Solve(ctx, plan[1].Tier, moved, nil); err == nil || !strings.Contains(err.Error(), "is in shard") {
		t.Errorf("states given in the wrong shard: %v", err)
	}

	skills, _ := chefs.Fibonacci(5)
	r, _ := chefs.NewRules(skills)
	good := chefs.TierRules{Rules: r}
	for _, rules := range []engine.Rules[chefs.State]{missingFeed{good}, good} {
		o := tiered.Options{Dir: t.TempDir(), Game: "chefs"}
		plan, err := tiered.Plan(ctx, rules, false, o)
		if err != nil {
			t.Fatal(err)
		}
		w, err := tiered.NewShardSolver[chefs.State, float64](numeric.Float{}, rules, o)
		if err != nil {
			t.Fatal(err)
		}
		defer w.Close()
		last, err := tiered.Shards(rules, false, o, plan[0].Tier)
		if err != nil {
			t.Fatal(err)
		}
		var parts []*tierfile.Tier
		for _, sh := range last {
			out, _, err := w.Solve(ctx, plan[0].Tier, sh, nil)
			if err != nil {
				t.Fatal(err)
			}
			parts = append(parts, out)
		}
		if _, ok := rules.(missingFeed); ok {
			// Tier 3 fed nothing: its first shard misses its exits.
			sh, _ := tiered.Shards(rules, false, o, plan[1].Tier)
			_, _, err := w.Solve(ctx, plan[1].Tier, sh[0], &tierfile.Tier{Width: tiered.Width(5)})
			if err == nil || !strings.Contains(err.Error(), "were not fed") {
				t.Errorf("a shard not fed its exits: %v", err)
			}
			continue
		}
		err = tiered.WriteShards(rules, false, o, plan[0].Tier, parts[1:], tiered.Unproven{})
		if err == nil || !strings.Contains(err.Error(), "not the tier's") {
			t.Errorf("a tier written without a shard: %v", err)
		}
		if err := tiered.WriteShards(rules, false, o, plan[0].Tier, append(parts, parts[0]), tiered.Unproven{}); err == nil || !strings.Contains(err.Error(), "two records") {
			t.Errorf("a shard written twice: %v", err)
		}
	}
	if _, err := tiered.NewShardSolver[pig.State, float64](numeric.Float{}, p, tiered.Options{Dir: t.TempDir(), Game: "pig"}); err == nil || !strings.Contains(err.Error(), "not numbered") {
		t.Errorf("a worker on a directory not planned: %v", err)
	}
}

// TestUnitsBitForBit: Solve and SolveOne with tiers split into units of a
// few shards (Options.UnitStates) write the files a whole-tier solve
// writes, byte for byte, float and exact, for Pig and Chef Showdown, and
// a cut solve's proof files too; the same with every float tier of more
// than one unit spilled to disk (Options.MergeLimit), which leaves no
// temporary file behind and removes one a killed solve left.
func TestUnitsBitForBit(t *testing.T) {
	ctx := context.Background()
	p40, _ := pig.New(40)
	p10, _ := pig.New(10)
	p12, _ := pig.New(12)
	skills, _ := chefs.Fibonacci(9)
	r, _ := chefs.NewRules(skills)
	ch := chefs.TierRules{Rules: r}
	cut := engine.Options{MaxSweeps: 2, MaxRounds: 1, ExactStates: -1}
	cases := []struct {
		name  string
		unit  int
		eng   engine.Options
		solve func(tiered.Options) error
		one   func(tiered.Options, int) error
	}{
		{"pig 40", 150, engine.Options{}, func(o tiered.Options) error {
			_, err := tiered.Solve[pig.State, float64](ctx, numeric.Float{}, p40, o)
			return err
		}, func(o tiered.Options, tier int) error {
			return tiered.SolveOne[pig.State, float64](ctx, numeric.Float{}, p40, o, tier)
		}},
		{"pig 12 cut", 30, cut, func(o tiered.Options) error {
			_, err := tiered.Solve[pig.State, float64](ctx, numeric.Float{}, p12, o)
			return err
		}, nil},
		{"pig 10 exact", 12, engine.Options{}, func(o tiered.Options) error {
			_, err := tiered.Solve[pig.State, *big.Rat](ctx, numeric.Exact{}, p10, o)
			return err
		}, func(o tiered.Options, tier int) error {
			return tiered.SolveOne[pig.State, *big.Rat](ctx, numeric.Exact{}, p10, o, tier)
		}},
		{"chefs 9", 40, engine.Options{}, func(o tiered.Options) error {
			_, err := tiered.Solve[chefs.State, float64](ctx, numeric.Float{}, ch, o)
			return err
		}, func(o tiered.Options, tier int) error {
			return tiered.SolveOne[chefs.State, float64](ctx, numeric.Float{}, ch, o, tier)
		}},
		{"chefs 9 exact", 40, engine.Options{}, func(o tiered.Options) error {
			_, err := tiered.Solve[chefs.State, *big.Rat](ctx, numeric.Exact{}, ch, o)
			return err
		}, nil},
	}
	for _, c := range cases {
		for _, limit := range []int64{0, -1} {
			t.Run(fmt.Sprintf("%s merge limit %d", c.name, limit), func(t *testing.T) {
				unitsBitForBit(t, c.solve, c.one, c.name, c.eng, c.unit, limit)
			})
		}
	}
}

func unitsBitForBit(t *testing.T, solve func(tiered.Options) error, one func(tiered.Options, int) error, name string, eng engine.Options, unit int, limit int64) {
	ref, dir := t.TempDir(), t.TempDir()
	if err := solve(tiered.Options{Engine: eng, Dir: ref, Game: name}); err != nil {
		t.Fatal(err)
	}
	if limit < 0 {
		// What a solve killed while spilling leaves: the next removes it.
		if err := os.WriteFile(filepath.Join(dir, "tier-000000000003.unit-000001.tmp"), []byte("torn"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := solve(tiered.Options{Engine: eng, Dir: dir, Game: name, UnitStates: unit, MergeLimit: limit}); err != nil {
		t.Fatal(err)
	}
	sameDirs(t, dir, ref)
	if one == nil {
		return
	}
	// SolveOne too, on the largest tier, its file removed.
	files, _ := filepath.Glob(filepath.Join(dir, "tier-*.gst"))
	var big string
	var bigSize int64
	for _, f := range files {
		if st, _ := os.Stat(f); st.Size() > bigSize {
			big, bigSize = f, st.Size()
		}
	}
	var tier int
	if _, err := fmt.Sscanf(filepath.Base(big), "tier-%d.gst", &tier); err != nil {
		t.Fatal(err)
	}
	os.Remove(big)
	if err := one(tiered.Options{Dir: dir, Game: name, UnitStates: unit, MergeLimit: limit}, tier); err != nil {
		t.Fatal(err)
	}
	sameDirs(t, dir, ref)
}

// TestMergeOrder: Merge, on its k-way merge of the shards' keys, gives the
// records in ascending key order whatever the parts' sizes, empty ones
// included, and refuses a key found in two parts.
func TestMergeOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 6))
	for trial := range 50 {
		parts := make([]*tierfile.Tier, 1+rng.IntN(9))
		for p := range parts {
			parts[p] = &tierfile.Tier{Game: "g", Kind: tierfile.Float, Width: 2, Tier: 3}
		}
		n := rng.IntN(300)
		for k := range n {
			pt := parts[rng.IntN(len(parts))]
			pt.Keys = append(pt.Keys, uint64(3*k+1))
			pt.Actions = append(pt.Actions, int32(k))
			pt.Floats = append(pt.Floats, float64(k), -float64(k))
		}
		out, err := tiered.Merge(parts)
		if err != nil {
			t.Fatal(err)
		}
		if len(out.Keys) != n || len(out.Floats) != 2*n {
			t.Fatalf("trial %d: %d keys, %d values, want %d, %d", trial, len(out.Keys), len(out.Floats), n, 2*n)
		}
		for k := range n {
			if out.Keys[k] != uint64(3*k+1) || out.Actions[k] != int32(k) || out.Floats[2*k] != float64(k) || out.Floats[2*k+1] != -float64(k) {
				t.Fatalf("trial %d: record %d is %d %d %v", trial, k, out.Keys[k], out.Actions[k], out.Floats[2*k:2*k+2])
			}
		}
		if n > 0 && len(parts) > 1 {
			dup := &tierfile.Tier{Game: "g", Kind: tierfile.Float, Width: 2, Tier: 3, Keys: []uint64{out.Keys[rng.IntN(n)]}, Actions: []int32{0}, Floats: []float64{0, 0}}
			if _, err := tiered.Merge(append(parts, dup)); err == nil || !strings.Contains(err.Error(), "two records") {
				t.Fatalf("trial %d: a key in two parts: %v", trial, err)
			}
		}
	}
}
