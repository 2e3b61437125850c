package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Exact values that are integers print as integers, like the echoed inputs.
func TestIntegersPrintAsIntegers(t *testing.T) {
	m := runJSON(t, "chefs", "--skills", "1,1", "--exact")
	if fmt.Sprint(m["skills"]) != "[1 1]" || fmt.Sprint(m["win_probabilities_exact"]) != "[1 0]" || m["expected_dishes_exact"] != "1" {
		t.Errorf("got %v", m)
	}
	m = runJSON(t, "solve", "--exact", "../../../../docs/examples/die.json")
	if fmt.Sprint(m["values_exact"]) != "[1]" || m["expected_reward_exact"] != "6" {
		t.Errorf("got %v", m)
	}
}

// Each message names the input, what is wrong with it and what would be
// right, in one line without internal prefixes stacked up.
func TestMessages(t *testing.T) {
	long := strings.Repeat("1", 3000)
	tests := []struct {
		args []string
		want string
		not  string
	}{
		{[]string{"chef", "-n", "3"}, `unknown command "chef"; did you mean "chefs"? (see gamesolve --help)`, ""},
		{[]string{"rcae"}, `did you mean "race"?`, ""},
		{[]string{"race", "--target", "10", "extra"}, `race takes no arguments, got "extra"`, "unknown command"},
		{[]string{"cgt"}, `cgt needs an expression`, "accepts 1 arg"},
		{[]string{"solve"}, `solve needs a model file`, "accepts 1 arg"},
		{[]string{"race", "--target", "abc"}, `--target "abc": not an integer (see gamesolve race --help)`, "strconv"},
		{[]string{"chefs", "-n", "x"}, `--n "x": not an integer`, "strconv"},
		{[]string{"race", "--target", "5", "--coin", "1.5:1"}, `--coin: race: gamble "1.5:1": probability "1.5" is outside (0, 1]`, "invalid game"},
		{[]string{"chefs", "--skills", "0.5,x"}, `chefs: skills: entry 2: "x" is not a number`, "numeric:"},
		{[]string{"cgt", "--game", "hackenbush", "lrx"}, `letter 'x' in stalk "lrx"`, "at most 500"},
		{[]string{"race", "--target", "300000"}, `minutes (limit 10 minutes)`, "e+"},
		{[]string{"cgt", "{" + long + "|"}, `has 3000 characters, more than a number of at most 200 digits`, long[:100]},
		{[]string{"cgt", "{0|" + long + "x"}, `unexpected character 'x' at 3004`, long[:100]},
		{[]string{"cgt", "١"}, `unexpected character '١' at 1`, "Ù"},
		{[]string{"chefs", "--skills", "0." + long[:250]}, `has 251 digits, more than the 200 allowed`, long[:100]},
		{[]string{"race", "--target", "3", "--digits", "30"}, `--digits 30: want 0 to 17`, ""},
		{[]string{"race", "--target", "3", "--workers", "-1"}, `--workers -1: want 0`, ""},
		{[]string{"race", "--target", "3", "--timeout", "-1s"}, `--timeout -1s: want a positive duration`, ""},
	}
	for _, tt := range tests {
		badInput(t, "", tt.args...)
		_, _, errs := run(t, "", tt.args...)
		if !strings.Contains(errs, tt.want) || (tt.not != "" && strings.Contains(errs, tt.not)) {
			t.Errorf("%.60q: got %.300q, want %q", tt.args, errs, tt.want)
		}
	}
	// .5 is a number everywhere.
	if m := runJSON(t, "cgt", ".5"); m["value"] != "1/2" {
		t.Errorf("cgt .5 = %v", m["value"])
	}
}

// The everyday controls: --digits, --workers, --quiet, --timeout, and errors
// as JSON with --json.
func TestEverydayControls(t *testing.T) {
	code, out, _ := run(t, "", "race", "--target", "100", "--digits", "8")
	if code != 0 || !strings.Contains(out, "chooser wins with probability 0.83648556\n") {
		t.Errorf("--digits 8: %q", out)
	}
	a := runJSON(t, "chefs", "-n", "9", "--workers", "1")
	b := runJSON(t, "chefs", "-n", "9", "--workers", "3", "--quiet")
	if fmt.Sprint(a) != fmt.Sprint(b) {
		t.Errorf("workers 1 and 3 differ: %v %v", a, b)
	}
	code, out, errs := run(t, "", "race", "--target", "0", "--json")
	if code != 2 || out != "" || errs != `{"error":"gamesolve: race: targets must be at least 1 (got coin 0, chooser 0)"}`+"\n" {
		t.Errorf("JSON error: %d %q %q", code, out, errs)
	}
	code, out, errs = run(t, "", "pig", "--target", "200", "--timeout", "200ms")
	if code != 2 || out != "" || errs != "gamesolve: stopped after --timeout 200ms\n" {
		t.Errorf("timeout: %d %q %q", code, out, errs)
	}
}

// --policy has one documented cap for every command; --csv writes any size.
func TestPolicyCapAndCSV(t *testing.T) {
	for _, args := range [][]string{
		{"race", "--target", "317", "--policy"},
		{"chefs", "-n", "14", "--policy"},
		{"pig", "--target", "317", "--policy"},
	} {
		badInput(t, "", args...)
		_, _, errs := run(t, "", args...)
		if !strings.Contains(errs, "more than 100000; write them with --csv FILE instead") {
			t.Errorf("%v: %s", args, errs)
		}
	}
	dir := t.TempDir()
	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	if code, _, errs := run(t, "", "race", "--target", "3", "--csv", filepath.Join(dir, "race.csv")); code != 0 {
		t.Fatal(errs)
	}
	if got := read("race.csv"); got != "a\\b,1,2,3\n1,1,2,3\n2,1,1,2\n3,1,1,1\n" {
		t.Errorf("race.csv:\n%s", got)
	}
	pol := runJSON(t, "race", "--target", "3", "--policy")["policy"]
	if fmt.Sprint(pol) != "[[1 2 3] [1 1 2] [1 1 1]]" {
		t.Errorf("race policy %v differs from the CSV", pol)
	}
	if code, _, errs := run(t, "", "chefs", "--skills", "0.25,0.5,1", "--csv", filepath.Join(dir, "chefs.csv")); code != 0 {
		t.Fatal(errs)
	}
	if got := read("chefs.csv"); !strings.HasPrefix(got, "alive,chef,target\n1 2 3,1,3\n1 2 3,2,3\n1 2 3,3,2\n") || strings.Count(got, "\n") != 10 {
		t.Errorf("chefs.csv:\n%s", got)
	}
	if code, _, errs := run(t, "", "pig", "--target", "6", "--csv", filepath.Join(dir, "pig.csv")); code != 0 {
		t.Fatal(errs)
	}
	if got := read("pig.csv"); !strings.HasPrefix(got, "me\\you,0,1,2,3,4,5\n0,0,0,0,0,0,0\n") || strings.Count(got, "\n") != 7 {
		t.Errorf("pig.csv:\n%s", got)
	}
	if code, out, errs := run(t, "", "solve", "--csv", filepath.Join(dir, "duel.csv"), "../../../../docs/examples/duel.json"); code != 0 || strings.Contains(out, "policy") {
		t.Fatal(errs, out)
	}
	if got := read("duel.csv"); got != "state,action\na-aims,fire\nb-aims,fire\nb-aims-after-wait,fire\n" {
		t.Errorf("duel.csv:\n%s", got)
	}
	badInput(t, "", "race", "--target", "3", "--csv", filepath.Join(dir, "no", "such", "dir.csv"))
}
