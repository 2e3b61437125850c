package jani

import (
	"fmt"
	"math/big"
	"slices"
	"strings"
	"unsafe"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/solver"
)

// rules explores a model for the engine: a state is the packed values of
// the state slots; an MDP state decides among its enabled transitions (one
// engine action each), a DTMC state picks one uniformly, and a state with
// none is a deadlock (an engine terminal, absorbing).
type rules struct {
	m      *Model
	reward *expr    // accumulated per step; nil for none
	acc    accum    // when reward is collected
	exit   *big.Rat // the state's exit reward, while it is expanded
	// initial are the packed initial states (Model.initialStates).
	initial []string
	// bound, if set, unfolds a reward bound (bounded.go): every state
	// carries the reward accumulated so far.
	bound *unfold
	e     env
	next  []int64
	key   []byte
	// per automaton: enabled edges in the current state
	enabled  [][]*edge
	moves    []move
	partAuto []int
	partEdge []*edge
	choice   []int
	// outcomes' scratch: each edge's possible destinations, the one taken
	// (at), the edges with more than one (turn), their running products,
	// and the values the destinations write.
	opts    [][]destOpt
	at      []int
	turn    []int
	prod    []*big.Rat
	writes  []slotValue
	outs    []engine.Outcome[string]
	written []int // stamp per slot: last outcome that wrote it
	pend    []pending
	seq     []int64 // the state between levels of sequenced assignments
	stamp   int
	zero    *big.Rat
	uniform map[[2]*big.Rat]*big.Rat
	small   map[[4]int64]*big.Rat // times by value
	recent  [512]product          // times by pointers, before the maps
	zeroes  []*big.Rat            // zeros' payoffs
	// goals, for Model.Game, end play where one holds: win is then the
	// payoff, 1 for each player whose goal holds.
	goals []*expr
	win   []*big.Rat
	k     []*big.Rat // 1/k for DTMC mixing
	// edge and dest are what is being evaluated, for the message of an
	// evaluation that fails: edge's guard (dest -1) or its destination
	// dest; nil for the state's own expressions (rewards, goals).
	edge *edge
	dest int
	// tierSlot is the slot whose value is a state's tier (-1: none), and
	// tierVals Tier's scratch.
	tierSlot int
	tierVals []int64
}

// move is one transition: the edges of the automata taking part, as a
// range of the rules' partAuto and partEdge (reused from state to state).
type move struct {
	name       string
	start, end int
	player     int // its player, in a game (smg)
}

func newRules(m *Model, reward *expr, acc accum) *rules {
	r := &rules{m: m, reward: reward, acc: acc, tierSlot: -1, zero: new(big.Rat), uniform: map[[2]*big.Rat]*big.Rat{}, small: map[[4]int64]*big.Rat{}}
	r.e.ints = make([]int64, len(m.slots))
	r.e.tints = make([]int64, m.nTints)
	r.e.rats = make([]*big.Rat, m.nRats)
	r.next = make([]int64, len(m.slots))
	r.written = make([]int, len(m.slots))
	r.enabled = make([][]*edge, len(m.autos))
	r.resetTransients()
	return r
}

func (r *rules) resetTransients() {
	for _, t := range r.m.transients {
		if t.sym.real {
			r.e.rats[t.sym.slot] = t.init.r
		} else {
			r.e.tints[t.sym.slot] = t.init.i
		}
	}
}

// Players implements engine.Rules.
func (r *rules) Players() int { return max(1, len(r.m.players)) }

// Start implements engine.Rules.
func (r *rules) Start() string { return r.initial[0] }

// Seeds implements engine.Seeder: the other initial states, where the
// model has several.
func (r *rules) Seeds() []string { return r.initial[1:] }

