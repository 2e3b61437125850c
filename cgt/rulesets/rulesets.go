package rulesets

import (
	"errors"
	"fmt"
	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/numeric"
	"slices"
	"sort"
	"strings"

	"github.com/gamesolve/gamesolve/cgt"
)

// ErrPosition is wrapped by every error about a malformed position.
var ErrPosition = errors.New("malformed position")

var all = map[string]cgt.Ruleset{
	"cookies":     Cookies{},
	"nim":         Nim{},
	"hackenbush":  Hackenbush{},
	"domineering": Domineering{},
	"cutcake":     Cutcake{},
	"toads":       Toads{},
	"clobber":     Clobber{},
	"konane":      Konane{},
	"toppling":    Toppling{},
	"col":         Col{},
	"snort":       Snort{},
	"kayles":      mustTakeBreak("kayles", "0.77"),
	"dawsons":     mustTakeBreak("dawsons", "0.07"),
	"grundy":      Grundy{},
	"wythoff":     Wythoff{},
}

// Names lists the built-in rulesets.
func Names() []string {
	names := make([]string, 0, len(all))
	for n := range all {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Lookup returns the ruleset called name; "octal:CODE" is the
// take-and-break game of a code (octal:0.137).
func Lookup(name string) (cgt.Ruleset, error) {
	if code, ok := strings.CutPrefix(name, "octal:"); ok {
		t, err := NewTakeBreak(name, code)
		if err != nil {
			return nil, fmt.Errorf("rulesets: %w", err)
		}
		return t, nil
	}
	r, ok := all[name]
	if !ok {
		return nil, fmt.Errorf("rulesets: unknown ruleset %q (known: %s, octal:CODE)", name, strings.Join(Names(), ", "))
	}
	return r, nil
}

func bad(ruleset, text, why string) error {
	return fmt.Errorf("%s: %w %s: %s", ruleset, ErrPosition, numeric.Shorten(text, 40), why)
}

// parseSum reads space-separated components with one, into a sum; empty is
// an error that shows an example.
func parseSum(name, text, example string, one func(field string) (cgt.Position, error)) (cgt.Position, error) {
	fields := strings.Fields(text)
	if len(fields) == 0 {
		return nil, bad(name, text, "expected "+example)
	}
	parts := make([]cgt.Position, 0, len(fields))
	for _, f := range fields {
		p, err := one(f)
		if err != nil {
			return nil, err
		}
		parts = append(parts, p)
	}
	return newSum(name, parts), nil
}

// sum is a position that is the disjunctive sum of its parts.
type sum struct {
	name  string
	parts []cgt.Position
}

func newSum(name string, parts []cgt.Position) sum {
	slices.SortFunc(parts, func(a, b cgt.Position) int { return strings.Compare(a.Key(), b.Key()) })
	return sum{name: name, parts: parts}
}

// Key implements cgt.Position.
func (s sum) Key() string {
	keys := make([]string, len(s.parts))
	for i, p := range s.parts {
		keys[i] = p.Key()
	}
	return s.name + "(" + strings.Join(keys, " + ") + ")"
}

// Components implements cgt.Splitter.
func (s sum) Components() []cgt.Position { return s.parts }

// Options of a sum: a move in one part.
func (s sum) Options() (left, right []cgt.Position) {
	if len(s.parts) == 1 {
		return s.parts[0].Options()
	}
	for i, p := range s.parts {
		pl, pr := p.Options()
		with := func(o cgt.Position) cgt.Position {
			parts := slices.Clone(s.parts)
			parts[i] = o
			return newSum(s.name, parts)
		}
		for _, o := range pl {
			left = append(left, with(o))
		}
		for _, o := range pr {
			right = append(right, with(o))
		}
	}
	return left, right
}

// tooLargePosition is an error for a well-formed position beyond the
// solver: it is both an ErrPosition (the text was not accepted) and a
// budget.ErrTooLarge (why), without printing either's text.
type tooLargePosition string

// Error implements error.
func (e tooLargePosition) Error() string { return string(e) }

// Is reports whether target is ErrPosition or budget.ErrTooLarge.
func (e tooLargePosition) Is(target error) bool {
	return target == ErrPosition || target == budget.ErrTooLarge
}
