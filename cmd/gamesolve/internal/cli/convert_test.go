package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The truel written in PRISM (docs/examples/truel.prism), converted to the
// JSON format, is the hand-written truel.json: the same equilibrium,
// 25/63, 8/21 and 2/9 by Kilgour's analysis (docs/models.md, Example 3),
// and 272/63 shots.
func TestConvertTruel(t *testing.T) {
	out := filepath.Join(t.TempDir(), "truel.json")
	code, stdout, errs := run(t, "", "convert", "../../../../docs/examples/truel.prism", "--to", "json",
		"--goal", `"A wins"`, "--goal", `"B wins"`, "--goal", `"C wins"`, "--reward", "shots", "-o", out)
	if code != 0 || stdout != "" || errs != "wrote "+out+" (15 states)\n" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, errs)
	}
	converted := runJSON(t, "solve", out, "--exact")
	written := runJSON(t, "solve", "../../../../docs/examples/truel.json", "--exact")
	for _, key := range []string{"values_exact", "expected_reward_exact"} {
		got, want := strings.Join(strs(converted[key]), " "), strings.Join(strs(written[key]), " ")
		if got != want {
			t.Errorf("%s: converted %s, truel.json %s", key, got, want)
		}
	}
	if got := strings.Join(strs(converted["values_exact"]), " "); got != "25/63 8/21 2/9" {
		t.Errorf("values %s, want 25/63 8/21 2/9", got)
	}
	if got := converted["expected_reward_exact"]; got != "272/63" {
		t.Errorf("shots %v, want 272/63", got)
	}
	// The players keep their names: PRISM's, and truel.json's own.
	if got, want := fmt.Sprint(converted["players"], written["players"]), "[pa pb pc] [A B C]"; got != want {
		t.Errorf("players %s, want %s", got, want)
	}
	// The same PRISM model with rPATL: A alone against B and C, who both
	// aim at A. Firing into the air, A is then dead for sure (B hits or C
	// does); aiming at B, a hit leaves C, who kills A; aiming at C, a hit
	// (1/3) leaves a duel with B to shoot, which A survives with 1/3 · 3/7.
	// So 1/3 · 1/7 = 1/21.
	res := runJSON(t, "solve", "../../../../docs/examples/truel.prism", "--exact", "--prop", `<<pa>> Pmax=? [ F "A wins" ]`)
	if got := res["properties"].([]any)[0].(map[string]any)["value_exact"]; got != "1/21" {
		t.Errorf("<<pa>> Pmax = %v, want 1/21", got)
	}
}

// strs returns a JSON string, or a list's strings.
func strs(v any) []string {
	if l, ok := v.([]any); ok {
		var s []string
		for _, x := range l {
			s = append(s, fmt.Sprint(x))
		}
		return s
	}
	return []string{fmt.Sprint(v)}
}

// Knuth and Yao's die, converted with a goal and a reward structure (by
// name and by number), and a JANI model with property names: the values
// are those of the properties that ask the same.
func TestConvertJSON(t *testing.T) {
	for _, c := range []struct {
		name         string
		args         []string
		value, flips string
	}{
		{"PRISM, reward by name", []string{"../../../../docs/examples/die.pm", "--goal", `"done"`, "--reward", "coin_flips"}, "1", "11/3"},
		{"PRISM, reward by number", []string{"../../../../docs/examples/die.pm", "--goal", `s=7 & d=6`, "--reward", "1"}, "1/6", ""},
		{"PRISM, no reward", []string{"../../../../docs/examples/die.pm", "--goal", `"done"`}, "1", "0"},
		{"JANI", []string{"../../../../docs/examples/gamble.jani", "--const", "WIN=2", "--goal", "win_max", "--reward", "end_max"}, "1", "2"},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "m.json")
			args := append([]string{"convert", "--to", "json", "-o", out, "--quiet"}, c.args...)
			if code, stdout, errs := run(t, "", args...); code != 0 || stdout != "" || errs != "" {
				t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, errs)
			}
			res := runJSON(t, "solve", out, "--exact")
			if got := strs(res["values_exact"])[0]; got != c.value {
				t.Errorf("value %s, want %s", got, c.value)
			}
			// A die that may never show a six plays forever: its
			// reward is infinite, null in JSON.
			got, _ := res["expected_reward_exact"].(string)
			if got != c.flips {
				t.Errorf("reward %q, want %q", got, c.flips)
			}
		})
	}
	// Standard output, when no file is named.
	code, stdout, _ := run(t, "", "convert", "../../../../docs/examples/die.pm", "--to", "json", "--goal", `"done"`)
	if code != 0 || !strings.HasPrefix(stdout, `{"players": 1, "start": "(s=0, d=0)",`) {
		t.Errorf("exit %d, stdout %q", code, stdout)
	}
}

