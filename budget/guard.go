package budget

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"time"
)

// A Guard watches one long computation: the context's deadline and
// cancellation, and the memory the process holds against a budget. Loops
// call Tick with the work they did; every so often (about a millisecond of
// work) it reads the context and the heap, and reports the first reason to
// stop. It is cheap enough for the innermost loop that allocates, which is
// where a computation that outgrows its estimate must be caught: a Go
// program that runs out of memory does not fail, it dies.
//
// A Guard is for one goroutine; each worker makes its own.
type Guard struct {
	ctx   context.Context
	limit uint64
	work  int
	every int
	// done counts the work of the ticks before work's; maxWork, if
	// positive, is the most work allowed in all (LimitWork).
	done, maxWork int64
	last          time.Time // the last look at memory
	sample        []metrics.Sample
	err           error
	// Found once when the guard is made: whether an address-space limit
	// applies, and the cgroup's limit and the file of its usage.
	asLimited bool
	cgLimit   uint64
	cgCurrent string
}

// heapMetric is the memory held by heap objects, live or not yet swept.
const heapMetric = "/memory/classes/heap/objects:bytes"

// NewGuard returns a guard for ctx and a memory budget in bytes (0 means
// Available()). It stops when the heap's objects pass three quarters of
// the budget: the rest is the collector's working room (with
// SetRuntimeLimit, the runtime collects hard as the heap nears the whole
// budget). Its errors wrap ErrTooLarge or the context's error; the caller
// names what was being computed.
func NewGuard(ctx context.Context, limit uint64) *Guard {
	if limit == 0 {
		limit = Available()
	}
	g := &Guard{ctx: ctx, limit: limit / 4 * 3, every: 1 << 12,
		sample: []metrics.Sample{{Name: heapMetric}}}
	_, g.asLimited = addressSpaceRoom()
	g.cgCurrent, g.cgLimit = cgroupFiles()
	return g
}

// Tick adds n units of work (an entry updated, a state expanded) and, once
// enough work has gathered (4,096 units), checks the context, and the
// memory when 10 ms have passed since the last look. It returns the error
// to stop with, and keeps returning it.
func (g *Guard) Tick(n int) error {
	if g == nil {
		return nil
	}
	if g.err != nil {
		return g.err
	}
	g.work += n
	if g.work < g.every {
		return nil
	}
	g.done += int64(g.work)
	g.work = 0
	if g.maxWork > 0 && g.done > g.maxWork {
		g.err = fmt.Errorf("%w: more than %d units of work", ErrWorkLimit, g.maxWork)
		return g.err
	}
	if err := g.ctx.Err(); err != nil {
		g.err = err
		return err
	}
	// Memory is read at most every 10 ms: reading it costs microseconds.
	if now := time.Now(); now.Sub(g.last) >= 10*time.Millisecond {
		g.last = now
		return g.Check()
	}
	return nil
}

// ErrWorkLimit is wrapped by a Guard's error when the work passed its
// LimitWork: an attempt that a caller can give up for another method.
var ErrWorkLimit = errors.New("work limit reached")

// LimitWork makes the guard stop once the work ticked in all passes n
// (n > 0; checked when Tick checks the context, so up to 4,095 units
// late). Work counts what the computation does, not time, so where it
// stops does not depend on the machine.
func (g *Guard) LimitWork(n int64) { g.maxWork = n }

// Work returns the work ticked so far.
func (g *Guard) Work() int64 { return g.done + int64(g.work) }

// Check checks the context and the heap now.
func (g *Guard) Check() error {
	if g == nil {
		return nil
	}
	if g.err != nil {
		return g.err
	}
	if err := g.ctx.Err(); err != nil {
		g.err = err
		return err
	}
	// Under an address-space or cgroup limit, what kills a Go program is
	// the mappings (the runtime reserves address space well ahead of its
	// heap), so the room left there is watched directly.
	if g.asLimited {
		if left, ok := addressSpaceRoom(); ok && left < reserve {
			g.err = fmt.Errorf("%w: more memory is needed than the address-space limit leaves (%s left)", ErrTooLarge, Bytes(float64(left)))
			return g.err
		}
	}
	if g.cgCurrent != "" {
		if used, ok := readUint(g.cgCurrent); ok && (used >= g.cgLimit || g.cgLimit-used < reserve) {
			g.err = fmt.Errorf("%w: more memory is needed than the cgroup's limit leaves (%s of %s used)", ErrTooLarge, Bytes(float64(used)), Bytes(float64(g.cgLimit)))
			return g.err
		}
	}
	if used := heapBytes(g.sample); used > g.limit {
		// Garbage may not have been swept yet: collect once before
		// failing, so only memory that is really held counts.
		gcOnce.Lock()
		runtime.GC()
		gcOnce.Unlock()
		if used = heapBytes(g.sample); used > g.limit {
			g.err = fmt.Errorf("%w: %s of memory held and more needed; the budget is %s", ErrTooLarge, Bytes(float64(used)), Bytes(float64(g.limit)))
		}
	}
	return g.err
}

// Fits checks, before a large allocation, that about bytes more fit: under
// an address-space or cgroup limit with the guard's reserve still left,
// and within the heap's budget. A single array of hundreds of megabytes,
// made between two looks at the memory, could otherwise take the process
// past a limit at once, where the runtime dies instead of failing. Its
// error wraps ErrTooLarge (or the context's error, as Check's).
func (g *Guard) Fits(bytes float64) error {
	if err := g.Check(); err != nil || g == nil {
		return err
	}
	need := uint64(math.Max(bytes, 0))
	if g.asLimited {
		if left, ok := addressSpaceRoom(); ok && left < need+reserve {
			return fmt.Errorf("%w: about %s more is needed, and the address-space limit leaves %s", ErrTooLarge, Bytes(bytes), Bytes(float64(left)))
		}
	}
	if g.cgCurrent != "" {
		if used, ok := readUint(g.cgCurrent); ok && (used+need+reserve > g.cgLimit) {
			return fmt.Errorf("%w: about %s more is needed, and the cgroup's limit leaves %s", ErrTooLarge, Bytes(bytes), Bytes(float64(g.cgLimit-min(used, g.cgLimit))))
		}
	}
	if used := heapBytes(g.sample); used+need > g.limit {
		gcOnce.Lock() // only what is really held counts, as in Check
		runtime.GC()
		gcOnce.Unlock()
		if used = heapBytes(g.sample); used+need > g.limit {
			return fmt.Errorf("%w: about %s more is needed, with %s held; the budget is %s", ErrTooLarge, Bytes(bytes), Bytes(float64(used)), Bytes(float64(g.limit)))
		}
	}
	return nil
}

// reserve is the room a guard keeps under an address-space or cgroup
// limit: the runtime maps its heap in large steps.
const reserve = 256 << 20

// gcOnce keeps guards of several workers from collecting at once.
var gcOnce sync.Mutex

func heapBytes(s []metrics.Sample) uint64 {
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

// SetRuntimeLimit tells the Go runtime the memory budget (Available()), so
// that its collector works harder as the heap nears it instead of letting
// garbage double the heap: a process under an address-space or cgroup
// limit then stops with a Guard's error rather than dying of a runtime
// "out of memory". A limit set by GOMEMLIMIT is kept. It returns the
// limit in force.
func SetRuntimeLimit() int64 {
	if cur := debug.SetMemoryLimit(-1); cur != math.MaxInt64 {
		return cur
	}
	b := Available()
	if b > math.MaxInt64 {
		b = math.MaxInt64
	}
	debug.SetMemoryLimit(int64(b))
	return int64(b)
}
