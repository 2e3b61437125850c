package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gamesolve/gamesolve/tiered"
)

// TestPigTiers: pig --tiers gives the in-memory win probability and rolls
// bit for bit, in float and exact mode; a second run resumes every tier;
// query reads states back; bad input gets one line and exit 2.
func TestPigTiers(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "pig60")
	whole := runJSON(t, "pig", "--target", "60")
	tiers := runJSON(t, "pig", "--target", "60", "--tiers", dir)
	for _, k := range []string{"win_probability", "expected_rolls"} {
		if tiers[k] != whole[k] {
			t.Errorf("%s: %v by tiers, %v in memory", k, tiers[k], whole[k])
		}
	}
	if tiers["tiers_resumed"].(float64) != 0 || tiers["states"] != whole["states"] {
		t.Errorf("first run: %v", tiers)
	}
	// disk_bytes and tiers are the tier files' total size and number.
	files, _ := filepath.Glob(filepath.Join(dir, "tier-*.gst"))
	size := int64(0)
	for _, f := range files {
		st, _ := os.Stat(f)
		size += st.Size()
	}
	if tiers["disk_bytes"].(float64) != float64(size) || tiers["tiers"].(float64) != float64(len(files)) {
		t.Errorf("disk_bytes %v and tiers %v; the directory holds %d tier files of %d bytes", tiers["disk_bytes"], tiers["tiers"], len(files), size)
	}
	again := runJSON(t, "pig", "--target", "60", "--tiers", dir)
	if again["tiers_resumed"] != again["tiers"] || again["win_probability"] != whole["win_probability"] {
		t.Errorf("second run: %v", again)
	}
	q := runJSON(t, "query", dir, "start")
	if v := q["values"].([]any); v[0] != whole["win_probability"] || q["action"] != "roll" || q["expected_rolls"] != whole["expected_rolls"] {
		t.Errorf("query start: %v", q)
	}
	// The hold table of pig --policy: with scores i-j, player 0 holds at
	// a turn total of policy[i][j] and rolls below it.
	pol := runJSON(t, "pig", "--target", "60", "--policy")["policy"].([]any)
	holds := 0
	for i := 0; i < 60; i += 3 {
		for j := 0; j < 60; j += 4 {
			at := int(pol[i].([]any)[j].(float64))
			for k, want := range map[int]string{at: "hold", at - 2: "roll"} {
				if at == 0 || k < 2 {
					continue
				}
				code, out, _ := run(t, "", "query", dir, fmt.Sprintf("%d,%d,%d,0", i, j, k), "--json")
				if code != 0 {
					continue // not reached in play
				}
				var m map[string]any
				json.Unmarshal([]byte(out), &m)
				if m["action"] != want {
					t.Errorf("scores %d-%d, total %d: %v, the policy holds at %d", i, j, k, m["action"], at)
				}
				holds++
			}
		}
	}
	if holds < 20 {
		t.Errorf("only %d states compared with the policy", holds)
	}

	exactDir := filepath.Join(t.TempDir(), "pig10")
	we := runJSON(t, "pig", "--target", "10", "--exact")
	te := runJSON(t, "pig", "--target", "10", "--exact", "--tiers", exactDir)
	if te["win_probability_exact"] != we["win_probability_exact"] || te["expected_rolls_exact"] != we["expected_rolls_exact"] {
		t.Errorf("exact: %v by tiers, %v in memory", te, we)
	}
	if q := runJSON(t, "query", exactDir, "start"); q["values_exact"].([]any)[0] != we["win_probability_exact"] {
		t.Errorf("exact query: %v", q)
	}

	notDir := filepath.Join(t.TempDir(), "empty")
	os.Mkdir(notDir, 0o755)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"pig", "--target", "61", "--tiers", dir}, `holds "pig target=60", not "pig target=61"`},
		{[]string{"pig", "--target", "60", "--exact", "--tiers", dir}, "float values, not exact"},
		{[]string{"pig", "--target", "60", "--players", "3", "--tiers", dir}, "--tiers solves two players"},
		{[]string{"query", dir, "1,2,3"}, "MINE,YOURS,TOTAL,PLAYER"},
		{[]string{"query", dir, "70,0,0,0"}, "from 0 to 59"},
		{[]string{"query", dir, "1,0,0,0"}, "no state of it is reached in play"},
		{[]string{"query", dir, "2,0,1,0"}, "is not reached in play"},
		{[]string{"query", notDir, "start"}, "not a tier directory"},
		{[]string{"query", dir}, "needs a tier directory and a state"},
	} {
		code, out, errs := run(t, "", tc.args...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q, want %q", tc.args, code, out, errs, tc.want)
		}
	}
}

