package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamesolve/gamesolve/model/jani"
	"github.com/gamesolve/gamesolve/report"
)

// The reliability probe's float reproductions through the command line: a
// JANI MDP whose Pmin choice escapes with probability 10^-12 (float mode
// printed 1; the answer is 3/5), and a one-player model file of the same
// shape (float printed 0.6; the answer is 1).
func TestFloatNeverSilentlyWrong(t *testing.T) {
	m := runJSON(t, "solve", "testdata/escape.jani")
	props := m["properties"].([]any)
	want := map[string]float64{"reach_min": 0.6, "reach_max": 1}
	for _, p := range props {
		p := p.(map[string]any)
		if got := p["value"].(float64); got != want[p["name"].(string)] {
			t.Errorf("%s = %v, want %v", p["name"], got, want[p["name"].(string)])
		}
		if _, ok := p["unproven"]; ok {
			t.Errorf("%s flagged unproven: a 5-state model is re-solved exactly", p["name"])
		}
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "escape.json")
	if err := os.WriteFile(path, []byte(escapeModel(1, 12)), 0o644); err != nil {
		t.Fatal(err)
	}
	m = runJSON(t, "solve", path, "--policy")
	if v := m["values"].([]any)[0].(float64); v != 1 {
		t.Errorf("value %v, want 1", v)
	}
	if a := m["policy"].(map[string]any)["s0"]; a != "x" {
		t.Errorf("policy at s0 %v, want x", a)
	}
}

// escapeModel is a ring of n states: at s0 the player chooses "y", leaving
// with 2·10^-e for a payoff of 0.6, or "x", leaving with 10^-e for 1;
// otherwise play goes round the ring back to s0.
func escapeModel(n, e int) string {
	var b strings.Builder
	next := func(i int) string { return fmt.Sprintf("s%d", (i+1)%n) }
	fmt.Fprintf(&b, `{"players": 1, "start": "s0", "states": [
 {"id": "s0", "player": 0, "actions": [
  {"name": "y", "outcomes": [{"p": "2e-%[1]d", "to": "lo"}, %[2]s]},
  {"name": "x", "outcomes": [{"p": "1e-%[1]d", "to": "hi"}, %[3]s]}]},
 {"id": "lo", "payoff": [0.6]}, {"id": "hi", "payoff": [1]}`, e, rest(next(0), 2, e), rest(next(0), 1, e))
	for i := 1; i < n; i++ {
		fmt.Fprintf(&b, ",\n {\"id\": \"s%d\", \"chance\": [{\"p\": 1, \"to\": %q}]}", i, next(i))
	}
	b.WriteString("]}\n")
	return b.String()
}

// rest returns outcomes to "to" with probabilities adding up to 1 - m·10^-e,
// written exactly as decimals: 9e-1, 9e-2, …, then (10-m)e-e.
func rest(to string, m, e int) string {
	var parts []string
	for k := 1; k < e; k++ {
		parts = append(parts, fmt.Sprintf(`{"p": "9e-%d", "to": %q}`, k, to))
	}
	parts = append(parts, fmt.Sprintf(`{"p": "%de-%d", "to": %q}`, 10-m, e, to))
	return strings.Join(parts, ", ")
}

// A component too large for an exact re-solve (70,000 states, more than
// 16 times the default limit of 4,096) whose float answer cannot be
// proven: the answer says so, in text and JSON, and the exit status stays
// 0. Its value is 1; the float answer is 0.6, with a bound that covers 1.
func TestUnprovenIsReported(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "ring.json")
	if err := os.WriteFile(path, []byte(escapeModel(70000, 300)), 0o644); err != nil {
		t.Fatal(err)
	}
	m := runJSON(t, "solve", path)
	if m["unproven"] != true {
		t.Errorf("unproven = %v, want true in %v", m["unproven"], m)
	}
	if v, b := m["values"].([]any)[0].(float64), m["unproven_bound"].(float64); v+b < 1 {
		t.Errorf("value %v, bound %v: the bound does not reach the true value 1", v, b)
	}
	code, out, errs := run(t, "", "solve", path)
	if code != 0 || !strings.Contains(out, "warning: not proven to the float precision") {
		t.Errorf("exit %d, stdout %q, stderr %q: want a warning line and exit 0", code, out, errs)
	}
	// Exact mode has nothing to warn about.
	m = runJSON(t, "solve", path, "--exact")
	if _, ok := m["unproven"]; ok || m["values_exact"].([]any)[0] != "1" {
		t.Errorf("exact: %v", m)
	}
}

