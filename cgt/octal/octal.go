package octal

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"strings"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/solver"
)

// ErrCode is returned for a code that is not a take-and-break code.
var ErrCode = errors.New("octal: not a take-and-break code")

// Code is a parsed code: Digits[k] allows the moves that remove k tokens.
type Code struct {
	Text   string
	Digits []uint8
	// unequal: a split must leave two heaps of different sizes (Grundy's
	// game, which no digit string describes).
	unequal bool
}

// Grundy is Grundy's game: a move splits one heap into two of different
// sizes. Parse reads it as "grundy".
var Grundy = Code{Text: "grundy", Digits: []uint8{4}, unequal: true}

// MaxDigits bounds a code's length (the largest take).
const MaxDigits = 64

// Parse reads a code such as "0.77", ".07", "4.07" or "0.F" (hexadecimal
// digits for three-heap moves), or "grundy" for Grundy's game.
func Parse(s string) (Code, error) {
	t := strings.TrimSpace(s)
	if strings.EqualFold(t, "grundy") {
		return Grundy, nil
	}
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
				if c.unequal && 2*a == r {
					continue
				}
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

// MaxN bounds the heaps Values computes (memory: 8 bytes a heap for the
// values, as much again while computing).
const MaxN = 20_000_000

// directUpTo is how far Values computes by the direct method before it
// looks for a sparse space and, for octal codes, a certified period.
const directUpTo = 4096

// Values returns G(0), …, G(n). It computes the first values by the direct
// method (every move of every heap, Moves' rules written out over the
// table), then:
//   - for an octal code, as soon as Period certifies a period, the rest
//     from the period (the Guy–Smith theorem makes that exact);
//   - for codes that split into two heaps, by the sparse-space method
//     (the package's doc), which gives the same values far faster when the
//     rare values are few, as they are for most codes;
//   - otherwise by the direct method, refused up front when its estimate
//     is beyond a few minutes.
//
// The direct method's work on each large heap is shared among
// opt.WorkerCount() goroutines (the heaps themselves are valued in order:
// each needs all before it). That helps where the direct method does the
// work: codes without a sparse space, and codes with three-heap moves.
// opt.Policy and opt.Progress do not apply. It stops with ctx's error.
func Values(ctx context.Context, c Code, n int, opt solver.Options) ([]int, error) {
	workers := opt.WorkerCount()
	if n < 0 || n > MaxN {
		return nil, fmt.Errorf("octal: n = %d: want 0 to %d", n, MaxN)
	}
	// The table of values (8 bytes each), what is made of it (JSON of the
	// values: a few bytes each, in a buffer that doubles), and room for
	// the runtime to map one slice that large (under prlimit --as the
	// runtime fails a large slice well before the address space is used).
	if err := (budget.Estimate{What: fmt.Sprintf("n = %d", n), Bytes: 40 * float64(n+1)}).Check(); err != nil {
		return nil, fmt.Errorf("octal: %w", err)
	}
	k := newKernel(c, n)
	defer k.startHelpers(workers)()
	if k.three && n > 3000 {
		return nil, fmt.Errorf("octal: n = %d: a code with three-heap moves is computed to n = 3000 at most (the direct method is cubic)", n)
	}
	first := min(n, directUpTo)
	if err := k.direct(ctx, 0, first); err != nil {
		return nil, err
	}
	if first == n || k.periodic(first, n) {
		return k.g, nil
	}
	if sp, ok := k.sparseSpace(first); ok {
		if err := k.sparse(ctx, first+1, n, sp); err != nil {
			return nil, err
		}
		return k.g, nil
	}
	// The direct method looks at m/2 splits of heap m for each digit that
	// splits: about splits·n²/4 steps, some 10^9 a second.
	if secs := float64(len(k.splits)) * float64(n) * float64(n) / 4 / 1e9; secs > maxSeconds {
		return nil, fmt.Errorf("octal: %w: n = %d by the direct method (%d splitting digits, no sparse space) needs about %s (limit %s); choose a smaller n", budget.ErrTooLarge, n, len(k.splits), budget.Duration(secs), budget.Duration(maxSeconds))
	}
	for from := first + 1; from <= n; {
		to := min(n, 2*from)
		if err := k.direct(ctx, from, to); err != nil {
			return nil, err
		}
		if to == n || k.periodic(to, n) {
			break
		}
		from = to + 1
	}
	return k.g, nil
}

// kernel computes one code's values into g.
type kernel struct {
	marks
	c      Code
	g      []int
	splits []int // the takes whose digit allows two heaps
	three  bool  // some digit allows three heaps
	// helpers share the direct method's splits of large heaps: helper i
	// marks those whose smallest heap is i+1 modulo len(helpers)+1.
	helpers []helper
	// shareFrom is the work on one heap from which it is shared
	// (parallelFrom; the tests share every heap).
	shareFrom int
}

// marks records the values of the moves from one heap at a time.
type marks struct {
	seen []int // seen[v] == m+1: some move from heap m is worth v
}

func (s *marks) mark(v, m int) {
	for len(s.seen) <= v {
		s.seen = append(s.seen, 0)
	}
	s.seen[v] = m + 1
}

func (s *marks) marked(v, m int) bool { return v < len(s.seen) && s.seen[v] == m+1 }

type helper struct {
	marks
	heap chan int
	done chan struct{}
}

func newKernel(c Code, n int) *kernel {
	k := &kernel{c: c, g: make([]int, n+1), marks: marks{seen: make([]int, 0, 64)}, shareFrom: parallelFrom}
	for t, d := range c.Digits {
		if d&4 != 0 {
			k.splits = append(k.splits, t)
		}
		k.three = k.three || d&8 != 0
	}
	return k
}

// parallelFrom is the work on one heap (moves looked at) from which the
// direct method shares it among the workers: below, handing it over costs
// more than it saves.
const parallelFrom = 1 << 14

// startHelpers starts workers-1 goroutines for the direct method; stop
// ends them.
func (k *kernel) startHelpers(workers int) (stop func()) {
	k.helpers = make([]helper, max(workers-1, 0))
	for i := range k.helpers {
		h := &k.helpers[i]
		h.heap, h.done = make(chan int), make(chan struct{})
		go func(lane int) {
			for m := range h.heap {
				k.splitMoves(&h.marks, m, lane, len(k.helpers)+1)
				h.done <- struct{}{}
			}
		}(i + 1)
	}
	return func() {
		for i := range k.helpers {
			close(k.helpers[i].heap)
		}
		k.helpers = nil
	}
}

// simple marks heap m's moves that leave no heap or one.
func (k *kernel) simple(m int) {
	for t, d := range k.c.Digits {
		if t > m || d&3 == 0 || t == 0 {
			continue
		}
		r := m - t // tokens left
		if d&1 != 0 && r == 0 {
			k.mark(0, m)
		}
		if d&2 != 0 && r > 0 {
			k.mark(k.g[r], m)
		}
	}
}

// splitMoves marks in s the values of heap m's moves to two or three
// heaps whose smallest heap is lane modulo stride.
func (k *kernel) splitMoves(s *marks, m, lane, stride int) {
	g := k.g
	first := lane
	if first == 0 {
		first = stride
	}
	for _, t := range k.splits {
		r := m - t
		// Two non-empty heaps a + b = r (with t = 0, a split of the heap
		// itself).
		for a := first; a <= r/2; a += stride {
			if k.c.unequal && 2*a == r {
				continue
			}
			s.mark(g[a]^g[r-a], m)
		}
	}
	if k.three {
		for t, d := range k.c.Digits {
			if d&8 == 0 || t > m {
				continue
			}
			r := m - t
			for a := first; a <= r/3; a += stride {
				for b := a; b <= (r-a)/2; b++ {
					s.mark(g[a]^g[b]^g[r-a-b], m)
				}
			}
		}
	}
}

// mex is the least value no move from heap m was marked with, by the
// kernel or by a helper.
func (k *kernel) mex(m int, shared bool) int {
	v := 0
	for k.marked(v, m) || shared && k.helped(v, m) {
		v++
	}
	return v
}

func (k *kernel) helped(v, m int) bool {
	for i := range k.helpers {
		if k.helpers[i].marked(v, m) {
			return true
		}
	}
	return false
}

// direct computes G(from..to) from every move, sharing the splits of
// large heaps with the helpers when there are any.
func (k *kernel) direct(ctx context.Context, from, to int) error {
	work := len(k.splits)
	if k.three {
		work = to // a cubic count per heap; any large heap is large work
	}
	for m := from; m <= to; m++ {
		if m%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("octal: %w", err)
			}
		}
		k.simple(m)
		shared := len(k.helpers) > 0 && work*m/2 >= k.shareFrom
		if shared {
			for i := range k.helpers {
				k.helpers[i].heap <- m
			}
			k.splitMoves(&k.marks, m, 0, len(k.helpers)+1)
			for i := range k.helpers {
				<-k.helpers[i].done
			}
		} else {
			k.splitMoves(&k.marks, m, 1, 1)
		}
		k.g[m] = k.mex(m, shared)
	}
	return nil
}

