package report

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/cgt/misere"
	"github.com/gamesolve/gamesolve/cgt/octal"
	"github.com/gamesolve/gamesolve/cgt/rulesets"
	"github.com/gamesolve/gamesolve/solver"
)

// Misere is a take-and-break game in misère play: the cgt --octal
// --misere command's JSON and text.
type Misere struct {
	Code string `json:"code"`
	Name string `json:"name,omitempty"`
	N    int    `json:"n"`
	// Heaps are heaps 1..N (or as far as the search went: HeapsLimit
	// says why it stopped).
	Heaps      []MisereHeap `json:"heaps"`
	HeapsLimit string       `json:"heaps_limit,omitempty"`
	// Quotient is the misère quotient of the heaps to its max_heap: N,
	// or less with QuotientLimit saying where it stopped.
	Quotient      MisereQuotient `json:"quotient"`
	QuotientLimit string         `json:"quotient_limit,omitempty"`
}

// MisereHeap is one heap's misère outcome, genus and tameness.
type MisereHeap struct {
	Heap    int    `json:"heap"`
	Outcome string `json:"outcome"` // P or N
	Genus   string `json:"genus"`
	Tame    bool   `json:"tame"`
}

// MisereQuotient is a misère quotient: its elements named by words in
// generators a, b, c, … (each a heap's class), the heaps' classes, the
// P-portion and the multiplication table (element indices, 0 the
// identity, in the order of Elements).
type MisereQuotient struct {
	MaxHeap    int            `json:"max_heap"`
	Order      int            `json:"order"`
	Generators map[string]int `json:"generators"`
	Elements   []string       `json:"elements"`
	PPortion   []string       `json:"p_portion"`
	Heaps      []string       `json:"heaps"` // the class of heap 1, 2, …
	Grew       []int          `json:"grew"`
	Table      [][]int        `json:"table"`
}

// maxMisereHeap bounds -n with --misere.
const maxMisereHeap = misere.MaxHeap

// SolveMisere analyses a code's heaps 1..n in misère play: outcomes and
// genera heap by heap, and the misère quotient of the heaps to n, each as
// far as its search's budget goes.
func SolveMisere(ctx context.Context, code string, n int) (*Misere, error) {
	c, err := octal.Parse(code)
	if err != nil {
		return nil, solver.Invalidf("%w", err)
	}
	if n < 1 || n > maxMisereHeap {
		return nil, solver.Invalidf("cgt: --misere -n %d: want 1 to %d", n, maxMisereHeap)
	}
	out := &Misere{Code: c.Text, Name: octalNames[c.Text], N: n}
	heaps, err := misere.New(ctx, c, n)
	if err != nil {
		return nil, solver.Invalidf("%w", err)
	}
	// Genera search each heap plus nim heaps of size 2: the table stops
	// where that outgrows a smaller budget (a second or two), and the
	// quotient goes on.
	heaps.SetLimit(misere.MaxPositions / 4)
	for h := 1; h <= n; h++ {
		gen, err := heaps.GenusOf([]int{h})
		if err == nil {
			var tame, p bool
			if tame, err = heaps.TameHeap(h); err == nil {
				p, err = heaps.IsP([]int{h})
			}
			if err == nil {
				out.Heaps = append(out.Heaps, MisereHeap{Heap: h, Outcome: map[bool]string{true: "P", false: "N"}[p], Genus: gen.String(), Tame: tame})
				continue
			}
		}
		if !errors.Is(err, budget.ErrTooLarge) {
			return nil, err
		}
		out.HeapsLimit = fmt.Sprintf("heap %d: %v", h, err)
		break
	}
	quotient, err := misere.New(ctx, c, n)
	if err != nil {
		return nil, solver.Invalidf("%w", err)
	}
	q, err := quotient.Quotient()
	if err != nil {
		if !errors.Is(err, budget.ErrTooLarge) {
			return nil, err
		}
		out.QuotientLimit = err.Error()
	}
	out.Quotient = MisereQuotient{MaxHeap: q.MaxHeap, Order: q.Order(), Generators: map[string]int{}, Elements: q.Names, Grew: q.Grew, Table: q.Mul}
	for i, h := range q.Generators {
		out.Quotient.Generators[misereLetter(i)] = h
	}
	for x, p := range q.P {
		if p {
			out.Quotient.PPortion = append(out.Quotient.PPortion, q.Names[x])
		}
	}
	for h := 1; h <= q.MaxHeap; h++ {
		out.Quotient.Heaps = append(out.Quotient.Heaps, q.Names[q.Heap[h]])
	}
	return out, nil
}

func misereLetter(i int) string {
	if i < 26 {
		return string(rune('a' + i))
	}
	return fmt.Sprintf("g%d", i)
}

