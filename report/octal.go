package report

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/cgt/octal"
	"github.com/gamesolve/gamesolve/solver"
)

// Octal is a take-and-break game's nim-sequence: the cgt --octal
// command's JSON and text.
type Octal struct {
	Code string `json:"code"`
	Name string `json:"name,omitempty"`
	N    int    `json:"n"`
	// Values are G(0), …, G(N).
	Values []int `json:"values"`
	// Period and Preperiod (the first n of the periodic part): G(n+p) =
	// G(n) for n >= preperiod as far as computed; absent when no period
	// shows. LastExceptional is the preperiod less one (absent for 0).
	Period    int  `json:"period,omitempty"`
	Preperiod *int `json:"preperiod,omitempty"`
	// Saltus: G(n+p) = G(n) + saltus, an arithmetic period (absent for
	// an ordinary one).
	Saltus          int  `json:"saltus,omitempty"`
	LastExceptional *int `json:"last_exceptional,omitempty"`
	// Certified: the Guy–Smith theorem proves the period for every n;
	// Needed is how far it needs the values (octal codes with a period).
	Certified bool `json:"certified"`
	Needed    int  `json:"needed,omitempty"`
}

// octalNames are the codes with names of their own.
var octalNames = map[string]string{"0.77": "Kayles", "0.07": "Dawson's Kayles", "0.137": "Dawson's chess", "0.6": "Officers", "0.33": "take one or two", "0.3": "take one", "grundy": "Grundy's game"}

// SolveOctal computes the nim-values of an octal or hexadecimal game to n
// and looks for their period; workers goroutines share the direct
// method's large heaps (0: one per core).
func SolveOctal(ctx context.Context, code string, n, workers int) (*Octal, error) {
	c, err := octal.Parse(code)
	if err != nil {
		return nil, solver.Invalidf("%w", err)
	}
	g, err := octal.Values(ctx, c, n, solver.Options{Workers: workers})
	if err != nil {
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, budget.ErrTooLarge) {
			return nil, err
		}
		return nil, solver.Invalidf("%w", err)
	}
	out := &Octal{Code: c.Text, Name: octalNames[c.Text], N: n, Values: g}
	if p := octal.Period(c, g); p.Period > 0 {
		n0 := p.Preperiod
		out.Period, out.Preperiod, out.Saltus, out.Certified, out.Needed = p.Period, &n0, p.Saltus, p.Certified, p.Needed
		if n0 > 0 {
			last := n0 - 1
			out.LastExceptional = &last
		}
	}
	return out, nil
}

// maxOctalText is the most values the text shows (JSON has them all).
const maxOctalText = 1000

// Text writes the cgt --octal command's text.
func (o *Octal) Text(b *bytes.Buffer) {
	name := ""
	if o.Name != "" {
		name = " (" + o.Name + ")"
	}
	fmt.Fprintf(b, "%s%s: nim-values G(0..%d)\n", o.Code, name, o.N)
	shown := min(len(o.Values), maxOctalText+1)
	for i := 0; i < shown; i += 20 {
		fmt.Fprintf(b, "%6d:", i)
		for _, v := range o.Values[i:min(i+20, shown)] {
			fmt.Fprintf(b, " %d", v)
		}
		b.WriteByte('\n')
	}
	if shown < len(o.Values) {
		fmt.Fprintf(b, "  (the first %d; --json has all %d)\n", shown, len(o.Values))
	}
	switch {
	case o.Period == 0:
		fmt.Fprintf(b, "no period found up to n = %d: a period p from heap m is called once it has shown three times from a heap in the first half of the values, at n = max(2m, m+3p-1); try a larger -n (Kayles, period 12 from 71, shows at n = 142)\n", o.N)
	case o.Saltus > 0:
		fmt.Fprintf(b, "arithmetic period %d, saltus %d (G(n+%d) = G(n) + %d) from n = %d%s as far as n = %d; not certified (no arithmetic-periodicity theorem is applied)\n", o.Period, o.Saltus, o.Period, o.Saltus, *o.Preperiod, exceptional(o), o.N)
	case o.Certified:
		fmt.Fprintf(b, "period %d from n = %d%s: certified (the Guy–Smith theorem needs the values to n = %d)\n", o.Period, *o.Preperiod, exceptional(o), o.Needed)
	case o.Needed > 0:
		fmt.Fprintf(b, "period %d from n = %d%s as far as n = %d; not certified: the Guy–Smith theorem needs the values to n = %d\n", o.Period, *o.Preperiod, exceptional(o), o.N, o.Needed)
	default:
		fmt.Fprintf(b, "period %d from n = %d%s as far as n = %d; not certified (the theorem applies to octal codes that remove tokens in every move)\n", o.Period, *o.Preperiod, exceptional(o), o.N)
	}
}

// MarshalJSON writes period and preperiod as null where no period shows,
// so that a script finds every key.
func (o Octal) MarshalJSON() ([]byte, error) {
	type plain Octal
	var period *int
	if o.Period > 0 {
		period = &o.Period
	}
	return json.Marshal(struct {
		plain
		Period    *int `json:"period"`
		Preperiod *int `json:"preperiod"`
	}{plain(o), period, o.Preperiod})
}

func exceptional(o *Octal) string {
	if o.LastExceptional == nil {
		return ""
	}
	return fmt.Sprintf(" (last exceptional value at n = %d)", *o.LastExceptional)
}