// Describe implements engine.Describer.
func (r *rules) Describe(s string) string {
	vals := make([]int64, len(r.m.slots))
	r.m.unpack(s, vals)
	var b strings.Builder
	b.WriteByte('(')
	for i, sl := range r.m.slots {
		if sl.width == 0 { // one value: nothing to tell
			continue
		}
		if b.Len() > 1 {
			b.WriteString(", ")
		}
		switch {
		case sl.auto != nil:
			fmt.Fprintf(&b, "%s@%s", sl.name, sl.auto.locs[vals[i]].name)
		case sl.bool:
			fmt.Fprintf(&b, "%s=%t", sl.name, vals[i] != 0)
		default:
			fmt.Fprintf(&b, "%s=%d", sl.name, vals[i])
		}
	}
	b.WriteByte(')')
	return b.String()
}

// indexed is rules for models whose packed states fit in a few bytes: it
// implements engine.Indexer, so the engine finds states in an array.
type indexed struct{ *rules }

// engineRules returns the rules to explore m with, collecting reward.
func engineRules(m *Model, reward *expr, acc accum, initial []string) engine.Rules[string] {
	r := newRules(m, reward, acc)
	r.initial = initial
	return r.engine()
}

// engine returns r as the engine sees it: with an Indexer where packed
// states are short enough.
func (r *rules) engine() engine.Rules[string] {
	if r.m.bits <= maxIndexBits {
		return indexed{r}
	}
	return r
}

// Index implements engine.Indexer: the packed bytes as a little-endian
// number.
func (r indexed) Index(s string) (int, bool) {
	x := 0
	for i := len(s) - 1; i >= 0; i-- {
		x = x<<8 | int(s[i])
	}
	return x, true
}

// IndexLimit implements engine.Indexer.
func (r indexed) IndexLimit() int { return 1 << r.m.bits }

// maxIndexBits bounds the models explored with an index array (4 bytes
// per possible packed state).
const maxIndexBits = 26

// Expand implements engine.Rules.
func (r *rules) Expand(s string, n *engine.Node[string]) (err error) {
	r.edge = nil
	defer r.catchAt(&err)
	m := r.m
	m.unpack(s, r.e.ints)
	if len(r.goals) > 0 && r.won() {
		n.Terminal(r.win...)
		return nil
	}
	r.moves, r.partAuto, r.partEdge = r.moves[:0], r.partAuto[:0], r.partEdge[:0]
	for i, a := range m.autos {
		r.enabled[i] = r.enabled[i][:0]
		for _, e := range a.edges[r.e.ints[a.locSlot]] {
			r.edge, r.dest = e, -1
			if e.guard == nil || e.guard.b(&r.e) {
				r.enabled[i] = append(r.enabled[i], e)
			}
		}
		for _, e := range r.enabled[i] {
			if e.action < 0 {
				r.addMove(a.name, []int{i}, []*edge{e})
			}
		}
	}
	r.edge = nil
	for si := range m.syncs {
		if err := r.syncMoves(&m.syncs[si]); err != nil {
			return err
		}
	}
	if len(r.moves) == 0 {
		n.Terminal(r.zeros()...)
		return nil
	}
	r.exit = nil
	if r.reward != nil && r.acc.exit {
		// The exit reward: the reward expression in this state, with the
		// transient values its locations set.
		r.setLocationTransients()
		r.exit = r.reward.r(&r.e)
		r.resetTransients()
	}
	if m.Type == "mdp" || m.Type == "smg" {
		player := 0
		if m.Type == "smg" {
			player = r.moves[0].player
			for _, mv := range r.moves {
				switch {
				case mv.player < 0:
					return fmt.Errorf("move %q belongs to no player", mv.name)
				case mv.player != player:
					return fmt.Errorf("players %s and %s can both move (a turn-based game gives each state one player)", m.players[player], m.players[mv.player])
				}
			}
		}
		n.Decide(player)
		for _, mv := range r.moves {
			r.outs = r.outs[:0]
			if err := r.outcomes(mv, nil); err != nil {
				return err
			}
			n.Action(mv.name, r.post(r.outs)...)
		}
		return nil
	}
	r.outs = r.outs[:0]
	var w *big.Rat
	if k := len(r.moves); k > 1 {
		for len(r.k) <= k {
			r.k = append(r.k, big.NewRat(1, int64(max(len(r.k), 1))))
		}
		w = r.k[k]
	}
	for _, mv := range r.moves {
		if err := r.outcomes(mv, w); err != nil {
			return err
		}
	}
	n.Chance(r.post(r.outs)...)
	return nil
}

