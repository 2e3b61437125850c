package model

import (
	"encoding/json"
	"fmt"
	"hash/maphash"
	"maps"
	"math/big"
	"slices"
	"strings"
	"unsafe"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/internal/hugepage"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/solver"
)

// builder turns decoded states into a Model's flat arrays, one state at a
// time. The fast reader hands it each state as it is read (its slices are
// reused for the next state); the slow reader replays its decoded file.
// Both so pass through one set of checks with one set of messages.
//
// A target may name a state listed later: every target is kept by its id
// (pending) and found once all states are listed, one lookup each, so no
// second pass over the text is needed.
type builder struct {
	data []byte
	m    *Model
	// cur is the state being built (for error positions), or -1; topKey
	// the top-level key whose value an error is about.
	cur    int
	topKey string
	// vals interns numbers by their text: equal values share one
	// *big.Rat, so the engine's interning sees one pointer per value.
	vals   map[string]uint32
	isProb []bool // vals[i] is in (0, 1]
	names  map[string]uint32
	// checked holds distributions already found to sum to 1, by their
	// probabilities' texts: models repeat a few distributions many times.
	checked map[string]bool
	key     []byte
	sum     *big.Rat
	// pending are the outcomes' targets, by their ids, found in finish
	// (until then an outcome's to is its index here).
	pending []string
	// inserted counts the states whose ids are in the hash table: ids go
	// in a batch at a time (flush), where the table's cache misses
	// overlap, rather than one between every two states' other work.
	inserted int
}

// hints are the expected numbers of states, actions and outcomes (arrays
// are sized once; a wrong hint costs only growth).
type hints struct{ states, actions, outcomes int }

var ratOne = big.NewRat(1, 1)

// newBuilder checks "players" (raw is its value's text, nil if missing)
// and starts a model.
func newBuilder(data []byte, raw json.RawMessage, h hints) (*builder, error) {
	b := &builder{data: data, cur: -1, vals: map[string]uint32{}, names: map[string]uint32{}, checked: map[string]bool{}, sum: new(big.Rat), pending: hugepage.Make[string](0, h.outcomes)}
	if raw == nil {
		return nil, b.bad(`"players" is missing`)
	}
	nPlayers, names, err := players(data, raw)
	if err != nil {
		return nil, solver.Invalidf("model: %v", err)
	}
	b.topKey = "players"
	if nPlayers < 1 || nPlayers > 1<<10 {
		return nil, b.bad(`"players" must be an integer from 1 to %d, or a list of that many names`, 1<<10)
	}
	seen := map[string]bool{}
	for _, name := range names {
		switch {
		case strings.TrimSpace(name) == "":
			return nil, b.bad(`"players": a player's name is empty`)
		case seen[name]:
			return nil, b.bad(`"players": %q is named twice`, name)
		}
		seen[name] = true
	}
	b.topKey = ""
	h.states = max(h.states, 1)
	b.m = &Model{
		players:  nPlayers,
		names:    names,
		idText:   hugepage.Make[byte](0, 8*h.states),
		idEnd:    append(hugepage.Make[uint32](0, h.states+1), 0),
		slots:    hugepage.Make[uint64](slotsFor(h.states), slotsFor(h.states)),
		owner:    hugepage.Make[int16](0, h.states),
		actStart: append(hugepage.Make[uint32](0, h.states+1), 0),
		payStart: append(hugepage.Make[uint32](0, h.states+1), 0),
		actName:  hugepage.Make[uint32](0, h.actions),
		outStart: append(hugepage.Make[uint32](0, h.actions+1), 0),
		to:       hugepage.Make[uint32](0, h.outcomes),
		prob:     hugepage.Make[uint32](0, h.outcomes),
		reward:   hugepage.Make[uint32](0, h.outcomes),
		vals:     make([]*big.Rat, 0, 16),
		actNames: []string{""},
		seed:     maphash.MakeSeed(),
	}
	b.names[""] = 0
	// 0 and 1 first, as in the engine; a reward of 0 is none.
	b.addVal(new(big.Rat))
	b.addVal(big.NewRat(1, 1))
	return b, nil
}

