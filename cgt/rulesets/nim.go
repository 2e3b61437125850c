package rulesets

import (
	"strconv"

	"github.com/gamesolve/gamesolve/cgt"
)

// Nim is the ruleset of Nim: heap sizes separated by spaces; either player may reduce one heap.
type Nim struct{}

// MaxNimHeap bounds one heap: a heap of n has n options, and removing
// dominated options costs O(n²) comparisons, O(n³) over all smaller heaps.
const MaxNimHeap = 128

// Name implements cgt.Ruleset.
func (Nim) Name() string { return "nim" }

// Parse implements cgt.Ruleset.
func (Nim) Parse(text string) (cgt.Position, error) {
	return parseHeaps("nim", text, "1 2 3", MaxNimHeap, func(n int) cgt.Position { return NimHeap(n) })
}

// NimHeap is one heap.
type NimHeap int

// Key implements cgt.Position.
func (h NimHeap) Key() string { return "n" + strconv.Itoa(int(h)) }

// Options implements cgt.Position.
func (h NimHeap) Options() (left, right []cgt.Position) {
	for k := range int(h) {
		left = append(left, NimHeap(k))
	}
	return left, left
}