// catchAt is catch for Expand: an evaluation that fails is told with the
// edge, and the destination, whose expression it was.
func (r *rules) catchAt(err *error) {
	p := recover()
	if p == nil {
		return
	}
	*err = caught(p)
	switch {
	case r.edge == nil:
	case r.dest < 0:
		*err = fmt.Errorf("%s: guard: %w", r.edge.where, *err)
	default:
		*err = fmt.Errorf("%s, destination %d: %w", r.edge.where, r.dest, *err)
	}
}

// Place implements engine.Placer: the edges that make move a of state s.
// A DTMC's state has one action made of all its moves; the edges named
// are then those whose probabilities do not add up to 1, if any.
func (r *rules) Place(s string, a int) (at string) {
	f := r.fork()
	var n engine.Node[string]
	if f.Expand(s, &n) != nil {
		return ""
	}
	moves := f.moves
	if f.m.Type == "mdp" || f.m.Type == "smg" {
		if a < 0 || a >= len(moves) {
			return ""
		}
		moves = moves[a : a+1]
	}
	var all, off []string
	defer func() {
		if recover() != nil {
			at = strings.Join(all, "; ")
		}
	}()
	sum := new(big.Rat)
	for _, mv := range moves {
		for _, e := range f.partEdge[mv.start:mv.end] {
			all = append(all, e.where)
			sum.SetInt64(0)
			for k := range e.dests {
				sum.Add(sum, e.dests[k].prob.r(&f.e))
			}
			if sum.Cmp(ratOne) != 0 {
				off = append(off, e.where)
			}
		}
	}
	if len(off) > 0 {
		return strings.Join(off, "; ")
	}
	return strings.Join(all, "; ")
}

// syncMoves adds the moves of one synchronisation vector: every combination
// of enabled edges with the vector's actions.
func (r *rules) syncMoves(sv *syncVec) error {
	var autos []int
	count := 1 // moves this vector makes: the product, counted first
	for i, a := range sv.parts {
		if a < 0 {
			continue
		}
		k := 0
		for _, e := range r.enabled[i] {
			if e.action == a {
				k++
			}
		}
		if k == 0 {
			return nil
		}
		count = min(count*k, MaxOutcomes+1)
		autos = append(autos, i)
	}
	if len(r.moves)+count > MaxOutcomes {
		return fmt.Errorf("%w: one state has more than %d synchronised moves (%d automata in one synchronisation)", budget.ErrTooLarge, MaxOutcomes, len(autos))
	}
	name := sv.result
	if name == "" {
		name = "sync"
	}
	var rec func(j int, edges []*edge)
	rec = func(j int, edges []*edge) {
		if j == len(autos) {
			r.addMove(name, autos, edges)
			return
		}
		i := autos[j]
		for _, e := range r.enabled[i] {
			if e.action == sv.parts[i] {
				rec(j+1, append(edges, e))
			}
		}
	}
	rec(0, make([]*edge, 0, len(autos)))
	return nil
}

// MaxOutcomes bounds the moves and the outcomes of one state: a product of
// automata can turn one state into 10^9 combined edges, which are counted
// before they are built and refused past this.
const MaxOutcomes = 1 << 20

// addMove records a move of the given automata and edges.
func (r *rules) addMove(name string, autos []int, edges []*edge) {
	start := len(r.partAuto)
	r.partAuto = append(r.partAuto, autos...)
	r.partEdge = append(r.partEdge, edges...)
	mv := move{name: name, start: start, end: len(r.partAuto)}
	if r.m.players != nil {
		mv.player = r.m.moveOwner(mv, autos, edges)
	}
	r.moves = append(r.moves, mv)
}

