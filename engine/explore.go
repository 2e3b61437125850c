package engine

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"math/big"
	"unsafe"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/internal/hugepage"
	"github.com/gamesolve/gamesolve/solver"
)

// graph is the explored game: states numbered densely in the order they
// were first reached (the start is 0), stored as flat arrays.
type graph[S comparable] struct {
	players int
	// renormalized counts the actions whose probabilities were divided by
	// their sum (Options.Renormalize).
	renormalized int
	states       []S
	// reached counts the states play reaches from the start: they are
	// numbered first, a Seeder's seeds and what they reach after them.
	reached int
	index   map[S]uint32
	// dense[i] is 1 + the id of the state the rules' Indexer numbers i, or
	// 0; states the Indexer does not know are in index.
	dense    []uint32
	indexer  Indexer[S]
	owner    []int16  // player, Chance or Terminal
	actStart []uint32 // actions of state i: actStart[i]..actStart[i+1]
	actName  idColumn // index into names
	names    []string
	nameID   map[string]uint32
	outStart []uint32 // outcomes of action a: outStart[a]..outStart[a+1]
	to       []uint32
	prob     idColumn // rat ids
	reward   idColumn // rat ids; 0 is no reward
	payStart []uint32 // payoff of terminal i: pay[payStart[i]:payStart[i]+players]
	pay      []uint32
	rats     *ratTable
	tieRank  [][]int // per decision state with a TieBreaker, else nil
	describe func(S) string
}

func (g *graph[S]) name(i uint32) string { return g.describe(g.states[i]) }

// actions counts the actions of every state.
func (g *graph[S]) actions() int { return len(g.outStart) - 1 }

// lookup returns the id of state s, if it was reached.
func (g *graph[S]) lookup(s S) (uint32, bool) {
	if g.indexer != nil {
		if i, ok := g.indexer.Index(s); ok && i >= 0 && i < len(g.dense) {
			d := g.dense[i]
			return d - 1, d != 0
		}
	}
	id, ok := g.index[s]
	return id, ok
}

// graphBytes is a conservative estimate of the memory of a graph of so
// many states, actions and outcomes, with valueBytes per value and
// players+1 values per state, and idBytes per id of an idColumn (1 while
// they are narrow, 4 once one is wide). It counts twice the raw arrays:
// maps and slices grow by doubling, and the garbage collector lets the
// heap reach twice what is live.
func graphBytes[S comparable](players int, valueBytes float64, states, actions, outcomes int, idBytes float64) float64 {
	size := float64(unsafe.Sizeof(*new(S)))
	// states slice, map entry with its overhead, owner, actStart,
	// payStart, and the values.
	perState := size + 2*(size+4) + 16 + 2 + 4 + 4 + valueBytes*float64(players+1)
	// An action's name and its outcomes' start; an outcome's target,
	// probability and reward.
	perAction, perOutcome := idBytes+4, 4+2*idBytes
	return 2 * (float64(states)*perState + float64(actions)*perAction + float64(outcomes)*perOutcome)
}

// sumCache remembers the distributions found to sum to exactly 1, by
// their probabilities' ids: games repeat a few distributions many times,
// and consecutive actions usually the same one.
type sumCache struct {
	checked map[string]bool
	last    []byte
}

func newSumCache() *sumCache { return &sumCache{checked: map[string]bool{}} }

// known reports whether the distribution key was found to sum to 1.
func (c *sumCache) known(key []byte) bool {
	return bytes.Equal(key, c.last) || c.checked[string(key)]
}

// found records that the distribution key sums to 1.
func (c *sumCache) found(key []byte) {
	if len(c.checked) < 1<<20 {
		c.checked[string(key)] = true
	}
	c.last = append(c.last[:0], key...)
}

// MaxPlayers is the most players a game may have. A state's owner is kept
// in 16 bits: an int8 once made player 254 a terminal and 255 chance, and
// 32 bits made Pig 100 about 8% slower (the owners of a million states no
// longer fit the caches beside the values).
const MaxPlayers = math.MaxInt16

