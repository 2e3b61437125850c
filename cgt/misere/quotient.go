package misere

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/gamesolve/gamesolve/budget"
)

// Quotient is the misère quotient of the sums of a game's heaps up to
// MaxHeap (Plambeck and Siegel): the positions G and H are equivalent when
// G + X and H + X have the same misère outcome for every such sum X, and
// the classes form a commutative monoid under +. Element 0 is the class
// of the empty sum.
type Quotient struct {
	MaxHeap int
	// Mul is the monoid's table; P marks the classes of P-positions.
	Mul [][]int
	P   []bool
	// Heap[h] is heap h's class (Heap[0] = 0).
	Heap []int
	// Generators are the heaps whose classes, named a, b, c, …, generate
	// the monoid, each not a product of those before it; Names writes
	// every element as a shortest word in them.
	Generators []int
	Names      []string
	// Grew lists the heaps at which the quotient of the heaps below
	// could not take the new heap in and grew.
	Grew []int
}

// Order is the number of elements.
func (q *Quotient) Order() int { return len(q.Mul) }

// Of returns the class of a sum of heaps (each at most MaxHeap).
func (q *Quotient) Of(heaps []int) int {
	x := 0
	for _, h := range heaps {
		x = q.Mul[x][q.Heap[h]]
	}
	return x
}

// MaxOrder bounds the quotients computed.
const MaxOrder = 1000

// maxStates bounds the states of one verification.
const maxStates = 2_000_000

// monoid is a finite commutative monoid with a P-portion and the classes
// of the heaps 0..len(heap)-1.
type monoid struct {
	mul  [][]int
	p    []bool
	heap []int
}

func (m *monoid) of(heaps []int) int {
	x := 0
	for _, h := range heaps {
		x = m.mul[x][m.heap[h]]
	}
	return x
}

// transitions returns the classes of heap h's options under m.
func (g *Game) transitions(m *monoid, h int) []int {
	var t []int
	for _, mv := range g.moves[h] {
		if x := m.of(mv); !slices.Contains(t, x) {
			t = append(t, x)
		}
	}
	slices.Sort(t)
	return t
}

// Quotient computes the misère quotient of the sums of heaps 1 to
// MaxHeap. It goes heap by heap. A heap that fits the quotient of the
// heaps below (some class makes every outcome right: verify) keeps the
// quotient; one that does not makes it grow: a candidate is built from
// the outcomes of sums, found by search (the quotient so far deciding
// those without the new heap), and certified by the same verification.
// Verification is exact: it follows every sum's class and the classes of
// its options through a finite automaton, so a certified quotient is the
// quotient, whatever the search that proposed it. When a heap's search
// outgrows its budget, the quotient of the heaps below it is returned
// with the error.
func (g *Game) Quotient() (q *Quotient, err error) {
	defer g.guard(&err)
	m := &monoid{mul: [][]int{{0}}, p: []bool{false}, heap: []int{0}}
	var grew []int
	for n := 1; n <= g.MaxHeap(); n++ {
		m.heap = append(m.heap, 0)
		next, err := g.extend(m, n)
		if err != nil {
			// The quotient of the heaps below stands, certified.
			m.heap = m.heap[:n]
			q = &Quotient{MaxHeap: n - 1, Mul: m.mul, P: m.p, Heap: m.heap, Grew: grew}
			q.name()
			return q, fmt.Errorf("heap %d: %w", n, err)
		}
		if next != m {
			m = next
			grew = append(grew, n)
		}
	}
	q = &Quotient{MaxHeap: g.MaxHeap(), Mul: m.mul, P: m.p, Heap: m.heap, Grew: grew}
	q.name()
	return q, nil
}

// extend takes heap n in: m itself when it fits, a grown quotient when
// not; a search past its budget or a cancelled context is an error.
func (g *Game) extend(m *monoid, n int) (next *monoid, err error) {
	defer g.guard(&err)
	if g.fits(m, n) {
		return m, nil
	}
	if next := g.product(m, n); next != nil {
		return next, nil
	}
	return g.grow(m, n)
}

// fits looks for a class of m for heap n under which every sum of heaps
// to n is decided right, and sets it.
func (g *Game) fits(m *monoid, n int) bool {
	t := g.transitions(m, n)
	p := len(t) > 0
	for _, x := range t {
		p = p && !m.p[x]
	}
	for x := range m.mul {
		if m.p[x] != p {
			continue // heap n alone would be decided wrong
		}
		m.heap[n] = x
		if g.verify(m, n) {
			return true
		}
	}
	return false
}