// outcomes appends the outcomes of a move to r.outs: one per combination
// of the edges' destinations, with probability the product (times w, for
// a DTMC's uniform choice), in odometer order (the first edge's
// destination turns fastest), skipping the destinations of probability 0.
//
// A synchronised move of many automata has many combinations (Herman's
// ring of 17: up to 2^17 for one state, 129 million in all), so each
// destination is evaluated once per move, not once per combination: its
// probability, and, unless assignments are sequenced, the values it
// assigns. A combination then differs from the one before in the edges
// the odometer turned: their assignments are undone and redone, and the
// running product is recomputed below the highest of them only.
func (r *rules) outcomes(mv move, w *big.Rat) error {
	m := r.m
	autos, edges := r.partAuto[mv.start:mv.end], r.partEdge[mv.start:mv.end]
	count := 1
	for _, e := range edges {
		count = min(count*max(len(e.dests), 1), MaxOutcomes+1)
	}
	if len(r.outs)+count > MaxOutcomes {
		return fmt.Errorf("%w: one state has more than %d outcomes (move %q combines the destinations of %d edges)", budget.ErrTooLarge, MaxOutcomes, mv.name, len(edges))
	}
	n := len(edges)
	r.choice, r.at = slices.Grow(r.choice[:0], n)[:n], slices.Grow(r.at[:0], n)[:n]
	for len(r.opts) < n {
		r.opts = append(r.opts, nil)
	}
	opts := r.opts[:n]
	r.writes = r.writes[:0]
	varies := false // what a step earns depends on the destinations taken
	for j, e := range edges {
		opts[j] = opts[j][:0]
		for k := range e.dests {
			d := &e.dests[k]
			r.edge, r.dest = e, k
			q := d.prob.r(&r.e)
			if d.prob.k == nil { // constants are checked by Parse
				if err := checkProbability(q, e, k); err != nil {
					return err
				}
			}
			if q.Sign() == 0 {
				continue
			}
			o := destOpt{k: k, q: q, lo: int32(len(r.writes))}
			if !m.sequenced {
				r.stamp++ // a variable assigned twice by one destination
				for i := range d.assign {
					as := &d.assign[i]
					v, err := r.assignment(e, k, as)
					if err != nil {
						return err
					}
					r.writes = append(r.writes, slotValue{as.sym.slot, v})
				}
			}
			o.hi = int32(len(r.writes))
			opts[j] = append(opts[j], o)
		}
		varies = varies || e.destRewards
		if len(opts[j]) == 0 {
			return nil // every combination has probability 0
		}
	}
	r.edge = nil
	if shared := 0; !m.sequenced {
		for _, e := range edges {
			if e.shared {
				shared++
			}
		}
		if shared > 1 {
			if err := r.checkWrites(edges, opts); err != nil {
				return err
			}
		}
	}
	// The edges with one destination are a constant factor; the others
	// turn, their running products kept in prod: prod[v] is the product
	// of the destinations chosen at turning edges v and up, times the
	// constant one.
	pf := w
	r.turn = r.turn[:0]
	for j, o := range opts {
		if len(o) == 1 {
			pf = r.times(pf, o[0].q)
		} else {
			r.turn = append(r.turn, j)
		}
	}
	turn := r.turn
	r.prod = slices.Grow(r.prod[:0], len(turn)+1)[:len(turn)+1]
	prod := r.prod
	prod[len(turn)] = pf
	for v := len(turn) - 1; v >= 0; v-- {
		prod[v] = r.times(prod[v+1], opts[turn[v]][0].q)
	}
	copy(r.next, r.e.ints)
	for j, e := range edges {
		r.apply(autos[j], e, j, 0)
	}
	// Without transient assignments every combination earns the same.
	var reward *big.Rat
	if !varies {
		reward = r.combinationReward(edges)
	}
	for {
		if m.sequenced {
			// Each level reads what the ones before it left: evaluated
			// anew for every combination, from the state itself.
			copy(r.next, r.e.ints)
			for j, e := range edges {
				r.next[m.autos[autos[j]].locSlot] = int64(e.dests[r.choice[j]].loc)
			}
			if err := r.assignSequenced(edges, r.choice); err != nil {
				return err
			}
		}
		rw := reward
		if varies {
			rw = r.combinationReward(edges)
		}
		p := prod[0]
		if p == nil {
			p = ratOne
		}
		r.outs = append(r.outs, engine.Outcome[string]{P: p, To: m.pack(r.next, &r.key), Reward: rw})
		// Turn the odometer: the first turning edge that does not wrap
		// around moves on, those before it go back to their first.
		v := 0
		for ; v < len(turn); v++ {
			j := turn[v]
			next := r.at[j] + 1
			if next == len(opts[j]) {
				next = 0
			}
			r.choose(autos[j], edges[j], j, next)
			if next != 0 {
				break
			}
		}
		if v == len(turn) {
			return nil
		}
		for u := v; u >= 0; u-- {
			prod[u] = r.times(prod[u+1], opts[turn[u]][r.at[turn[u]]].q)
		}
	}
}

