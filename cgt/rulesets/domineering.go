package rulesets

import (
	"fmt"
	"github.com/gamesolve/gamesolve/numeric"
	"strings"

	"github.com/gamesolve/gamesolve/cgt"
)

// Domineering in CGSuite's grid notation: rows separated by |, . empty,
// # filled. Left places vertical dominoes, Right horizontal ones. Positions
// split into connected regions of empty squares, valued separately.
type Domineering struct{}

// MaxDomineering bounds the empty squares of one region. Shape matters
// more than size (a 2×14 strip takes 0.7 s, a 5×5 square 6 s, 26 squares in
// a near-square run out of the work bound), so this only refuses regions
// that are hopeless whatever their shape: 5×6 is.
const MaxDomineering = 28

// Name implements cgt.Ruleset.
func (Domineering) Name() string { return "domineering" }

// Parse implements cgt.Ruleset.
func (Domineering) Parse(text string) (cgt.Position, error) {
	rows := strings.Split(strings.TrimSpace(text), "|")
	width := len(rows[0])
	if width == 0 {
		return nil, bad("domineering", text, "expected rows of . and # separated by |, e.g. ..|..")
	}
	g := grid{w: width, h: len(rows)}
	for _, r := range rows {
		if len(r) != width || strings.Trim(r, ".#") != "" {
			return nil, bad("domineering", text, "rows must be of equal length, made of . and #")
		}
		for i := 0; i < len(r); i++ {
			g.cells = append(g.cells, r[i] == '.')
		}
	}
	if g.w*g.h > 4096 {
		return nil, bad("domineering", text, "at most 4096 squares")
	}
	for _, region := range g.regions() {
		if region.empty() > MaxDomineering {
			return nil, tooLargePosition(fmt.Sprintf("domineering: position %s has a region of %d empty squares; at most %d are valued", numeric.Shorten(text, 40), region.empty(), MaxDomineering))
		}
	}
	return g.normal(), nil
}

// grid is a domineering board; cells[r*w+c] is true when empty.
type grid struct {
	w, h  int
	cells []bool
}

func (g grid) empty() int {
	n := 0
	for _, c := range g.cells {
		if c {
			n++
		}
	}
	return n
}

// normal trims filled border rows and columns and picks, of the board and
// its mirror images left-right and top-bottom (which keep vertical dominoes
// vertical), the one with the least key: equal shapes share a key.
func (g grid) normal() grid {
	t := g.trimmed()
	best, bestKey := t, t.Key()
	for _, flip := range [][2]bool{{true, false}, {false, true}, {true, true}} {
		m := grid{w: t.w, h: t.h, cells: make([]bool, len(t.cells))}
		for r := range t.h {
			for c := range t.w {
				rr, cc := r, c
				if flip[0] {
					cc = t.w - 1 - c
				}
				if flip[1] {
					rr = t.h - 1 - r
				}
				m.cells[rr*t.w+cc] = t.cells[r*t.w+c]
			}
		}
		if k := m.Key(); k < bestKey {
			best, bestKey = m, k
		}
	}
	return best
}

// trimmed drops filled border rows and columns.
func (g grid) trimmed() grid {
	r0, r1, c0, c1 := g.h, -1, g.w, -1
	for r := range g.h {
		for c := range g.w {
			if g.cells[r*g.w+c] {
				r0, r1, c0, c1 = min(r0, r), max(r1, r), min(c0, c), max(c1, c)
			}
		}
	}
	if r1 < 0 {
		return grid{}
	}
	n := grid{w: c1 - c0 + 1, h: r1 - r0 + 1}
	for r := r0; r <= r1; r++ {
		n.cells = append(n.cells, g.cells[r*g.w+c0:r*g.w+c1+1]...)
	}
	return n
}

// Key implements cgt.Position.
func (g grid) Key() string {
	var b strings.Builder
	b.WriteByte('d')
	for r := range g.h {
		if r > 0 {
			b.WriteByte('|')
		}
		for c := range g.w {
			if g.cells[r*g.w+c] {
				b.WriteByte('.')
			} else {
				b.WriteByte('#')
			}
		}
	}
	return b.String()
}

func (g grid) with(fill ...int) grid {
	n := grid{w: g.w, h: g.h, cells: append([]bool(nil), g.cells...)}
	for _, i := range fill {
		n.cells[i] = false
	}
	return n.normal()
}

// Options implements cgt.Position.
func (g grid) Options() (left, right []cgt.Position) {
	for r := range g.h {
		for c := range g.w {
			i := r*g.w + c
			if !g.cells[i] {
				continue
			}
			if r+1 < g.h && g.cells[i+g.w] {
				left = append(left, g.with(i, i+g.w))
			}
			if c+1 < g.w && g.cells[i+1] {
				right = append(right, g.with(i, i+1))
			}
		}
	}
	return left, right
}

// regions returns the connected regions of empty squares.
func (g grid) regions() []grid {
	seen := make([]bool, len(g.cells))
	var out []grid
	for start := range g.cells {
		if !g.cells[start] || seen[start] {
			continue
		}
		region := grid{w: g.w, h: g.h, cells: make([]bool, len(g.cells))}
		stack := []int{start}
		seen[start] = true
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			region.cells[i] = true
			r, c := i/g.w, i%g.w
			for _, n := range [][2]int{{r - 1, c}, {r + 1, c}, {r, c - 1}, {r, c + 1}} {
				if n[0] < 0 || n[0] >= g.h || n[1] < 0 || n[1] >= g.w {
					continue
				}
				j := n[0]*g.w + n[1]
				if g.cells[j] && !seen[j] {
					seen[j] = true
					stack = append(stack, j)
				}
			}
		}
		out = append(out, region.normal())
	}
	return out
}

// Components implements cgt.Splitter.
func (g grid) Components() []cgt.Position {
	regions := g.regions()
	if len(regions) < 2 {
		return nil
	}
	parts := make([]cgt.Position, len(regions))
	for i, r := range regions {
		parts[i] = r
	}
	return parts
}
