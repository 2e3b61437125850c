package rulesets

import (
	"strconv"
	"strings"

	"github.com/gamesolve/gamesolve/cgt"
)

// Nim: heap sizes separated by spaces; either player may reduce one heap.
type Nim struct{}

// MaxNimHeap bounds one heap: a heap of n has n options, and removing
// dominated options costs O(n²) comparisons, O(n³) over all smaller heaps.
const MaxNimHeap = 128

func (Nim) Name() string { return "nim" }

func (Nim) Parse(text string) (cgt.Position, error) {
	fields := strings.Fields(text)
	if len(fields) == 0 {
		return nil, bad("nim", text, "expected heap sizes separated by spaces, e.g. 1 2 3")
	}
	parts := make([]cgt.Position, 0, len(fields))
	for _, f := range fields {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 || n > MaxNimHeap {
			return nil, bad("nim", text, "heap "+strconv.Quote(f)+" is not a whole number from 0 to 128")
		}
		parts = append(parts, NimHeap(n))
	}
	return newSum("nim", parts), nil
}

// NimHeap is one heap.
type NimHeap int

func (h NimHeap) Key() string { return "n" + strconv.Itoa(int(h)) }

func (h NimHeap) Options() (left, right []cgt.Position) {
	for k := range int(h) {
		left = append(left, NimHeap(k))
	}
	return left, left
}
