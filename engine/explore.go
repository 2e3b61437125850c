package engine

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"sync"
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
	place    func(S, int) string // the rules' Placer, or nil
	// maxActions is the most actions a state has (explore's states).
	maxActions int
	// total is what every terminal's payoffs add up to, if the same
	// (explore's terminals; see terminalTotal).
	total terminalSum
	// lean, if set, is the rules of a graph explored without its edges:
	// only the states, their numbering and owners are kept, and
	// solveLean expands each state again as it solves (see lean.go).
	lean Rules[S]
	// stops is 1 when the graph is discounted (discount.go): its last
	// state is then the stop, which is not one of the rules' states.
	stops int
	// returned is set once the dense index a tier's exploration was lent
	// is given back (tierGraph.giveBack): index is then filled at the
	// first lookup.
	returned  bool
	fillIndex sync.Once
}

func (g *graph[S]) name(i uint32) string { return g.describe(g.states[i]) }

// actions counts the actions of every state.
func (g *graph[S]) actions() int { return len(g.outStart) - 1 }

// lookup returns the id of state s, if it was reached.
func (g *graph[S]) lookup(s S) (uint32, bool) {
	if g.returned {
		g.fillIndex.Do(func() {
			g.index = make(map[S]uint32, len(g.states))
			for i, s := range g.states {
				g.index[s] = uint32(i)
			}
		})
	}
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
// and the actions of a state usually one of the last two met (Pig's roll
// and hold, one after the other).
type sumCache struct {
	checked map[string]bool
	recent  [2][]byte // the last two met, the latest first
}

func newSumCache() *sumCache { return &sumCache{checked: map[string]bool{}} }

// known reports whether the distribution key was found to sum to 1.
func (c *sumCache) known(key []byte) bool {
	switch {
	case bytes.Equal(key, c.recent[0]):
		return true
	case bytes.Equal(key, c.recent[1]):
		c.recent[0], c.recent[1] = c.recent[1], c.recent[0]
		return true
	case c.checked[string(key)]:
		c.meet(key)
		return true
	}
	return false
}

// found records that the distribution key sums to 1.
func (c *sumCache) found(key []byte) {
	if len(c.checked) < 1<<20 {
		c.checked[string(key)] = true
	}
	c.meet(key)
}

// meet makes key the latest met.
func (c *sumCache) meet(key []byte) {
	c.recent[0], c.recent[1] = append(c.recent[1][:0], key...), c.recent[0]
}

// expansion is one expanded state in the graph's ids, as explore stores
// it and solveLean reads it again: a terminal's payoffs; per action its
// name and the end of its outcomes; per outcome its target, probability
// and reward (0 for none). It is the interner's, valid until its next
// read.
type expansion[S comparable] struct {
	owner        int16
	pay          []uint32
	names        []uint32
	ends         []int // ends[a]: the end of action a's outcomes in to
	to           []S
	prob, reward []uint32
	rewards      bool // some reward is not 0
	renormalized int  // actions whose probabilities were divided by their sum
}

// interner reads what Expand described into the graph's ids, checking it:
// the one reading of a node, for explore and for solveLean's second look.
// A frozen interner adds no rational and no name (solveLean: its workers
// read the tables meanwhile); one not known is an error.
type interner[S comparable] struct {
	g        *graph[S]
	opt      Options
	frozen   bool
	sums     *sumCache
	key      []byte
	one, sum *big.Rat
	// A direct-mapped cache in front of nameID: rules pass the same few
	// name strings again and again.
	nameCache [64]struct {
		s   string
		id  uint32
		set bool
	}
	e expansion[S]
}

func newInterner[S comparable](g *graph[S], opt Options) *interner[S] {
	return &interner[S]{g: g, opt: opt, sums: newSumCache(), one: big.NewRat(1, 1), sum: new(big.Rat)}
}

// ErrChanged is wrapped by Solve's error for rules that describe a state
// differently the second time they expand it (Solve keeps no graph: it
// expands each state once to number it, and again as it solves; see
// lean.go). Expand must depend on the state alone.
var ErrChanged = errors.New("described differently when expanded again (Expand must depend on the state alone)")

// rat returns r's id.
func (in *interner[S]) rat(r *big.Rat) (uint32, error) {
	if !in.frozen {
		return in.g.rats.id(r), nil
	}
	if id, ok := in.g.rats.find(r); ok {
		return id, nil
	}
	return 0, fmt.Errorf("a new rational %s: %w", r.RatString(), ErrChanged)
}

// read checks node n of state s and returns it in ids.
func (in *interner[S]) read(s S, n *Node[S]) (*expansion[S], error) {
	g := in.g
	bad := func(format string, a ...any) error {
		return solver.Invalidf("engine: state %s: "+format, append([]any{g.describe(s)}, a...)...)
	}
	// act names action a, and where the rules' source writes it.
	act := func(a int) string {
		name := fmt.Sprintf("action %q", n.names[a])
		if g.place != nil {
			if at := g.place(s, a); at != "" {
				name += " (" + at + ")"
			}
		}
		return name
	}
	switch {
	case n.invalid != "":
		return nil, bad("%s", n.invalid)
	case !n.set:
		return nil, bad("Expand described nothing")
	case n.owner >= g.players:
		return nil, bad("player %d out of range (the game has %d players)", n.owner, g.players)
	case n.owner == Terminal && len(n.payoff) != g.players:
		return nil, bad("payoff has %d entries, want one per player (%d)", len(n.payoff), g.players)
	case n.owner >= 0 && len(n.names) == 0:
		return nil, bad("player %d has no actions", n.owner)
	}
	e := &in.e
	e.owner = int16(max(n.owner, -2))
	e.pay, e.names, e.ends, e.to, e.prob, e.reward = e.pay[:0], e.names[:0], e.ends[:0], e.to[:0], e.prob[:0], e.reward[:0]
	e.rewards, e.renormalized = false, 0
	if n.owner == Terminal {
		for _, p := range n.payoff {
			if p == nil {
				return nil, bad("nil payoff")
			}
			id, err := in.rat(p)
			if err != nil {
				return nil, bad("%w", err)
			}
			e.pay = append(e.pay, id)
		}
	}
	start := 0
	for a, end := range n.ends {
		in.key = in.key[:0]
		for _, o := range n.outs[start:end] {
			if o.P == nil {
				return nil, bad("%s: nil probability", act(a))
			}
			pid, err := in.rat(o.P)
			if err != nil {
				return nil, bad("%w", err)
			}
			if !g.rats.prob[pid] {
				return nil, bad("%s: probability %s outside (0, 1]", act(a), o.P.RatString())
			}
			rid := uint32(0)
			if o.Reward != nil && o.Reward.Sign() != 0 {
				if rid, err = in.rat(o.Reward); err != nil {
					return nil, bad("%w", err)
				}
				e.rewards = true
			}
			e.to = append(e.to, o.To)
			e.prob = append(e.prob, pid)
			e.reward = append(e.reward, rid)
			in.key = append(in.key, byte(pid), byte(pid>>8), byte(pid>>16), byte(pid>>24))
		}
		if end == start {
			return nil, bad("%s has no outcomes", act(a))
		}
		if !in.sums.known(in.key) {
			sum := in.sum.SetInt64(0)
			for _, o := range n.outs[start:end] {
				sum.Add(sum, o.P)
			}
			if sum.Cmp(in.one) != 0 {
				if !nearOne(sum, in.opt.Renormalize) {
					return nil, bad("%s: probabilities sum to %s, not 1", act(a), sum.RatString())
				}
				// Renormalized: the ids change, so this key is never
				// cached as checked.
				for k := range end - start {
					// A fresh value each: the table interns by pointer.
					q := new(big.Rat).Quo(n.outs[start+k].P, sum)
					pid, err := in.rat(q)
					if err != nil {
						return nil, bad("%w", err)
					}
					if !g.rats.prob[pid] {
						return nil, bad("%s: probability %s outside (0, 1]", act(a), q.RatString())
					}
					e.prob[len(e.prob)-(end-start)+k] = pid
				}
				e.renormalized++
			} else {
				in.sums.found(in.key)
			}
		}
		name := n.names[a]
		slot := &in.nameCache[(uintptr(unsafe.Pointer(unsafe.StringData(name)))>>3+uintptr(len(name)))%uintptr(len(in.nameCache))]
		// slot.set tells a cached "" from an empty slot.
		id, ok := slot.id, slot.set && slot.s == name
		if !ok {
			id, ok = g.nameID[name]
		}
		if !ok {
			if in.frozen {
				return nil, bad("action %q: a new action name: %w", name, ErrChanged)
			}
			id = uint32(len(g.names))
			g.names = append(g.names, name)
			g.nameID[name] = id
		}
		slot.s, slot.id, slot.set = name, id, true
		e.names = append(e.names, id)
		e.ends = append(e.ends, len(e.to))
		start = end
	}
	return e, nil
}

// terminalSum adds up each terminal's payoffs, to see whether they all
// come to one total (terminalTotal).
type terminalSum struct {
	sum, t *big.Rat // the total, once a terminal was added; scratch
	differ bool
}

// result is the total, and whether every terminal came to it.
func (ts *terminalSum) result() (*big.Rat, bool) {
	return ts.sum, ts.sum != nil && !ts.differ
}

func (ts *terminalSum) add(pay []uint32, rats *ratTable) {
	if ts.differ {
		return
	}
	if ts.t == nil {
		ts.t = new(big.Rat)
	}
	ts.t.SetInt64(0)
	for _, id := range pay {
		ts.t.Add(ts.t, rats.vals[id])
	}
	ts.compare()
}

// addRats is add for payoffs as rationals (TierOrder, which keeps no
// table of them).
func (ts *terminalSum) addRats(pay []*big.Rat) {
	if ts.differ {
		return
	}
	if ts.t == nil {
		ts.t = new(big.Rat)
	}
	ts.t.SetInt64(0)
	for _, x := range pay {
		ts.t.Add(ts.t, x)
	}
	ts.compare()
}

// compare records the terminal total in ts.t.
func (ts *terminalSum) compare() {
	switch {
	case ts.sum == nil:
		ts.sum = new(big.Rat).Set(ts.t)
	case ts.sum.Cmp(ts.t) != 0:
		ts.differ = true
	}
}

// MaxPlayers is the most players a game may have. A state's owner is kept
// in 16 bits: 8 would make player 254 a terminal and 255 chance, and with
// 32 the owners of a million states no longer fit the caches beside the
// values.
const MaxPlayers = math.MaxInt16

// explore builds the graph of the states reachable from the start,
// checking the memory budget as it grows.
func explore[S comparable](ctx context.Context, rules Rules[S], opt Options, valueBytes float64, lean bool) (*graph[S], error) {
	return exploreFrom(ctx, rules, opt, valueBytes, lean, nil)
}

// exploreFrom is explore with the states pre numbered right after the
// start, before any state is expanded (a tier's states, in the order
// Solve numbers them: SolveTier).
func exploreFrom[S comparable](ctx context.Context, rules Rules[S], opt Options, valueBytes float64, lean bool, pre []S) (*graph[S], error) {
	players := rules.Players()
	if players < 1 || players > MaxPlayers {
		return nil, solver.Invalidf("engine: %d players (from 1 to %d)", players, MaxPlayers)
	}
	if g, ok, err := adopt(ctx, rules, opt, valueBytes); err != nil || ok {
		return g, err
	}
	g := newGraph(rules, opt)
	cols := &edgeColumns[S]{valueBytes: valueBytes, avail: float64(opt.memory()), maxStates: opt.MaxStates}
	if sz, ok := rules.(Sizer); ok {
		defer cols.size(g, sz, lean)()
	}
	g.add(rules.Start())
	for _, s := range pre {
		g.add(s)
	}
	var seeds []S
	if sd, ok := rules.(Seeder[S]); ok {
		seeds = sd.Seeds()
	}
	if !lean {
		g.actStart = append(g.actStart, 0)
		g.outStart = append(g.outStart, 0)
		g.payStart = append(g.payStart, 0)
	}
	var serial Node[S]
	// Rules that fork expand on several goroutines once exploration is
	// large enough to pay for them.
	var par *expander[S]
	defer func() { par.stop() }()
	in := newInterner(g, opt)
	tb, hasTies := rules.(TieBreaker[S])
	// The budget is checked by work, not by states: one state of a
	// product of automata may have millions of outcomes.
	lastCheck := -1 << 30
	outcomes := 0
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
				g.add(s)
			}
			if i == len(g.states) {
				break
			}
		}
		if work := i + outcomes; work-lastCheck >= 4096 {
			lastCheck = work
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("engine: %w", err)
			}
			// The states found so far; the total is not known yet.
			opt.Report(int64(i), -1)
			if err := cols.check(g); err != nil {
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
		e, err := in.read(s, n)
		if err != nil {
			return nil, err
		}
		g.renormalized += e.renormalized
		g.maxActions = max(g.maxActions, len(e.names))
		outcomes += len(e.to)
		g.owner = append(room(g.owner, 1), e.owner)
		if lean {
			if e.owner == Terminal {
				g.total.add(e.pay, g.rats)
			}
			// The edges are read again as the components are solved
			// (solveLean): only the numbering is kept.
			for _, t := range e.to {
				g.add(t)
			}
		} else {
			cols.push(g, e)
		}
		if hasTies && n.owner >= 0 && len(n.names) > 1 {
			g.rankTies(i, s, tb, len(n.names))
		}
		if len(g.states) > 1<<31 {
			return nil, fmt.Errorf("engine: %w: more than 2^31 states", budget.ErrTooLarge)
		}
	}
	if g.reached < 0 {
		g.reached = len(g.states)
	}
	if err := cols.check(g); err != nil {
		return nil, err
	}
	for len(g.tieRank) > 0 && len(g.tieRank) < len(g.states) {
		g.tieRank = append(g.tieRank, nil)
	}
	if lean {
		g.lean = rules
		return g, nil
	}
	if err := cols.finish(ctx, g, opt.memory()); err != nil {
		return nil, err
	}
	return g, nil
}

