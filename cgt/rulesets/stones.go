package rulesets

import (
	"fmt"
	"strings"

	"github.com/gamesolve/gamesolve/numeric"

	"github.com/gamesolve/gamesolve/cgt"
)

// board is a rectangular board of Left's stones (x), Right's (o) and empty
// squares (.), shared by Clobber and Konane; rule says how stones move.
type board struct {
	rule  stoneRule
	w, h  int
	cells []byte
}

// stoneRule is one game on a board.
type stoneRule interface {
	name() string
	// moves appends the boards that player p ('x' or 'o') can move to.
	moves(b board, p byte, out []cgt.Position) []cgt.Position
	// splits reports whether stones that do not touch (orthogonally) never
	// interact, so that the board splits into groups and empty border
	// rows and columns can go.
	splits() bool
	// scale says what the size bound means in time.
	scale() string
}

// parseStones reads rows of x, o and . separated by |.
func parseStones(rule stoneRule, text string, maxStones int) (cgt.Position, error) {
	name := rule.name()
	rows := strings.Split(strings.TrimSpace(text), "|")
	w := len(rows[0])
	if w == 0 {
		return nil, bad(name, text, "expected rows of x, o and . separated by |, e.g. xo.|ox.")
	}
	b := board{rule: rule, w: w, h: len(rows)}
	for _, r := range rows {
		if len(r) != w || strings.Trim(r, "xo.") != "" {
			return nil, bad(name, text, "rows must be of equal length, made of x (Left's stones), o (Right's) and .")
		}
		b.cells = append(b.cells, r...)
	}
	if w*b.h > 1024 {
		return nil, bad(name, text, "at most 1024 squares")
	}
	// The bound is per group where groups are valued apart.
	groups := []board{b}
	if parts := b.Components(); parts != nil {
		groups = groups[:0]
		for _, p := range parts {
			groups = append(groups, p.(board))
		}
	}
	for _, g := range groups {
		stones := 0
		for _, c := range g.cells {
			if c != '.' {
				stones++
			}
		}
		if stones > maxStones {
			what := "position"
			if rule.splits() {
				what = "group of touching stones"
			}
			return nil, tooLargePosition(fmt.Sprintf("%s: position %s has a %s with %d stones; at most %d are valued (%s)", name, numeric.Shorten(text, 40), what, stones, maxStones, rule.scale()))
		}
	}
	return b.normal(), nil
}

func (b board) at(r, c int) byte { return b.cells[r*b.w+c] }

// transformed returns the board under one of the 8 symmetries of the
// square (4 rotations, each possibly mirrored); k in 0..7.
func (b board) transformed(k int) board {
	w, h := b.w, b.h
	if k&1 == 1 { // transposes
		w, h = h, w
	}
	out := board{rule: b.rule, w: w, h: h, cells: make([]byte, len(b.cells))}
	for r := range b.h {
		for c := range b.w {
			rr, cc := r, c
			if k&2 != 0 {
				rr = b.h - 1 - rr
			}
			if k&4 != 0 {
				cc = b.w - 1 - cc
			}
			if k&1 != 0 {
				rr, cc = cc, rr
			}
			out.cells[rr*w+cc] = b.at(r, c)
		}
	}
	return out
}

// normal trims empty border rows and columns (where stones never reach
// them) and picks, of the 8 symmetric boards, the one with the least key:
// both rules treat every direction alike, so all 8 share a value.
func (b board) normal() board {
	if b.rule.splits() {
		b = b.trimmed()
	}
	best := b
	for k := 1; k < 8; k++ {
		if t := b.transformed(k); t.key() < best.key() {
			best = t
		}
	}
	return best
}

func (b board) trimmed() board {
	r0, r1, c0, c1 := b.h, -1, b.w, -1
	for r := range b.h {
		for c := range b.w {
			if b.at(r, c) != '.' {
				r0, r1, c0, c1 = min(r0, r), max(r1, r), min(c0, c), max(c1, c)
			}
		}
	}
	if r1 < 0 {
		return board{rule: b.rule}
	}
	n := board{rule: b.rule, w: c1 - c0 + 1, h: r1 - r0 + 1}
	for r := r0; r <= r1; r++ {
		n.cells = append(n.cells, b.cells[r*b.w+c0:r*b.w+c1+1]...)
	}
	return n
}

func (b board) key() string {
	var s strings.Builder
	s.WriteString(b.rule.name()[:2])
	for r := range b.h {
		s.WriteByte('|')
		s.Write(b.cells[r*b.w : (r+1)*b.w])
	}
	return s.String()
}

// Key implements cgt.Position.
func (b board) Key() string { return b.key() }

// Options implements cgt.Position.
func (b board) Options() (left, right []cgt.Position) {
	return b.rule.moves(b, 'x', nil), b.rule.moves(b, 'o', nil)
}

