package chefs

import (
	"context"
	"fmt"
	"math/big"
	"math/bits"
	"sync"
	"sync/atomic"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/solver"
)

// Options controls what Solve computes besides the answer: Policy asks for
// the optimal target in every state (n·2^(n-1) bytes); Progress counts
// survivor sets, 2^n - 1 in all.
type Options = solver.Options

// Result is the solution from the full table with chef 1 to act.
type Result[T any] struct {
	Skills []*big.Rat
	// Win[k] is chef k+1's probability of winning.
	Win []T
	// Dishes is the expected number of dishes.
	Dishes T
	// Policy is the optimal target in every state, if asked for.
	Policy *Policy
}

// Policy holds the optimal target of every state.
type Policy struct {
	n      int
	c      *binomials
	target [][]uint8 // target[q][rank*q + r]: 0-based chef shot by member r
}

// N is the number of chefs.
func (p *Policy) N() int { return p.n }

// Target returns the chef (1-based) that chef (1-based) shoots at when the
// survivors are alive (bit k-1 set for chef k) and chef is to act. ok is
// false if the state does not exist (chef not alive, or fewer than two
// survivors).
func (p *Policy) Target(alive uint32, chef int) (target int, ok bool) {
	q := bits.OnesCount32(alive)
	if q < 2 || alive>>p.n != 0 || chef < 1 || chef > p.n || alive&(1<<(chef-1)) == 0 {
		return 0, false
	}
	r := bits.OnesCount32(alive & (1<<(chef-1) - 1))
	return int(p.target[q][p.c.rank(alive)*int64(q)+int64(r)]) + 1, true
}

// layer holds the solved sets of one size q, indexed by colex rank.
type layer[T any] struct {
	q int
	// w[rank*q*q + r*q + i] is member i's win probability with member r
	// to act. The expected dishes follow in a second pass (dishes.go).
	w []T
}

// selfAt is the index in a layer of q members' w of member r's win
// probability right after it acted, in the set of rank rank: with the next
// member (cyclically) to act. Choosing a target compares these.
func selfAt(rank int64, q, r int) int64 {
	next := r + 1 // (r + 1) mod q, without a division
	if next == q {
		next = 0
	}
	return rank*int64(q*q) + int64(next*q+r)
}

// Solve solves the game with the given skills (chef k has skills[k-1]) in
// the arithmetic of f. It returns an error wrapping solver.ErrInvalid for bad
// skills, budget.ErrTooLarge for an n that will not fit in memory, and the
// context's error if ctx is cancelled.
func Solve[T any, F numeric.Field[T]](ctx context.Context, f F, skills []*big.Rat, opt Options) (*Result[T], error) {
	if err := validate(skills); err != nil {
		return nil, err
	}
	n := len(skills)
	if err := EstimateSkills(skills, f.Exact(), opt.Policy).Check(); err != nil {
		return nil, err
	}
	s := &chefSolver[T, F]{f: f, n: n, c: newBinomials(), opt: opt}
	s.p = make([]T, n)
	s.b = make([]T, n)
	for k, r := range skills {
		s.p[k] = f.FromRat(f.New(), r)
		s.b[k] = f.FromRat(f.New(), new(big.Rat).Sub(big.NewRat(1, 1), r))
	}
	s.one = f.FromInt(f.New(), 1)
	s.workers = opt.WorkerCount()
	s.ctx = ctx
	if _, isFloat := any(f).(numeric.Float); isFloat && useFloatKernel {
		s.kernel = &floatKernel{p: any(s.p).([]float64), b: any(s.b).([]float64)}
	}
	// Targets are kept for the dishes pass, and are the policy if asked for.
	s.targets = make([][]uint8, n+1)
	if opt.Policy {
		s.pol = &Policy{n: n, c: s.c, target: s.targets}
	}
	s.total = int64(1)<<n - 1

	// Layers alternate between two buffers, one for the even layers and
	// one for the odd, each sized for the largest of its parity, so memory
	// peaks at two layers and the garbage collector has nothing to do.
	var sizes [2]int64
	for q := 1; q <= n; q++ {
		sizes[q%2] = max(sizes[q%2], s.c[n][q]*int64(q*q))
	}
	for i := range s.bufW {
		s.bufW[i] = make([]T, sizes[i])
	}
	// Touch every slot once here: exact values are then updated in place
	// layer after layer, and for floats the page faults happen in
	// sequential sweeps, one contiguous share per core, instead of
	// contended random first touches by the workers (measured: 5.6 s of
	// system time at n = 21 otherwise).
	// A float slot is already 0: one write per 4 KB page faults it in.
	step := 1
	if !f.Exact() {
		step = 512
	}
	var touch sync.WaitGroup
	for i := range s.bufW {
		buf := s.bufW[i]
		share := (len(buf) + s.workers - 1) / s.workers
		for lo := 0; lo < len(buf); lo += share {
			part := buf[lo:min(lo+share, len(buf))]
			touch.Go(func() {
				// Gigabytes take seconds to fault in: the deadline is
				// checked every 2^20 slots.
				for j := 0; j < len(part); j += step {
					if j&(1<<20-1) < step && ctx.Err() != nil {
						return
					}
					part[j] = f.New()
				}
			})
		}
	}
	touch.Wait()
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("chefs: %w", err)
	}
	prev := s.base()
	for q := 2; q <= n; q++ {
		prev = s.solveLayer(prev, q)
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("chefs: %w", err)
		}
	}
	res := &Result[T]{Skills: skills, Win: make([]T, n), Policy: s.pol}
	for i := range n {
		// Copied: the dishes pass reuses the layer buffers.
		res.Win[i] = f.Set(f.New(), prev.w[i])
	}
	dishes, err := s.dishes()
	if err != nil {
		return nil, err
	}
	res.Dishes = dishes
	return res, nil
}

