package rulesets

import (
	"strconv"
	"strings"

	"github.com/gamesolve/gamesolve/cgt"
	"github.com/gamesolve/gamesolve/cgt/octal"
)

// Impartial games: both players have the same moves, so every value is a
// nimber *n (Sprague–Grundy). The engine values them from their moves as
// any game, independently of cgt/octal's tables, which the tests compare.

// MaxBreakHeap bounds one heap of a take-and-break game or of Grundy's
// game: a heap of n has about n/2 splits per splitting digit.
const MaxBreakHeap = 300

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

// Parse implements cgt.Ruleset.
func (t TakeBreak) Parse(text string) (cgt.Position, error) {
	return parseHeaps(t.name, text, "3 5 7", MaxBreakHeap, func(n int) cgt.Position { return breakHeap{t: &t, n: n} })
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

// breakHeap is one heap of a take-and-break game.
type breakHeap struct {
	t *TakeBreak
	n int
}

// Key implements cgt.Position.
func (h breakHeap) Key() string { return "h" + strconv.Itoa(h.n) }

// Options implements cgt.Position: the code's moves (octal.Code.Moves),
// the same for both players.
func (h breakHeap) Options() (left, right []cgt.Position) {
	h.t.code.Moves(h.n, func(sizes []int) {
		switch len(sizes) {
		case 0:
			left = append(left, breakHeap{h.t, 0})
		case 1:
			left = append(left, breakHeap{h.t, sizes[0]})
		default:
			parts := make([]cgt.Position, len(sizes))
			for i, s := range sizes {
				parts[i] = breakHeap{h.t, s}
			}
			left = append(left, newSum(h.t.name, parts))
		}
	})
	return left, left
}

// Grundy is Grundy's game: heap sizes separated by spaces; a move splits
// one heap into two of different sizes.
type Grundy struct{}

// Name implements cgt.Ruleset.
func (Grundy) Name() string { return "grundy" }

// Parse implements cgt.Ruleset.
func (Grundy) Parse(text string) (cgt.Position, error) {
	return parseHeaps("grundy", text, "7 9", MaxBreakHeap, func(n int) cgt.Position { return grundyHeap(n) })
}

type grundyHeap int

// Key implements cgt.Position.
func (h grundyHeap) Key() string { return "g" + strconv.Itoa(int(h)) }

// Options implements cgt.Position.
func (h grundyHeap) Options() (left, right []cgt.Position) {
	for a := 1; 2*a < int(h); a++ {
		left = append(left, newSum("grundy", []cgt.Position{grundyHeap(a), grundyHeap(int(h) - a)}))
	}
	return left, left
}

// Wythoff is Wythoff's game: pairs of heaps "a,b" separated by spaces (a
// sum of games); a move takes any number from one heap of a pair, or the
// same number from both.
type Wythoff struct{}

// MaxWythoff bounds a heap of Wythoff's game: a pair (a, b) has a + b +
// min(a, b) options, all smaller pairs are valued, and their nimbers grow
// with the heaps (32,32 is *48), each a canonical form of that many
// options: beyond, the engine's step limit refuses.
const MaxWythoff = 32

// Name implements cgt.Ruleset.
func (Wythoff) Name() string { return "wythoff" }

// Parse implements cgt.Ruleset.
func (Wythoff) Parse(text string) (cgt.Position, error) {
	return parseSum("wythoff", text, "pairs of heaps a,b separated by spaces, e.g. 3,5", func(f string) (cgt.Position, error) {
		as, bs, ok := strings.Cut(f, ",")
		a, errA := strconv.Atoi(as)
		b, errB := strconv.Atoi(bs)
		if !ok || errA != nil || errB != nil || a < 0 || b < 0 || a > MaxWythoff || b > MaxWythoff {
			return nil, bad("wythoff", text, "pair "+strconv.Quote(f)+" is not two whole numbers a,b from 0 to "+strconv.Itoa(MaxWythoff))
		}
		return wythoffPair{min(a, b), max(a, b)}, nil
	})
}

// wythoffPair is a pair of heaps, the smaller first (the game is the
// same either way round).
type wythoffPair struct{ a, b int }

// Key implements cgt.Position.
func (p wythoffPair) Key() string { return "w" + strconv.Itoa(p.a) + "," + strconv.Itoa(p.b) }

// Options implements cgt.Position.
func (p wythoffPair) Options() (left, right []cgt.Position) {
	pair := func(a, b int) cgt.Position { return wythoffPair{min(a, b), max(a, b)} }
	for k := 1; k <= p.a; k++ {
		left = append(left, pair(p.a-k, p.b), pair(p.a-k, p.b-k))
	}
	for k := 1; k <= p.b; k++ {
		left = append(left, pair(p.a, p.b-k))
	}
	return left, left
}
