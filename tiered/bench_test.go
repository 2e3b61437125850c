package tiered_test

import (
	"context"
	"os"
	"testing"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/games/pig"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/tiered"
)

// BenchmarkPig100 solves Pig to 100 by tiers on disk from an empty
// directory each time (numbering pass included); BenchmarkPig100Memory
// solves it in memory, for the ratio.
func BenchmarkPig100(b *testing.B) {
	rules, _ := pig.New(100)
	for b.Loop() {
		dir := b.TempDir()
		if _, err := tiered.Solve[pig.State, float64](context.Background(), numeric.Float{}, rules, tiered.Options{Dir: dir, Game: "pig target=100"}); err != nil {
			b.Fatal(err)
		}
		// Removing the files is not the solve's time.
		b.StopTimer()
		os.RemoveAll(dir)
		b.StartTimer()
	}
}

func BenchmarkPig100Memory(b *testing.B) {
	rules, _ := pig.New(100)
	for b.Loop() {
		if _, err := engine.Solve[pig.State, float64](context.Background(), numeric.Float{}, rules, engine.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