type chefSolver[T any, F numeric.Field[T]] struct {
	f       F
	n       int
	c       *binomials
	p, b    []T // skill and 1 - skill of each chef
	one     T
	opt     Options
	ctx     context.Context
	kernel  *floatKernel // float mode's float64 copy of solveSet
	workers int
	pol     *Policy
	targets [][]uint8 // targets[q][rank*q + r]: 0-based chef shot by member r

	bufW [2][]T // the two layer buffers: bufW[q%2] holds layer q

	progressMu  sync.Mutex
	done, total int64
}

// base is layer 1: the lone survivor has won.
func (s *chefSolver[T, F]) base() *layer[T] {
	f := s.f
	l := &layer[T]{q: 1, w: s.bufW[1][:s.n]}
	for k := range s.n {
		l.w[k] = f.Set(l.w[k], s.one)
	}
	s.report(int64(s.n))
	return l
}

func (s *chefSolver[T, F]) report(sets int64) {
	if s.opt.Progress == nil {
		return
	}
	s.progressMu.Lock()
	s.done += sets
	s.opt.Progress(s.done, s.total)
	s.progressMu.Unlock()
}

// chunk is the number of sets a worker takes at a time.
const chunk = 2048

func (s *chefSolver[T, F]) solveLayer(prev *layer[T], q int) *layer[T] {
	f := s.f
	count := s.c[s.n][q]
	l := &layer[T]{q: q, w: s.bufW[q%2][:count*int64(q*q)]}
	s.targets[q] = make([]uint8, count*int64(q))
	s.eachSet(q, true, func() func(mask uint32, rank int64) {
		sc := newScratch(f, q)
		if s.kernel == nil {
			return func(mask uint32, rank int64) { s.solveSet(prev, l, mask, rank, sc) }
		}
		// The float kernel's views of the same layers and scratch.
		sv := solverView{c: s.c, targets: s.targets}
		pv := layerView{q: prev.q, w: any(prev.w).([]float64)}
		lv := layerView{q: l.q, w: any(l.w).([]float64)}
		scv := &scratchView{members: sc.members, neighbour: sc.neighbour, target: sc.target}
		return func(mask uint32, rank int64) { s.kernel.solveSet(sv, pv, lv, mask, rank, scv) }
	})
	return l
}

// eachSet calls visit(mask, rank) for every set of size q, the sets shared
// out to the workers in chunks; each worker gets its visit, with its own
// scratch, from newVisit. It stops early once the context is cancelled,
// and with report counts the sets done for Progress.
func (s *chefSolver[T, F]) eachSet(q int, report bool, newVisit func() func(mask uint32, rank int64)) {
	count := s.c[s.n][q]
	var next atomic.Int64
	var wg sync.WaitGroup
	for range s.workers {
		wg.Go(func() {
			visit := newVisit()
			for {
				lo := next.Add(chunk) - chunk
				if lo >= count || s.ctx.Err() != nil {
					return
				}
				hi := min(lo+chunk, count)
				mask := s.c.unrank(lo, q)
				for rank := lo; rank < hi; rank++ {
					visit(mask, rank)
					mask = nextSubset(mask)
				}
				if report {
					s.report(hi - lo)
				}
			}
		})
	}
	wg.Wait()
}