// describeBy takes the rules' ways of naming a state and placing an action in
// messages: their Describer (else fmt's %v) and their Placer.
func (g *graph[S]) describeBy(rules Rules[S]) {
	g.describe = describer(rules)
	if p, ok := rules.(Placer[S]); ok {
		g.place = p.Place
	}
}

// describer names states for messages: the rules' Describer, else fmt's
// %v.
func describer[S comparable](rules Rules[S]) func(S) string {
	if d, ok := rules.(Describer[S]); ok {
		return d.Describe
	}
	return func(s S) string { return fmt.Sprint(s) }
}

// newGraph returns an empty graph for rules, finding states by the rules'
// Indexer where its range fits the budget, else by a map.
func newGraph[S comparable](rules Rules[S], opt Options) *graph[S] {
	g := &graph[S]{players: rules.Players(), index: map[S]uint32{}, nameID: map[string]uint32{}, rats: newRatTable()}
	g.describeBy(rules)
	if l, ok := rules.(denseLender[S]); ok {
		g.indexer, g.dense = l.lendDense()
	} else if ix, ok := rules.(Indexer[S]); ok {
		if limit := ix.IndexLimit(); limit > 0 && float64(limit)*4 < float64(opt.memory())/4 {
			// Not advised to huge pages: the states found may be few
			// and far apart in the Indexer's range, and each would bring
			// in a huge page of its own.
			g.indexer, g.dense = ix, make([]uint32, limit)
		}
	}
	return g
}