// The same ring with 5,000 states, where value iteration cannot see past
// an escape of 10^-300 either (float mode once printed 0.6, flagged), is
// within reach of the exact re-solve: float mode answers 1, proven.
func TestEscapeResolved(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ring.json")
	if err := os.WriteFile(path, []byte(escapeModel(5000, 300)), 0o644); err != nil {
		t.Fatal(err)
	}
	m := runJSON(t, "solve", path)
	if _, ok := m["unproven"]; ok || m["values"].([]any)[0] != 1.0 {
		t.Errorf("float: %v, want the value 1, proven", m)
	}
}

// Values beyond float64's range: a payoff of 1e400 and a reward of 1e999.
// Float mode says so in one line (it printed +Inf, or failed to encode
// JSON); exact mode prints the exact value and the float as null.
func TestBeyondFloat64(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"payoff": `{"players": 1, "start": "a", "states": [{"id": "a", "chance": [{"p": "1/2", "to": "b"}, {"p": "1/2", "to": "c"}]}, {"id": "b", "payoff": [1e400]}, {"id": "c", "payoff": [1]}]}`,
		"reward": `{"players": 1, "start": "a", "states": [{"id": "a", "chance": [{"p": "1/2", "to": "b", "reward": "1e999"}, {"p": "1/2", "to": "c"}]}, {"id": "b", "payoff": [1]}, {"id": "c", "payoff": [1]}]}`,
	}
	for name, text := range files {
		path := filepath.Join(dir, name+".json")
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{{"solve", path}, {"solve", path, "--json"}} {
			code, out, errs := run(t, "", args...)
			if code != 2 || out != "" || !strings.Contains(errs, "beyond the range of a float64") || strings.Count(errs, "\n") != 1 {
				t.Errorf("%s %v: exit %d, stdout %q, stderr %q", name, args[2:], code, out, errs)
			}
		}
		m := runJSON(t, "solve", path, "--exact")
		switch name {
		case "payoff":
			if v := m["values"].([]any)[0]; v != nil {
				t.Errorf("payoff: value %v, want null", v)
			}
			// (10^400 + 1)/2
			if v := m["values_exact"].([]any)[0].(string); v != "1"+strings.Repeat("0", 399)+"1/2" {
				t.Errorf("payoff: exact value %.20s… (%d characters), want (10^400+1)/2", v, len(v))
			}
		case "reward":
			if v := m["expected_reward"]; v != nil {
				t.Errorf("reward: %v, want null", v)
			}
			if v, _ := m["expected_reward_exact"].(string); !strings.HasPrefix(v, "5") || len(v) != 999 {
				t.Errorf("reward: exact %.20s… (%d digits)", v, len(v))
			}
		}
		if code, out, _ := run(t, "", "solve", path, "--exact"); code != 0 || !strings.Contains(out, "(beyond float64)") {
			t.Errorf("%s exact text: exit %d %q", name, code, out)
		}
	}
}

// Names from a model file never reach the terminal raw: an escape sequence
// or a right-to-left override in a state, action or property name is
// printed quoted, with Go's escapes.
func TestNamesEscaped(t *testing.T) {
	path := filepath.Join(t.TempDir(), "names.json")
	text := `{"players": 1, "start": "s\u001b[31m", "states": [
		{"id": "s\u001b[31m", "player": 0, "actions": [{"name": "a\u001b]0;pwned\u0007", "outcomes": [{"p": 1, "to": "e\u202e"}]}, {"name": "b", "outcomes": [{"p": 1, "to": "e\u202e"}]}]},
		{"id": "e\u202e", "payoff": [1]}]}`
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := run(t, "", "solve", path, "--policy")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if strings.ContainsAny(out, "\x1b\x07\u202e") {
		t.Errorf("raw control characters in %q", out)
	}
	if !strings.Contains(out, `"s\x1b[31m": "a\x1b]0;pwned\a"`) {
		t.Errorf("policy line not quoted as expected: %q", out)
	}
}

