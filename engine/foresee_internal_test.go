package engine

import (
	"errors"
	"testing"
	"time"

	"github.com/gamesolve/gamesolve/budget"
)

// foresee's bound on a three-state cycle 0 → 1 → 2 → 0 before the first
// pivot: pivot 0 updates row 2 (the one row below with an entry in column
// 0) by row 0's entries right of 0 (column 1) and itself, 2 units; pivots
// 1 and 2 have no row below them yet. Two units at one unit a second is
// two seconds.
func TestForeseeBound(t *testing.T) {
	t.Parallel()
	rows := [][]entry[float64]{{{col: 1, p: 1}}, {{col: 2, p: 1}}, {{col: 0, p: 1}}}
	preds := [][]int32{{2}, {0}, {1}}
	if err := foresee(rows, preds, 0, 1, time.Second, 3*time.Second); err != nil {
		t.Errorf("under 3 s: %v", err)
	}
	if err := foresee(rows, preds, 0, 1, time.Second, time.Second); !errors.Is(err, budget.ErrTooLarge) {
		t.Errorf("over 1 s: %v", err)
	}
	// A row listed twice among column 0's predecessors counts once.
	preds[0] = []int32{2, 2}
	if err := foresee(rows, preds, 0, 1, time.Second, 3*time.Second); err != nil {
		t.Errorf("a predecessor listed twice: %v", err)
	}
}