// explore builds the graph of the states reachable from the start,
// checking the memory budget as it grows.
func explore[S comparable](ctx context.Context, rules Rules[S], opt Options, valueBytes float64) (*graph[S], error) {
	players := rules.Players()
	if players < 1 || players > MaxPlayers {
		return nil, solver.Invalidf("engine: %d players (from 1 to %d)", players, MaxPlayers)
	}
	if g, ok, err := adopt(ctx, rules, opt, valueBytes); err != nil || ok {
		return g, err
	}
	g := &graph[S]{players: players, index: map[S]uint32{}, nameID: map[string]uint32{}, rats: newRatTable(), describe: func(s S) string { return fmt.Sprint(s) }}
	if d, ok := rules.(Describer[S]); ok {
		g.describe = d.Describe
	}
	tb, hasTies := rules.(TieBreaker[S])
	avail := float64(opt.memory())
	if ix, ok := rules.(Indexer[S]); ok {
		if limit := ix.IndexLimit(); limit > 0 && float64(limit)*4 < avail/4 {
			// Not advised to huge pages: the states found may be few
			// and far apart in the Indexer's range (cdrive: 20 MB more,
			// twice the time).
			g.indexer, g.dense = ix, make([]uint32, limit)
		}
	}
	add := func(s S) uint32 {
		if g.indexer != nil {
			if i, ok := g.indexer.Index(s); ok && i >= 0 && i < len(g.dense) {
				if d := g.dense[i]; d != 0 {
					return d - 1
				}
				id := uint32(len(g.states))
				g.dense[i] = id + 1
				g.states = append(room(g.states, 1), s)
				return id
			}
		}
		id, ok := g.index[s]
		if !ok {
			id = uint32(len(g.states))
			g.index[s] = id
			g.states = append(room(g.states, 1), s)
		}
		return id
	}
	// The outcomes' arrays grow in chunks (column); the rewards' only
	// once one is not zero.
	var to column[uint32]
	var prob, reward, actName idBuilder
	rewards := false
	hinted := 0 // a Sizer's outcomes, if followed
	check := func() error {
		idBytes := 1.0
		if prob.isWide || reward.isWide || actName.isWide {
			idBytes = 4
		}
		need := graphBytes[S](players, valueBytes, len(g.states), actName.len(), to.len(), idBytes)
		if opt.MaxStates > 0 && len(g.states) > opt.MaxStates {
			return fmt.Errorf("engine: %w: more than %d states (Options.MaxStates)", budget.ErrTooLarge, opt.MaxStates)
		}
		if need > avail {
			return fmt.Errorf("engine: %w: %d states explored so far need about %s of memory, %s", budget.ErrTooLarge, len(g.states), budget.Bytes(need), budget.Room(uint64(avail)))
		}
		return nil
	}
	if sz, ok := rules.(Sizer); ok {
		// Arrays sized once, not copied at every growth; a hint beyond
		// the budget is not followed (check refuses such a game anyway).
		states, actions, outcomes := sz.SizeHint()
		if states > 0 && actions >= 0 && outcomes >= 0 && graphBytes[S](players, valueBytes, states, actions, outcomes, 1) <= avail {
			g.states = hugepage.Make[S](0, states)
			g.owner = hugepage.Make[int16](0, states)
			g.actStart, g.payStart = hugepage.Make[uint32](0, states+1), hugepage.Make[uint32](0, states+1)
			actName.sized(0, actions)
			g.outStart = hugepage.Make[uint32](0, actions+1)
			to.cur = hugepage.Make[uint32](0, outcomes)
			prob.sized(0, outcomes)
			hinted = outcomes
			stop := hugepage.PopulateAhead(hugepage.Bytes(g.states), hugepage.Bytes(g.owner), hugepage.Bytes(g.actStart), hugepage.Bytes(g.payStart), actName.bytes(), hugepage.Bytes(g.outStart), hugepage.Bytes(to.cur), prob.bytes())
			defer stop()
		}
	}
	add(rules.Start())
	var seeds []S
	if sd, ok := rules.(Seeder[S]); ok {
		seeds = sd.Seeds()
	}
	g.actStart = append(g.actStart, 0)
	g.outStart = append(g.outStart, 0)
	g.payStart = append(g.payStart, 0)
	var serial Node[S]
	// Rules that fork expand on several goroutines once exploration is
	// large enough to pay for them.
	var par *expander[S]
	defer func() { par.stop() }()
	one := big.NewRat(1, 1)
	sum := new(big.Rat)
	sums := newSumCache()
	var key []byte
	// A direct-mapped cache in front of nameID: rules pass the same few
	// name strings again and again.
	var nameCache [64]struct {
		s   string
		id  uint32
		set bool
	}
	// The budget is checked by work, not by states: one state of a
	// product of automata may have millions of outcomes.
	lastCheck := -1 << 30
	g.reached = -1
	for i := 0; ; i++ {
		if i == len(g.states) {
			if g.reached >= 0 || len(seeds) == 0 {
				break
			}
			// The seeds come after every state play reaches from the
			// start, so those are numbered (and solved, to the last
			// bit) as without them.
			g.reached = i
			for _, s := range seeds {
				add(s)
			}
			if i == len(g.states) {
				break
			}
		}
		if work := i + to.len(); work-lastCheck >= 4096 {
			lastCheck = work
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("engine: %w", err)
			}
			// The states found so far; the total is not known yet.
			opt.Report(int64(i), -1)
			if err := check(); err != nil {
				return nil, err
			}
		}
		s := g.states[i]
		if i == parallelFrom {
			par = newExpander(rules, opt.WorkerCount(), g)
		}
		n := &serial
		err := errLeft
		if par != nil {
			n, err = par.node(i)
		}
		if err == errLeft {
			n = &serial
			n.reset()
			err = expandSafely(rules, s, n)
		}
		if err != nil {
			return nil, fmt.Errorf("engine: state %s: %w", g.describe(s), err)
		}
		// Room for what this state adds, growing by half: append grows
		// large slices by a quarter, copying them over and over (on
		// consensus N=6 that was a tenth of the solve's time). The states
		// grow in add, when full: room here for every outcome as a new
		// state copied a Sizer's exact array near its end (Pig 100:
		// 11.5 MB more, 7.7 MB of garbage).
		to.room(len(n.outs))
		prob.room(len(n.outs))
		if rewards {
			reward.room(len(n.outs))
		}
		actName.room(len(n.names))
		g.outStart = room(g.outStart, len(n.names))
		g.owner, g.actStart, g.payStart = room(g.owner, 1), room(g.actStart, 1), room(g.payStart, 1)
		bad := func(format string, a ...any) error {
			return solver.Invalidf("engine: state %s: %s", g.describe(s), fmt.Sprintf(format, a...))
		}
		switch {
		case n.invalid != "":
			return nil, bad("%s", n.invalid)
		case !n.set:
			return nil, bad("Expand described nothing")
		case n.owner >= players:
			return nil, bad("player %d out of range (the game has %d players)", n.owner, players)
		case n.owner == Terminal && len(n.payoff) != players:
			return nil, bad("payoff has %d entries, want one per player (%d)", len(n.payoff), players)
		case n.owner >= 0 && len(n.names) == 0:
			return nil, bad("player %d has no actions", n.owner)
		}
		g.owner = append(g.owner, int16(max(n.owner, -2)))
		if n.owner == Terminal {
			for _, p := range n.payoff {
				if p == nil {
					return nil, bad("nil payoff")
				}
				g.pay = append(g.pay, g.rats.id(p))
			}
		}
		start := 0
		for a, end := range n.ends {
			key = key[:0]
			for _, o := range n.outs[start:end] {
				if o.P == nil {
					return nil, bad("action %q: nil probability", n.names[a])
				}
				pid := g.rats.id(o.P)
				if !g.rats.prob[pid] {
					return nil, bad("action %q: probability %s outside (0, 1]", n.names[a], o.P.RatString())
				}
				if o.Reward != nil && o.Reward.Sign() != 0 {
					if !rewards {
						// The first reward: the outcomes before it had none.
						rewards = true
						if done := to.len(); hinted >= done+len(n.outs) {
							// Sized once too: grown in chunks, the
							// column is copied into one slice at the
							// end, 27 MB twice over for Pig 100.
							reward.sized(done, hinted)
						} else {
							reward.zeros(done)
							reward.room(len(n.outs))
						}
					}
					reward.push(g.rats.id(o.Reward))
				} else if rewards {
					reward.push(0)
				}
				to.push(add(o.To))
				prob.push(pid)
				key = append(key, byte(pid), byte(pid>>8), byte(pid>>16), byte(pid>>24))
			}
			if end == start {
				return nil, bad("action %q has no outcomes", n.names[a])
			}
			if !sums.known(key) {
				sum.SetInt64(0)
				for _, o := range n.outs[start:end] {
					sum.Add(sum, o.P)
				}
				if sum.Cmp(one) != 0 {
					if !nearOne(sum, opt.Renormalize) {
						return nil, bad("action %q: probabilities sum to %s, not 1", n.names[a], sum.RatString())
					}
					// Renormalized: the ids change, so this key is
					// never cached as checked.
					for k := range end - start {
						// A fresh value each: the table interns by pointer.
						q := new(big.Rat).Quo(n.outs[start+k].P, sum)
						pid := g.rats.id(q)
						if !g.rats.prob[pid] {
							return nil, bad("action %q: probability %s outside (0, 1]", n.names[a], q.RatString())
						}
						prob.setLast(end-start-k, pid)
					}
					g.renormalized++
				} else {
					sums.found(key)
				}
			}
			name := n.names[a]
			slot := &nameCache[(uintptr(unsafe.Pointer(unsafe.StringData(name)))>>3+uintptr(len(name)))%uintptr(len(nameCache))]
			// slot.set tells a cached "" from an empty slot.
			id, ok := slot.id, slot.set && slot.s == name
			if !ok {
				id, ok = g.nameID[name]
			}
			if !ok {
				id = uint32(len(g.names))
				g.names = append(g.names, n.names[a])
				g.nameID[n.names[a]] = id
			}
			slot.s, slot.id, slot.set = name, id, true
			actName.push(id)
			g.outStart = append(g.outStart, uint32(to.len()))
			start = end
		}
		g.actStart = append(g.actStart, uint32(actName.len()))
		g.payStart = append(g.payStart, uint32(len(g.pay)))
		if hasTies && n.owner >= 0 && len(n.names) > 1 {
			if g.tieRank == nil {
				g.tieRank = make([][]int, 0, 1024)
			}
			for len(g.tieRank) < i {
				g.tieRank = append(g.tieRank, nil)
			}
			ranks := make([]int, len(n.names))
			for a := range ranks {
				ranks[a] = tb.TieRank(s, a)
			}
			g.tieRank = append(g.tieRank, ranks)
		}
		if len(g.states) > 1<<31 {
			return nil, fmt.Errorf("engine: %w: more than 2^31 states", budget.ErrTooLarge)
		}
	}
	if g.reached < 0 {
		g.reached = len(g.states)
	}
	if err := check(); err != nil {
		return nil, err
	}
	// Each column of more than one chunk is copied into one slice: for a
	// moment it is there twice (Herman's ring of 15, exact, under a 2 GB
	// address-space limit ran the runtime out of memory here).
	copies := 0.0
	if len(to.full) > 0 {
		copies += 4 * float64(to.len())
	}
	for _, c := range []*idBuilder{&prob, &reward, &actName} {
		copies += c.copies()
	}
	if err := budget.NewGuard(ctx, opt.memory()).Fits(copies); err != nil {
		return nil, fmt.Errorf("engine: the %d outcomes of %d states: %w", to.len(), len(g.states), err)
	}
	var err error
	if g.actName, err = actName.flat(ctx); err != nil {
		return nil, err
	}
	if g.to, err = to.flat(ctx); err != nil {
		return nil, err
	}
	if g.prob, err = prob.flat(ctx); err != nil {
		return nil, err
	}
	if rewards {
		if g.reward, err = reward.flat(ctx); err != nil {
			return nil, err
		}
	} else {
		// Never written: fresh from the system, its pages cost nothing
		// until read (then the shared zero page).
		g.reward = idColumn{narrow: make([]uint8, len(g.to))}
	}
	for len(g.tieRank) > 0 && len(g.tieRank) < len(g.states) {
		g.tieRank = append(g.tieRank, nil)
	}
	return g, nil
}