// A JANI value beyond float64: each flip of Knuth's die rewarded 10^400.
// Float mode refuses in one line; exact mode gives the value, the float
// null.
func TestJANIBeyondFloat64(t *testing.T) {
	data, err := os.ReadFile("../../../../docs/examples/knuth_die.jani")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.ReplaceAll(string(data), `"ref": "flips",
         "value": 1`, `"ref": "flips",
         "value": 1e400`)
	// flips becomes a real, so that it can hold 10^400.
	text = strings.Replace(text, `"name": "flips",
   "type": "int",`, `"name": "flips",
   "type": "real",`, 1)
	if strings.Count(text, "1e400") == 0 || !strings.Contains(text, `"type": "real"`) {
		t.Fatal("the example's reward was not found")
	}
	path := filepath.Join(t.TempDir(), "die.jani")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := run(t, "", "solve", path, "--property", "flips")
	if code != 2 || out != "" || !strings.Contains(errs, `property "flips"'s value is beyond the range of a float64`) {
		t.Errorf("float: exit %d %q %q", code, out, errs)
	}
	m := runJSON(t, "solve", path, "--property", "flips", "--exact")
	p := m["properties"].([]any)[0].(map[string]any)
	if p["value"] != nil || !strings.HasPrefix(p["value_exact"].(string), "11") {
		t.Errorf("exact: %v", p)
	}
}

// No error line echoes a long input whole: every reader shortens what it
// repeats, and the command line cuts the line at 1,000 bytes at most.
func TestErrorLinesShort(t *testing.T) {
	long := strings.Repeat("7", 10000)
	for _, args := range [][]string{
		{"race", "--menu", "1/" + long + ":1"},
		{"chefs", "--skills", long},
		{"cgt", "{" + long + "|}"},
		{"solve", "-"},
	} {
		stdin := `{"players": 1, "start": "` + long + `", "states": [{"id": "a", "payoff": [1]}]}`
		code, _, errs := run(t, stdin, args...)
		if code != 2 || len(errs) > 1002 || strings.Count(errs, "\n") != 1 {
			t.Errorf("%.30v: exit %d, error line of %d bytes", args, code, len(errs))
		}
	}
}

// A JANI property whose float value cannot be proven carries the flag per
// property, in JSON and text. The escape model with probabilities of
// 10^-300, with exact re-solves turned off (the command line always has
// them; a library caller may not), is such a case: float64 cannot even
// tell 1 - 10^-300 from 1.
func TestJANIUnprovenFlag(t *testing.T) {
	data, err := os.ReadFile("testdata/escape.jani")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.NewReplacer(
		`"exp": 1e-12`, `"exp": 1e-300`,
		`"exp": 2e-12`, `"exp": 2e-300`,
		`"exp": 0.999999999999`, `"exp": {"op": "-", "left": 1, "right": 1e-300}`,
		`"exp": 0.999999999998`, `"exp": {"op": "-", "left": 1, "right": 2e-300}`,
	).Replace(string(data))
	m, err := jani.Parse([]byte(text), nil)
	if err != nil {
		t.Fatal(err)
	}
	opt := jani.Options{Property: "reach_min"}
	opt.Engine.ExactStates = -1
	r, err := report.CheckJANI(context.Background(), m, opt)
	if err != nil {
		t.Fatal(err)
	}
	p := r.Properties[0]
	if !p.Unproven || p.UnprovenBound == nil || *p.UnprovenBound < 0.4-1e-9 {
		t.Fatalf("reach_min: %+v, want unproven with a bound of at least 0.4", p)
	}
	data, _ = json.Marshal(r)
	var b bytes.Buffer
	r.Text(&b, func(x float64) string { return fmt.Sprint(x) })
	if !strings.Contains(string(data), `"unproven":true,"unproven_bound":`) || !strings.Contains(b.String(), "reach_min: warning: not proven") {
		t.Errorf("JSON %s\ntext %s", data, b.String())
	}
	// With exact re-solves (the default), the same model is answered exactly.
	r, err = report.CheckJANI(context.Background(), m, jani.Options{Property: "reach_min"})
	if err != nil {
		t.Fatal(err)
	}
	if p := r.Properties[0]; p.Unproven || func() bool { x, ok := p.Number(); return !ok || x != 0.6 }() {
		t.Errorf("with re-solves: %+v", p)
	}
}