// scratch is one worker's temporaries, allocated once per layer.
type scratch[T any] struct {
	members   []int
	neighbour []int64 // rank of the set without member s
	target    []int   // chosen target (member index) of each member
	coef      T       // running product of failure probabilities
	tmp, den  T
}

func newScratch[T any, F numeric.Field[T]](f F, q int) *scratch[T] {
	return &scratch[T]{
		members:   make([]int, q),
		neighbour: make([]int64, q),
		target:    make([]int, q),
		coef:      f.New(), tmp: f.New(), den: f.New(),
	}
}

// solveSet fills the set mask (of rank rank) in layer l from layer prev.
func (s *chefSolver[T, F]) solveSet(prev, l *layer[T], mask uint32, rank int64, sc *scratch[T]) {
	f := s.f
	q := l.q
	m := sc.members
	s.c.neighbours(mask, m, sc.neighbour)

	// Choose targets: member r shooting member t leaves the set without t,
	// with the member after r to act, where r is at position r' (= r if
	// r < t, else r-1). Candidates are scanned in turn order after r, and
	// the incumbent keeps ties: the next-closest turn wins ties.
	pq := q - 1
	for r := range q {
		var best T
		bestT := -1
		for d := 1; d < q; d++ {
			t := (r + d) % q
			rp := r
			if r > t {
				rp--
			}
			v := prev.w[selfAt(sc.neighbour[t], pq, rp)]
			if bestT < 0 || engine.Better(f, engine.DefaultTieTolerance, v, best) {
				best, bestT = v, t
			}
		}
		sc.target[r] = bestT
		s.targets[q][rank*int64(q)+int64(r)] = uint8(m[bestT])
	}

	// The cycle X_r = p_r U_r + b_r X_{r+1}. Row 0 accumulates
	// Σ_r (Π_{i<r} b_i) p_r U_r, then is divided by 1 - Π b_i; rows
	// q-1..1 follow by back-substitution.
	stride := q
	out := l.w[rank*int64(q*stride) : (rank+1)*int64(q*stride)]
	row0 := out[:stride] // the buffer held layer q-2: clear the accumulator
	for i := range row0 {
		row0[i] = f.FromInt(row0[i], 0)
	}
	coef := f.Set(sc.coef, s.one) // Π_{i<r} b_i
	for r := range q {
		sc.tmp = f.Mul(sc.tmp, coef, s.p[m[r]])
		s.addSuccess(prev, row0, row0, sc.tmp, r, sc)
		coef = f.Mul(coef, coef, s.b[m[r]])
	}
	sc.den = f.Sub(sc.den, s.one, coef)
	for i := range row0 {
		row0[i] = f.Quo(row0[i], row0[i], sc.den)
	}
	for r := q - 1; r >= 1; r-- {
		after := out[((r+1)%q)*stride : ((r+1)%q+1)*stride]
		row := out[r*stride : (r+1)*stride]
		// row = b_r * after, then + p_r U_r
		for i := range row {
			row[i] = f.Mul(row[i], s.b[m[r]], after[i])
		}
		s.addSuccess(prev, row, row, s.p[m[r]], r, sc)
	}
	sc.coef = coef
}

// addSuccess sets dst = src + w·U_r, where U_r is the state after member
// r's success against its chosen target, read from layer prev and spread
// over this set's members (the target's component is 0).
func (s *chefSolver[T, F]) addSuccess(prev *layer[T], dst, src []T, w T, r int, sc *scratch[T]) {
	f := s.f
	q := len(sc.members)
	t := sc.target[r]
	rp := r
	if r > t {
		rp--
	}
	pq := q - 1
	next := (rp + 1) % pq
	u := prev.w[sc.neighbour[t]*int64(pq*pq)+int64(next*pq):][:pq]
	for i := range q {
		switch {
		case i < t:
			dst[i] = f.AddMul(dst[i], src[i], w, u[i])
		case i > t:
			dst[i] = f.AddMul(dst[i], src[i], w, u[i-1])
		default:
			dst[i] = f.Set(dst[i], src[i])
		}
	}
}
