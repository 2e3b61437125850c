package engine

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/numeric"
)

// AnalyzeBounded answers a step-bounded question on a one-player graph,
// or on a game with q.Coalition optimizing against the other players:
// for Pmax and Pmin, the highest or lowest probability of reaching a goal
// within q.Steps steps without passing an avoided state (F≤k and U≤k of
// model checking); for Emax and Emin, the highest or lowest expected reward
// collected in the first q.Steps steps (the cumulative reward C≤k; Goal is
// not used), or with q.Instant the expected reward of the state reached
// after them (I=k). It is value iteration in synchronous steps, from the values
// after 0 steps (1 at a goal for probabilities, else 0): the values after i
// steps are the exact values of the bounded question with bound i (the
// best policy may depend on the steps left, and is not returned). It stops
// early when a step changes no value (exactly; in float mode bit for bit),
// since every later step then repeats it. Each step is checked against
// the context and the memory budget. In exact mode the values' fractions
// grow with every step (a probability of 1/10 adds a digit a step), and so
// does the cost of a step: the run is measured as it goes and refused, with
// the estimate, as soon as the steps left would outrun the context's
// deadline or budget.MaxExactSeconds, or the memory budget (boundedMeter).
func AnalyzeBounded[S comparable, T any, F numeric.Field[T]](ctx context.Context, f F, G *Graph[S], q Query, steps int, opt Options) (*Analysis[T], error) {
	g := G.g
	N := len(g.states)
	if err := opt.undiscounted("AnalyzeBounded"); err != nil {
		return nil, err
	}
	if err := G.undiscounted("AnalyzeBounded"); err != nil {
		return nil, err
	}
	// In a game the coalition optimizes as the objective says and every
	// other player the opposite way (as in Analyze).
	in, err := q.coalition(g.players, "AnalyzeBounded")
	if err != nil {
		return nil, err
	}
	if steps < 0 {
		return nil, fmt.Errorf("engine: AnalyzeBounded: %d steps", steps)
	}
	reward := q.Objective.reward()
	if !reward && len(q.Goal) != N || (q.Avoid != nil && len(q.Avoid) != N) {
		return nil, errors.New("engine: AnalyzeBounded: Goal and Avoid need one flag per state")
	}
	if q.Instant != nil && (!reward || len(q.Instant) != N) {
		return nil, errors.New("engine: AnalyzeBounded: Instant needs a reward objective and one value per state")
	}
	maximize := q.Objective.maximize()
	rat := make([]T, len(g.rats.vals))
	for i, x := range g.rats.vals {
		rat[i] = f.FromRat(f.New(), x)
	}
	cur, next := newValues(f, N), newValues(f, N)
	for v := range N {
		if !reward && q.Goal[v] {
			cur[v] = f.FromInt(cur[v], 1)
			next[v] = f.FromInt(next[v], 1)
		}
		if q.Instant != nil {
			cur[v] = f.FromRat(cur[v], q.Instant[v])
		}
	}
	// fixed: states whose value never changes (goals, avoided states and
	// deadlocks for probabilities; deadlocks for rewards).
	fixed := func(v int) bool {
		if g.actStart[v+1] == g.actStart[v] {
			return true
		}
		return !reward && (q.Goal[v] || (q.Avoid != nil && q.Avoid[v]))
	}
	guard := budget.NewGuard(ctx, opt.memory())
	res := &Analysis[T]{Policy: make([]int32, N)}
	for v := range res.Policy {
		res.Policy[v] = -1
	}
	var meter *boundedMeter
	if f.Exact() {
		meter = &boundedMeter{start: time.Now(), at: 256}
	}
	// One step: each state's value from the last step's, a block of
	// states at a time on each worker (the states are independent, so
	// the values are the same for any number of workers).
	type scratch struct{ sum, best T }
	work := make([]scratch, max(1, min(opt.WorkerCount(), (N+boundedBlock-1)/boundedBlock)))
	for i := range work {
		work[i] = scratch{f.New(), f.New()}
	}
	stepRange := func(w *scratch, from, to int) (changed bool) {
		// Locals, not the shared scratch or the captured vectors, in the
		// loop: workers' scratch sits side by side in memory, and
		// writing it on every term made the cores fight over its cache
		// line.
		sum, best, cur, next := w.sum, w.best, cur, next
		defer func() { w.sum, w.best = sum, best }()
		for v := from; v < to; v++ {
			if fixed(v) {
				next[v] = f.Set(next[v], cur[v])
				continue
			}
			first := true
			up := maximize // this state's player: the coalition's way or the other
			if o := g.owner[v]; o >= 0 && !in[o] {
				up = !up
			}
			for a := g.actStart[v]; a < g.actStart[v+1]; a++ {
				sum = f.FromInt(sum, 0)
				for o := g.outStart[a]; o < g.outStart[a+1]; o++ {
					p := rat[g.prob.at(o)]
					sum = f.AddMul(sum, sum, p, cur[g.to[o]])
					if reward && q.Instant == nil && g.reward.at(o) != 0 {
						sum = f.AddMul(sum, sum, p, rat[g.reward.at(o)])
					}
				}
				if first || (up && f.Cmp(sum, best) > 0) || (!up && f.Cmp(sum, best) < 0) {
					best, first = f.Set(best, sum), false
				}
			}
			changed = changed || f.Cmp(best, cur[v]) != 0
			next[v] = f.Set(next[v], best)
		}
		return changed
	}
	for step := 0; step < steps; step++ {
		if err := guard.Tick(len(g.to) + N); err != nil {
			return nil, fmt.Errorf("engine: bounded, step %d of %d: %w", step+1, steps, err)
		}
		if meter != nil && step == meter.at {
			if err := meter.check(ctx, cur, step, steps, opt.memory()); err != nil {
				return nil, err
			}
		}
		var changed bool
		if len(work) == 1 {
			changed = stepRange(&work[0], 0, N)
		} else {
			var claimed atomic.Int64
			var moved atomic.Bool
			var wg sync.WaitGroup
			for i := range work {
				wg.Go(func() {
					for {
						from := int(claimed.Add(boundedBlock)) - boundedBlock
						if from >= N {
							return
						}
						if stepRange(&work[i], from, min(from+boundedBlock, N)) {
							moved.Store(true)
						}
					}
				})
			}
			wg.Wait()
			changed = moved.Load()
		}
		cur, next = next, cur
		res.Rounds++
		if !changed {
			break // every later step would repeat this one
		}
	}
	res.Values = cur
	return res, nil
}

