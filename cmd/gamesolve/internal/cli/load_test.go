package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/model/load"
	"github.com/gamesolve/gamesolve/report"
)

// A model file is read by its text where its extension says nothing: a
// PRISM model named .txt is solved as PRISM by solve and plot solve, as
// the same text is on standard input.
func TestModelNamedTxt(t *testing.T) {
	dir := t.TempDir()
	model, err := os.ReadFile("../../../../docs/examples/die.pm")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "die.txt")
	if err := os.WriteFile(path, model, 0o644); err != nil {
		t.Fatal(err)
	}
	prop := `P=? [ F s=7 & d=6 ]`
	fromFile := runJSON(t, "solve", path, "--exact", "--prop", prop)
	code, stdin, errs := run(t, string(model), "solve", "-", "--json", "--exact", "--prop", prop)
	if code != 0 {
		t.Fatalf("stdin: exit %d: %s", code, errs)
	}
	props := fromFile["properties"].([]any)
	if got := props[0].(map[string]any)["value_exact"]; got != "1/6" || !strings.Contains(stdin, `"value_exact":"1/6"`) {
		t.Errorf("die.txt: %v; stdin: %s", got, stdin)
	}
	if code, _, errs := run(t, "", "plot", "solve", path, "--prop", prop, "-o", filepath.Join(dir, "die.svg")); code != 0 {
		t.Errorf("plot solve die.txt: exit %d: %s", code, errs)
	}
}

// An option that does not apply to the model's format is refused by its
// flag, naming what the model is.
func TestOptionNotForFormat(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", "../../../../docs/examples/gamble.jani", "--const", "WIN=2", "--policy"}, "--policy applies to gamesolve's JSON models; this model is a JANI model"},
		{[]string{"solve", "../../../../docs/examples/signal.efg", "--csv", "x.csv"}, "--csv applies to gamesolve's JSON models; this model is a Gambit game (.efg)"},
		{[]string{"solve", "../../../../docs/examples/duel.json", "--property", "p"}, "--property applies to JANI and PRISM models; this model is in gamesolve's JSON format"},
		{[]string{"solve", "../../../../docs/examples/duel.json", "--renormalize"}, "--renormalize applies to JANI and PRISM models"},
		{[]string{"solve", "../../../../docs/examples/duel.json", "--all"}, "--all applies to Gambit games"},
		{[]string{"plot", "solve", "../../../../docs/examples/die.pm", "-o", "x.png"}, "no properties to compute"},
	} {
		badInput(t, "", c.args...)
		if _, _, errs := run(t, "", c.args...); !strings.Contains(errs, c.want) {
			t.Errorf("%v: %q, want %q", c.args, errs, c.want)
		}
	}
}

// A model too large for all its properties at once is told about
// --property, but not when --property already names one.
func TestSolveErrorTooLarge(t *testing.T) {
	in, err := load.Load(context.Background(), load.Source{Name: "die.pm", Data: []byte("dtmc\nmodule m\n s : [0..1] init 0;\n [] s=0 -> (s'=1);\nendmodule\n"),
		Props: "P=? [ F s=1 ];\nP=? [ F s=0 ]"})
	if err != nil {
		t.Fatal(err)
	}
	tooLarge := fmt.Errorf("engine: %w: 10^9 states", budget.ErrTooLarge)
	hint := "--property NAME computes one property at a time"
	if got := solveError("solve", "die.pm", tooLarge, in, report.Request{}).Error(); !strings.Contains(got, hint) {
		t.Errorf("all properties: %q, want the hint", got)
	}
	one := solveError("solve", "die.pm", tooLarge, in, report.Request{Property: "1"})
	if strings.Contains(one.Error(), hint) || !errors.Is(one, budget.ErrTooLarge) {
		t.Errorf("one property: %q, want no hint and ErrTooLarge", one)
	}
}
