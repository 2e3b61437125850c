package misere

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/cgt/octal"
	"github.com/gamesolve/gamesolve/solver"
)

// ErrWild is returned for a sum the genus theory cannot decide: a heap in
// it is not tame.
var ErrWild = errors.New("misere: a heap in the sum is wild: the genus theory does not decide it")

// MaxHeap bounds the heaps analysed: positions are searched move by move.
const MaxHeap = 200

// MaxPositions bounds the positions one analysis remembers by default
// (some 100 MB), and MaxSearch the time its searches may take: big sums
// cost far more per position than small ones.
const (
	MaxPositions = 1_000_000
	MaxSearch    = 20 * time.Second
)

// Game is the misère analysis of a take-and-break game's heaps: outcomes
// of sums found by searching their moves, genera, and quotients.
type Game struct {
	code  octal.Code
	moves [][][]int // moves[h]: the heaps each move from heap h leaves, sorted
	// outcome remembers positions (sorted heaps, as keys) that are
	// P-positions (true) or N-positions (false) in misère play.
	outcome map[string]bool
	// grundy remembers misère nim-values of positions plus nim heaps.
	grundy map[string]int
	ctx    context.Context
	steps  int
	// known, when set, decides positions without heap knownBelow or
	// larger: the outcome from a quotient already certified for them.
	known      func(heaps []int) bool
	knownBelow int
	// limit bounds the positions remembered (MaxPositions unless set by
	// SetLimit); the searches may take searchTime from start (MaxSearch
	// from New unless set by SetSearchTime); memory watches the heap.
	limit      int
	start      time.Time
	searchTime time.Duration
	memory     *budget.Guard
	// nimValues are the heaps' normal-play nim-values.
	nimValues []int
}

// SetLimit bounds the positions the analysis remembers: past it, searches
// fail with budget.ErrTooLarge.
func (g *Game) SetLimit(positions int) { g.limit = positions }

// SetSearchTime bounds the time the analysis' searches may take, from now
// (MaxSearch unless set).
func (g *Game) SetSearchTime(d time.Duration) { g.start, g.searchTime = time.Now(), d }

// New returns the analysis of code's heaps up to maxHeap.
func New(ctx context.Context, code octal.Code, maxHeap int) (*Game, error) {
	if maxHeap < 0 || maxHeap > MaxHeap {
		return nil, fmt.Errorf("misere: heaps to %d: want 0 to %d", maxHeap, MaxHeap)
	}
	g := &Game{code: code, moves: make([][][]int, maxHeap+1), outcome: map[string]bool{}, grundy: map[string]int{}, ctx: ctx, limit: MaxPositions, start: time.Now(), searchTime: MaxSearch, memory: budget.NewGuard(ctx, 0)}
	for h := 0; h <= maxHeap; h++ {
		seen := map[string]bool{}
		code.Moves(h, func(heaps []int) {
			m := slices.DeleteFunc(slices.Clone(heaps), func(x int) bool { return x == 0 })
			slices.Sort(m)
			if k := key(m); !seen[k] {
				seen[k] = true
				g.moves[h] = append(g.moves[h], m)
			}
		})
	}
	// Normal-play nim-values, for the genus: cgt/octal's sequence.
	var err error
	if g.nimValues, err = octal.Values(ctx, code, maxHeap, solver.Options{Workers: 1}); err != nil {
		return nil, fmt.Errorf("misere: %w", err)
	}
	return g, nil
}

// MaxHeap is the largest heap the analysis knows.
func (g *Game) MaxHeap() int { return len(g.moves) - 1 }

func key(heaps []int) string {
	b := make([]byte, 0, 2*len(heaps))
	for _, h := range heaps {
		b = append(b, byte(h>>8), byte(h))
	}
	return string(b)
}

// cancelled and tooLarge unwind a search; the exported functions recover
// them into errors.
type stop struct{ err error }