// destOpt is a destination an edge may take (probability above 0): its
// index, probability, and the values its assignments write
// (r.writes[lo:hi]).
type destOpt struct {
	k      int
	q      *big.Rat
	lo, hi int32
}

type slotValue struct {
	slot int
	v    int64
}

// choose makes edge j (of automaton a) take its i-th possible
// destination instead of the one it took: that one's variables go back to
// the state's values in r.next, and apply writes the new one.
func (r *rules) choose(a int, e *edge, j, i int) {
	o := &r.opts[j][r.at[j]]
	for _, w := range r.writes[o.lo:o.hi] {
		r.next[w.slot] = r.e.ints[w.slot]
	}
	r.apply(a, e, j, i)
}

// apply makes edge j (of automaton a) take its i-th possible destination:
// its location and values are written to r.next.
func (r *rules) apply(a int, e *edge, j, i int) {
	o := &r.opts[j][i]
	r.at[j], r.choice[j] = i, o.k
	r.next[r.m.autos[a].locSlot] = int64(e.dests[o.k].loc)
	for _, w := range r.writes[o.lo:o.hi] {
		r.next[w.slot] = w.v
	}
}

// checkWrites refuses a move two of whose edges may assign one variable
// in one transition (any two destinations of theirs that may be taken
// together, as every pair may). Edge j of the move marks the variables it
// writes in r.written with the stamp base+j, above every stamp before.
func (r *rules) checkWrites(edges []*edge, opts [][]destOpt) error {
	base := r.stamp + 1
	r.stamp += len(edges)
	for j, e := range edges {
		for _, o := range opts[j] {
			for _, w := range r.writes[o.lo:o.hi] {
				if by := r.written[w.slot]; by >= base && by != base+j {
					name := ""
					for _, as := range e.dests[o.k].assign {
						if as.sym.slot == w.slot {
							name = as.name
						}
					}
					return solver.Invalidf("%s: variable %s is assigned twice in one transition", e.where, name)
				}
				r.written[w.slot] = base + j
			}
		}
	}
	return nil
}

// combinationReward is the reward of the combination r.choice of the
// edges' destinations: the step reward, where one is collected, plus the
// state's exit reward.
func (r *rules) combinationReward(edges []*edge) *big.Rat {
	var reward *big.Rat
	if r.reward != nil && r.acc.steps {
		reward = r.stepReward(edges, r.choice)
	}
	if r.exit != nil {
		if reward == nil || reward.Sign() == 0 {
			reward = r.exit
		} else if r.exit.Sign() != 0 {
			reward = new(big.Rat).Add(reward, r.exit)
		}
	}
	return reward
}