// scaled returns s with room for grown(len(s), scale) elements.
func scaled[T any](s []T, scale float64) []T { return hugepage.Grow(s, grown(len(s), scale)) }

// grown is n scaled, with a little to spare.
func grown(n int, scale float64) int { return int(float64(n)*scale) + 16 }

// reserve makes room in the model's arrays for the whole text, once done
// of total bytes of states are read: the counts so far, scaled, with a
// little to spare. Arrays sized once are not copied over and over as a
// million states arrive (and fresh memory is what costs most).
func (b *builder) reserve(done, total int) {
	if done <= 0 || total <= done {
		return
	}
	m := b.m
	scale := 1.05 * float64(total) / float64(done)
	m.idText = scaled(m.idText, scale)
	m.idEnd = scaled(m.idEnd, scale)
	m.owner = scaled(m.owner, scale)
	m.actStart = scaled(m.actStart, scale)
	m.payStart = scaled(m.payStart, scale)
	m.actName = scaled(m.actName, scale)
	m.outStart = scaled(m.outStart, scale)
	m.to = scaled(m.to, scale)
	m.prob = scaled(m.prob, scale)
	m.reward = scaled(m.reward, scale)
	m.pay = scaled(m.pay, scale)
	b.pending = scaled(b.pending, scale)
	if n := grown(len(b.vals), scale); n > 4096 {
		// Many distinct values (a payoff per state, say): a map of their
		// final size, not one rebuilt at every doubling.
		vals := make(map[string]uint32, n)
		maps.Copy(vals, b.vals)
		b.vals = vals
	}
	if n := slotsFor(grown(len(m.owner), scale)); n > len(m.slots) {
		m.rehash(n)
	}
}

// slotsFor is the size of the id hash table for n states: a power of two,
// at least twice n.
func slotsFor(n int) int {
	s := 16
	for s < 2*n {
		s *= 2
	}
	return s
}

// bad is an error at the current state or top-level key.
func (b *builder) bad(format string, a ...any) error {
	// Ids, names and numbers from the text are echoed cut short: a
	// 10,000-character id makes no better message.
	for i, x := range a {
		if s, ok := x.(string); ok {
			a[i] = cut(s)
		}
	}
	where := ""
	switch {
	case b.cur >= 0:
		where = position(b.data, stateOffset(b.data, b.cur)) + ": "
	case b.topKey != "":
		where = position(b.data, valueOffset(b.data, b.topKey)) + ": "
	}
	return solver.Invalidf("model: %s%s", where, fmt.Sprintf(format, a...))
}

// val interns a number's text; prob asks for a probability, which must lie
// in (0, 1]. what names the number in messages.
func (b *builder) val(n number, prob bool, what func() string) (uint32, error) {
	id, ok := b.vals[n.text]
	if !ok {
		r, err := n.rat()
		if err != nil {
			return 0, b.bad("%s %v", what(), err)
		}
		if r.Sign() == 0 {
			id = 0 // the value 0, as the engine keeps it: no reward
		} else {
			id = b.addVal(r)
		}
		b.vals[strings.Clone(n.text)] = id
	}
	if prob && !b.isProb[id] {
		return 0, b.bad("%s %s is not in (0, 1]", what(), b.m.vals[id].RatString())
	}
	return id, nil
}

// addVal appends a value not met before.
func (b *builder) addVal(r *big.Rat) uint32 {
	b.m.vals = append(b.m.vals, r)
	b.isProb = append(b.isProb, numeric.IsProbability(r))
	return uint32(len(b.m.vals) - 1)
}

// state adds the next state. Its id goes in the hash table at the next
// flush; an error of this state is reported only after a flush, so that a
// duplicate id listed before it is still the error reported.
func (b *builder) state(s *stateJSON) error {
	err := b.addState(s)
	if err != nil {
		if dup := b.flush(); dup != nil {
			return dup
		}
	}
	return err
}

