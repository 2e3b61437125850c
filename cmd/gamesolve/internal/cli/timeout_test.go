package cli

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// randomChain writes a chance-only model of n states, each leading to four
// random states (one of them the end with probability 1/100): exact
// elimination fills it in almost completely and runs for minutes.
func randomChain(t *testing.T, n int) string {
	rng := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	b.WriteString(`{"players": 1, "start": "s0", "states": [{"id": "end", "payoff": [1]}`)
	for i := range n {
		fmt.Fprintf(&b, ",\n{\"id\": \"s%d\", \"chance\": [", i)
		for j := range 4 {
			to := fmt.Sprintf("s%d", rng.IntN(n))
			if j == 3 && rng.IntN(100) == 0 {
				to = "end"
			}
			if j > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, `{"p": "1/4", "to": %q}`, to)
		}
		b.WriteString("]}")
	}
	b.WriteString("]}\n")
	path := filepath.Join(t.TempDir(), "chain.json")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// janiWalk is a random walk over 10^9 values: exploration alone would take
// hours.
const janiWalk = `{"jani-version": 1, "name": "walk", "type": "dtmc",
 "variables": [{"name": "x", "type": {"kind": "bounded", "base": "int", "lower-bound": 0, "upper-bound": 1000000000}, "initial-value": 0}],
 "properties": [{"name": "p", "expression": {"op": "filter", "fun": "values", "states": {"op": "initial"},
   "values": {"op": "Pmax", "exp": {"op": "F", "exp": {"op": "=", "left": "x", "right": 1000000000}}}}}],
 "automata": [{"name": "a", "locations": [{"name": "l"}], "initial-locations": ["l"], "edges": [
   {"location": "l", "guard": {"exp": {"op": "<", "left": "x", "right": 1000000000}}, "destinations": [
     {"location": "l", "probability": {"exp": 0.5}, "assignments": [{"ref": "x", "value": {"op": "+", "left": "x", "right": 1}}]},
     {"location": "l", "probability": {"exp": 0.5}, "assignments": [{"ref": "x", "value": {"op": "max", "left": 0, "right": {"op": "-", "left": "x", "right": 1}}}]}]}]}],
 "system": {"elements": [{"automaton": "a"}]}}`

// TestTimeoutEveryPath: each solver path, given an instance that runs for
// much longer (seconds to hours), stops at --timeout with exit status 2
// and the one line saying so. The wall time is logged, not asserted (the
// machine may be busy); the closing notes give measured figures.
func TestTimeoutEveryPath(t *testing.T) {
	if testing.Short() {
		t.Skip("each case runs for a second")
	}
	dir := t.TempDir()
	walk := filepath.Join(dir, "walk.jani")
	if err := os.WriteFile(walk, []byte(janiWalk), 0o644); err != nil {
		t.Fatal(err)
	}
	chain := randomChain(t, 3000)
	cases := []struct {
		name string
		args []string
	}{
		{"elimination exact", []string{"solve", chain, "--exact"}},
		{"elimination float", []string{"solve", chain}},
		{"value iteration", []string{"pig", "--target", "200"}},
		{"strategy iteration", []string{"pig", "--target", "60", "--exact"}},
		{"jani exploration", []string{"solve", walk}},
		{"chefs", []string{"chefs", "-n", "22"}},
		{"race", []string{"race", "--target", "70000"}},
		{"cookies", []string{"cookies", "-n", "30000"}},
		{"cgt", []string{"cgt", "--game", "domineering", "......|......|......|......|....##"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			start := time.Now()
			code, out, errs := run(t, "", append(c.args, "--timeout", "1s", "--quiet")...)
			t.Logf("%s: stopped after %v", strings.Join(c.args, " "), time.Since(start).Round(time.Millisecond))
			if code != 2 || out != "" || !strings.Contains(errs, "stopped after --timeout 1s") {
				t.Errorf("exit %d, stdout %q, stderr %q: want the timeout's line", code, out, errs)
			}
		})
	}
}

// Parsing a large model file stops at the deadline too: the parse runs
// aside and is abandoned (before, a 38 MB file with --timeout 1ms ran
// 3 s).
func TestTimeoutWhileParsing(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"players": 1, "start": "s0", "states": [`)
	const n = 200_000
	for i := range n {
		fmt.Fprintf(&b, `{"id": "s%d", "chance": [{"p": "1/2", "to": "s%d"}, {"p": "1/2", "to": "end"}]}, `, i, i+1)
	}
	fmt.Fprintf(&b, `{"id": "s%d", "payoff": [1]}, {"id": "end", "payoff": [0]}]}`, n)
	path := filepath.Join(t.TempDir(), "long.json")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	code, out, errs := run(t, "", "solve", path, "--timeout", "50ms", "--quiet")
	t.Logf("%d MB model, --timeout 50ms: stopped after %v", b.Len()>>20, time.Since(start).Round(time.Millisecond))
	if code != 2 || out != "" || !strings.Contains(errs, "stopped after --timeout 50ms") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
}
