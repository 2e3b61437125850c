package rulesets

import (
	"strconv"

	"github.com/gamesolve/gamesolve/cgt"
)

// Cookies is the game of Project Euler 859. Odd (Left) may take a pile with
// an odd number of cookies, eat one and split the rest into two equal piles;
// Even (Right) may take an even pile, eat two and split the rest likewise.
// A position is a list of pile sizes separated by spaces: "5" or "1 2 2".
type Cookies struct{}

// MaxCookiePile bounds one pile (values take O(log n) steps).
const MaxCookiePile = 1 << 60

// Name implements cgt.Ruleset.
func (Cookies) Name() string { return "cookies" }

// Parse implements cgt.Ruleset.
func (Cookies) Parse(text string) (cgt.Position, error) {
	return parseSum("cookies", text, "pile sizes separated by spaces, e.g. 1 2 2", func(f string) (cgt.Position, error) {
		n, err := strconv.ParseInt(f, 10, 64)
		if err != nil || n < 0 || n > MaxCookiePile {
			return nil, bad("cookies", text, "pile "+strconv.Quote(f)+" is not a whole number from 0 to 2^60")
		}
		return CookiePile(n), nil
	})
}

// CookiePile is one pile of cookies.
type CookiePile int64

// Key implements cgt.Position.
func (p CookiePile) Key() string { return "c" + strconv.FormatInt(int64(p), 10) }

// Options implements cgt.Position: the two equal piles left after a move,
// as one sum.
func (p CookiePile) Options() (left, right []cgt.Position) {
	n := int64(p)
	split := func(rest int64) cgt.Position {
		if rest == 0 {
			return newSum("cookies", nil)
		}
		return newSum("cookies", []cgt.Position{CookiePile(rest / 2), CookiePile(rest / 2)})
	}
	switch {
	case n%2 == 1:
		return []cgt.Position{split(n - 1)}, nil
	case n >= 2:
		return nil, []cgt.Position{split(n - 2)}
	}
	return nil, nil
}
