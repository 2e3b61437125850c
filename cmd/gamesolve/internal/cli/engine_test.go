package cli

import (
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// --method general prints exactly what the fast solvers print, exact
// values and whole policies included.
func TestMethodGeneral(t *testing.T) {
	for _, args := range [][]string{
		{"race", "--target", "12", "--exact", "--policy"},
		{"race", "--coin-target", "9", "--chooser-target", "14", "--first", "chooser", "--coin", "1/3:2", "--menu", "0.9:1,1/4:3,1/16:8", "--exact", "--policy"},
		{"race", "--target", "30", "--policy"},
		{"chefs", "-n", "6", "--exact", "--policy"},
		{"chefs", "--skills", "1/3,2/5,0.6,0.9,1", "--exact", "--policy"},
	} {
		fast := runJSON(t, args...)
		general := runJSON(t, append(args, "--method", "general")...)
		if !exactIn(args) {
			// Float values come out of different sums: equal to rounding.
			for _, key := range []string{"win_probability", "expected_dishes"} {
				if x, ok := fast[key].(float64); ok {
					if y := general[key].(float64); math.Abs(x-y) > 1e-13 {
						t.Errorf("%v: %s fast %v, general %v", args, key, x, y)
					}
					fast[key], general[key] = 0.0, 0.0
				}
			}
			delete(fast, "win_probabilities")
			delete(general, "win_probabilities")
		}
		if !reflect.DeepEqual(fast, general) {
			t.Errorf("%v: fast %v\ngeneral %v", args, fast, general)
		}
	}
	badInput(t, "", "race", "--target", "5", "--method", "slow")
	badInput(t, "", "chefs", "-n", "20", "--method", "general")
}

func TestPig(t *testing.T) {
	m := runJSON(t, "pig", "--target", "2", "--exact", "--policy")
	if m["win_probability_exact"] != "6/7" {
		t.Errorf("target 2: %v, want 6/7", m["win_probability_exact"])
	}
	m = runJSON(t, "pig", "--target", "25", "--policy")
	ex := runJSON(t, "pig", "--target", "25", "--exact", "--policy")
	r, _ := new(big.Rat).SetString(ex["win_probability_exact"].(string))
	if f, _ := r.Float64(); math.Abs(f-m["win_probability"].(float64)) > 1e-12 {
		t.Errorf("exact %v float %v", f, m["win_probability"])
	}
	if !reflect.DeepEqual(m["policy"], ex["policy"]) {
		t.Error("exact and float hold policies differ")
	}
	// Solving every position for the policy table changes nothing of the
	// game from the start, to the last bit (before, at 50 the expected
	// rolls differed in the last digit, and the states counted the table).
	plain, table := runJSON(t, "pig", "--target", "50"), runJSON(t, "pig", "--target", "50", "--policy")
	for _, k := range []string{"win_probability", "win_probabilities", "expected_rolls", "states", "components", "methods"} {
		if !reflect.DeepEqual(plain[k], table[k]) {
			t.Errorf("%s: %v, with --policy %v", k, plain[k], table[k])
		}
	}
	if _, ok := plain["policy_states"]; ok || table["policy_states"] != float64(pigPositions(50)) {
		t.Errorf("policy_states: %v without the table, %v with it; every position counted apart: %d", plain["policy_states"], table["policy_states"], pigPositions(50))
	}
	code, out, errs := run(t, "", "pig", "--target", "6", "--policy")
	if code != 0 {
		t.Fatal(errs)
	}
	golden(t, "pig_target6_policy.txt", out)
	// Three players to 2 by hand: 36/43, 6/43, 1/43 (games/pig's
	// TestManyTargetTwo); the policy is indexed by three scores.
	m = runJSON(t, "pig", "--players", "3", "--target", "2", "--exact", "--policy")
	if fmt.Sprint(m["win_probabilities_exact"]) != "[36/43 6/43 1/43]" || m["players"] != 3.0 {
		t.Errorf("three players: %v", m)
	}
	if m := runJSON(t, "pig", "--players", "3", "--target", "4"); m["equilibrium"] != "certified" || m["equilibria"].(float64) < 1 {
		t.Errorf("three players to 4: %v", m)
	}
	if p, ok := m["policy"].([]any); !ok || len(p) != 2 || len(p[0].([]any)) != 2 || len(p[0].([]any)[0].([]any)) != 2 {
		t.Errorf("three players: policy %v", m["policy"])
	}
	code, out, errs = run(t, "", "pig", "--players", "3", "--target", "9", "--policy")
	if code != 0 {
		t.Fatal(errs)
	}
	golden(t, "pig3_target9_policy.txt", out)
	csv := filepath.Join(t.TempDir(), "pig3.csv")
	if code, _, errs := run(t, "", "pig", "--players", "3", "--target", "4", "--csv", csv); code != 0 {
		t.Fatal(errs)
	}
	if data, _ := os.ReadFile(csv); !strings.HasPrefix(string(data), "me,player +1,player +2,hold_at\n0,0,0,") || strings.Count(string(data), "\n") != 65 {
		t.Errorf("three-player csv:\n%s", data)
	}
	// The advice fits the mode: float mode is offered where it answers.
	for _, c := range []struct {
		args  []string
		float bool
	}{{[]string{"pig", "--target", "1000"}, false}, {[]string{"pig", "--target", "90", "--exact"}, true}, {[]string{"pig", "--target", "1000", "--exact"}, false}} {
		if code, _, errs := run(t, "", c.args...); code != 2 || strings.Contains(errs, "float mode") != c.float {
			t.Errorf("%v: exit %d, %q", c.args, code, errs)
		}
	}
	for _, args := range [][]string{
		{"pig"}, {"pig", "--target", "0"}, {"pig", "--target", "1001"}, {"pig", "--target", "x"},
		{"pig", "--target", "317", "--policy"}, {"pig", "--target", "5", "extra"},
		{"pig", "--target", "5", "--players", "7"}, {"pig", "--target", "5", "--players", "1"},
		{"pig", "--target", "50", "--players", "3", "--policy"},
	} {
		badInput(t, "", args...)
	}
}

func writeModel(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "model.json")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestSolve(t *testing.T) {
	m := runJSON(t, "solve", "--exact", "--policy", "../../../../docs/examples/duel.json")
	if fmt.Sprint(m["values_exact"]) != "[1/2 1/2]" || m["expected_reward_exact"] != "5/2" {
		t.Errorf("duel: %v", m)
	}
	if p := m["policy"].(map[string]any); p["a-aims"] != "fire" || len(p) != 3 {
		t.Errorf("policy %v", p)
	}
	if m["states"] != 6.0 || m["components"] != 4.0 {
		t.Errorf("states %v components %v", m["states"], m["components"])
	}
	// From standard input; a never-ending game has a null reward.
	loop := `{"players": 1, "start": "a", "states": [{"id": "a", "chance": [{"p": 1, "to": "a", "reward": 1}]}]}`
	code, out, errs := run(t, loop, "solve", "-", "--json")
	if code != 0 || !strings.Contains(out, `"values":[0],"expected_reward":null`) {
		t.Errorf("loop: %d %s %s", code, out, errs)
	}
	code, out, _ = run(t, loop, "solve", "-")
	if code != 0 || !strings.Contains(out, "expected reward: infinite") {
		t.Errorf("loop text: %s", out)
	}
	code, out, errs = run(t, "", "solve", "--exact", "--policy", "../../../../docs/examples/duel.json")
	if code != 0 {
		t.Fatal(errs)
	}
	golden(t, "solve_duel.txt", out)
	bad := map[string]string{
		"unknown target": `{"players":1,"start":"a","states":[{"id":"a","chance":[{"p":1,"to":"b"}]}]}`,
		"sum":            `{"players":1,"start":"a","states":[{"id":"a","chance":[{"p":"1/2","to":"a"}]}]}`,
		"duplicate":      `{"players":1,"start":"a","states":[{"id":"a","payoff":[1]},{"id":"a","payoff":[0]}]}`,
		"two kinds":      `{"players":1,"start":"a","states":[{"id":"a","payoff":[1],"chance":[{"p":1,"to":"a"}]}]}`,
		"payoff length":  `{"players":2,"start":"a","states":[{"id":"a","payoff":[1]}]}`,
		"player range":   `{"players":1,"start":"a","states":[{"id":"a","player":1,"actions":[{"name":"x","outcomes":[{"p":1,"to":"a"}]}]}]}`,
		"empty actions":  `{"players":1,"start":"a","states":[{"id":"a","player":0,"actions":[]}]}`,
		"not json":       `hello`,
		"jani":           `{"jani-version": 1, "name": "x", "type": "dtmc"}`,
	}
	for name, text := range bad {
		badInput(t, "", "solve", writeModel(t, text))
		badInput(t, text, "solve", "-")
		_ = name
	}
	badInput(t, "", "solve", "/nonexistent/model.json")
	badInput(t, "", "solve")
	badInput(t, "", "solve", "a.json", "b.json")
}

func exactIn(args []string) bool {
	for _, a := range args {
		if a == "--exact" {
			return true
		}
	}
	return false
}

func TestSolveJANI(t *testing.T) {
	code, out, errs := run(t, "", "solve", "--exact", "--const", "WIN=2", "../../../../docs/examples/gamble.jani")
	if code != 0 {
		t.Fatal(errs)
	}
	golden(t, "solve_gamble.txt", out)
	m := runJSON(t, "solve", "--exact", "../../../../docs/examples/knuth_die.jani")
	if m["model"] != "die" || m["type"] != "dtmc" || m["states"] != 13.0 {
		t.Errorf("die: %v", m)
	}
	props := m["properties"].([]any)
	flips := props[6].(map[string]any)
	if flips["name"] != "flips" || flips["kind"] != "Emin" || flips["value_exact"] != "11/3" || flips["value"] != 11.0/3 {
		t.Errorf("flips: %v", flips)
	}
	// A face within 3 flips: all but 2 of the 8 sequences (model/jani's
	// TestDie).
	if b := props[7].(map[string]any); b["value_exact"] != "3/4" || b["kind"] != "Pmax[≤3]" {
		t.Errorf("bounded: %v", b)
	}
	m = runJSON(t, "solve", "--const", "WIN=2", "--property", "win_time_max", "../../../../docs/examples/gamble.jani")
	if p := m["properties"].([]any); len(p) != 1 || p[0].(map[string]any)["infinite"] != true || p[0].(map[string]any)["value"] != nil {
		t.Errorf("win_time_max: %v", m)
	}
	gamble := "../../../../docs/examples/gamble.jani"
	badInput(t, "", "solve", gamble)
	badInput(t, "", "solve", gamble, "--const", "WIN")
	badInput(t, "", "solve", gamble, "--const", "WIN=two")
	badInput(t, "", "solve", gamble, "--const", "WIN=2,WIN=3")
	badInput(t, "", "solve", gamble, "--const", "WIN=2,LOSE=1")
	badInput(t, "", "solve", gamble, "--const", "WIN=2", "--property", "nope")
	badInput(t, "", "solve", gamble, "--const", "WIN=2", "--policy")
	badInput(t, "", "solve", gamble, "--const", "WIN=1") // x := 2 out of bounds
	badInput(t, "", "solve", "../../../../docs/examples/die.json", "--const", "N=1")
}

// --renormalize: a JANI edge whose probabilities sum to 1.0000001 is
// refused by default and divided by its sum with the flag, with a warning
// in the text and "renormalized" in JSON; the flag is refused for a JSON
// model and for distances outside (0, 1).
func TestSolveRenormalize(t *testing.T) {
	model := "../../../../model/jani/testdata/renormalize.jani"
	code, _, errs := run(t, "", "solve", model)
	if code != 2 || !strings.Contains(errs, "sum to 10000001/10000000, not 1") {
		t.Errorf("without the flag: exit %d, %q", code, errs)
	}
	code, out, errs := run(t, "", "solve", "--exact", "--renormalize", model)
	if code != 0 || !strings.Contains(out, "2500000/10000001") || !strings.Contains(out, "warning: the probabilities of 1 edges did not sum to 1") {
		t.Errorf("--renormalize: exit %d, %q %q", code, out, errs)
	}
	m := runJSON(t, "solve", "--renormalize=1e-6", model)
	if m["renormalized"] != 1.0 {
		t.Errorf("JSON: renormalized = %v", m["renormalized"])
	}
	for _, args := range [][]string{
		{"solve", "--renormalize", "../../../../docs/examples/die.json"},
		{"solve", "--renormalize=-1", model},
		{"solve", "--renormalize=2", model},
	} {
		if code, _, errs := run(t, "", args...); code != 2 || !strings.Contains(errs, "renormalize") {
			t.Errorf("%v: exit %d, %q", args, code, errs)
		}
	}
}

// An exact step-bounded property of a billion steps is refused up front
// with the estimate, as that property's error: the others are computed,
// and the exit status says one is missing; float mode answers it (the
// iteration stops once a step changes nothing).
func TestSolveBoundedTooLarge(t *testing.T) {
	model := "../../../../model/jani/testdata/coins_bounded.jani"
	code, out, errs := run(t, "", "solve", "--exact", model)
	if code != 2 || !strings.Contains(out, "ever Pmax     1     1") || !strings.Contains(out, "errors:\n  within_1e9: ") ||
		!strings.Contains(errs, `1 of 2 properties could not be checked`) || !strings.Contains(errs, "instance too large: exact bounded analysis of 1000000000 steps") || strings.Count(errs, "\n") != 1 {
		t.Errorf("exact: exit %d, %q, %q", code, out, errs)
	}
	code, out, errs = run(t, "", "solve", "--json", "--exact", model)
	var m map[string]any
	if err := json.Unmarshal([]byte(out), &m); err != nil || code != 2 || !strings.HasPrefix(errs, `{"error":`) {
		t.Fatalf("JSON: exit %d, %v, %q", code, err, errs)
	}
	if p := m["properties"].([]any)[1].(map[string]any); p["value"] != nil || !strings.Contains(fmt.Sprint(p["error"]), "instance too large") {
		t.Errorf("JSON within_1e9: %v", p)
	}
	m = runJSON(t, "solve", "--exact", "--property", "ever", model)
	if p := m["properties"].([]any)[0].(map[string]any); p["value_exact"] != "1" {
		t.Errorf("ever: %v", p)
	}
	m = runJSON(t, "solve", model)
	if p := m["properties"].([]any)[1].(map[string]any); p["value"] != 1.0 {
		t.Errorf("float within_1e9: %v", p)
	}
}

// An irrational power (testdata/sqrt.jani: probability √(1/2)) is rounded
// to the nearest float64 in float mode, with a warning line and "rounded"
// in JSON; --exact refuses the model in one line.
func TestSolveIrrationalPower(t *testing.T) {
	model := "../../../../model/jani/testdata/sqrt.jani"
	code, out, errs := run(t, "", "solve", model)
	if code != 0 || !strings.Contains(out, "0.7071067811865476") || !strings.Contains(out, "warning: the model takes irrational powers") {
		t.Errorf("float: exit %d, %q, %q", code, out, errs)
	}
	m := runJSON(t, "solve", model)
	if r, _ := m["rounded"].(string); !strings.Contains(r, "pow(") {
		t.Errorf("JSON: rounded = %v", m["rounded"])
	}
	code, out, errs = run(t, "", "solve", "--exact", model)
	if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "which exact arithmetic cannot represent") {
		t.Errorf("exact: exit %d, %q, %q", code, out, errs)
	}
}

