package extensive

import (
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