// flush puts the ids of the states added since the last flush in the hash
// table, and reports the first that another state has.
func (b *builder) flush() error {
	m := b.m
	n := len(m.idEnd) - 1
	if s, ok := m.insertFrom(int32(b.inserted), int32(n)); !ok {
		b.inserted = int(s)
		b.cur = int(s)
		return b.bad("state %q: duplicate id", m.ID(s))
	}
	b.inserted = n
	return nil
}

func (b *builder) addState(s *stateJSON) error {
	m := b.m
	i := len(m.owner)
	b.cur = i
	id := s.ID
	if id == "" {
		return b.bad("state %d (counting from 1) has no id", i+1)
	}
	if i >= 1<<31-1 || len(m.idText)+len(id) > 1<<32-1 || len(m.to) > 1<<32-1-4096 {
		return b.bad("too many states")
	}
	m.idText = append(m.idText, id...)
	m.idEnd = append(m.idEnd, uint32(len(m.idText)))
	kinds := 0
	for _, has := range []bool{s.Payoff != nil, s.Chance != nil, s.Player != nil || s.Actions != nil} {
		if has {
			kinds++
		}
	}
	if kinds != 1 {
		return b.bad(`state %q: give exactly one of "payoff", "chance", or "player" with "actions"`, id)
	}
	switch {
	case s.Payoff != nil:
		m.owner = append(m.owner, engine.Terminal)
		if len(*s.Payoff) != m.players {
			return b.bad("state %q: payoff has %d entries, want %d (one per player)", id, len(*s.Payoff), m.players)
		}
		for k, x := range *s.Payoff {
			v, err := b.val(x, false, func() string { return fmt.Sprintf("state %q: payoff %d:", cut(id), k+1) })
			if err != nil {
				return err
			}
			m.pay = append(m.pay, v)
		}
	case s.Chance != nil:
		m.owner = append(m.owner, engine.Chance)
		if err := b.outcomes(id, nil, *s.Chance); err != nil {
			return err
		}
	default:
		if s.Player == nil || s.Actions == nil {
			return b.bad(`state %q: a decision needs both "player" and "actions"`, id)
		}
		if *s.Player < 0 || *s.Player >= m.players {
			return b.bad("state %q: player %d out of range (players are 0 to %d)", id, *s.Player, m.players-1)
		}
		acts := *s.Actions
		if len(acts) == 0 {
			return b.bad("state %q: empty action list", id)
		}
		m.owner = append(m.owner, int16(*s.Player))
		for k, a := range acts {
			if a.Name == nil {
				return b.bad("state %q: action %d has no name", id, k+1)
			}
			for _, c := range acts[:k] {
				if *c.Name == *a.Name {
					return b.bad("state %q: duplicate action name %q", id, *a.Name)
				}
			}
			if err := b.outcomes(id, a.Name, a.Outcomes); err != nil {
				return err
			}
		}
	}
	if err := b.addTier(id, s.Tier); err != nil {
		return err
	}
	m.actStart = append(m.actStart, uint32(len(m.actName)))
	m.payStart = append(m.payStart, uint32(len(m.pay)))
	return nil
}

// MaxTier is the largest "tier" a state may give.
const MaxTier = 1<<22 - 1

// addTier records state id's "tier" (nil: none): every state gives one,
// or none does.
func (b *builder) addTier(id string, tier *int64) error {
	m := b.m
	i := len(m.owner) - 1
	switch {
	case tier == nil && m.tier == nil:
		return nil
	case tier == nil:
		return b.bad(`state %q has no "tier", and the first state has one: give every state a tier, or none`, id)
	case i > 0 && m.tier == nil:
		return b.bad(`state %q has a "tier", and the first state has none: give every state a tier, or none`, id)
	case *tier < 0 || *tier > MaxTier:
		return b.bad(`state %q: tier %d out of range (0 to %d)`, id, *tier, MaxTier)
	}
	m.tier = append(m.tier, int32(*tier))
	return nil
}

