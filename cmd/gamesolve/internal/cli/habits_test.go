package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The command line's habits that the second reliability probe found
// wanting (issue 43, items 16 and 17): each mistake is one line on stderr
// with exit status 2 that names what is wrong, and says what was meant
// where it can tell.
func TestHabits(t *testing.T) {
	dir := t.TempDir()
	file := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	empty := file("empty.json", "")
	array := file("array.json", "[]")
	badUTF8 := file("bad.json", "{\"players\": 1, \"start\": \"x\xff\", \"states\": [{\"id\": \"x\xff\", \"payoff\": [1]}, {\"id\": \"x\xfe\", \"payoff\": [0]}]}")
	mod0 := file("mod0.pm", "dtmc\nmodule m\n x : [0..10] init 0;\n [] x<10 -> (x'=mod(x,x));\nendmodule\n")
	openN := file("openN.pm", "dtmc\nconst int N;\nmodule m\n x : [0..N] init 0;\n [] x<N -> (x'=x+1);\nendmodule\n")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"plot", "nosuch", "-o", "x.png"}, `unknown plot target "nosuch" (cgt, chefs, kuhn, pig, race, solve)`},
		{[]string{"plot", "rac", "--target", "3", "-o", "x.png"}, `did you mean "race"?`},
		{[]string{"completion", "tcsh"}, `unknown shell "tcsh" (bash, fish, powershell, zsh)`},
		{[]string{"race", "--targt", "3"}, "unknown flag: --targt; did you mean --target?"},
		{[]string{"race", "--target", "3", "--timout", "1s"}, "did you mean --timeout?"},
		{[]string{"serve", "--timeout", "1s"}, "--solve-timeout is each solve's deadline"},
		{[]string{"solve", empty}, "the model file is empty"},
		{[]string{"solve", array}, "line 1, column 1: the model: want a JSON object, not a JSON array"},
		{[]string{"solve", badUTF8}, "line 1, column 27: the text is not valid UTF-8 (byte 0xff)"},
		{[]string{"solve", mod0, "--prop", "P=? [ F x=10 ]"}, "0 % 0: division by zero"},
		{[]string{"solve", openN, "--prop", "P=? [ F x=3 ]", "--const", "N=99999999999999999999"}, "an integer out of range"},
		{[]string{"convert", "../../../../docs/examples/die.pm", "--to", "json", "--goal", "d="}, "at its end: expected an expression, found its end"},
		{[]string{"solve", "../../../../docs/examples/gamble.jani", "--const", "WIN=2", "--const", "WIN=3"}, "WIN given twice"},
	} {
		code, stdout, errs := run(t, "", c.args...)
		if code != 2 || stdout != "" || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want %q", c.args, code, stdout, errs, c.want)
		}
	}
	// --const repeats, merging: two uses are one list.
	twoConsts := filepath.Join(dir, "two.pm")
	if err := os.WriteFile(twoConsts, []byte("dtmc\nconst int N;\nconst int M;\nmodule m\n x : [0..N] init 0;\n [] x<N -> 1/M : (x'=x+1) + 1-1/M : (x'=x);\nendmodule\nrewards\n true : 1;\nendrewards\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	both := runJSON(t, "solve", twoConsts, "--prop", "R=? [ F x=N ]", "--const", "N=3,M=2")
	apart := runJSON(t, "solve", twoConsts, "--prop", "R=? [ F x=N ]", "--const", "N=3", "--const", "M=2")
	if b, a := both["properties"], apart["properties"]; b == nil || fmt.Sprint(a) != fmt.Sprint(b) {
		t.Errorf("--const N=3,M=2: %v; --const N=3 --const M=2: %v", b, a)
	}
	// version and completion list no global flags.
	for _, args := range [][]string{{"version", "--help"}, {"completion", "bash", "--help"}} {
		code, out, _ := run(t, "", args...)
		if code != 0 || strings.Contains(out, "--timeout") || strings.Contains(out, "Global Flags") {
			t.Errorf("%v: exit %d, %q", args, code, out)
		}
	}
	if _, out, _ := run(t, "", "race", "--help"); !strings.Contains(out, "--timeout") {
		t.Errorf("race --help lists no --timeout: %q", out)
	}
	// --game names octal:CODE.
	if _, out, _ := run(t, "", "cgt", "--help"); !strings.Contains(out, "or octal:CODE") {
		t.Errorf("cgt --help: %q", out)
	}
}

// Without a period, cgt --octal --json writes period and preperiod as
// null, and the text says from what n a period shows (Kayles: period 12
// from 71 shows at n = 142, not 141).
func TestOctalWithoutPeriod(t *testing.T) {
	for n, want := range map[string]string{"141": "null", "142": "12"} {
		_, out, _ := run(t, "", "cgt", "--octal", "0.77", "-n", n, "--json")
		var m map[string]json.RawMessage
		if err := json.Unmarshal([]byte(out), &m); err != nil {
			t.Fatal(err)
		}
		if string(m["period"]) != want || (want == "null") != (string(m["preperiod"]) == "null") {
			t.Errorf("n = %s: period %s, preperiod %s; want period %s", n, m["period"], m["preperiod"], want)
		}
	}
	_, out, _ := run(t, "", "cgt", "--octal", "0.77", "-n", "141")
	if !strings.Contains(out, "no period found up to n = 141: a period p from heap m is called") {
		t.Errorf("%q", out)
	}
}

// convert --to json keeps the model's order of actions (the tie rule
// reads it): zeta before alpha, as written.
func TestConvertKeepsActionOrder(t *testing.T) {
	model := filepath.Join(t.TempDir(), "order.pm")
	text := "mdp\nmodule m\n x : [0..2] init 0;\n [zeta] x=0 -> (x'=1);\n [alpha] x=0 -> (x'=2);\nendmodule\n"
	if err := os.WriteFile(model, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := run(t, "", "convert", model, "--to", "json", "--goal", "x=1")
	if code != 0 || strings.Index(out, `"zeta"`) > strings.Index(out, `"alpha"`) || !strings.Contains(out, `"alpha"`) {
		t.Errorf("exit %d %s: %s", code, errs, out)
	}
}
