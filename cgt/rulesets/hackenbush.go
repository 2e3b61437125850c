package rulesets

import (
	"strings"

	"github.com/gamesolve/gamesolve/cgt"
)

// Hackenbush is Blue-Red Hackenbush on stalks: each stalk is a string of
// l (Left's, blue) and r (Right's, red) edges from the ground up; stalks are
// separated by spaces. Cutting an edge removes everything above it.
type Hackenbush struct{}

// MaxStalk bounds one stalk's length.
const MaxStalk = 500

func (Hackenbush) Name() string { return "hackenbush" }

func (Hackenbush) Parse(text string) (cgt.Position, error) {
	return parseSum("hackenbush", text, "stalks of l and r separated by spaces, e.g. lr l", func(f string) (cgt.Position, error) {
		if len(f) > MaxStalk || strings.Trim(f, "lr") != "" {
			return nil, bad("hackenbush", text, "a stalk is at most 500 letters l or r")
		}
		return Stalk(f), nil
	})
}

// Stalk is one stalk, ground first.
type Stalk string

func (s Stalk) Key() string { return "h" + string(s) }

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
