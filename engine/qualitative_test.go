package engine_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gamesolve/gamesolve/engine"
)

// almostSurePlain is the textbook nested fixed point (de Alfaro and
// Henzinger; Baier and Katoen's Prob1E/Prob1A), recomputed from scratch
// each round: U shrinks to the states that reach the goal by actions that
// stay in U (an up state needs one such action, any other state needs all
// of its actions to stay and to reach), avoiding the avoided states.
func almostSurePlain(acts func(v int) [][]int, n int, goal, avoid, up, can []bool) []bool {
	U := slices.Clone(can)
	for {
		stays := func(to []int) bool {
			for _, w := range to {
				if !U[w] {
					return false
				}
			}
			return true
		}
		R := slices.Clone(goal)
		for changed := true; changed; {
			changed = false
			for v := range n {
				if R[v] || !U[v] || avoid[v] {
					continue
				}
				as := acts(v)
				join := !up[v] && len(as) > 0
				for _, to := range as {
					reaches := slices.ContainsFunc(to, func(w int) bool { return R[w] })
					if up[v] && stays(to) && reaches {
						join = true
						break
					}
					if !up[v] && !(stays(to) && reaches) {
						join = false
						break
					}
				}
				if join {
					R[v], changed = true, true
				}
			}
		}
		if slices.Equal(R, U) {
			return U
		}
		U = R
	}
}

// The incremental almost-sure search (removals cascade between backward
// searches) finds exactly the set of the plain nested fixed point, on
// random graphs with both sides, avoided states and cycles.
func TestAlmostSureAgainstPlain(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(31, 7))
	ctx := context.Background()
	ones := 0
	for trial := range 2000 {
		g := newRandomGeneral(rng, 2, 2+rng.IntN(12))
		G, err := engine.Explore(ctx, g, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		n := G.States()
		goal, avoid, up := make([]bool, n), make([]bool, n), make([]bool, n)
		for v := range n {
			goal[v] = rng.IntN(5) == 0
			avoid[v] = rng.IntN(7) == 0
			up[v] = rng.IntN(2) == 0
		}
		can := G.Attractor(goal, avoid, up)
		got, err := G.AlmostSure(ctx, goal, avoid, up, can)
		if err != nil {
			t.Fatal(err)
		}
		if trial%100 == 0 {
			// Stopped: its rounds (searches of the whole graph) look at
			// the context.
			done, cancel := context.WithCancel(ctx)
			cancel()
			if _, err := G.AlmostSure(done, goal, avoid, up, can); !errors.Is(err, context.Canceled) {
				t.Fatalf("trial %d: cancelled, the search returned %v", trial, err)
			}
		}
		want := almostSurePlain(G.ActionsOf, n, goal, avoid, up, can)
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d: almost sure %v, plain fixed point %v", trial, got, want)
		}
		for v := range n {
			if got[v] && !goal[v] {
				ones++
			}
		}
	}
	if ones < 100 {
		t.Errorf("only %d non-goal states reach the goal almost surely: the test sees too few", ones)
	}
}
