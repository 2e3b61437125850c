package report

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/cgt/misere"
	"github.com/gamesolve/gamesolve/cgt/octal"
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