// TestSolveTiers: solve --tiers gives a JSON model with tiers the values
// and expected reward of the in-memory solve, float and exact; a second
// run resumes; query --model reads every state back with the in-memory
// policy's action; bad input gets one line and exit 2.
func TestSolveTiers(t *testing.T) {
	tmp := t.TempDir()
	path := filepath.Join(tmp, "duel.json")
	// A duel in tiers of rounds: each round a player shoots (hit with
	// probability 1/3 or 1/2) or waits; a miss gives the turn over
	// within the round, a hit ends it; waiting moves to the next round.
	var states []string
	const rounds = 6
	for r := range rounds {
		for p := range 2 {
			id := fmt.Sprintf("r%dp%d", r, p)
			next := fmt.Sprintf("r%dp%d", r+1, 0)
			if r == rounds-1 {
				next = "draw"
			}
			hit := []string{"1/3", "1/2"}[p]
			miss := []string{"2/3", "1/2"}[p]
			states = append(states, fmt.Sprintf(`{"id": %q, "tier": %d, "player": %d, "actions": [
 {"name": "shoot", "outcomes": [{"p": %q, "to": "win%d", "reward": 1}, {"p": %q, "to": "r%dp%d", "reward": 1}]},
 {"name": "wait", "outcomes": [{"p": 1, "to": %q}]}]}`, id, r, p, hit, p, miss, r, 1-p, next))
		}
	}
	states = append(states, `{"id": "win0", "tier": 9, "payoff": [1, 0]}`, `{"id": "win1", "tier": 9, "payoff": [0, 1]}`, `{"id": "draw", "tier": 9, "payoff": ["1/2", "1/2"]}`)
	text := `{"players": 2, "start": "r0p0", "states": [` + strings.Join(states, ",\n") + `]}`
	os.WriteFile(path, []byte(text), 0o644)

	for _, exact := range []bool{false, true} {
		dir := filepath.Join(tmp, fmt.Sprintf("tiers-%v", exact))
		args := []string{"solve", path}
		if exact {
			args = append(args, "--exact")
		}
		whole := runJSON(t, append(args, "--policy")...)
		tiers := runJSON(t, append(args, "--tiers", dir)...)
		for _, k := range []string{"values", "values_exact", "expected_reward", "expected_reward_exact", "states"} {
			if fmt.Sprint(tiers[k]) != fmt.Sprint(whole[k]) {
				t.Errorf("exact %v: %s is %v by tiers, %v in memory", exact, k, tiers[k], whole[k])
			}
		}
		if tiers["tiers"].(float64) != rounds+1 || tiers["tiers_resumed"].(float64) != 0 {
			t.Errorf("exact %v: first run %v", exact, tiers)
		}
		if again := runJSON(t, append(args, "--tiers", dir)...); again["tiers_resumed"] != again["tiers"] || fmt.Sprint(again["values"]) != fmt.Sprint(whole["values"]) {
			t.Errorf("exact %v: second run %v", exact, again)
		}
		policy := whole["policy"].(map[string]any)
		for id, act := range policy {
			q := runJSON(t, "query", dir, id, "--model", path)
			if q["action"] != act || q["state"] != id {
				t.Errorf("exact %v: query %s: %v, the policy plays %v", exact, id, q, act)
			}
		}
		if q := runJSON(t, "query", dir, "r0p0", "--model", path); fmt.Sprint(q["values"]) != fmt.Sprint(whole["values"]) || fmt.Sprint(q["values_exact"]) != fmt.Sprint(whole["values_exact"]) {
			t.Errorf("exact %v: query start %v, solve %v", exact, q, whole["values"])
		}
	}

	plain := filepath.Join(tmp, "plain.json")
	os.WriteFile(plain, []byte(strings.ReplaceAll(text, `"tier"`, `"comment"`)), 0o644)
	back := filepath.Join(tmp, "back.json")
	os.WriteFile(back, []byte(`{"players": 1, "start": "a", "states": [{"id": "a", "tier": 1, "chance": [{"p": 1, "to": "b"}]}, {"id": "b", "tier": 0, "payoff": [1]}]}`), 0o644)
	other := filepath.Join(tmp, "other.json")
	os.WriteFile(other, []byte(strings.Replace(text, `"reward": 1}`, `"reward": 2}`, 1)), 0o644)
	dir := filepath.Join(tmp, "tiers-false")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", plain, "--tiers", filepath.Join(tmp, "p")}, `states give no "tier"`},
		{[]string{"solve", back, "--tiers", filepath.Join(tmp, "b")}, `state "a" (tier 1) leads to state "b" (tier 0)`},
		{[]string{"solve", other, "--tiers", dir}, "holds \"model sha256="},
		{[]string{"solve", path, "--tiers", dir, "--policy"}, "--policy and --csv do not apply"},
		{[]string{"solve", "../../../../docs/examples/gamble.jani", "--const", "WIN=2", "--tiers", dir}, "a jani model"},
		{[]string{"query", dir, "r0p0"}, "name the model file with --model"},
		{[]string{"query", dir, "nowhere", "--model", path}, `no state "nowhere"`},
		{[]string{"query", dir, "r0p0", "--model", other}, "not the tiers of this model"},
	} {
		code, out, errs := run(t, "", tc.args...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q, want %q", tc.args, code, out, errs, tc.want)
		}
	}
}