// periodic fills G(upTo+1..n) from the period when the values to upTo
// certify one (octal codes only) and reports whether it did.
func (k *kernel) periodic(upTo, n int) bool {
	if !k.c.Octal() {
		return false
	}
	p := Period(k.c, k.g[:upTo+1])
	if !p.Certified {
		return false
	}
	for m := upTo + 1; m <= n; m++ {
		k.g[m] = k.g[m-p.Period]
	}
	return true
}

// parity is the parity of v's bits under mask.
func parity(v, mask int) int { return bits.OnesCount(uint(v&mask)) & 1 }

// space is a sparse space: a mask, and for a space "in the domain" the
// take t of the splitting digits (all of one parity). A value v is common
// for heap m when parity(v, mask) is 1, or in the domain when it differs
// from the parity of m - t (Flammenkamp's tables of octal games); a heap is
// rare when its own value is not common for it. A move to two heaps a and
// b is then worth a value common for heap m only if exactly one of a and
// b is rare.
type space struct {
	mask   int
	domain bool
	t      int
}

// flip is 1 where the domain turns the parity that makes a value common
// for heap m.
func (s space) flip(m int) int {
	if s.domain {
		return (m - s.t) & 1
	}
	return 0
}

func (s space) common(v, m int) bool { return parity(v, s.mask)^s.flip(m) == 1 }