// gen is a heap as the sums' automaton sees it: its class x and the
// classes t of its options (h is the heap itself).
type gen struct {
	x, h int
	t    []int
}

// generators returns heaps 1..n as gens, one for each different (x, t):
// heaps alike act alike, and a heap with no move is nothing.
func (g *Game) generators(m *monoid, n int) []gen {
	var gens []gen
	for h := 1; h <= n; h++ {
		gn := gen{m.heap[h], h, g.transitions(m, h)}
		if gn.x == 0 && len(gn.t) == 0 {
			continue
		}
		if !slices.ContainsFunc(gens, func(o gen) bool { return o.x == gn.x && slices.Equal(o.t, gn.t) }) {
			gens = append(gens, gn)
		}
	}
	return gens
}

// add is the state of a sum (class x, options' classes s) plus the heap
// gn: (x·[h], s·[h] ∪ x·T(h)).
func (m *monoid) add(x int, s []uint64, gn gen) (int, []uint64) {
	out := make([]uint64, len(s))
	for i, w := range s {
		for w != 0 {
			y := i*64 + bits.TrailingZeros64(w)
			w &= w - 1
			z := m.mul[y][gn.x]
			out[z/64] |= 1 << (z % 64)
		}
	}
	for _, y := range gn.t {
		z := m.mul[x][y]
		out[z/64] |= 1 << (z % 64)
	}
	return m.mul[x][gn.x], out
}

// stateKey identifies a state (class, options' classes) in a map: the
// words' bytes, in one allocation (the automaton's walks make millions).
func stateKey(x int, s []uint64) string {
	b := make([]byte, 0, 8*(len(s)+1))
	b = binary.LittleEndian.AppendUint64(b, uint64(x))
	for _, w := range s {
		b = binary.LittleEndian.AppendUint64(b, w)
	}
	return string(b)
}

// verify reports whether m decides every sum of heaps 1..n right: a sum
// is a P-position exactly when its class is in P. A sum G is followed as
// (x, S): its class and the set of its options' classes. Adding heap h
// gives (x·[h], S·[h] ∪ x·T(h)), T(h) the classes of h's options, and G is
// a P-position when it has options and none is one: so x must be in P
// exactly when S is not empty and misses P. The states are finite, and
// every sum is reached.
func (g *Game) verify(m *monoid, n int) bool {
	_, ok := g.witness(m, n)
	return ok
}

// witness is verify that also returns, when m fails, a sum whose state
// breaks the rule (the first in breadth-first order: few heaps).
func (g *Game) witness(m *monoid, n int) ([]int, bool) {
	words := (len(m.mul) + 63) / 64
	gens := g.generators(m, n)
	type state struct {
		x      int
		s      []uint64
		parent int // index in states, -1 for the empty sum
		heap   int // the heap added to the parent's sum
	}
	pMask := make([]uint64, words)
	for x, p := range m.p {
		if p {
			pMask[x/64] |= 1 << (x % 64)
		}
	}
	states := []state{{0, make([]uint64, words), -1, 0}}
	seen := map[string]bool{stateKey(0, states[0].s): true}
	for i := 0; i < len(states); i++ {
		st := states[i]
		g.step()
		if len(seen) > maxStates {
			panic(stop{fmt.Errorf("misere: %w: verifying a quotient of order %d needs more than %d states", budget.ErrTooLarge, len(m.mul), maxStates)})
		}
		empty, hitsP := true, false
		for i, w := range st.s {
			empty = empty && w == 0
			hitsP = hitsP || w&pMask[i] != 0
		}
		if m.p[st.x] != (!empty && !hitsP) {
			var sum []int
			for j := i; states[j].parent >= 0; j = states[j].parent {
				sum = append(sum, states[j].heap)
			}
			slices.Sort(sum)
			return sum, false
		}
		for _, gn := range gens {
			x, s := m.add(st.x, st.s, gn)
			if k := stateKey(x, s); !seen[k] {
				seen[k] = true
				states = append(states, state{x, s, i, gn.h})
			}
		}
	}
	return nil, true
}