// assignSequenced performs the chosen destinations' assignments level by
// level (JANI's assignment index): all those of the lowest index at once,
// evaluated on the current state, then those of the next index, evaluated
// on the values the earlier levels left, and so on. A variable may be
// assigned once per level.
func (r *rules) assignSequenced(edges []*edge, choice []int) error {
	cur := r.e.ints
	defer func() { r.e.ints = cur }()
	for level, more := 0, true; more; level++ {
		more = false
		r.pend = r.pend[:0]
		r.stamp++
		for j, e := range edges {
			d := &e.dests[choice[j]]
			r.edge, r.dest = e, choice[j]
			for i := range d.assign {
				as := &d.assign[i]
				if as.index > level {
					more = true
					continue
				}
				if as.index < level {
					continue
				}
				v, err := r.assignment(e, choice[j], as)
				if err != nil {
					return err
				}
				r.pend = append(r.pend, pending{as.sym.slot, v})
			}
		}
		for _, w := range r.pend {
			r.next[w.slot] = w.v
		}
		// The next level reads the values this one left.
		r.seq = append(r.seq[:0], r.next...)
		r.e.ints = r.seq
	}
	r.edge = nil
	return nil
}

// assignment evaluates one assignment of destination d of edge e: the
// value, checked against the variable's bounds and against a second write
// in the same transition (at the same index).
func (r *rules) assignment(e *edge, d int, as *assignment) (int64, error) {
	var v int64
	if as.sym.t == tBool {
		v = b2i(as.val.b(&r.e))
	} else {
		v = as.val.i(&r.e)
	}
	at := ""
	if as.index > 0 {
		at = fmt.Sprintf(" (index %d)", as.index)
	}
	sl := &r.m.slots[as.sym.slot]
	if v < sl.lo || v > sl.hi {
		return 0, solver.Invalidf("%s, destination %d: %s := %d%s is outside its bounds [%d, %d]", e.where, d, as.name, v, at, sl.lo, sl.hi)
	}
	if r.written[as.sym.slot] == r.stamp {
		return 0, solver.Invalidf("%s: variable %s is assigned twice in one transition%s", e.where, as.name, at)
	}
	r.written[as.sym.slot] = r.stamp
	return v, nil
}

// pending is a value written by one level of sequenced assignments.
type pending struct {
	slot int
	v    int64
}

// checkProbability rejects a destination probability outside [0, 1].
func checkProbability(q *big.Rat, e *edge, d int) error {
	if q.Sign() < 0 || q.Cmp(ratOne) > 0 {
		return solver.Invalidf("%s, destination %d: probability %s is not in [0, 1]", e.where, d, q.RatString())
	}
	return nil
}

// stepReward evaluates the reward expression with the transient
// assignments of the chosen destinations; every other transient keeps its
// initial value.
func (r *rules) stepReward(edges []*edge, choice []int) *big.Rat {
	for j, e := range edges {
		r.edge, r.dest = e, choice[j]
		r.setTransients(e.dests[choice[j]].transients)
	}
	r.edge = nil
	v := r.reward.r(&r.e)
	r.resetTransients()
	return v
}

// setTransients performs assignments to transient variables.
// setLocationTransients sets the transient values (labels, state
// rewards) that the automata's current locations give, in the state r.e
// holds.
func (r *rules) setLocationTransients() {
	for _, a := range r.m.autos {
		r.setTransients(a.locs[r.e.ints[a.locSlot]].transient)
	}
}

func (r *rules) setTransients(list []assignment) {
	for _, as := range list {
		switch {
		case as.sym.real:
			r.e.rats[as.sym.slot] = as.val.r(&r.e)
		case as.sym.t == tBool:
			r.e.tints[as.sym.slot] = b2i(as.val.b(&r.e))
		default:
			r.e.tints[as.sym.slot] = as.val.i(&r.e)
		}
	}
}

var ratOne = big.NewRat(1, 1)