func (g *Game) step() {
	g.steps++
	// The guard reads the context, and the heap against the machine's
	// memory (a search that outgrows it must stop, not crash).
	if err := g.memory.Tick(1); err != nil {
		panic(stop{fmt.Errorf("misere: %w", err)})
	}
	if g.steps&1023 == 0 {
		if len(g.outcome)+len(g.grundy) > g.limit {
			panic(stop{fmt.Errorf("misere: %w: more than %d positions searched", budget.ErrTooLarge, g.limit)})
		}
		if time.Since(g.start) > g.searchTime {
			panic(stop{fmt.Errorf("misere: %w: more than %v of search", budget.ErrTooLarge, g.searchTime)})
		}
	}
}

func (g *Game) guard(err *error) {
	if r := recover(); r != nil {
		s, ok := r.(stop)
		if !ok {
			panic(r)
		}
		*err = s.err
	}
}

// options calls visit with each position one move from heaps (sorted),
// sorted; the slice is fresh each time.
func (g *Game) options(heaps []int, visit func(next []int) bool) {
	for i, h := range heaps {
		if i > 0 && heaps[i-1] == h {
			continue // the same moves as the heap before
		}
		for _, m := range g.moves[h] {
			next := make([]int, 0, len(heaps)-1+len(m))
			next = append(next, heaps[:i]...)
			next = append(next, heaps[i+1:]...)
			next = append(next, m...)
			slices.Sort(next)
			if !visit(next) {
				return
			}
		}
	}
}

// IsP reports whether the sum of heaps (any order) is a P-position in
// misère play: the player to move loses with best play, the last mover
// losing.
func (g *Game) IsP(heaps []int) (p bool, err error) {
	h, err := g.check(heaps)
	if err != nil {
		return false, err
	}
	defer g.guard(&err)
	return g.isP(h), nil
}

func (g *Game) check(heaps []int) ([]int, error) {
	h := make([]int, 0, len(heaps))
	for _, x := range heaps {
		if x < 0 || x > g.MaxHeap() {
			return nil, fmt.Errorf("misere: heap %d: want 0 to %d", x, g.MaxHeap())
		}
		if x > 0 {
			h = append(h, x)
		}
	}
	slices.Sort(h)
	return h, nil
}

func (g *Game) isP(heaps []int) bool {
	if g.known != nil && (len(heaps) == 0 || heaps[len(heaps)-1] < g.knownBelow) {
		return g.known(heaps)
	}
	k := key(heaps)
	if p, ok := g.outcome[k]; ok {
		return p
	}
	g.step()
	// Misère: with no move the player to move has won; otherwise it is
	// a P-position when every move leads to an N-position.
	p, moved := true, false
	g.options(heaps, func(next []int) bool {
		moved = true
		if g.isP(next) {
			p = false
		}
		return p
	})
	p = p && moved
	g.outcome[k] = p
	return p
}

// misereValue is the misère nim-value of heaps plus twos nim heaps of
// size 2 and ones of size 1: 1 with no move at all, otherwise the mex of
// the options'.
func (g *Game) misereValue(heaps []int, twos, ones int) int {
	k := key(heaps) + string([]byte{0xff, byte(twos), byte(ones)})
	if v, ok := g.grundy[k]; ok {
		return v
	}
	g.step()
	seen := map[int]bool{}
	g.options(heaps, func(next []int) bool {
		seen[g.misereValue(next, twos, ones)] = true
		return true
	})
	if twos > 0 {
		seen[g.misereValue(heaps, twos-1, ones+1)] = true // *2 to *1
		seen[g.misereValue(heaps, twos-1, ones)] = true   // *2 to 0
	}
	if ones > 0 {
		seen[g.misereValue(heaps, twos, ones-1)] = true
	}
	v := 0
	if len(seen) == 0 {
		v = 1
	}
	for seen[v] {
		v++
	}
	g.grundy[k] = v
	return v
}

// Genus is Conway's genus g^{γ0γ1…} of a game (On Numbers and Games, ch.
// 12; Winning Ways, ch. 13): Normal is its nim-value g, Misere[k] its
// misère nim-value with k nim heaps of size 2 added (γ0 is the misère
// nim-value itself). The γ alternate from some k on; Misere stops after
// the first two that alternate, as the notation writes them.
type Genus struct {
	Normal int
	Misere []int
}