// column is an array of explored outcomes, appended to in chunks:
// growing it never copies what is written, and flat copies it once, into
// one slice, at the end. Grown as one slice by half at a time, each
// outcome array was written into fresh memory three times over and
// copied twice: on consensus N=6 (1.26 M states) that was 0.8 s of the
// explorer's 1.9 s.
type column[T any] struct {
	full [][]T // the chunks before cur
	n    int   // the elements in full
	cur  []T
}

// chunkMax bounds a chunk's capacity (16 MB of uint32).
const chunkMax = 1 << 22

// room makes room for k more elements in the current chunk, so that an
// action's outcomes are never split between two chunks.
func (c *column[T]) room(k int) {
	if cap(c.cur)-len(c.cur) >= k {
		return
	}
	next := max(k, min(max(2*cap(c.cur), 4096), chunkMax))
	c.close()
	c.cur = hugepage.Make[T](0, next)
}

// close moves the current chunk, if any, to the full ones.
func (c *column[T]) close() {
	if len(c.cur) > 0 {
		c.full = append(c.full, c.cur)
		c.n += len(c.cur)
	}
	c.cur = nil
}

// push appends x; room must have made room for it.
func (c *column[T]) push(x T) { c.cur = append(c.cur, x) }

// zeros appends k zero elements, as a chunk of their own.
func (c *column[T]) zeros(k int) {
	c.close()
	c.full = append(c.full, make([]T, k))
	c.n += k
}

