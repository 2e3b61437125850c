package misere

import (
	"container/heap"
	"fmt"
	"math/bits"

	"github.com/gamesolve/gamesolve/budget"
)

// cyclic is the cyclic monoid {1, g, …, g^(i+p-1)} with g^(i+p) = g^i:
// index i, period p.
type cyclic struct{ i, p int }

func (c cyclic) size() int { return c.i + c.p }

func (c cyclic) mul(k, l int) int {
	s := k + l
	if s < c.i+c.p {
		return s
	}
	return c.i + (s-c.i)%c.p
}

// trialCyclics are the cyclic monoids a new heap's generator is tried in,
// smallest first (MisereSolver starts from the one of index 2 and period
// 2).
var trialCyclics = []cyclic{{1, 1}, {2, 1}, {1, 2}, {2, 2}, {3, 1}, {3, 2}, {4, 2}}

// product tries quotients for the heaps to n of the form old × C, C a
// small cyclic monoid: the heaps below keep their classes (x, 1) and heap
// n is (y, g) for some y of old. The P-portion is not guessed: it is read
// off the sums themselves (assignP), and a product whose readings agree
// everywhere is certified. It returns nil when none fits.
func (g *Game) product(old *monoid, n int) *monoid {
	k := len(old.mul)
	for _, c := range trialCyclics {
		size := k * c.size()
		if size > MaxOrder {
			break
		}
		m := &monoid{mul: make([][]int, size), heap: make([]int, n+1)}
		for a := range size {
			m.mul[a] = make([]int, size)
			for b := range size {
				m.mul[a][b] = old.mul[a%k][b%k] + k*c.mul(a/k, b/k)
			}
		}
		copy(m.heap, old.heap[:n])
		for y := range k {
			m.heap[n] = y + k // (y, g)
			if p, ok := g.assignP(m, n); ok {
				m.p = p
				return m.reduce(n)
			}
		}
	}
	return nil
}

// sumState is a sum followed as (its class, its options' classes), with
// the least number of tokens it is met with.
type sumState struct {
	x      int
	s      []uint64
	tokens int
}

type stateQueue []sumState

func (q stateQueue) Len() int           { return len(q) }
func (q stateQueue) Less(i, j int) bool { return q[i].tokens < q[j].tokens }
func (q stateQueue) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *stateQueue) Push(x any)        { *q = append(*q, x.(sumState)) }
func (q *stateQueue) Pop() any {
	old := *q
	x := old[len(old)-1]
	*q = old[:len(old)-1]
	return x
}

// assignP reads a P-portion off m: the sums, followed as in verify but in
// order of their tokens, so that every option (fewer tokens) is decided
// before the sum; the first sum of a class decides whether the class is
// in P (it has options and none is), and every later sum of the class must
// agree. When all agree, m decides every sum right: it is certified.
func (g *Game) assignP(m *monoid, n int) ([]bool, bool) {
	size := len(m.mul)
	words := (size + 63) / 64
	gens := g.generators(m, n)
	decided := make([]int8, size) // 0 unknown, 1 P, -1 N
	seen := map[string]bool{}
	q := &stateQueue{{0, make([]uint64, words), 0}}
	for q.Len() > 0 {
		st := heap.Pop(q).(sumState)
		k := stateKey(st.x, st.s)
		if seen[k] {
			continue
		}
		seen[k] = true
		g.step()
		if len(seen) > maxStates {
			panic(stop{fmt.Errorf("misere: %w: a trial quotient of order %d needs more than %d states", budget.ErrTooLarge, size, maxStates)})
		}
		p, empty := true, true
		for i, w := range st.s {
			for w != 0 {
				y := i*64 + bits.TrailingZeros64(w)
				w &= w - 1
				empty = false
				switch decided[y] {
				case 1:
					p = false
				case 0:
					return nil, false // an option's class undecided: cannot happen in token order
				}
			}
		}
		p = p && !empty
		v := int8(-1)
		if p {
			v = 1
		}
		if decided[st.x] == 0 {
			decided[st.x] = v
		} else if decided[st.x] != v {
			return nil, false
		}
		for _, gn := range gens {
			x, s := m.add(st.x, st.s, gn)
			if !seen[stateKey(x, s)] {
				heap.Push(q, sumState{x, s, st.tokens + gn.h})
			}
		}
	}
	p := make([]bool, size)
	for x, v := range decided {
		p[x] = v == 1
	}
	return p, true
}