// genusLength is how many γ are computed before the alternation is read
// off. When the last three do not alternate, the genus shows all of them
// and is not tame: the γ have not settled as far as computed.
const genusLength = 8

// String writes the genus as 0^120 (0), 1^031 (*), 2^20 (*2).
func (g Genus) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d^", g.Normal)
	for _, v := range g.Misere {
		if v > 9 || g.Normal > 9 {
			fmt.Fprintf(&b, "(%d)", v)
		} else {
			fmt.Fprintf(&b, "%d", v)
		}
	}
	return b.String()
}

// Tame reports whether the genus is one of the tame ones: 0^120, 1^031,
// or a^{a, a XOR 2} (Conway: these behave in sums as misère Nim heaps).
func (g Genus) Tame() bool {
	m := g.Misere
	switch {
	case g.Normal == 0 && slices.Equal(m, []int{1, 2, 0}), g.Normal == 1 && slices.Equal(m, []int{0, 3, 1}):
		return true
	}
	return len(m) == 2 && m[0] == g.Normal && m[1] == g.Normal^2
}

// small reports whether the genus is that of 0 or * (0^120 or 1^031),
// the tame games that play as misère Nim's heaps of 0 and 1.
func (g Genus) small() bool { return g.Normal <= 1 && len(g.Misere) == 3 }

// GenusOf returns the genus of the sum of heaps.
func (g *Game) GenusOf(heaps []int) (gen Genus, err error) {
	h, err := g.check(heaps)
	if err != nil {
		return Genus{}, err
	}
	defer g.guard(&err)
	return g.genus(h), nil
}

func (g *Game) genus(heaps []int) Genus {
	normal := 0
	for _, h := range heaps {
		normal ^= g.nimValues[h]
	}
	gammas := make([]int, genusLength)
	for k := range gammas {
		gammas[k] = g.misereValue(heaps, k, 0)
	}
	// Keep up to the first pair from which the γ alternate.
	end := len(gammas)
	for end > 2 && gammas[end-3] == gammas[end-1] {
		end--
	}
	return Genus{Normal: normal, Misere: gammas[:end]}
}

// TameHeap reports whether heap h is tame: it and every position it can
// reach have tame genera.
func (g *Game) TameHeap(h int) (tame bool, err error) {
	if h < 0 || h > g.MaxHeap() {
		return false, fmt.Errorf("misere: heap %d: want 0 to %d", h, g.MaxHeap())
	}
	defer g.guard(&err)
	return g.wildIn([]int{h}) == 0, nil
}

// wildIn returns a heap reachable from heaps (or one of them) whose genus
// is not tame, or 0. Every position reachable is a sum of such heaps, and
// a sum of tame games is tame (Conway), so the heaps settle it.
func (g *Game) wildIn(heaps []int) int {
	seen := map[int]bool{}
	stack := slices.Clone(heaps)
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x == 0 || seen[x] {
			continue
		}
		seen[x] = true
		for _, m := range g.moves[x] {
			stack = append(stack, m...)
		}
	}
	for x := 1; x <= g.MaxHeap(); x++ {
		if seen[x] && !g.genus([]int{x}).Tame() {
			return x
		}
	}
	return 0
}

// TameOutcome decides a sum of tame heaps in misère play by the genus
// theory: the heaps play as misère Nim heaps of their nim-values, so the
// sum is a P-position when the nim-sum is 0 and some heap is not 0^120 or
// 1^031, or when all are and the nim-sum is 1. It returns ErrWild when a
// heap is not tame.
func (g *Game) TameOutcome(heaps []int) (p bool, err error) {
	h, err := g.check(heaps)
	if err != nil {
		return false, err
	}
	defer g.guard(&err)
	if w := g.wildIn(h); w != 0 {
		return false, fmt.Errorf("%w (heap %d has genus %s)", ErrWild, w, g.genus([]int{w}))
	}
	sum, allSmall := 0, true
	for _, x := range h {
		gen := g.genus([]int{x})
		sum ^= gen.Normal
		allSmall = allSmall && gen.small()
	}
	if allSmall {
		return sum == 1, nil
	}
	return sum == 0, nil
}
