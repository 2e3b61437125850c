package engine

import (
	"context"
	"errors"
	"testing"
)

// A whole graph's decomposition stops on a cancelled context with its
// error, and on a live one finds the components: here a ring of n
// vertices (one component) after a path of n (n more).
func TestTarjanStops(t *testing.T) {
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
