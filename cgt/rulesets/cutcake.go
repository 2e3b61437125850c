package rulesets

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gamesolve/gamesolve/cgt"
)

// Cutcake is the ruleset of Cutcake: rectangles MxN (M rows, N columns)
// separated by spaces. Left cuts a rectangle between two columns, Right
// between two rows.
type Cutcake struct{}

// MaxCake bounds each side of a rectangle.
const MaxCake = 100

// Name implements cgt.Ruleset.
func (Cutcake) Name() string { return "cutcake" }

// Parse implements cgt.Ruleset.
func (Cutcake) Parse(text string) (cgt.Position, error) {
	return parseSum("cutcake", text, "rectangles MxN separated by spaces, e.g. 2x3", func(f string) (cgt.Position, error) {
		ms, ns, ok := strings.Cut(f, "x")
		m, err1 := strconv.Atoi(ms)
		n, err2 := strconv.Atoi(ns)
		if !ok || err1 != nil || err2 != nil || m < 1 || n < 1 || m > MaxCake || n > MaxCake {
			return nil, bad("cutcake", text, fmt.Sprintf("%q is not MxN with sides from 1 to %d", f, MaxCake))
		}
		return Cake{Rows: m, Cols: n}, nil
	})
}

// Cake is one rectangle.
type Cake struct{ Rows, Cols int }

// Key implements cgt.Position.
func (c Cake) Key() string { return fmt.Sprintf("k%dx%d", c.Rows, c.Cols) }

// Options implements cgt.Position.
func (c Cake) Options() (left, right []cgt.Position) {
	for a := 1; a < c.Cols; a++ {
		left = append(left, newSum("cutcake", []cgt.Position{Cake{c.Rows, a}, Cake{c.Rows, c.Cols - a}}))
	}
	for a := 1; a < c.Rows; a++ {
		right = append(right, newSum("cutcake", []cgt.Position{Cake{a, c.Cols}, Cake{c.Rows - a, c.Cols}}))
	}
	return left, right
}
