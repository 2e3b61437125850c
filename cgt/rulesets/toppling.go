package rulesets

import (
	"fmt"
	"strings"

	"github.com/gamesolve/gamesolve/numeric"

	"github.com/gamesolve/gamesolve/cgt"
)

// Toppling is Toppling Dominoes: rows of dominoes, L (Left's, blue), R
// (Right's, red) and G (green, either player's), rows separated by spaces.
// A move topples one of one's own (or a green) domino to the left or the
// right: it falls together with every domino on that side of it.
type Toppling struct{}

// MaxRow bounds one row's length (a row of n has n(n+1)/2 sub-rows).
const MaxRow = 200

// Name implements cgt.Ruleset.
func (Toppling) Name() string { return "toppling" }

// Parse implements cgt.Ruleset.
func (Toppling) Parse(text string) (cgt.Position, error) {
	return parseSum("toppling", text, "rows of L, R and G separated by spaces, e.g. LRL G", func(f string) (cgt.Position, error) {
		if strings.Trim(f, "LRG") != "" {
			return nil, bad("toppling", text, fmt.Sprintf("row %s: a row is dominoes L (Left's), R (Right's) and G (green)", numeric.Shorten(f, 20)))
		}
		if len(f) > MaxRow {
			return nil, bad("toppling", text, fmt.Sprintf("a row of %d dominoes; at most %d", len(f), MaxRow))
		}
		return dominoRow(f).normal(), nil
	})
}

// dominoRow is one row, left to right.
type dominoRow string

// normal is the row or its mirror image, whichever sorts first: toppling
// is symmetric under reversal, so both share a value.
func (r dominoRow) normal() dominoRow {
	b := []byte(r)
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	if rev := dominoRow(b); rev < r {
		return rev
	}
	return r
}

// Key implements cgt.Position.
func (r dominoRow) Key() string { return "p" + string(r) }

// Options implements cgt.Position.
func (r dominoRow) Options() (left, right []cgt.Position) {
	for i := range len(r) {
		// Toppled left: what stood right of it remains; toppled right: what
		// stood left of it.
		opts := []cgt.Position{r[i+1:].normal(), r[:i].normal()}
		if r[i] != 'R' {
			left = append(left, opts...)
		}
		if r[i] != 'L' {
			right = append(right, opts...)
		}
	}
	return left, right
}