// times returns p·q, sharing results for repeated pairs, so the engine
// sees few distinct pointers: by value where both fit in int64 (the
// running products of a synchronised move: Herman's ring of 15 combines
// fifteen 1/2s by 3^15 pointer paths, which filled a cache by pointer and
// then allocated 200 million products, 60% of the run), else by pointer
// (the probabilities of constant destinations are the same pointers every
// time).
//
// A running product is times of the product before it, itself a shared
// result, and a destination's probability, the same pointer every time:
// a small table by the two pointers answers most calls before the maps
// (Herman's ring of 17 made 129 million, 7% of its exact time in the
// maps). The rationals are never modified once made, and the table holds
// them, so a pointer cannot be reused for another value.
func (r *rules) times(p, q *big.Rat) *big.Rat {
	if p == nil || p == ratOne {
		return q
	}
	if q == ratOne {
		return p
	}
	h := (uintptr(unsafe.Pointer(p))>>4 ^ uintptr(unsafe.Pointer(q))>>4*0x9e3779b1) % uintptr(len(r.recent))
	if e := &r.recent[h]; e.p == p && e.q == q {
		return e.v
	}
	var v *big.Rat
	if pn, pd, qn, qd := p.Num(), p.Denom(), q.Num(), q.Denom(); pn.IsInt64() && pd.IsInt64() && qn.IsInt64() && qd.IsInt64() {
		v = productOf(r.small, [4]int64{pn.Int64(), pd.Int64(), qn.Int64(), qd.Int64()}, p, q)
	} else {
		v = productOf(r.uniform, [2]*big.Rat{p, q}, p, q)
	}
	r.recent[h] = product{p, q, v}
	return v
}

// product is an entry of times' table: v = p·q.
type product struct{ p, q, v *big.Rat }

// productOf returns p·q from cache under key, computing it (and keeping
// it, while the cache holds fewer than 2^16) if it is not there.
func productOf[K comparable](cache map[K]*big.Rat, key K, p, q *big.Rat) *big.Rat {
	if v, ok := cache[key]; ok {
		return v
	}
	v := new(big.Rat).Mul(p, q)
	if len(cache) < 1<<16 {
		cache[key] = v
	}
	return v
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// pack encodes slot values as a string, each slot in its bit width.
func (m *Model) pack(vals []int64, buf *[]byte) string {
	var b []byte
	if buf != nil {
		b = (*buf)[:0]
	}
	var acc uint64
	n := uint(0)
	for _, i := range m.packed {
		sl := &m.slots[i]
		acc |= uint64(vals[i]-sl.lo) << n
		n += sl.width
		for n >= 8 {
			b = append(b, byte(acc))
			acc >>= 8
			n -= 8
		}
	}
	if n > 0 {
		b = append(b, byte(acc))
	}
	if buf != nil {
		*buf = b
	}
	return string(b)
}

// unpack decodes a packed state into vals.
func (m *Model) unpack(s string, vals []int64) {
	var acc uint64
	n := uint(0)
	pos := 0
	for i := range m.slots {
		sl := &m.slots[i]
		if sl.width == 0 {
			vals[i] = sl.lo
			continue
		}
		for n < sl.width {
			acc |= uint64(s[pos]) << n
			pos++
			n += 8
		}
		vals[i] = int64(acc&(1<<sl.width-1)) + sl.lo
		acc >>= sl.width
		n -= sl.width
	}
}

// zeros is a terminal's payoffs: 0 for each player (the properties' goals
// and rewards are what count).
func (r *rules) zeros() []*big.Rat {
	if len(r.zeroes) != r.Players() {
		r.zeroes = make([]*big.Rat, r.Players())
		for i := range r.zeroes {
			r.zeroes[i] = r.zero
		}
	}
	return r.zeroes
}

// fork returns rules that explore as r does on scratch of their own.
func (r *rules) fork() *rules {
	f := newRules(r.m, r.reward, r.acc)
	f.initial, f.goals, f.tierSlot = r.initial, r.goals, r.tierSlot
	if r.win != nil {
		f.win = make([]*big.Rat, len(r.win))
	}
	if r.bound != nil {
		f.bound = &unfold{upper: r.bound.upper, lower: r.bound.lower}
	}
	return f
}

// Fork implements engine.Forker.
func (r *rules) Fork() engine.Rules[string] { return r.fork() }

// Fork implements engine.Forker.
func (r indexed) Fork() engine.Rules[string] { return indexed{r.fork()} }
