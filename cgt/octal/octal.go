package octal

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/gamesolve/gamesolve/budget"
)

// ErrCode is returned for a code that is not a take-and-break code.
var ErrCode = errors.New("octal: not a take-and-break code")

// Code is a parsed code: Digits[k] allows the moves that remove k tokens.
type Code struct {
	Text   string
	Digits []uint8
}

// MaxDigits bounds a code's length (the largest take).
const MaxDigits = 64

// Parse reads a code such as "0.77", ".07", "4.07" or "0.F" (hexadecimal
// digits for three-heap moves).
func Parse(s string) (Code, error) {
	t := strings.TrimSpace(s)
	before, after, ok := strings.Cut(t, ".")
	if !ok {
		return Code{}, fmt.Errorf("%w: %q has no point (write 0.77 for Kayles)", ErrCode, s)
	}
	if before == "" {
		before = "0"
	}
	if len(before) != 1 || len(after) == 0 || len(after) > MaxDigits {
		return Code{}, fmt.Errorf("%w: %q: want one digit before the point and 1 to %d after", ErrCode, s, MaxDigits)
	}
	c := Code{Text: before + "." + after}
	for _, r := range before + after {
		var d uint8
		switch {
		case r >= '0' && r <= '9':
			d = uint8(r - '0')
		case r >= 'a' && r <= 'f':
			d = uint8(r-'a') + 10
		case r >= 'A' && r <= 'F':
			d = uint8(r-'A') + 10
		default:
			return Code{}, fmt.Errorf("%w: %q: %q is not a digit (0-9, A-F)", ErrCode, s, r)
		}
		c.Digits = append(c.Digits, d)
	}
	// Trailing zeros allow nothing: the largest take is the last non-zero.
	for len(c.Digits) > 1 && c.Digits[len(c.Digits)-1] == 0 {
		c.Digits = c.Digits[:len(c.Digits)-1]
	}
	return c, nil
}

// Octal reports whether the code has only octal digits and no moves that
// split without removing: the games the periodicity theorem speaks of.
func (c Code) Octal() bool {
	if c.Digits[0] != 0 {
		return false
	}
	for _, d := range c.Digits {
		if d > 7 {
			return false
		}
	}
	return true
}

// MaxTake is the largest number of tokens a move removes.
func (c Code) MaxTake() int { return len(c.Digits) - 1 }

// Moves calls visit with the heaps each move from a heap of n leaves:
// none, one, two or three, as the digits allow (the package's doc). The
// slice is reused from call to call. Values applies the same rules inline,
// for speed; the tests hold them to a search over Moves.
func (c Code) Moves(n int, visit func(heaps []int)) {
	var buf [3]int
	for k, d := range c.Digits {
		if k > n || d == 0 {
			continue
		}
		r := n - k // tokens left
		if d&1 != 0 && r == 0 && k > 0 {
			visit(buf[:0])
		}
		if d&2 != 0 && r > 0 && k > 0 {
			buf[0] = r
			visit(buf[:1])
		}
		if d&4 != 0 {
			for a := 1; a <= r/2; a++ {
				buf[0], buf[1] = a, r-a
				visit(buf[:2])
			}
		}
		if d&8 != 0 {
			for a := 1; a <= r/3; a++ {
				for b := a; b <= (r-a)/2; b++ {
					buf[0], buf[1], buf[2] = a, b, r-a-b
					visit(buf[:3])
				}
			}
		}
	}
}

// maxSeconds bounds the time Values may take by its estimate.
const maxSeconds = 300

// MaxN bounds the heaps Values computes (memory: a few bytes each; time:
// the direct method is quadratic, and cubic with three-heap moves).
const MaxN = 200_000

// Values returns G(0), …, G(n) by the direct method: every move of every
// heap (Moves' rules, written out over the table). It stops with ctx's
// error.
func Values(ctx context.Context, c Code, n int) ([]int, error) {
	if n < 0 || n > MaxN {
		return nil, fmt.Errorf("octal: n = %d: want 0 to %d", n, MaxN)
	}
	three, splits := false, 0
	for _, d := range c.Digits {
		three = three || d&8 != 0
		if d&4 != 0 {
			splits++
		}
	}
	// The direct method looks at n/2 splits of each heap for each digit
	// that splits: about splits·n²/4 steps, some 10^9 a second.
	if secs := float64(splits) * float64(n) * float64(n) / 4 / 1e9; secs > maxSeconds {
		return nil, fmt.Errorf("octal: %w: n = %d with %d splitting digits needs about %s (limit %s); choose a smaller n", budget.ErrTooLarge, n, splits, budget.Duration(secs), budget.Duration(maxSeconds))
	}
	if three && n > 3000 {
		return nil, fmt.Errorf("octal: n = %d: a code with three-heap moves is computed to n = 3000 at most (the direct method is cubic)", n)
	}
	g := make([]int, n+1)
	seen := make([]int, 0, 64) // seen[v] == m+1: value v is a move's from heap m
	for m := 0; m <= n; m++ {
		if m%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("octal: %w", err)
			}
		}
		mark := func(v int) {
			for len(seen) <= v {
				seen = append(seen, 0)
			}
			seen[v] = m + 1
		}
		for k, d := range c.Digits {
			if k > m || d == 0 {
				continue
			}
			r := m - k // tokens left
			if d&1 != 0 && r == 0 && k > 0 {
				mark(0)
			}
			if d&2 != 0 && r > 0 && k > 0 {
				mark(g[r])
			}
			if d&4 != 0 {
				// Two non-empty heaps a + b = r (with k = 0, a split
				// of the heap itself).
				for a := 1; a <= r/2; a++ {
					mark(g[a] ^ g[r-a])
				}
			}
			if d&8 != 0 {
				for a := 1; a <= r/3; a++ {
					for b := a; b <= (r-a)/2; b++ {
						mark(g[a] ^ g[b] ^ g[r-a-b])
					}
				}
			}
		}
		v := 0
		for v < len(seen) && seen[v] == m+1 {
			v++
		}
		g[m] = v
	}
	return g, nil
}

// Periodicity is what Period finds.
type Periodicity struct {
	// Period p and Preperiod n0: G(n+p) = G(n) for n >= n0 as far as
	// computed; Period is 0 when none was found.
	Period, Preperiod int
	// Certified: the periodicity theorem proves it for every n.
	Certified bool
	// Needed is how far the values must go for the theorem: n up to
	// 2·n0 + 2p + t - 1 (for octal codes).
	Needed int
}

// Period finds the smallest period the values show at least three times
// from its preperiod on, and whether the theorem certifies it.
func Period(c Code, g []int) Periodicity {
	N := len(g) - 1
	for p := 1; 3*p <= N+1; p++ {
		n0 := 0
		for n := N - p; n >= 0; n-- {
			if g[n+p] != g[n] {
				n0 = n + 1
				break
			}
		}
		if N-n0+1 < 3*p {
			continue // not seen three times over
		}
		r := Periodicity{Period: p, Preperiod: n0}
		if c.Octal() {
			r.Needed = 2*n0 + 2*p + c.MaxTake() - 1
			r.Certified = N >= r.Needed
		}
		return r
	}
	return Periodicity{}
}
