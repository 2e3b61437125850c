package engine

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
)

// A whole graph's decomposition stops on a cancelled context with its
// error, and on a live one finds the components: here a ring of n
// vertices (one component) after a path of n (n more).
func TestTarjanStops(t *testing.T) {
	t.Parallel()
	const n = 3 * sccCheck
	start := make([]uint32, 2*n+1)
	var adj []uint32
	for v := range 2 * n {
		switch {
		case v < n: // the path 0 → 1 → … → n-1 → n
			adj = append(adj, uint32(v+1))
		case v < 2*n-1:
			adj = append(adj, uint32(v+1))
		default: // back to n: the ring n … 2n-1
			adj = append(adj, n)
		}
		start[v+1] = uint32(len(adj))
	}
	c, err := tarjan(context.Background(), 2*n, start, adj)
	if err != nil {
		t.Fatal(err)
	}
	if got := c.count(); got != n+1 {
		t.Errorf("%d components, want %d", got, n+1)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := tarjan(ctx, 2*n, start, adj); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v, want context.Canceled", err)
	}
}

// refTarjan is Tarjan's algorithm, recursive, as the textbook gives it:
// the reference decompose must match component for component and in the
// same order (members sorted).
func refTarjan(n int, start, adj []uint32) (of []int32, comps [][]uint32) {
	index, low := make([]int, n), make([]int, n)
	onStack := make([]bool, n)
	for i := range index {
		index[i] = -1
	}
	of = make([]int32, n)
	var stack []uint32
	next := 0
	var visit func(v uint32)
	visit = func(v uint32) {
		index[v], low[v] = next, next
		next++
		stack = append(stack, v)
		onStack[v] = true
		for _, w := range adj[start[v]:start[v+1]] {
			switch {
			case index[w] < 0:
				visit(w)
				low[v] = min(low[v], low[w])
			case onStack[w]:
				low[v] = min(low[v], index[w])
			}
		}
		if low[v] == index[v] {
			var comp []uint32
			for {
				w := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[w] = false
				of[w] = int32(len(comps))
				comp = append(comp, w)
				if w == v {
					break
				}
			}
			slices.Sort(comp)
			comps = append(comps, comp)
		}
	}
	for v := range n {
		if index[v] < 0 {
			visit(uint32(v))
		}
	}
	return of, comps
}

// decompose finds Tarjan's components in Tarjan's order on random graphs,
// sparse and dense, with vertex starts and through a graph's two levels
// (actions, then outcomes), and its scratch serves graph after graph.
func TestDecomposeMatchesTarjan(t *testing.T) {
	t.Parallel()
	var sc sccScratch
	for seed := range 300 {
		rng := rand.New(rand.NewPCG(uint64(seed), 5))
		n := 1 + rng.IntN(200)
		deg := rng.IntN(4)
		// Two levels: each vertex has up to three "actions" of up to
		// deg+1 edges each.
		actStart := []uint32{0}
		outStart := []uint32{0}
		var adj []uint32
		for range n {
			for range rng.IntN(4) {
				for range rng.IntN(deg + 2) {
					adj = append(adj, uint32(rng.IntN(n)))
				}
				outStart = append(outStart, uint32(len(adj)))
			}
			actStart = append(actStart, uint32(len(outStart)-1))
		}
		start := make([]uint32, n+1)
		for v := range n {
			start[v+1] = outStart[actStart[v+1]]
		}
		of, comps := refTarjan(n, start, adj)
		for _, two := range []bool{false, true} {
			var c *components
			if two {
				c = sc.decompose(n, actStart, outStart, adj)
			} else {
				c = sc.tarjan(n, start, adj)
			}
			if c.count() != len(comps) || !slices.Equal(c.of, of) {
				t.Fatalf("seed %d (two levels %v): %d components, want %d; of %v, want %v", seed, two, c.count(), len(comps), c.of, of)
			}
			for k, want := range comps {
				if got := c.get(k); !slices.Equal(got, want) {
					t.Fatalf("seed %d (two levels %v): component %d is %v, want %v", seed, two, k, got, want)
				}
			}
		}
	}
}