// sparseSpace chooses the space under which the fewest of the latest
// values (to upTo, at most 4096 of them) are rare, and reports whether one
// shows (rare values under a quarter there; codes with three-heap moves have
// none that this method uses). A mask is a pattern on the bits the values
// use, continued above them by ones or by zeros (Flammenkamp's masks are
// infinite bit strings such as 0111…, Grundy's game's); ones win ties, so
// that values that later outgrow the pattern stay classified alike.
func (k *kernel) sparseSpace(upTo int) (space, bool) {
	if k.three || len(k.splits) == 0 || upTo < 64 {
		return space{}, false
	}
	from := max(1, upTo-4096)
	top := 0
	for _, v := range k.g[from : upTo+1] {
		top = max(top, v)
	}
	width := min(bits.Len(uint(top)), 12)
	domainOK := true
	for _, t := range k.splits {
		domainOK = domainOK && (t-k.splits[0])&1 == 0
	}
	var best space
	bestRare := upTo
	for _, domain := range []bool{false, true} {
		if domain && !domainOK {
			continue
		}
		for _, above := range []int{^(1<<width - 1), 0} {
			for low := 0; low < 1<<width; low++ {
				sp, rare := space{mask: low | above, domain: domain, t: k.splits[0]}, 0
				if sp.mask == 0 {
					continue
				}
				for m := from; m <= upTo; m++ {
					if !sp.common(k.g[m], m) {
						rare++
					}
				}
				if rare < bestRare {
					best, bestRare = sp, rare
				}
			}
		}
	}
	return best, bestRare*4 < upTo-from+1
}