// Text writes the cgt --octal --misere command's text.
func (m *Misere) Text(b *bytes.Buffer) {
	name := ""
	if m.Name != "" {
		name = " (" + m.Name + ")"
	}
	fmt.Fprintf(b, "%s%s in misère play (the last mover loses), heaps 1..%d\n", m.Code, name, m.N)
	b.WriteString("  heap  outcome  genus          tame\n")
	for _, h := range m.Heaps {
		tame := "no"
		if h.Tame {
			tame = "yes"
		}
		fmt.Fprintf(b, "  %4d  %-7s  %-13s  %s\n", h.Heap, h.Outcome, h.Genus, tame)
	}
	if m.HeapsLimit != "" {
		fmt.Fprintf(b, "  (stopped at %s)\n", m.HeapsLimit)
	}
	q := m.Quotient
	fmt.Fprintf(b, "misère quotient of the heaps to %d: order %d, %d P-positions", q.MaxHeap, q.Order, len(q.PPortion))
	if len(q.Grew) > 0 {
		fmt.Fprintf(b, "; grew at heaps %s", strings.Trim(fmt.Sprint(q.Grew), "[]"))
	}
	b.WriteByte('\n')
	var gens []string
	for i := range len(q.Generators) {
		gens = append(gens, fmt.Sprintf("%s = heap %d", misereLetter(i), q.Generators[misereLetter(i)]))
	}
	fmt.Fprintf(b, "  generators  %s\n", strings.Join(gens, ", "))
	var hs []string
	for i, x := range q.Heaps {
		hs = append(hs, fmt.Sprintf("%d:%s", i+1, x))
	}
	fmt.Fprintf(b, "  heaps       %s\n", strings.Join(hs, " "))
	fmt.Fprintf(b, "  P-portion   %s\n", strings.Join(q.PPortion, ", "))
	if m.QuotientLimit != "" {
		fmt.Fprintf(b, "  beyond heap %d: %s\n", q.MaxHeap, m.QuotientLimit)
	}
	b.WriteString("a sum is a P-position when the product of its heaps' classes is in the P-portion\n")
}

// MisereSum is a row of heaps of an impartial ruleset in misère play: the
// cgt --game RULESET --misere command's JSON and text.
type MisereSum struct {
	Game  string `json:"game"`
	Input string `json:"input"`
	// Outcome is P (the player to move loses) or N.
	Outcome string `json:"outcome"`
	// By says what decided it: "quotient" (the misère quotient of the
	// heaps to the largest, Class being the sum's class in it), or
	// "search" (the moves searched, where the quotient could not be
	// certified).
	By    string `json:"by"`
	Class string `json:"class,omitempty"`
	Order int    `json:"order,omitempty"`
	// Genus is the sum's genus, and Tame whether the genus theory
	// decides it (every heap reachable tame); absent when the search for
	// it outgrows its budget.
	Genus string `json:"genus,omitempty"`
	Tame  bool   `json:"tame"`
}

// SolveMisereSum decides a row of heaps of an impartial ruleset (kayles,
// dawsons, grundy, octal:CODE) in misère play.
func SolveMisereSum(ctx context.Context, game, input string) (*MisereSum, error) {
	rs, err := rulesets.Lookup(game)
	if err != nil {
		return nil, solver.Invalidf("%w", err)
	}
	hg, ok := rs.(rulesets.HeapGame)
	if !ok {
		return nil, solver.Invalidf("cgt: --misere plays take-and-break rulesets (kayles, dawsons, grundy, octal:CODE), not %s", game)
	}
	var heaps []int
	top := 0
	for _, f := range strings.Fields(input) {
		h, err := strconv.Atoi(f)
		if err != nil || h < 0 || h > misere.MaxHeap {
			return nil, solver.Invalidf("cgt: --misere %s: heap %q is not a whole number from 0 to %d", game, f, misere.MaxHeap)
		}
		heaps = append(heaps, h)
		top = max(top, h)
	}
	if len(heaps) == 0 {
		return nil, solver.Invalidf("cgt: --misere %s: expected heap sizes separated by spaces, e.g. 3 5 7", game)
	}
	out := &MisereSum{Game: game, Input: input}
	g, err := misere.New(ctx, hg.Code(), top)
	if err != nil {
		return nil, solver.Invalidf("%w", err)
	}
	q, qerr := g.Quotient()
	var p bool
	switch {
	case qerr == nil:
		x := q.Of(heaps)
		p, out.By, out.Class, out.Order = q.P[x], "quotient", q.Names[x], q.Order()
	case errors.Is(qerr, budget.ErrTooLarge):
		search, _ := misere.New(ctx, hg.Code(), top)
		if p, err = search.IsP(heaps); err != nil {
			return nil, fmt.Errorf("%w (and the quotient: %v)", err, qerr)
		}
		out.By = "search"
	default:
		return nil, qerr
	}
	out.Outcome = map[bool]string{true: "P", false: "N"}[p]
	genera, _ := misere.New(ctx, hg.Code(), top)
	genera.SetLimit(misere.MaxPositions / 4)
	if gen, err := genera.GenusOf(heaps); err == nil {
		out.Genus = gen.String()
		if tp, err := genera.TameOutcome(heaps); err == nil {
			if tp != p {
				return nil, fmt.Errorf("cgt: the genus theory and the %s disagree on %s %s: a bug", out.By, game, input)
			}
			out.Tame = true
		}
	} else if err := ctx.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// Text writes the cgt --game --misere command's text.
func (m *MisereSum) Text(b *bytes.Buffer) {
	outcome := map[string]string{"P": "P (the player to move loses)", "N": "N (the player to move wins)"}[m.Outcome]
	fmt.Fprintf(b, "misère outcome  %s\n", outcome)
	if m.By == "quotient" {
		fmt.Fprintf(b, "decided by      the misère quotient of the heaps to the largest (order %d): class %s\n", m.Order, m.Class)
	} else {
		b.WriteString("decided by      searching the moves (no quotient could be certified within its budget)\n")
	}
	if m.Genus != "" {
		tame := "wild: a heap it reaches is not tame, so the genus theory does not decide it"
		if m.Tame {
			tame = "tame: it plays as misère Nim"
		}
		fmt.Fprintf(b, "genus           %s (%s)\n", m.Genus, tame)
	}
}
