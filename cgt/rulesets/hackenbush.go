package rulesets

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/gamesolve/gamesolve/numeric"

	"github.com/gamesolve/gamesolve/cgt"
)

// Hackenbush is Blue-Red Hackenbush. On stalks, each stalk is a string of
// l (Left's, blue) and r (Right's, red) edges from the ground up; stalks are
// separated by spaces, and cutting an edge removes everything above it. On
// a graph, the position is a list of edges u-v:l or u-v:r, g being the
// ground ("g-a:l a-b:r b-g:l" is a triangle standing on the ground), and
// cutting an edge removes everything no longer connected to the ground.
type Hackenbush struct{}

// MaxStalk bounds one stalk's length.
const MaxStalk = 500

// Name implements cgt.Ruleset.
func (Hackenbush) Name() string { return "hackenbush" }

// Parse implements cgt.Ruleset.
func (Hackenbush) Parse(text string) (cgt.Position, error) {
	if strings.Contains(text, "-") {
		return parseHackGraph(text)
	}
	return parseSum("hackenbush", text, "stalks of l and r separated by spaces, e.g. lr l", func(f string) (cgt.Position, error) {
		if i := strings.IndexFunc(f, func(r rune) bool { return r != 'l' && r != 'r' }); i >= 0 {
			r, _ := utf8.DecodeRuneInString(f[i:])
			return nil, bad("hackenbush", text, fmt.Sprintf("letter %q in stalk %s: a stalk is letters l (Left's edges) and r (Right's)", r, numeric.Shorten(f, 20)))
		}
		if len(f) > MaxStalk {
			return nil, bad("hackenbush", text, fmt.Sprintf("a stalk of %d edges; at most %d", len(f), MaxStalk))
		}
		return Stalk(f), nil
	})
}

// Stalk is one stalk, ground first.
type Stalk string

// Key implements cgt.Position.
func (s Stalk) Key() string { return "h" + string(s) }

// Options implements cgt.Position.
func (s Stalk) Options() (left, right []cgt.Position) {
	for i := range len(s) {
		if s[i] == 'l' {
			left = append(left, s[:i])
		} else {
			right = append(right, s[:i])
		}
	}
	return left, right
}