func (c *column[T]) len() int { return c.n + len(c.cur) }

// flat returns the elements as one slice: the only chunk as it is, or
// the chunks copied into one, looking at ctx between chunks (Herman's
// ring of 17 copies 129 million outcomes, half a gigabyte a column).
func (c *column[T]) flat(ctx context.Context) ([]T, error) {
	if len(c.full) == 0 {
		return c.cur, nil
	}
	out := hugepage.Make[T](c.len(), c.len())
	k := 0
	for _, ch := range c.full {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		k += copy(out[k:], ch)
	}
	copy(out[k:], c.cur)
	*c = column[T]{}
	return out, nil
}

// room returns s with room for n more elements, growing its capacity by
// at least half when it must grow.
func room[T any](s []T, n int) []T {
	if cap(s)-len(s) >= n {
		return s
	}
	return hugepage.Grow(s, cap(s)+cap(s)/2+n)
}

// nearOne reports whether |sum − 1| ≤ tol (tol > 0).
func nearOne(sum *big.Rat, tol float64) bool {
	if tol <= 0 {
		return false
	}
	d := new(big.Rat).Sub(sum, big.NewRat(1, 1))
	t := new(big.Rat)
	if t.SetFloat64(tol) == nil {
		return false
	}
	return d.Abs(d).Cmp(t) <= 0
}