// sparse computes G(from..to) by the sparse-space method. Under the
// space, the common values among heap m's moves all come from pairs with
// one of the few rare heaps: marked exactly, pair by pair. The least
// common value missing is then G(m) unless a value below it that is not
// common is missing too; those are looked for among the pairs of common
// heaps, a scan that stops as soon as every one is found, and that finds
// them early because such pairs are many. A scan that ends with one still
// missing has found a new rare heap. Octal codes are checked for a
// certified period as the values double.
func (k *kernel) sparse(ctx context.Context, from, to int, sp space) error {
	g := k.g
	var rare []int
	for a := 1; a < from; a++ {
		if !sp.common(g[a], a) {
			rare = append(rare, a)
		}
	}
	next := 2 * from
	for m := from; m <= to; m++ {
		if m%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("octal: %w", err)
			}
		}
		if m == next {
			// A certified period ends the work; a space that fits the
			// latest values better replaces the one chosen on the first.
			if k.periodic(m-1, to) {
				return nil
			}
			if better, ok := k.sparseSpace(m - 1); ok && better != sp {
				sp, rare = better, rare[:0]
				for a := 1; a < m; a++ {
					if !sp.common(g[a], a) {
						rare = append(rare, a)
					}
				}
			}
			next *= 2
		}
		k.simple(m)
		for _, t := range k.splits {
			r := m - t
			for _, a := range rare {
				b := r - a
				if b < 1 {
					break
				}
				if k.c.unequal && a == b {
					continue
				}
				k.mark(g[a]^g[b], m)
			}
		}
		// The least common value missing, and the others below it.
		c, missing := 0, 0
		for ; k.marked(c, m) || !sp.common(c, m); c++ {
			if !k.marked(c, m) {
				missing++
			}
		}
	scan:
		for _, t := range k.splits {
			if missing == 0 {
				break
			}
			r := m - t
			for a := 1; a <= r/2; a++ {
				if x := g[a] ^ g[r-a]; x < c && !k.marked(x, m) && !(k.c.unequal && 2*a == r) {
					k.mark(x, m)
					if missing--; missing == 0 {
						break scan
					}
				}
			}
		}
		g[m] = k.mex(m, false)
		if !sp.common(g[m], m) {
			rare = append(rare, m)
		}
	}
	return nil
}

// Periodicity is what Period finds.
type Periodicity struct {
	// Period p and Preperiod n0: G(n+p) = G(n) + Saltus for n >= n0 as
	// far as computed; Period is 0 when none was found.
	Period, Preperiod int
	// Saltus s is 0 for a period, and positive for an arithmetic period
	// (the values grow by s each period: hexadecimal games and splits
	// without taking can do that, finite octal games cannot).
	Saltus int
	// Certified: the periodicity theorem proves it for every n.
	Certified bool
	// Needed is how far the values must go for the theorem: n up to
	// 2·n0 + 2p + t - 1 (for octal codes).
	Needed int
}

// Period finds the smallest period the values show at least three times
// from its preperiod on, the preperiod in the first half of the values,
// and whether the theorem certifies it; failing a period, the smallest
// arithmetic period so shown (certified never: the arithmetic-periodicity
// theorems for hexadecimal games are not applied here).
func Period(c Code, g []int) Periodicity {
	if r := period(g, false); r.Period > 0 {
		if c.Octal() {
			r.Needed = 2*r.Preperiod + 2*r.Period + c.MaxTake() - 1
			r.Certified = len(g)-1 >= r.Needed
		}
		return r
	}
	return period(g, true)
}

// period finds the smallest p with G(n+p) - G(n) the same for every n from
// n0 on (0, or with arithmetic any positive saltus), seen three times over
// from an n0 in the first half of the values.
func period(g []int, arithmetic bool) Periodicity {
	N := len(g) - 1
	for p := 1; 3*p <= N+1; p++ {
		s := g[N] - g[N-p]
		if s != 0 && !arithmetic || arithmetic && s <= 0 {
			continue
		}
		n0 := 0
		for n := N - p; n >= 0; n-- {
			if g[n+p]-g[n] != s {
				n0 = n + 1
				break
			}
		}
		if N-n0+1 < 3*p || 2*n0 > N {
			// Not seen three times over, or only in the last half of the
			// values: too little to call a period.
			continue
		}
		return Periodicity{Period: p, Preperiod: n0, Saltus: s}
	}
	return Periodicity{}
}