// grow builds the quotient of the sums of heaps 1..n when heap n does not
// fit m (the certified quotient of the heaps below), learning it as one
// learns an automaton from its outcomes (Angluin's L*, with Rivest and
// Schapire's counterexamples). Sums are sorted into classes by their
// outcomes plus each test sum, starting from the empty test alone; the
// classes' table is a candidate monoid. When the heaps' actions on the
// classes do not commute, the tests extended by the heaps involved split a
// class; when verification finds a sum decided wrong, the sum or one of
// its options is decided wrong, and along its heaps there is a first place
// where replacing a prefix by its class's representative changes the
// outcome: the rest of the sum from there is the test that splits that
// class. Search gives the outcomes (the quotient so far deciding sums
// without heap n), and each round splits a class, so the candidates grow
// to the quotient, which verification certifies.
func (g *Game) grow(old *monoid, n int) (*monoid, error) {
	g.known = func(heaps []int) bool { return old.p[old.of(heaps)] }
	g.knownBelow = n
	defer func() { g.known = nil }()
	tests := [][]int{{}}
	addTest := func(t []int) {
		if !slices.ContainsFunc(tests, func(u []int) bool { return slices.Equal(u, t) }) {
			tests = append(tests, t)
		}
	}
	plus := func(a []int, b ...int) []int {
		s := append(slices.Clone(a), b...)
		slices.Sort(s)
		return s
	}
	for round := 0; ; round++ {
		if round > 4*MaxOrder {
			return nil, fmt.Errorf("misere: %w: no quotient of heaps to %d could be certified", budget.ErrTooLarge, n)
		}
		reps, delta, err := g.classes(tests, n)
		if err != nil {
			return nil, err
		}
		// The representatives are the first tests: most classes are told
		// apart by one another's representatives.
		before := len(tests)
		for _, r := range reps {
			addTest(r)
		}
		if len(tests) > before {
			continue
		}
		if _, h1, h2, ok := commuteFailure(delta, n); !ok {
			for _, t := range slices.Clone(tests) {
				addTest(plus(t, h1))
				addTest(plus(t, h2))
			}
			continue
		}
		m := g.monoidOf(reps, delta, n)
		w, ok := g.witness(m, n)
		if ok {
			return m.reduce(n), nil
		}
		// The sum or one of its options is decided wrong.
		wrong := w
		if g.isP(w) == m.p[m.of(w)] {
			g.options(w, func(next []int) bool {
				if g.isP(next) != m.p[m.of(next)] {
					wrong = next
					return false
				}
				return true
			})
		}
		// Replace ever longer prefixes by their class's representative:
		// the outcome changes somewhere; the rest from there splits.
		x := 0
		for i, h := range wrong {
			y := delta[x][h]
			rest := wrong[i+1:]
			if g.isP(plus(reps[x], append([]int{h}, rest...)...)) != g.isP(plus(reps[y], rest...)) {
				addTest(slices.Clone(rest))
				break
			}
			x = y
		}
	}
}

// classes sorts the sums of heaps 1..n into classes by their outcomes
// plus each test, breadth first from the empty sum: reps[x] is the first
// sum met in class x, and delta[x][h] the class of reps[x] plus heap h.
func (g *Game) classes(tests [][]int, n int) (reps [][]int, delta [][]int, err error) {
	reps = [][]int{{}}
	index := map[string]int{}
	vector := func(pos []int) string {
		b := make([]byte, (len(tests)+7)/8)
		for i, t := range tests {
			sum := append(slices.Clone(pos), t...)
			slices.Sort(sum)
			if g.isP(sum) {
				b[i/8] |= 1 << (i % 8)
			}
		}
		return string(b)
	}
	index[vector(nil)] = 0
	for i := 0; i < len(reps); i++ {
		row := make([]int, n+1)
		for h := 1; h <= n; h++ {
			pos := append(slices.Clone(reps[i]), h)
			slices.Sort(pos)
			v := vector(pos)
			id, ok := index[v]
			if !ok {
				if len(reps) >= MaxOrder {
					return nil, nil, fmt.Errorf("misere: %w: the quotient of heaps to %d has more than %d elements", budget.ErrTooLarge, n, MaxOrder)
				}
				id = len(reps)
				index[v] = id
				reps = append(reps, pos)
			}
			row[h] = id
		}
		delta = append(delta, row)
	}
	return reps, delta, nil
}

// commuteFailure finds a class and two heaps whose actions do not
// commute; ok is true when there is none.
func commuteFailure(delta [][]int, n int) (x, h1, h2 int, ok bool) {
	for x := range delta {
		for h1 := 1; h1 <= n; h1++ {
			for h2 := h1 + 1; h2 <= n; h2++ {
				if delta[delta[x][h1]][h2] != delta[delta[x][h2]][h1] {
					return x, h1, h2, false
				}
			}
		}
	}
	return 0, 0, 0, true
}