// TestTierLog: a tiered solve's log gets a line only once a minute has
// passed since the last (none for a solve done within the first), with
// the tiers, the states, the rate and the time left.
func TestTierLog(t *testing.T) {
	now := time.Date(2026, 12, 7, 0, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	var b strings.Builder
	log := tierLog(&b, "pig tiers", time.Minute, clock)
	step := func(d time.Duration, done int) {
		now = now.Add(d)
		log(tiered.Progress{TiersDone: done, Tiers: 10, StatesDone: int64(done) * 100, StatesLeft: int64(10-done) * 100,
			StatesPerSecond: 2.5, EstimatedTimeLeft: time.Duration(10-done) * 40 * time.Second})
	}
	step(30*time.Second, 1)
	step(29*time.Second, 2)
	if b.Len() != 0 {
		t.Fatalf("a line within the first minute: %q", b.String())
	}
	step(2*time.Second, 3)
	step(10*time.Second, 4)
	want := "pig tiers: 3 of 10 tiers, 300 states solved, 700 to go, 2 states/s, about 4m40s left\n"
	if b.String() != want {
		t.Fatalf("log %q, want %q", b.String(), want)
	}
	step(time.Hour, 10)
	if b.String() != want {
		t.Fatalf("a line at the end (the result says it): %q", b.String())
	}
}

// TestConvertTier: convert --tier writes each state's tier, the value of
// a PRISM variable, and solve --tiers then gives the in-memory values; a
// variable that goes back is refused by the solve, naming both states.
func TestConvertTier(t *testing.T) {
	tmp := t.TempDir()
	const ladder = "../../../../docs/examples/ladder.prism"
	conv := func(tier string) string {
		out := filepath.Join(tmp, tier+".json")
		if code, _, errs := run(t, "", "convert", ladder, "--to", "json", "--goal", "x=N", "--goal", "y=N", "--tier", tier, "-o", out, "--quiet"); code != 0 {
			t.Fatalf("convert --tier %s: %s", tier, errs)
		}
		return out
	}
	path := conv("r")
	data, _ := os.ReadFile(path)
	if n := strings.Count(string(data), `"tier": `); n != 616 {
		t.Errorf("%d states give a tier, want all 616", n)
	}
	if !strings.Contains(string(data), `{"id": "(x=3, y=2, r=4, t=2)", "tier": 4,`) {
		t.Errorf("state (x=3, y=2, r=4, t=2) is not in tier 4")
	}
	for _, exact := range []string{"--exact", "--json"} {
		whole := runJSON(t, "solve", path, exact)
		tiers := runJSON(t, "solve", path, exact, "--tiers", filepath.Join(tmp, "tiers"+exact))
		for _, k := range []string{"values", "values_exact", "states"} {
			if fmt.Sprint(tiers[k]) != fmt.Sprint(whole[k]) {
				t.Errorf("%s: %s is %v by tiers, %v in memory", exact, k, tiers[k], whole[k])
			}
		}
		if tiers["tiers"].(float64) != 11 {
			t.Errorf("%s: %v tiers, want 11 (rounds 0 to 10)", exact, tiers["tiers"])
		}
	}
	back := conv("t")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", back, "--tiers", filepath.Join(tmp, "back")}, `a move to an earlier tier: state "(x=1, y=0, r=0, t=2)" (tier 1) leads to state "(x=1, y=2, r=1, t=1)" (tier 0)`},
		{[]string{"convert", ladder, "--to", "json", "--goal", "x=N", "--goal", "y=N", "--tier", "z"}, `no variable "z" to give the tier (its variables: x, y, r, t)`},
		{[]string{"convert", ladder, "--to", "jani", "--tier", "r"}, "--tier apply to --to json"},
	} {
		code, out, errs := run(t, "", tc.args...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q, want %q", tc.args, code, out, errs, tc.want)
		}
	}
}

