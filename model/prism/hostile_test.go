package prism

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/model/jani"
	"github.com/gamesolve/gamesolve/solver"
)

// withUpdate is a model whose one update assigns x the expression e.
func withUpdate(e string) string {
	return "dtmc\nmodule m\n x : [0..10] init 0;\n [] x<10 -> 0.5:(x'=" + e + ") + 0.5:(x'=x);\nendmodule\n"
}

// formulaChain is n formulas, each the one before it used twice.
func formulaChain(n int) string {
	var b strings.Builder
	b.WriteString("dtmc\nformula f0 = x;\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "formula f%d = f%d + f%d;\n", i, i-1, i-1)
	}
	fmt.Fprintf(&b, "module m\n x : [0..10] init 0;\n [] f%d<10 -> (x'=x);\nendmodule\n", n)
	return b.String()
}

// manyRewards is n commands and n state rewards, which every transition
// carries: n^2 operators.
func manyRewards(n int) string {
	var b strings.Builder
	b.WriteString("dtmc\nmodule m\n x : [0..10] init 0;\n")
	for range n {
		b.WriteString(" [] x<10 -> (x'=x+1);\n")
	}
	b.WriteString("endmodule\nrewards\n")
	for i := range n {
		fmt.Fprintf(&b, " x=%d : 1;\n", i%11)
	}
	b.WriteString("endrewards\n")
	return b.String()
}

// Texts shaped to exhaust the stack, the memory or the time of a reader
// that recurses or expands without bound (each of the reproducers of the
// second reliability probe, at full size) are refused with a line that
// says why and where; before, a stack overflow or an out-of-memory death
// ended the process, a server included.
func TestHostileShapes(t *testing.T) {
	const big = 1_000_000
	deep := strings.Repeat("(", big) + "x+1" + strings.Repeat(")", big)
	// Formulas 1,000 deep, each one operator taller than the last: the
	// text is small, the expansion 10^6 deep.
	var tall strings.Builder
	tall.WriteString("dtmc\nformula g0 = x;\n")
	for i := 1; i <= 1000; i++ {
		fmt.Fprintf(&tall, "formula g%d = %s + g%d;\n", i, strings.Repeat("x+", 900)+"x", i-1)
	}
	tall.WriteString("module m\n x : [0..10] init 0;\n [] g1000<10 -> (x'=x);\nendmodule\n")
	cases := []struct {
		name, model, props, want string
	}{
		{"nested parentheses", withUpdate(deep), "", "nested more than 1000 deep"},
		{"nested parentheses in properties", withUpdate("x+1"), "P=? [ F " + deep + " ];", "properties 1:"},
		{"a flat sum", withUpdate("min(10," + strings.Repeat("x+", big) + "x)"), "", "a sum of more than 1000 terms"},
		{"a flat product", withUpdate(strings.Repeat("x*", big) + "x"), "", "nested more than 1000 deep"},
		{"unary minus", withUpdate(strings.Repeat("-", big) + "x"), "", "nested more than 1000 deep"},
		{"negations", withUpdate("x") + "label \"a\" = " + strings.Repeat("!", big) + "true;\n", "", "nested more than 1000 deep"},
		{"nested min", withUpdate(strings.Repeat("min(x,", big) + "x" + strings.Repeat(")", big)), "", "nested more than 1000 deep"},
		{"conditionals", withUpdate(strings.Repeat("x>1?x:", big) + "x"), "", "nested more than 1000 deep"},
		{"implications", "dtmc\nlabel \"a\" = " + strings.Repeat("true=>", big) + "true;\n" + withUpdate("x")[5:], "", "nested more than 1000 deep"},
		{"formulas that double", formulaChain(80), "", "formula f"},
		{"formulas that double, in a renamed module", strings.Replace(formulaChain(80), "endmodule\n", "endmodule\nmodule n = m [x=y] endmodule\n", 1), "", "formula f"},
		{"formulas that nest", tall.String(), "", "once the formulas it uses are expanded"},
		{"rewards on every transition", manyRewards(3000), "", "the translation grows past"},
		{"invalid UTF-8", "dtmc\nmodule m\xff\nendmodule\n", "", "not valid UTF-8 (byte 0xff)"},
		{"a letter outside ASCII", "dtmc\nmodule mé\nendmodule\n", "", "2:9: unexpected character 'é'"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			start := time.Now()
			m, err := Parse([]byte(c.model), []byte(c.props), nil, "hostile")
			if err == nil && c.props != "" {
				// A property that cannot be read costs only itself.
				res, cerr := m.Check(context.Background(), jani.Options{})
				if cerr != nil || len(res.Properties) != 1 || res.Properties[0].Err == nil {
					t.Fatalf("%v %+v: want the one property in error", cerr, res)
				}
				err = res.Properties[0].Err
			}
			t.Logf("%.0f KB refused in %v: %v", float64(len(c.model)+len(c.props))/1e3, time.Since(start).Round(time.Millisecond), err)
			if err == nil || !errors.Is(err, solver.ErrInvalid) || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("got %v, want one line with %q", err, c.want)
			}
		})
	}
}

