package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
