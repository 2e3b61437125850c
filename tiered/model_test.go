package tiered_test

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/model"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/tiered"
)

// randomTieredModel writes a random JSON model of n states whose "tier"
// is their position divided by width: decisions of two players, chance
// moves and terminals, with outcomes to states of the same tier (cycles)
// or later ones, rewards on some, and a tier numbering that skips.
func randomTieredModel(rng *rand.Rand, n, width int) string {
	var b strings.Builder
	fmt.Fprintf(&b, `{"players": 2, "start": "s0", "states": [`)
	tierOf := func(i int) int { return 3 * (i / width) } // tiers 0, 3, 6...
	target := func(i int) int {
		if rng.IntN(3) == 0 || i/width == (n-1)/width {
			lo := i / width * width
			return lo + rng.IntN(min(n, lo+width)-lo) // this tier
		}
		return i + 1 + rng.IntN(n-1-i) // any later state
	}
	outcomes := func(i int) string {
		k := 1 + rng.IntN(3)
		q := int64(k * 2)
		var parts []string
		left := q
		for j := range k {
			p := int64(1)
			if j == k-1 {
				p = left
			} else if left-int64(k-1-j) > 1 {
				p = 1 + rng.Int64N(left-int64(k-1-j)-1)
			}
			left -= p
			rew := ""
			if rng.IntN(4) == 0 {
				rew = fmt.Sprintf(`, "reward": "%d/3"`, rng.IntN(4))
			}
			parts = append(parts, fmt.Sprintf(`{"p": "%s", "to": "s%d"%s}`, big.NewRat(p, q).RatString(), target(i), rew))
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	for i := range n {
		if i > 0 {
			b.WriteString(",\n")
		}
		last := i == n-1
		switch r := rng.IntN(10); {
		case last || r < 2 && i > 0:
			fmt.Fprintf(&b, `{"id": "s%d", "tier": %d, "payoff": ["%d/4", "%d/4"]}`, i, tierOf(i), rng.IntN(5), rng.IntN(5))
		case r < 4:
			fmt.Fprintf(&b, `{"id": "s%d", "tier": %d, "chance": %s}`, i, tierOf(i), outcomes(i))
		default:
			var acts []string
			for a := range 1 + rng.IntN(3) {
				acts = append(acts, fmt.Sprintf(`{"name": "a%d", "outcomes": %s}`, a, outcomes(i)))
			}
			fmt.Fprintf(&b, `{"id": "s%d", "tier": %d, "player": %d, "actions": [%s]}`, i, tierOf(i), rng.IntN(2), strings.Join(acts, ", "))
		}
	}
	b.WriteString("]}")
	return b.String()
}

// TestModelBitForBit: random JSON models with a "tier" on every state,
// solved by tiers, give every state the values, reward and action that
// the plain model's in-memory solve gives it, float and exact.
func TestModelBitForBit(t *testing.T) {
	rng := rand.New(rand.NewPCG(46, 7))
	checked := 0
	for k := range 120 {
		text := randomTieredModel(rng, 10+rng.IntN(150), 3+rng.IntN(20))
		m, err := model.Parse([]byte(text))
		if err != nil {
			t.Fatalf("model %d: %v\n%s", k, err, text)
		}
		rules, ok := m.Tiered()
		if !ok {
			t.Fatal("a model with tiers says it has none")
		}
		stateOf := func(i int) (int32, bool) { return int32(i), true }
		exact := k%2 == 1
		if _, err := engine.Solve[int32, float64](context.Background(), numeric.Float{}, m, engine.Options{}); err != nil {
			continue // one the engine refuses whole (no equilibrium found)
		}
		dir := t.TempDir()
		opt := tiered.Options{Dir: dir, Game: fmt.Sprintf("model %d", k)}
		if exact {
			if _, err := tiered.Solve[int32, *big.Rat](context.Background(), numeric.Exact{}, rules, opt); err != nil {
				t.Fatalf("model %d: %v", k, err)
			}
			checkAgainstWhole[int32, *big.Rat](t, numeric.Exact{}, m, stateOf, dir, sameRat)
		} else {
			if _, err := tiered.Solve[int32, float64](context.Background(), numeric.Float{}, rules, opt); err != nil {
				t.Fatalf("model %d: %v", k, err)
			}
			checkAgainstWhole[int32, float64](t, numeric.Float{}, m, stateOf, dir, sameFloat)
		}
		checked++
	}
	if checked < 100 {
		t.Fatalf("only %d of 120 models checked", checked)
	}
}

// TestModelTiersRefused: a model whose tiers are given on some states
// only, out of range, or not integers is refused with one line naming
// the state; one with a move to an earlier tier is refused by the solve,
// naming both states.
func TestModelTiersRefused(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{`{"players": 1, "start": "a", "states": [{"id": "a", "tier": 0, "chance": [{"p": 1, "to": "b"}]}, {"id": "b", "payoff": [1]}]}`, `state "b" has no "tier"`},
		{`{"players": 1, "start": "a", "states": [{"id": "a", "chance": [{"p": 1, "to": "b"}]}, {"id": "b", "tier": 1, "payoff": [1]}]}`, `state "b" has a "tier", and the first state has none`},
		{`{"players": 1, "start": "a", "states": [{"id": "a", "tier": -1, "payoff": [1]}]}`, `tier -1 out of range`},
		{`{"players": 1, "start": "a", "states": [{"id": "a", "tier": 4194304, "payoff": [1]}]}`, `tier 4194304 out of range`},
		{`{"players": 1, "start": "a", "states": [{"id": "a", "tier": 1.5, "payoff": [1]}]}`, `tier`},
		{`{"players": 1, "start": "a", "states": [{"id": "a", "tier": "1", "payoff": [1]}]}`, `tier`},
	} {
		_, err := model.Parse([]byte(tc.text))
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %v, want one line with %q", tc.text, err, tc.want)
		}
	}
	back := `{"players": 1, "start": "a", "states": [{"id": "a", "tier": 1, "chance": [{"p": 1, "to": "b"}]}, {"id": "b", "tier": 0, "payoff": [1]}]}`
	m, err := model.Parse([]byte(back))
	if err != nil {
		t.Fatal(err)
	}
	rules, _ := m.Tiered()
	_, err = tiered.Solve[int32, float64](context.Background(), numeric.Float{}, rules, tiered.Options{Dir: t.TempDir(), Game: "back"})
	if err == nil || !strings.Contains(err.Error(), `"a"`) || !strings.Contains(err.Error(), `"b"`) {
		t.Fatalf("a move to an earlier tier: %v", err)
	}
}