// add returns state s's id, numbering it next if it is new.
func (g *graph[S]) add(s S) uint32 {
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

// rankTies keeps the TieBreaker's ranks of decision i's actions.
func (g *graph[S]) rankTies(i int, s S, tb TieBreaker[S], actions int) {
	if g.tieRank == nil {
		g.tieRank = make([][]int, 0, 1024)
	}
	for len(g.tieRank) < i {
		g.tieRank = append(g.tieRank, nil)
	}
	ranks := make([]int, actions)
	for a := range ranks {
		ranks[a] = tb.TieRank(s, a)
	}
	g.tieRank = append(g.tieRank, ranks)
}

// edgeColumns are the outcome arrays of a graph being explored, grown in
// chunks (column); the rewards' only once one is not zero.
type edgeColumns[S comparable] struct {
	valueBytes, avail     float64
	maxStates             int
	to                    column[uint32]
	prob, reward, actName idBuilder
	rewards               bool
	hinted                int // a Sizer's outcomes, if followed
}

// check refuses a graph past Options.MaxStates or the memory budget.
func (c *edgeColumns[S]) check(g *graph[S]) error {
	idBytes := 1.0
	if c.prob.isWide || c.reward.isWide || c.actName.isWide {
		idBytes = 4
	}
	need := graphBytes[S](g.players, c.valueBytes, len(g.states), c.actName.len(), c.to.len(), idBytes)
	if c.maxStates > 0 && len(g.states) > c.maxStates {
		return fmt.Errorf("engine: %w: more than %d states (Options.MaxStates)", budget.ErrTooLarge, c.maxStates)
	}
	if need > c.avail {
		return fmt.Errorf("engine: %w: %d states explored so far need about %s of memory, %s", budget.ErrTooLarge, len(g.states), budget.Bytes(need), budget.Room(uint64(c.avail)))
	}
	return nil
}

// size sizes the arrays once from a Sizer's hint, instead of copying them
// at every growth; a hint beyond the budget is not followed (check refuses
// such a game anyway). It returns the function that stops bringing their
// pages in ahead.
func (c *edgeColumns[S]) size(g *graph[S], sz Sizer, lean bool) (stop func()) {
	states, actions, outcomes := sz.SizeHint()
	switch {
	case states <= 0 || actions < 0 || outcomes < 0 || graphBytes[S](g.players, c.valueBytes, states, actions, outcomes, 1) > c.avail:
		return func() {}
	}
	g.states = hugepage.Make[S](0, states)
	g.owner = hugepage.Make[int16](0, states)
	if lean {
		return hugepage.PopulateAhead(hugepage.Bytes(g.states), hugepage.Bytes(g.owner))
	}
	g.actStart, g.payStart = hugepage.Make[uint32](0, states+1), hugepage.Make[uint32](0, states+1)
	c.actName.sized(0, actions)
	g.outStart = hugepage.Make[uint32](0, actions+1)
	c.to.cur = hugepage.Make[uint32](0, outcomes)
	c.prob.sized(0, outcomes)
	c.hinted = outcomes
	return hugepage.PopulateAhead(hugepage.Bytes(g.states), hugepage.Bytes(g.owner), hugepage.Bytes(g.actStart), hugepage.Bytes(g.payStart), c.actName.bytes(), hugepage.Bytes(g.outStart), hugepage.Bytes(c.to.cur), c.prob.bytes())
}

// push appends state expansion e's actions, outcomes and payoffs, numbering
// the states it leads to.
func (c *edgeColumns[S]) push(g *graph[S], e *expansion[S]) {
	// Room for what this state adds, growing by half: append grows large
	// slices by a quarter, copying them over and over. The states grow in
	// add, when full: room here for every outcome as a new state would
	// copy a Sizer's exact array near its end.
	c.to.room(len(e.to))
	c.prob.room(len(e.to))
	c.actName.room(len(e.names))
	g.outStart = room(g.outStart, len(e.names))
	g.actStart, g.payStart = room(g.actStart, 1), room(g.payStart, 1)
	g.pay = append(g.pay, e.pay...)
	if e.rewards && !c.rewards {
		// The first reward: the outcomes before it had none.
		c.rewards = true
		if done := c.to.len(); c.hinted >= done+len(e.to) {
			// Sized once too: grown in chunks, the column would be
			// copied into one slice at the end.
			c.reward.sized(done, c.hinted)
		} else {
			c.reward.zeros(done)
		}
	}
	if c.rewards {
		c.reward.room(len(e.to))
		for _, id := range e.reward {
			c.reward.push(id)
		}
	}
	base := uint32(c.to.len())
	for k, t := range e.to {
		c.to.push(g.add(t))
		c.prob.push(e.prob[k])
	}
	for a, id := range e.names {
		c.actName.push(id)
		g.outStart = append(g.outStart, base+uint32(e.ends[a]))
	}
	g.actStart = append(g.actStart, uint32(c.actName.len()))
	g.payStart = append(g.payStart, uint32(len(g.pay)))
}

// finish copies each column of more than one chunk into one slice of the
// graph's.
func (c *edgeColumns[S]) finish(ctx context.Context, g *graph[S], memory uint64) error {
	// For a moment a column is there twice (Herman's ring of 15, exact,
	// under a 2 GB address-space limit ran the runtime out of memory here).
	copies := 0.0
	if len(c.to.full) > 0 {
		copies += 4 * float64(c.to.len())
	}
	for _, b := range []*idBuilder{&c.prob, &c.reward, &c.actName} {
		copies += b.copies()
	}
	if err := budget.NewGuard(ctx, memory).Fits(copies); err != nil {
		return fmt.Errorf("engine: the %d outcomes of %d states: %w", c.to.len(), len(g.states), err)
	}
	var err error
	if g.actName, err = c.actName.flat(ctx); err != nil {
		return err
	}
	return c.flatOutcomes(ctx, g)
}

// flatOutcomes sets g's outcome columns (targets, probabilities, rewards)
// from c's.
func (c *edgeColumns[S]) flatOutcomes(ctx context.Context, g *graph[S]) error {
	var err error
	if g.to, err = c.to.flat(ctx); err != nil {
		return err
	}
	if g.prob, err = c.prob.flat(ctx); err != nil {
		return err
	}
	if !c.rewards {
		// Never written: fresh from the system, its pages cost nothing
		// until read (then the shared zero page).
		g.reward = idColumn{narrow: make([]uint8, len(g.to))}
		return nil
	}
	g.reward, err = c.reward.flat(ctx)
	return err
}

// column is an array of explored outcomes, appended to in chunks:
// growing it never copies what is written, and flat copies it once, into
// one slice, at the end. A slice grown by half at a time would write each
// outcome array into fresh memory three times over and copy it twice,
// which in a million-state model is a large part of exploring it.
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