// outcomes adds the outcomes of a chance move (action nil) or of an
// action of state id.
func (b *builder) outcomes(id string, action *string, raw []outcomeRaw) error {
	m := b.m
	what := func() string {
		if action == nil {
			return "chance"
		}
		return fmt.Sprintf("action %q", cut(*action))
	}
	if len(raw) == 0 {
		return b.bad("state %q: %s has no outcomes", id, what())
	}
	b.key = b.key[:0]
	for _, o := range raw {
		b.key = append(b.key, o.P.text...)
		b.key = append(b.key, ',')
	}
	known := b.checked[string(b.key)]
	b.sum.SetInt64(0)
	for k, o := range raw {
		if !o.P.set || o.To == "" {
			return b.bad("state %q: %s outcome %d needs \"p\" and \"to\"", id, what(), k+1)
		}
		p, err := b.val(o.P, true, func() string { return fmt.Sprintf("state %q: %s outcome %d: probability", cut(id), what(), k+1) })
		if err != nil {
			return err
		}
		if !known {
			b.sum.Add(b.sum, m.vals[p])
		}
		rw := uint32(0)
		if o.Reward.set {
			if rw, err = b.val(o.Reward, false, func() string { return fmt.Sprintf("state %q: %s outcome %d: reward", cut(id), what(), k+1) }); err != nil {
				return err
			}
		}
		// Targets are found when all states are listed (most are listed
		// later anyway): one lookup each.
		m.to = append(m.to, uint32(len(b.pending)))
		b.pending = append(b.pending, o.To)
		m.prob = append(m.prob, p)
		m.reward = append(m.reward, rw)
	}
	if !known {
		if b.sum.Cmp(ratOne) != 0 {
			return b.bad("state %q: %s: probabilities sum to %s, not 1", id, what(), b.sum.RatString())
		}
		if len(b.checked) < 1<<16 {
			b.checked[string(b.key)] = true
		}
	}
	name := uint32(0) // chance moves are action "", name 0
	if action != nil {
		var ok bool
		if name, ok = b.names[*action]; !ok {
			name = uint32(len(m.actNames))
			m.actNames = append(m.actNames, strings.Clone(*action))
			b.names[m.actNames[name]] = name
		}
	}
	m.actName = append(m.actName, name)
	m.outStart = append(m.outStart, uint32(len(m.to)))
	return nil
}

// finish resolves the start and the targets listed late.
func (b *builder) finish(start *string, discount number) (*Model, error) {
	m := b.m
	if err := b.flush(); err != nil {
		return nil, err
	}
	b.cur, b.topKey = -1, ""
	if start == nil {
		return nil, b.bad(`"start" is missing`)
	}
	if len(m.owner) == 0 {
		return nil, b.bad(`"states" is missing or empty`)
	}
	if k := m.resolve(b.pending); k >= 0 {
		return nil, b.unknown(uint32(k), b.pending[k])
	}
	b.topKey = "start"
	s, ok := m.lookup(*start)
	if !ok {
		return nil, b.bad("start %q is not a state id", *start)
	}
	m.start = s
	if discount.set {
		b.topKey = "discount"
		d, err := discount.rat()
		switch {
		case err != nil:
			return nil, b.bad(`"discount" %v`, err)
		case !engine.ValidDiscount(d):
			return nil, b.bad(`"discount" %s is not in (0, 1)`, d.RatString())
		}
		m.discount = d
	}
	// Ids are looked up only while the model is built.
	m.slots = nil
	return m, nil
}

