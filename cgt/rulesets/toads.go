package rulesets

import (
	"strings"

	"github.com/gamesolve/gamesolve/cgt"
)

// Toads is Toads and Frogs on a strip: T toads move right (Left), F frogs
// move left (Right), . is empty. A move is one step into an adjacent empty
// square, or a jump over one opposing piece into the empty square beyond.
type Toads struct{}

// MaxStrip bounds the strip length (positions grow exponentially).
const MaxStrip = 24

// Name implements cgt.Ruleset.
func (Toads) Name() string { return "toads" }

// Parse implements cgt.Ruleset.
func (Toads) Parse(text string) (cgt.Position, error) {
	s := strings.TrimSpace(text)
	if s == "" || len(s) > MaxStrip || strings.Trim(s, "TF.") != "" {
		return nil, bad("toads", text, "expected a strip of T, F and . of 1 to 24 squares, e.g. TT..FF")
	}
	return Strip(s), nil
}

// Strip is a Toads and Frogs position.
type Strip string

// Key implements cgt.Position.
func (s Strip) Key() string { return "t" + string(s) }

// Options implements cgt.Position.
func (s Strip) Options() (left, right []cgt.Position) {
	b := []byte(s)
	move := func(from, to int) cgt.Position {
		c := append([]byte(nil), b...)
		c[to], c[from] = c[from], '.'
		return Strip(c)
	}
	for i, c := range b {
		switch c {
		case 'T':
			if i+1 < len(b) && b[i+1] == '.' {
				left = append(left, move(i, i+1))
			} else if i+2 < len(b) && b[i+1] == 'F' && b[i+2] == '.' {
				left = append(left, move(i, i+2))
			}
		case 'F':
			if i-1 >= 0 && b[i-1] == '.' {
				right = append(right, move(i, i-1))
			} else if i-2 >= 0 && b[i-1] == 'T' && b[i-2] == '.' {
				right = append(right, move(i, i-2))
			}
		}
	}
	return left, right
}