// Shapes near the limits are read: 1,000 nested parentheses, a sum of 999
// terms, min of 5,000 arguments, formulas that double twelve times (4,096
// operators), and a model of 300 commands whose deadlock condition joins
// 300 guards (as a balanced tree, beyond 256), solved to the
// values of the same model with one command.
func TestShapesWithinLimits(t *testing.T) {
	ok := []string{
		withUpdate(strings.Repeat("(", 990) + "x" + strings.Repeat(")", 990)),
		withUpdate("min(10," + strings.Repeat("x+", 990) + "x)"),
		withUpdate("min(" + strings.Repeat("x,", 5000) + "x)"),
		formulaChain(12),
	}
	for i, m := range ok {
		if _, err := Parse([]byte(m), []byte(`P=? [ F x=3 ]`), nil, "near"); err != nil {
			t.Errorf("model %d: %v", i, err)
		}
	}
	// n copies of one command, and reward items that pay 1 at x = i mod
	// 11 for i < n; or the same with one command and one item for each
	// x, paying their count.
	model := func(n int, aggregate bool) string {
		var b strings.Builder
		b.WriteString("dtmc\nmodule m\n x : [0..10] init 0;\n")
		for range max(1, n*bool2int(!aggregate)) {
			b.WriteString(" [] x<10 -> 0.5:(x'=x+1) + 0.5:(x'=max(x-1,0));\n")
		}
		b.WriteString("endmodule\nrewards \"r\"\n")
		if aggregate {
			for x := range 11 {
				fmt.Fprintf(&b, " x=%d : %d;\n", x, n/11+bool2int(x < n%11))
			}
		} else {
			for i := range n {
				fmt.Fprintf(&b, " x=%d : 1;\n", i%11)
			}
		}
		b.WriteString("endrewards\n")
		return b.String()
	}
	props := `P=? [ F "deadlock" ]; R{"r"}=? [ F x=10 ]`
	want := solve(t, model(300, true), props)
	got := solve(t, model(300, false), props)
	if want[0] != "1" || got[0] != "1" || got[1] != want[1] {
		t.Errorf("300 commands and items: %v, one command and 11 items: %v", got, want)
	}
}

func bool2int(b bool) int {
	if b {
		return 1
	}
	return 0
}

// solve checks a model's properties exactly and returns their values.
func solve(t *testing.T, model, props string) []string {
	t.Helper()
	m, err := Parse([]byte(model), []byte(props), nil, "t")
	if err != nil {
		t.Fatal(err)
	}
	res, err := m.Check(context.Background(), jani.Options{Exact: true})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, p := range res.Properties {
		if p.Exact == nil {
			out = append(out, "")
			continue
		}
		out = append(out, p.Exact.RatString())
	}
	return out
}

// A parse stops when its context ends, and says so with the context's
// error (not as an error in the text), mid-way through a large model.
func TestParseStopsWithContext(t *testing.T) {
	var b strings.Builder
	b.WriteString("dtmc\nmodule m\n x : [0..10] init 0;\n")
	for b.Len() < 4<<20 {
		b.WriteString(" [] x<10 -> 0.5:(x'=x+1) + 0.5:(x'=x);\n")
	}
	b.WriteString("endmodule\n")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ParseContext(ctx, []byte(b.String()), nil, nil, "big"); !errors.Is(err, context.Canceled) || errors.Is(err, solver.ErrInvalid) {
		t.Errorf("cancelled: %v", err)
	}
	ctx, cancel = context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := ParseContext(ctx, []byte(b.String()), nil, nil, "big")
	t.Logf("stopped after %v", time.Since(start).Round(time.Millisecond))
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("deadline: %v", err)
	}
}

// A text too large for the memory budget is refused before it is read,
// with the estimate.
func TestRefusedUpFront(t *testing.T) {
	model := []byte(withUpdate("x+1"))
	_, _, err := translate(context.Background(), model, nil, "m", uint64(len(model))*BytesPerByte-1)
	if !errors.Is(err, budget.ErrTooLarge) || !strings.Contains(err.Error(), "400 bytes per byte") {
		t.Errorf("got %v", err)
	}
	if _, _, err := translate(context.Background(), model, nil, "m", uint64(len(model))*BytesPerByte); err != nil {
		t.Errorf("within the budget: %v", err)
	}
}

// The reproducers' PRISM files, where ../shared is present, give what
// the probe asked for.
func TestReproducers(t *testing.T) {
	dir := "../../../shared/repro/server-and-parsers/"
	blowup, err := os.ReadFile(dir + "prism_formula_blowup.pm")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("the reproducers are not here (%v)", err)
		}
		t.Skipf("the reproducers are not here (%v)", err)
	}
	_, err = Parse(blowup, []byte("P=? [ F x=3 ]"), nil, "blowup")
	if err == nil || !strings.Contains(err.Error(), "formula f79 grows to 1.21e+24 operators") {
		t.Errorf("blowup: %v", err)
	}
}

// PRISM's doubles are exact rationals here (docs/prism.md): 0.1+0.2 is
// 0.3, so the first command is taken and x=1 is reached surely (PRISM's
// IEEE doubles take the second).
func TestDoublesAreExact(t *testing.T) {
	model := "dtmc\nconst double p = 0.1+0.2;\nmodule m\n x : [0..2] init 0;\n [] x=0 & p=0.3 -> (x'=1);\n [] x=0 & p!=0.3 -> (x'=2);\nendmodule\n"
	if got := solve(t, model, "P=? [ F x=1 ]"); got[0] != "1" {
		t.Errorf("P=? [ F x=1 ] = %s, want 1", got[0])
	}
}