// monoidOf turns the classes' table into a monoid (the heaps' actions
// commuting, x·y is x acted on by the heaps of y's representative).
func (g *Game) monoidOf(reps [][]int, delta [][]int, n int) *monoid {
	k := len(reps)
	m := &monoid{mul: make([][]int, k), p: make([]bool, k), heap: slices.Clone(delta[0])}
	for x := range k {
		m.mul[x] = make([]int, k)
		for y := range k {
			z := x
			for _, h := range reps[y] {
				z = delta[z][h]
			}
			m.mul[x][y] = z
		}
		m.p[x] = g.isP(reps[x])
	}
	return m
}

// reduce merges the elements no sum tells apart (x and y with x·z in P
// exactly when y·z is, for every z): Moore's refinement by the heaps'
// classes, which generate the monoid.
func (m *monoid) reduce(n int) *monoid {
	k := len(m.mul)
	block := make([]int, k)
	for x := range k {
		if m.p[x] {
			block[x] = 1
		}
	}
	for {
		sig := map[string]int{}
		next := make([]int, k)
		for x := range k {
			var b strings.Builder
			fmt.Fprintf(&b, "%d", block[x])
			for h := 1; h <= n; h++ {
				fmt.Fprintf(&b, ",%d", block[m.mul[x][m.heap[h]]])
			}
			id, ok := sig[b.String()]
			if !ok {
				id = len(sig)
				sig[b.String()] = id
			}
			next[x] = id
		}
		if len(sig) == count(block) {
			block = next
			break
		}
		block = next
	}
	// Number the blocks from the identity's, in the order first met.
	order := map[int]int{}
	var reps []int
	for _, x := range append([]int{0}, seq(k)...) {
		if _, ok := order[block[x]]; !ok {
			order[block[x]] = len(reps)
			reps = append(reps, x)
		}
	}
	r := &monoid{mul: make([][]int, len(reps)), p: make([]bool, len(reps)), heap: make([]int, len(m.heap))}
	for i, x := range reps {
		r.p[i] = m.p[x]
		r.mul[i] = make([]int, len(reps))
		for j, y := range reps {
			r.mul[i][j] = order[block[m.mul[x][y]]]
		}
	}
	for h, x := range m.heap {
		r.heap[h] = order[block[x]]
	}
	return r
}

func count(block []int) int {
	seen := map[int]bool{}
	for _, b := range block {
		seen[b] = true
	}
	return len(seen)
}

func seq(k int) []int {
	s := make([]int, k)
	for i := range s {
		s[i] = i
	}
	return s
}

// name picks the generators (heaps whose classes are not products of the
// earlier generators) and writes each element as a shortest word in them,
// a, b, c, … with powers as superscripts.
func (q *Quotient) name() {
	k := len(q.Mul)
	reach := []bool{true}
	reach = append(reach, make([]bool, k-1)...)
	closure := func() {
		for changed := true; changed; {
			changed = false
			for x := range k {
				if !reach[x] {
					continue
				}
				for _, gh := range q.Generators {
					if y := q.Mul[x][q.Heap[gh]]; !reach[y] {
						reach[y], changed = true, true
					}
				}
			}
		}
	}
	for h := 1; h <= q.MaxHeap; h++ {
		if !reach[q.Heap[h]] {
			q.Generators = append(q.Generators, h)
			closure()
		}
	}
	// Breadth first from the identity: words by length, then by the
	// generators' order.
	q.Names = make([]string, k)
	powers := make([][]int, k)
	powers[0] = make([]int, len(q.Generators))
	q.Names[0] = "1"
	queue := []int{0}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		for i, gh := range q.Generators {
			y := q.Mul[x][q.Heap[gh]]
			if q.Names[y] != "" {
				continue
			}
			powers[y] = slices.Clone(powers[x])
			powers[y][i]++
			q.Names[y] = word(powers[y])
			queue = append(queue, y)
		}
	}
}

func word(powers []int) string {
	sup := []rune("⁰¹²³⁴⁵⁶⁷⁸⁹")
	var b strings.Builder
	for i, p := range powers {
		if p == 0 {
			continue
		}
		if i < 26 {
			b.WriteByte(byte('a' + i))
		} else {
			fmt.Fprintf(&b, "g%d", i)
		}
		if p > 1 {
			for _, d := range fmt.Sprint(p) {
				b.WriteRune(sup[d-'0'])
			}
		}
	}
	return b.String()
}
