package extensive

import (
	"context"
	"errors"
	"os"
	"testing"

	"github.com/gamesolve/gamesolve/budget"
)

// TestEFGRefusedUpFront: a file whose game would not fit the memory
// budget is refused before it is read, with the estimate.
func TestEFGRefusedUpFront(t *testing.T) {
	src, err := os.ReadFile("testdata/signal.efg")
	if err != nil {
		t.Fatal(err)
	}
	need := uint64(len(src)) * efgBytesPerByte
	if _, err := readEFG(src, need-1); !errors.Is(err, budget.ErrTooLarge) {
		t.Errorf("below the estimate: %v", err)
	}
	if _, err := readEFG(src, need); err != nil {
		t.Errorf("within the budget: %v", err)
	}
}

// Lemke's path on testdata/lemke-tie.efg (a random general-sum game)
// reaches z0 = 0 where z0's row ties in the ratio test: the lexicographic
// rule keeps z0 in the basis, at 0. That basis is already an equilibrium;
// followed on, the path went through more than 10,000 degenerate pivots
// before z0 left.
func TestLemkeStopsAtZ0(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("testdata/lemke-tie.efg")
	if err != nil {
		t.Fatal(err)
	}
	g, err := ReadEFG(src)
	if err != nil {
		t.Fatal(err)
	}
	sf, err := g.checked()
	if err != nil {
		t.Fatal(err)
	}
	plans, pivots, err := g.newSeqLCP(sf).solve(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	pr, err := g.certified(context.Background(), sf, plans)
	if err != nil {
		t.Fatal(err)
	}
	if !pr.Equilibrium() {
		t.Fatalf("exploitable by %s", pr.Exploitability.RatString())
	}
	if pivots > 1000 {
		t.Errorf("%d pivots, want the path to end where z0 reaches 0", pivots)
	}
	t.Logf("%d pivots", pivots)
}