// Components implements cgt.Splitter: groups of orthogonally touching
// stones, where the rule allows.
func (b board) Components() []cgt.Position {
	if !b.rule.splits() {
		return nil
	}
	seen := make([]bool, len(b.cells))
	var parts []cgt.Position
	for start, c := range b.cells {
		if c == '.' || seen[start] {
			continue
		}
		part := board{rule: b.rule, w: b.w, h: b.h, cells: []byte(strings.Repeat(".", len(b.cells)))}
		stack := []int{start}
		seen[start] = true
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			part.cells[i] = b.cells[i]
			r, c := i/b.w, i%b.w
			for _, n := range [][2]int{{r - 1, c}, {r + 1, c}, {r, c - 1}, {r, c + 1}} {
				if n[0] < 0 || n[0] >= b.h || n[1] < 0 || n[1] >= b.w {
					continue
				}
				j := n[0]*b.w + n[1]
				if b.cells[j] != '.' && !seen[j] {
					seen[j] = true
					stack = append(stack, j)
				}
			}
		}
		parts = append(parts, part.normal())
	}
	if len(parts) < 2 {
		return nil
	}
	return parts
}

var directions = [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}}

func (b board) inside(r, c int) bool { return r >= 0 && r < b.h && c >= 0 && c < b.w }

// eachStone calls f for every stone of player p and direction, with q the
// opponent's stone.
func (b board) eachStone(p byte, f func(r, c int, d [2]int, q byte)) {
	q := byte('o')
	if p == 'o' {
		q = 'x'
	}
	for r := range b.h {
		for c := range b.w {
			if b.at(r, c) == p {
				for _, d := range directions {
					f(r, c, d, q)
				}
			}
		}
	}
}

func (b board) with(changes ...int) board {
	n := board{rule: b.rule, w: b.w, h: b.h, cells: append([]byte(nil), b.cells...)}
	for i := 0; i+1 < len(changes); i += 2 {
		n.cells[changes[i]] = byte(changes[i+1])
	}
	return n.normal()
}

// Clobber is played on a board of stones: a player moves one of its stones
// onto an orthogonally adjacent stone of the opponent's, which is removed;
// the square left is empty.
type Clobber struct{}

// MaxClobber bounds the stones of a group of touching stones: a 4×4
// checkerboard (16) takes 5 s, 3×6 (18) runs past the work bound.
const MaxClobber = 17

// Name implements cgt.Ruleset.
func (Clobber) Name() string { return "clobber" }

// Parse implements cgt.Ruleset.
func (Clobber) Parse(text string) (cgt.Position, error) {
	return parseStones(clobberRule{}, text, MaxClobber)
}

type clobberRule struct{}

func (clobberRule) name() string { return "clobber" }
func (clobberRule) splits() bool { return true }
func (clobberRule) scale() string {
	return "a 4×4 checkerboard of 16 takes about 5 s; 18 run past the work bound"
}
func (clobberRule) moves(b board, p byte, out []cgt.Position) []cgt.Position {
	b.eachStone(p, func(r, c int, d [2]int, q byte) {
		rr, cc := r+d[0], c+d[1]
		if b.inside(rr, cc) && b.at(rr, cc) == q {
			out = append(out, b.with(r*b.w+c, '.', rr*b.w+cc, int(p)))
		}
	})
	return out
}

// Konane is played on a board of stones: a player jumps one of its stones
// over an orthogonally adjacent stone of the opponent's into the empty square
// beyond, removing it, and may go on jumping in the same direction; each
// number of jumps is a move.
type Konane struct{}

// MaxKonane bounds the stones of a position: a 4×6 checkerboard less one
// stone (23) takes 13 s.
const MaxKonane = 24

// Name implements cgt.Ruleset.
func (Konane) Name() string { return "konane" }

// Parse implements cgt.Ruleset.
func (Konane) Parse(text string) (cgt.Position, error) {
	return parseStones(konaneRule{}, text, MaxKonane)
}

type konaneRule struct{}

func (konaneRule) name() string { return "konane" }

// splits is false: a jump lands on an empty square, so empty squares and
// stones apart from each other matter.
func (konaneRule) splits() bool { return false }
func (konaneRule) scale() string {
	return "a 4×6 checkerboard less one stone, 23, takes about 13 s"
}
func (konaneRule) moves(b board, p byte, out []cgt.Position) []cgt.Position {
	b.eachStone(p, func(r, c int, d [2]int, q byte) {
		changes := []int{r*b.w + c, '.'}
		for {
			mr, mc := r+d[0], c+d[1]     // the stone jumped
			lr, lc := r+2*d[0], c+2*d[1] // the landing square
			if !b.inside(lr, lc) || b.at(mr, mc) != q || b.at(lr, lc) != '.' {
				return
			}
			changes = append(changes, mr*b.w+mc, '.')
			out = append(out, b.with(append(changes[:len(changes):len(changes)], lr*b.w+lc, int(p))...))
			r, c = lr, lc
		}
	})
	return out
}
