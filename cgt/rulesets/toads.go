package rulesets

import (
	"fmt"
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
	if n := reachable(s, MaxToadsPositions); n > MaxToadsPositions {
		t, f := strings.Count(s, "T"), strings.Count(s, "F")
		// An estimate from above of what is reachable: the squares of the
		// toads, then of the frogs among the rest.
		arrangements := binomial(len(s), t) * binomial(len(s)-t, f)
		return nil, tooLargePosition(fmt.Sprintf("toads: position %s reaches more than %d positions (up to %.2g, the arrangements of its pieces); at most %d are valued", s, MaxToadsPositions, arrangements, MaxToadsPositions))
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

// MaxToadsPositions bounds the positions reachable from a strip that the
// CGT engine is asked to value: about a million take it some 15 s and most
// of its 10,000,000-step budget, and counting them first takes a fraction
// of a second, where running into the budget took half a minute.
const MaxToadsPositions = 1_000_000

// reachable counts the positions reachable from s (s included), stopping
// once there are more than limit. Positions are packed as a bitmask of
// toads and one of frogs, so the count is cheap next to valuing them.
func reachable(s string, limit int) int {
	var toads, frogs uint32
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case 'T':
			toads |= 1 << i
		case 'F':
			frogs |= 1 << i
		}
	}
	n := len(s)
	seen := map[uint64]struct{}{}
	stack := []uint64{uint64(toads) | uint64(frogs)<<32}
	seen[stack[0]] = struct{}{}
	push := func(t, f uint32) {
		k := uint64(t) | uint64(f)<<32
		if _, ok := seen[k]; !ok {
			seen[k] = struct{}{}
			stack = append(stack, k)
		}
	}
	for len(stack) > 0 && len(seen) <= limit {
		k := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		t, f := uint32(k), uint32(k>>32)
		empty := ^(t | f) & (1<<n - 1)
		for i := 0; i < n; i++ {
			bit := uint32(1) << i
			switch {
			case t&bit != 0:
				if empty&(bit<<1) != 0 {
					push(t&^bit|bit<<1, f)
				} else if f&(bit<<1) != 0 && empty&(bit<<2) != 0 {
					push(t&^bit|bit<<2, f)
				}
			case f&bit != 0:
				if empty&(bit>>1) != 0 {
					push(t, f&^bit|bit>>1)
				} else if t&(bit>>1) != 0 && empty&(bit>>2) != 0 {
					push(t, f&^bit|bit>>2)
				}
			}
		}
	}
	return len(seen)
}

// binomial is n choose k as a float (n ≤ MaxStrip: exact).
func binomial(n, k int) float64 {
	r := 1.0
	for i := 1; i <= k; i++ {
		r = r * float64(n-k+i) / float64(i)
	}
	return r
}