// Every mistake is one line on stderr with exit status 2, and a failed
// conversion leaves no file behind.
func TestConvertErrors(t *testing.T) {
	die, truel, gamble := "../../../../docs/examples/die.pm", "../../../../docs/examples/truel.prism", "../../../../docs/examples/gamble.jani"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{die, "--to", "xml"}, `--to "xml": the targets are jani and json`},
		{[]string{gamble, "--to", "jani"}, "is not a PRISM model"},
		{[]string{die, "--to", "jani", "--goal", `"done"`}, "--const, --goal, --reward and --tier apply to --to json"},
		{[]string{die, "--to", "json"}, `--to json needs one goal: --goal '"done"' says where a player wins`},
		{[]string{truel, "--to", "json", "--goal", `"A wins"`}, "a game needs one goal per player; the model has 3 players (pa, pb, pc), and 1 goal was given"},
		{[]string{die, "--to", "json", "--goal", `"done"`, "--goal", `"done"`}, "a game needs one goal per player; the model has one player, and 2 goals were given"},
		{[]string{die, "--to", "json", "--goal", `s=1 & "nope"`}, `convert: --goal 's=1 & "nope"': column 7: unknown label "nope"`},
		{[]string{die, "--to", "json", "--goal", `s=`}, `convert: --goal s=: at its end: expected an expression, found its end`},
		{[]string{die, "--to", "json", "--goal", "s=1\nd=2"}, "write the state formula on one line"},
		{[]string{die, "--to", "json", "--goal", `"done"`, "--reward", "bananas"}, `convert: --reward bananas: unknown reward structure "bananas"`},
		{[]string{die, "--to", "json", "--goal", `"done"`, "--reward", "2"}, `convert: --reward 2: reward structure 2: the model has 1`},
		{[]string{die, "--props", "../../../../docs/examples/die.props", "--to", "json", "--goal", `"done"`, "--reward", "x"}, `convert: --reward x: unknown reward structure "x"`},
		{[]string{die, "--to", "json", "--goal", `"done"`, "--reward", `a"b`}, "give a reward structure's name or number"},
		{[]string{gamble, "--to", "json", "--const", "WIN=2", "--goal", "end_max"}, `property "end_max" is not an unbounded reachability probability`},
		{[]string{gamble, "--to", "json", "--const", "WIN=2", "--goal", "win_early"}, `property "win_early" is not an unbounded reachability probability`},
		{[]string{gamble, "--to", "json", "--const", "WIN=2", "--goal", "win_max", "--reward", "win_min"}, `property "win_min" is not an unbounded expected total reward`},
		{[]string{gamble, "--to", "json", "--const", "WIN=2", "--goal", "nope"}, `no property "nope"`},
		{[]string{gamble, "--to", "json", "--const", "WIN=", "--goal", "win_max"}, "--const"},
		{[]string{gamble, "--to", "json", "--goal", "win_max"}, "WIN"},
		{[]string{"../../../../docs/examples/die.json", "--to", "json", "--goal", "x"}, "is in gamesolve's JSON format already"},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out.json")
			code, stdout, errs := run(t, "", append([]string{"convert", "-o", out}, c.args...)...)
			if code != 2 || stdout != "" || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
				t.Errorf("exit %d, stdout %q, stderr %q; want %q", code, stdout, errs, c.want)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("%s written", out)
			}
		})
	}
}