// TestChefsTiers: chefs --tiers gives --method general's win
// probabilities and dishes to the last bit, float and exact; a rerun
// resumes; n = 30 is refused at once, with the estimate, writing nothing.
func TestChefsTiers(t *testing.T) {
	tmp := t.TempDir()
	for _, args := range [][]string{{"-n", "12"}, {"-n", "7", "--exact"}, {"--skills", "1/3,0.5,0.6,0.9"}} {
		dir := filepath.Join(tmp, strings.Join(args, ""))
		whole := runJSON(t, append([]string{"chefs", "--method", "general"}, args...)...)
		tiers := runJSON(t, append([]string{"chefs", "--tiers", dir}, args...)...)
		for _, k := range []string{"skills", "win_probabilities", "win_probabilities_exact", "expected_dishes", "expected_dishes_exact"} {
			if fmt.Sprint(tiers[k]) != fmt.Sprint(whole[k]) {
				t.Errorf("%v: %s is %v by tiers, %v on the general engine", args, k, tiers[k], whole[k])
			}
		}
		if again := runJSON(t, append([]string{"chefs", "--tiers", dir}, args...)...); again["tiers_resumed"] != again["tiers"] || fmt.Sprint(again["win_probabilities"]) != fmt.Sprint(whole["win_probabilities"]) {
			t.Errorf("%v: second run %v", args, again)
		}
	}
	big := filepath.Join(tmp, "c30")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"chefs", "-n", "30", "--tiers", big}, "the largest tier has 2326762800 states: solved 262144 at a time, its values spilled to disk, it needs about 62.2 GiB of memory"},
		{[]string{"chefs", "-n", "8", "--tiers", big, "--policy"}, "--policy, --csv and --method do not apply"},
	} {
		code, out, errs := run(t, "", tc.args...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q, want %q", tc.args, code, out, errs, tc.want)
		}
	}
	if _, err := os.Stat(big); err == nil {
		t.Error("the refused solve left its directory behind")
	}
}