// pigPositions counts the positions of Pig to target that play reaches
// from any pair of scores, player 0 to roll (the policy table's seeds),
// by a search of its own: (my score, yours, turn total, whose turn), and
// the two wins.
func pigPositions(target int) int {
	type pos struct{ s0, s1, total, turn int } // s0 < 0: turn has won
	seen := map[pos]bool{}
	var queue []pos
	add := func(p pos) {
		if !seen[p] {
			seen[p] = true
			queue = append(queue, p)
		}
	}
	for i := range target {
		for j := range target {
			add(pos{i, j, 0, 0})
		}
	}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if p.s0 < 0 {
			continue
		}
		score := [2]int{p.s0, p.s1}
		add(pos{p.s0, p.s1, 0, 1 - p.turn}) // a 1
		for face := 2; face <= 6; face++ {
			if score[p.turn]+p.total+face >= target {
				add(pos{-1, -1, -1, p.turn}) // a win
			} else {
				add(pos{p.s0, p.s1, p.total + face, p.turn})
			}
		}
		if p.total > 0 { // hold
			score[p.turn] += p.total
			add(pos{score[0], score[1], 0, 1 - p.turn})
		}
	}
	return len(seen)
}

// A property that cannot be read costs only itself: the others are
// printed, text and JSON, the failed one is listed with its place, and
// the status is 2 with one line on stderr, since something asked for is
// missing.
func TestPropertyErrorKeepsOthers(t *testing.T) {
	props := filepath.Join(t.TempDir(), "p.props")
	if err := os.WriteFile(props, []byte("P=? [ F s=7 & d=1 ]\nP=? [ F s=7 & d= ]\nR=? [ F s=7 ]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := run(t, "", "solve", "--exact", "../../../../docs/examples/die.pm", "--props", props)
	if code != 2 || !strings.Contains(out, "Pmax 0.16666666666666666   1/6") || !strings.Contains(out, "Emax  3.6666666666666665  11/3") ||
		!strings.Contains(out, "errors:\n  P=? [ F s=7 & d= ]: prism: properties 2:18: expected an expression, found \"]\"\n") ||
		strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "1 of 3 properties could not be checked") {
		t.Errorf("exit %d\n%s\n%s", code, out, errs)
	}
	code, out, _ = run(t, "", "solve", "--json", "--exact", "../../../../docs/examples/die.pm", "--props", props)
	var m struct {
		Properties []struct {
			Name       string
			ValueExact string `json:"value_exact"`
			Error      string
		}
	}
	if err := json.Unmarshal([]byte(out), &m); err != nil || code != 2 || len(m.Properties) != 3 {
		t.Fatalf("JSON: exit %d, %v: %s", code, err, out)
	}
	if p := m.Properties; p[0].ValueExact != "1/6" || p[1].Error == "" || p[1].ValueExact != "" || p[2].ValueExact != "11/3" {
		t.Errorf("JSON: %+v", p)
	}
}