// resolve sets each outcome's target from its id, and returns the first
// outcome whose id is no state's, or -1. The lookups, a cache miss or
// two each, are shared by two goroutines when there are many.
func (m *Model) resolve(ids []string) int {
	part := func(lo, hi int) int {
		for k := lo; k < hi; k++ {
			s, ok := m.lookup(ids[k])
			if !ok {
				return k
			}
			m.to[k] = uint32(s)
		}
		return -1
	}
	if len(ids) < 1<<16 {
		return part(0, len(ids))
	}
	mid := len(ids) / 2
	second := make(chan int, 1)
	go func() { second <- part(mid, len(ids)) }()
	if k := part(0, mid); k >= 0 {
		<-second
		return k
	}
	return <-second
}

// unknown is the error for outcome out's unknown target id.
func (b *builder) unknown(out uint32, id string) error {
	m := b.m
	a, _ := slices.BinarySearch(m.outStart, out+1)
	a-- // the action: outStart[a] <= out < outStart[a+1]
	s, _ := slices.BinarySearch(m.actStart, uint32(a)+1)
	s-- // its state
	b.cur = s
	what := "chance"
	if m.owner[s] >= 0 {
		what = fmt.Sprintf("action %q", cut(m.actNames[m.actName[a]]))
	}
	return b.bad("state %q: %s outcome %d: unknown target %q", m.ID(int32(s)), what, out-m.outStart[a]+1, id)
}

// Ids are found in an open-addressing hash table, slots, with linear
// probing: a slot holds 1 + a state in its low 32 bits (0 is empty) and the
// top 32 bits of its id's hash in the high ones, so a probe that meets
// another id seldom reads that id's text (a cache miss each).

// lookup finds the state of an id.
func (m *Model) lookup(id string) (int32, bool) {
	_, e := m.probe(maphash.String(m.seed, id), id)
	return int32(e) - 1, e != 0
}

// probe follows the slots from the home of hash h (id's) to the slot that
// holds id, or to the first empty one: it returns the slot and what it
// holds (0 if empty).
func (m *Model) probe(h uint64, id string) (i, e uint64) {
	mask := uint64(len(m.slots) - 1)
	for i = h & mask; ; i = (i + 1) & mask {
		e = m.slots[i]
		if e == 0 || e>>32 == h>>32 && m.ID(int32(e)-1) == id {
			return i, e
		}
	}
}

// insertFrom adds states from to to-1 (their ids already in idText) to
// the hash table, keeping it at most half full, in order, and stops at the
// first whose id another state has (ok false). The hashes of a stretch
// are computed first, then its slots probed in a tight loop, so that the
// probes' cache misses overlap.
func (m *Model) insertFrom(from, to int32) (dup int32, ok bool) {
	if n := slotsFor(int(to)); n > len(m.slots) {
		m.rehash(n)
	}
	var hs [256]uint64
	for lo := from; lo < to; lo += int32(len(hs)) {
		hi := min(to, lo+int32(len(hs)))
		for s := lo; s < hi; s++ {
			hs[s-lo] = maphash.String(m.seed, m.ID(s))
		}
		for s := lo; s < hi; s++ {
			h := hs[s-lo]
			i, e := m.probe(h, m.ID(s))
			if e != 0 {
				return s, false
			}
			m.slots[i] = slotOf(h, s)
		}
	}
	return to, true
}

// slotOf is the slot entry of state s whose id hashes to h: the hash's
// top 32 bits, then s+1.
func slotOf(h uint64, s int32) uint64 { return h&^(1<<32-1) | uint64(s+1) }

// rehash moves the table to n slots.
func (m *Model) rehash(n int) {
	old := m.slots
	m.slots = hugepage.Make[uint64](n, n)
	for _, e := range old {
		if e != 0 {
			m.place(int32(e) - 1)
		}
	}
}

func (m *Model) place(s int32) {
	h := maphash.String(m.seed, m.ID(s))
	i, _ := m.probe(h, m.ID(s)) // ids are distinct: an empty slot
	m.slots[i] = slotOf(h, s)
}

// ID returns the id of state s. The string views the model's own text.
func (m *Model) ID(s int32) string {
	b := m.idText[m.idEnd[s]:m.idEnd[s+1]]
	return unsafe.String(unsafe.SliceData(b), len(b))
}
