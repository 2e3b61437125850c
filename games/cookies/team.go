package cookies

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// team runs a task on n goroutines at once, the caller being one of them,
// and returns when all have finished. Its helpers spin for a while before
// they park: a part late in the count takes tens of microseconds, less
// than waking a parked goroutine on another core can take, and with
// helpers that parked at once the second core sat idle (measured: the
// last two thirds of the parts ran no faster on two cores than on one).
type team struct {
	n       int
	task    func(w int)
	gen     atomic.Uint64 // bumped once per task
	done    atomic.Int64  // helpers finished with the current task
	quit    atomic.Bool
	helpers []helper
	wg      sync.WaitGroup
}

type helper struct {
	parked atomic.Bool
	wake   chan struct{} // capacity 1
}

// spinLimit is how many times a helper looks for a new task, yielding
// every 64 looks, before it parks: tens of microseconds.
const spinLimit = 1 << 12

// newTeam starts n-1 helpers; stop ends them.
func newTeam(n int) *team {
	t := &team{n: n, helpers: make([]helper, n)}
	for w := 1; w < n; w++ {
		h := &t.helpers[w]
		h.wake = make(chan struct{}, 1)
		t.wg.Go(func() {
			var seen uint64
			for {
				g := t.gen.Load()
				for spins := 0; g == seen && !t.quit.Load(); spins++ {
					switch {
					case spins >= spinLimit:
						// Park, unless a task came while deciding to.
						h.parked.Store(true)
						if g = t.gen.Load(); g == seen && !t.quit.Load() {
							<-h.wake
						}
						h.parked.Store(false)
						spins = 0
					case spins%64 == 63:
						runtime.Gosched()
					}
					g = t.gen.Load()
				}
				if t.quit.Load() {
					return
				}
				seen = g
				t.task(w)
				t.done.Add(1)
			}
		})
	}
	return t
}

// run calls task(w) for w = 0..n-1 at once and waits for all of them.
func (t *team) run(task func(w int)) {
	if t.n == 1 {
		task(0)
		return
	}
	t.task = task // published to the helpers by the increment of gen
	t.done.Store(0)
	t.gen.Add(1)
	t.wakeParked()
	task(0)
	for spins := 0; t.done.Load() < int64(t.n-1); spins++ {
		if spins%64 == 63 {
			runtime.Gosched()
		}
	}
}

// wakeParked wakes the helpers that parked; a wake-up that finds its
// helper already awake is left for its next park, which then just looks
// for a task again.
func (t *team) wakeParked() {
	for w := 1; w < t.n; w++ {
		if h := &t.helpers[w]; h.parked.CompareAndSwap(true, false) {
			select {
			case h.wake <- struct{}{}:
			default:
			}
		}
	}
}

// stop ends the helpers.
func (t *team) stop() {
	t.quit.Store(true)
	t.wakeParked()
	t.wg.Wait()
}
