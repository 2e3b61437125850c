package rulesets

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/gamesolve/gamesolve/cgt"
	"github.com/gamesolve/gamesolve/cgt/octal"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/solver"
)

// Impartial games: both players have the same moves, so every value is a
// nimber *n (Sprague–Grundy). A heap takes its nim-value from cgt/octal's
// sequence (cgt.Nimbered), and a row of heaps is their sum: the nim-sum.
// The options stay the game's moves, and the tests value heaps from them
// alone, independently of the sequence, and compare.

// MaxBreakHeap bounds one heap of a take-and-break game or of Grundy's
// game: its nim-sequence is computed to the largest heap, some 10^8 steps
// at most by the direct method.
const MaxBreakHeap = 20_000

// TakeBreak is a take-and-break game given by its code (cgt/octal):
// heap sizes separated by spaces. Kayles is 0.77, Dawson's Kayles 0.07;
// "octal:CODE" looks up any code.
type TakeBreak struct {
	name string
	code octal.Code
}

// NewTakeBreak returns the ruleset of a code, named name.
func NewTakeBreak(name, code string) (TakeBreak, error) {
	c, err := octal.Parse(code)
	if err != nil {
		return TakeBreak{}, err
	}
	return TakeBreak{name: name, code: c}, nil
}

func mustTakeBreak(name, code string) TakeBreak {
	t, err := NewTakeBreak(name, code)
	if err != nil {
		panic(err)
	}
	return t
}

// Name implements cgt.Ruleset.
func (t TakeBreak) Name() string { return t.name }

// Code implements HeapGame.
func (t TakeBreak) Code() octal.Code { return t.code }

// HeapGame is implemented by the rulesets whose positions are rows of
// heaps of a take-and-break game (and Grundy's game): Code gives its rules
// to cgt/octal and cgt/misere.
type HeapGame interface {
	cgt.Ruleset
	Code() octal.Code
}

// Parse implements cgt.Ruleset.
func (t TakeBreak) Parse(text string) (cgt.Position, error) {
	return parseBreak(t.name, text, t.code)
}

// parseBreak reads a row of heaps of a code's game, with the nim-sequence
// to its largest heap.
func parseBreak(name, text string, code octal.Code) (cgt.Position, error) {
	// The heaps share one table, filled in once the largest is known.
	top, tab := 0, &breakTable{name: name}
	p, err := parseHeaps(name, text, "3 5 7", MaxBreakHeap, func(n int) cgt.Position {
		top = max(top, n)
		return breakHeap{code: code, tab: tab, n: n}
	})
	if err != nil {
		return nil, err
	}
	if tab.values, err = octal.Values(context.Background(), code, top, solver.Options{Workers: 1}); err != nil {
		return nil, tooLargePosition(fmt.Sprintf("%s: position %s: %v", name, numeric.Shorten(text, 40), err))
	}
	return p, nil
}

// parseHeaps reads heap sizes from 0 to maxHeap separated by spaces, into
// a sum of heap(n).
func parseHeaps(name, text, example string, maxHeap int, heap func(n int) cgt.Position) (cgt.Position, error) {
	return parseSum(name, text, "heap sizes separated by spaces, e.g. "+example, func(f string) (cgt.Position, error) {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 || n > maxHeap {
			return nil, bad(name, text, "heap "+strconv.Quote(f)+" is not a whole number from 0 to "+strconv.Itoa(maxHeap))
		}
		return heap(n), nil
	})
}

// breakTable is a code's nim-sequence, shared by the heaps of a position.
type breakTable struct {
	name   string
	values []int
}

// breakHeap is one heap of a take-and-break game.
type breakHeap struct {
	code octal.Code
	tab  *breakTable
	n    int
}

// Key implements cgt.Position.
func (h breakHeap) Key() string { return "h" + strconv.Itoa(h.n) }

// Nimber implements cgt.Nimbered.
func (h breakHeap) Nimber() (int, bool) {
	if h.tab == nil || h.n >= len(h.tab.values) {
		return 0, false
	}
	return h.tab.values[h.n], true
}

// Options implements cgt.Position: the code's moves (octal.Code.Moves),
// the same for both players.
func (h breakHeap) Options() (left, right []cgt.Position) {
	name := h.code.Text
	if h.tab != nil {
		name = h.tab.name
	}
	h.code.Moves(h.n, func(sizes []int) {
		switch len(sizes) {
		case 0:
			left = append(left, breakHeap{h.code, h.tab, 0})
		case 1:
			left = append(left, breakHeap{h.code, h.tab, sizes[0]})
		default:
			parts := make([]cgt.Position, len(sizes))
			for i, s := range sizes {
				parts[i] = breakHeap{h.code, h.tab, s}
			}
			left = append(left, newSum(name, parts))
		}
	})
	return left, left
}

