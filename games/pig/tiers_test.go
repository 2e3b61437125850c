package pig

import (
	"context"
	"testing"

	"github.com/gamesolve/gamesolve/engine"
)

// TestTiers: State inverts Index on every index, every move keeps or
// raises the score sum (TierOrder checks each one), and the numbering pass
// visits Pig's states in Explore's order, with and without every pair of
// scores seeded.
func TestTiers(t *testing.T) {
	for _, tc := range []struct {
		target int
		all    bool
	}{{6, false}, {6, true}, {40, false}, {40, true}} {
		r, err := New(tc.target)
		if err != nil {
			t.Fatal(err)
		}
		if tc.all {
			r.ReachAll()
		}
		for i := range r.IndexLimit() {
			s, ok := r.State(i)
			if j, ok2 := r.Index(s); !ok || !ok2 || j != i {
				t.Fatalf("target %d: State(%d) = %v, whose index is %d", tc.target, i, s, j)
			}
		}
		G, err := engine.Explore(context.Background(), engine.Rules[State](r), engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		k := 0
		_, err = engine.TierOrder(context.Background(), engine.Rules[State](r), t.TempDir(), func(tier int, i uint64) error {
			s, _ := r.State(int(i))
			if k >= G.States() || G.State(k) != s || tier != r.Tier(s) {
				t.Fatalf("target %d: state %d is %v (tier %d), Explore's is %v", tc.target, k, s, tier, G.State(k))
			}
			k++
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if k != G.States() {
			t.Fatalf("target %d: %d states visited, Explore has %d", tc.target, k, G.States())
		}
	}
}

// BenchmarkTierOrder times the numbering pass of Pig to 100 (960,896
// states, an 8 MB queue on disk).
func BenchmarkTierOrder(b *testing.B) {
	r, err := New(100)
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	for b.Loop() {
		if _, err := engine.TierOrder(context.Background(), engine.Rules[State](r), dir, func(int, uint64) error { return nil }); err != nil {
			b.Fatal(err)
		}
	}
}
