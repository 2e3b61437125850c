package cookies

import (
	"sync/atomic"
	"testing"
	"time"
)

// Every run calls each member once and returns after all have finished,
// whether the helpers are spinning (runs back to back) or parked (runs
// after a pause), and stop ends them.
func TestTeam(t *testing.T) {
	for _, n := range []int{1, 2, 3} {
		tm := newTeam(n)
		counts := make([]atomic.Int64, n)
		for r := range 300 {
			if r%50 == 49 {
				time.Sleep(2 * time.Millisecond) // long enough to park
			}
			var finished atomic.Int64
			tm.run(func(w int) {
				counts[w].Add(1)
				finished.Add(1)
			})
			if got := finished.Load(); got != int64(n) {
				t.Fatalf("n=%d run %d: %d members finished before run returned", n, r, got)
			}
		}
		tm.stop()
		for w := range counts {
			if got := counts[w].Load(); got != 300 {
				t.Errorf("n=%d: member %d ran %d times, want 300", n, w, got)
			}
		}
	}
}