// boundedBlock is how many states a worker claims at a time in a step of
// AnalyzeBounded: enough to make claiming cheap, few enough to share the
// work of a step evenly.
const boundedBlock = 4096

// boundedMeter extrapolates an exact bounded analysis from its first steps.
// The work of a step is proportional to the bits of the values it reads, and
// those grow by about the same amount every step; so from two measurements
// (time and bits at steps s1 < s2) the step after s2 costs c = (t2 − t1)/(s2
// − s1) and the k-th step after that c·(1 + g·k/B2), g the bits gained per
// step: the R steps left take c·(R + g·R²/(2·B2)).
type boundedMeter struct {
	start   time.Time
	at      int // the step of the next measurement
	lastAt  int
	lastT   float64
	lastB   float64
	samples int
}

func (m *boundedMeter) check(ctx context.Context, cur any, step, steps int, memory uint64) error {
	t := time.Since(m.start).Seconds()
	var b float64
	if vals, ok := cur.([]*big.Rat); ok {
		for _, x := range vals {
			b += float64(x.Num().BitLen() + x.Denom().BitLen())
		}
	}
	defer func() { m.lastAt, m.lastT, m.lastB, m.at = step, t, b, step*4 }()
	m.samples++
	if m.samples < 2 || b <= 0 {
		return nil
	}
	c := max((t-m.lastT)/float64(step-m.lastAt), 1e-9) // a clock that did not move is not free work
	g := max(0, (b-m.lastB)/float64(step-m.lastAt))
	left := float64(steps - step)
	e := budget.Estimate{
		What:       fmt.Sprintf("exact bounded analysis of %d steps (at step %d the values have %.0f bits, %.0f more each step)", steps, step, b, g),
		Seconds:    t + c*(left+g*left*left/(2*b)),
		Bytes:      3 * (b + g*left) / 8, // two value vectors and the step's temporaries
		MaxSeconds: budget.MaxExactSeconds,
	}
	if dl, ok := ctx.Deadline(); ok {
		e.MaxSeconds = min(e.MaxSeconds, time.Until(dl).Seconds()+t)
	}
	if err := e.CheckWithin(memory); err != nil {
		return fmt.Errorf("engine: %w; float mode answers it", err)
	}
	return nil
}