// Grundy is Grundy's game: heap sizes separated by spaces; a move splits
// one heap into two of different sizes (octal.Grundy).
type Grundy struct{}

// Name implements cgt.Ruleset.
func (Grundy) Name() string { return "grundy" }

// Code implements HeapGame.
func (Grundy) Code() octal.Code { return octal.Grundy }

// Parse implements cgt.Ruleset.
func (Grundy) Parse(text string) (cgt.Position, error) {
	return parseBreak("grundy", text, octal.Grundy)
}

// Wythoff is Wythoff's game: pairs of heaps "a,b" separated by spaces (a
// sum of games); a move takes any number from one heap of a pair, or the
// same number from both.
type Wythoff struct{}

// MaxWythoff bounds a heap of Wythoff's game: the nim-values of all pairs
// to the largest heap N are a table of N² entries, each the mex of some 3N
// others (N = 300: about 10^8 steps, a fraction of a second); its values
// stay below 2N, far under the largest nimber the engine makes.
const MaxWythoff = 300

// Name implements cgt.Ruleset.
func (Wythoff) Name() string { return "wythoff" }

// Parse implements cgt.Ruleset.
func (Wythoff) Parse(text string) (cgt.Position, error) {
	// The pairs share one table, filled in once the largest heap is known.
	top, tab := 0, &wythoffValues{}
	p, err := parseSum("wythoff", text, "pairs of heaps a,b separated by spaces, e.g. 3,5", func(f string) (cgt.Position, error) {
		as, bs, ok := strings.Cut(f, ",")
		a, errA := strconv.Atoi(as)
		b, errB := strconv.Atoi(bs)
		if !ok || errA != nil || errB != nil || a < 0 || b < 0 || a > MaxWythoff || b > MaxWythoff {
			return nil, bad("wythoff", text, "pair "+strconv.Quote(f)+" is not two whole numbers a,b from 0 to "+strconv.Itoa(MaxWythoff))
		}
		top = max(top, a, b)
		return wythoffPair{a: min(a, b), b: max(a, b), tab: tab}, nil
	})
	if err != nil {
		return nil, err
	}
	*tab = *wythoffTable(top)
	return p, nil
}

// wythoffTable returns the nim-values of Wythoff's game for both heaps
// up to n, row by row: each the mex of the pairs a move reaches.
func wythoffTable(n int) *wythoffValues {
	w := &wythoffValues{n: n, g: make([]int, (n+1)*(n+1))}
	seen := make([]int, 3*n+2)
	for a := 0; a <= n; a++ {
		for b := 0; b <= n; b++ {
			stamp := a*(n+1) + b + 1
			for k := 1; k <= a; k++ {
				seen[w.at(a-k, b)] = stamp
			}
			for k := 1; k <= b; k++ {
				seen[w.at(a, b-k)] = stamp
			}
			for k := 1; k <= min(a, b); k++ {
				seen[w.at(a-k, b-k)] = stamp
			}
			v := 0
			for seen[v] == stamp {
				v++
			}
			w.g[a*(n+1)+b] = v
		}
	}
	return w
}

// wythoffValues is Wythoff's table to n.
type wythoffValues struct {
	n int
	g []int
}

func (w *wythoffValues) at(a, b int) int { return w.g[a*(w.n+1)+b] }

// wythoffPair is a pair of heaps, the smaller first (the game is the
// same either way round).
type wythoffPair struct {
	a, b int
	tab  *wythoffValues
}

// Key implements cgt.Position.
func (p wythoffPair) Key() string { return "w" + strconv.Itoa(p.a) + "," + strconv.Itoa(p.b) }

// Nimber implements cgt.Nimbered.
func (p wythoffPair) Nimber() (int, bool) {
	if p.tab == nil || p.b > p.tab.n {
		return 0, false
	}
	return p.tab.at(p.a, p.b), true
}

// Options implements cgt.Position.
func (p wythoffPair) Options() (left, right []cgt.Position) {
	pair := func(a, b int) cgt.Position { return wythoffPair{min(a, b), max(a, b), p.tab} }
	for k := 1; k <= p.a; k++ {
		left = append(left, pair(p.a-k, p.b), pair(p.a-k, p.b-k))
	}
	for k := 1; k <= p.b; k++ {
		left = append(left, pair(p.a, p.b-k))
	}
	return left, left
}
