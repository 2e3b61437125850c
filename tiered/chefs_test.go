package tiered_test

import (
	"context"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/games/chefs"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/tiered"
)

// TestChefsBitForBit solves Chef Showdown with random skills tier by tier
// (the chefs out), three to eight chefs, float and exact, and finds every
// state's values, expected dishes and choice equal to the in-memory
// solve of the plain rules (no tiers, no index), bit for bit.
func TestChefsBitForBit(t *testing.T) {
	rng := rand.New(rand.NewPCG(46, 14))
	for n := 3; n <= 8; n++ {
		skills := make([]*big.Rat, n)
		for k := range skills {
			skills[k] = big.NewRat(1+rng.Int64N(99), 100)
		}
		rules, err := chefs.NewRules(skills)
		if err != nil {
			t.Fatal(err)
		}
		tr := chefs.TierRules{Rules: rules}
		for _, exact := range []bool{false, true} {
			dir := t.TempDir()
			opt := tiered.Options{Dir: dir, Game: "chefs test"}
			if exact {
				if _, err := tiered.Solve[chefs.State, *big.Rat](context.Background(), numeric.Exact{}, engine.Rules[chefs.State](tr), opt); err != nil {
					t.Fatal(err)
				}
				checkAgainstWhole[chefs.State, *big.Rat](t, numeric.Exact{}, rules, tr.State, dir, sameRat)
				continue
			}
			if _, err := tiered.Solve[chefs.State, float64](context.Background(), numeric.Float{}, engine.Rules[chefs.State](tr), opt); err != nil {
				t.Fatal(err)
			}
			checkAgainstWhole[chefs.State, float64](t, numeric.Float{}, rules, tr.State, dir, sameFloat)
		}
	}
}

// TestChefsTierSizes: chefs.TierRules.TierSizes, which Solve checks
// before numbering, gives the largest tier and the states the numbering
// finds.
func TestChefsTierSizes(t *testing.T) {
	for n := 3; n <= 10; n++ {
		skills, _ := chefs.Fibonacci(n)
		r, _ := chefs.NewRules(skills)
		rules := chefs.TierRules{Rules: r}
		plan, err := tiered.Plan(context.Background(), rules, false, tiered.Options{Dir: t.TempDir(), Game: "chefs"})
		if err != nil {
			t.Fatal(err)
		}
		var largest, total int64
		for _, p := range plan {
			largest, total = max(largest, p.States), total+p.States
		}
		if l, tot := rules.TierSizes(); l != largest || tot != total {
			t.Errorf("n = %d: TierSizes %d, %d; the numbering finds %d, %d", n, l, tot, largest, total)
		}
	}
}
