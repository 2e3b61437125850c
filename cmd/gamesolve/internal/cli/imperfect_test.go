package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestKuhnCommand checks the JSON contract on Kuhn poker: values_exact,
// the strategy by player and information set as the .efg numbers them,
// and a certified exploitability.
func TestKuhnCommand(t *testing.T) {
	m := runJSON(t, "kuhn")
	if v := m["values_exact"].([]any); v[0] != "-1/18" || v[1] != "1/18" {
		t.Fatalf("values_exact %v", v)
	}
	if m["exploitability_exact"] != "0" {
		t.Fatalf("exploitability_exact %v", m["exploitability_exact"])
	}
	strat := m["strategy"].([]any)
	if len(strat) != 12 {
		t.Fatalf("%d strategy entries", len(strat))
	}
	first := strat[0].(map[string]any)
	if first["player"] != 1.0 || first["infoset"] != 1.0 || first["label"] != "P1 holds J" {
		t.Fatalf("first entry %v", first)
	}
	acts := first["actions"].([]any)
	if a := acts[0].(map[string]any); a["name"] != "check" || a["probability_exact"] == nil {
		t.Fatalf("actions %v", acts)
	}
	sizes := m["sizes"].(map[string]any)
	if sizes["nodes"] != 58.0 {
		t.Fatalf("sizes %v", sizes)
	}
	code, out, _ := run(t, "", "kuhn", "--exact")
	if code != 0 || !strings.Contains(out, "P1 holds Q, after check–bet: fold 1/3, call 2/3") || !strings.Contains(out, "exploitability 0: certified") {
		t.Fatalf("text:\n%s", out)
	}
}

// TestGambitFiles writes Kuhn poker as .efg and .nfg, solves both and the
// example file, converts between the formats, and refuses what does not
// apply.
func TestGambitFiles(t *testing.T) {
	dir := t.TempDir()
	efg, nfg := filepath.Join(dir, "kuhn.efg"), filepath.Join(dir, "kuhn.nfg")
	for _, path := range []string{efg, nfg} {
		if code, _, errs := run(t, "", "kuhn", "--write", path); code != 0 {
			t.Fatalf("write %s: %s", path, errs)
		}
		m := runJSON(t, "solve", path)
		if v := m["values_exact"].([]any); v[0] != "-1/18" {
			t.Fatalf("%s: values_exact %v", path, v)
		}
	}
	// The strategic form has one entry per player, without infoset.
	m := runJSON(t, "solve", nfg)
	for _, s := range m["strategy"].([]any) {
		if _, ok := s.(map[string]any)["infoset"]; ok {
			t.Fatalf("a normal form's entry has an infoset: %v", s)
		}
	}
	// Kuhn's strategic form: 64 pure strategies per player.
	data, err := os.ReadFile(nfg)
	if err != nil || !strings.Contains(string(data), `"check/fold/check/fold/bet/fold"`) {
		t.Fatalf("the .nfg: %v", err)
	}
	code, out, errs := run(t, "", "convert", "../../../../docs/examples/signal.efg", "--to", "nfg")
	if code != 0 || !strings.HasPrefix(out, "NFG 1 R") {
		t.Fatalf("convert: %d %s", code, errs)
	}
	code, out, _ = run(t, out, "solve", "-", "--exact")
	if code != 0 || !strings.Contains(out, "Sender     0     0") {
		t.Fatalf("the converted game:\n%s", out)
	}
	badInput(t, "", "solve", "../../../../docs/examples/signal.efg", "--policy")
	badInput(t, "", "solve", "../../../../docs/examples/signal.efg", "--const", "N=1")
	badInput(t, "", "convert", "../../../../docs/examples/signal.efg", "--to", "jani")
	badInput(t, "", "convert", "../../../../docs/examples/die.json", "--to", "efg")
	badInput(t, "", "kuhn", "--write", filepath.Join(dir, "kuhn.txt"))
	badInput(t, "EFG 2 R \"\" { \"A\" }\nc \"\" 1 \"\" { \"a\" 1/2 \"b\" 1/3 } 0\nt \"\" 0\nt \"\" 0\n", "solve", "-")
}

func TestMatrixCommand(t *testing.T) {
	m := runJSON(t, "matrix", "2 -1; -1 1")
	if v := m["values_exact"].([]any); v[0] != "1/5" {
		t.Fatalf("values_exact %v", v)
	}
	m = runJSON(t, "matrix", "3,3 0,5; 5,0 1,1", "--rows", "C,D", "--cols", "C,D")
	if m["method"] != "Lemke–Howson" || m["values_exact"].([]any)[0] != "1" {
		t.Fatalf("prisoner's dilemma: %v", m)
	}
	m = runJSON(t, "matrix", "2,0 0,1; 0,1 1,0")
	if m["method"] != "Lemke–Howson" || m["values_exact"].([]any)[0] != "2/3" || m["exploitability_exact"] != "0" {
		t.Fatalf("a game with only a mixed equilibrium: %v", m)
	}
	m = runJSON(t, "matrix", "3,3 3,3; 2,2 5,6; 0,3 6,1", "--all")
	if eq := m["equilibria"].([]any); len(eq) != 3 || eq[0].(map[string]any)["values_exact"].([]any)[1] != "8/3" {
		t.Fatalf("--all: %v", m["equilibria"])
	}
	badInput(t, "", "kuhn", "--all")
	badInput(t, "", "solve", "../../../../docs/examples/signal.efg", "--all")
	badInput(t, "", "matrix", "1 2; 3")
	badInput(t, "", "matrix", "1 x")
	badInput(t, "", "matrix", "1 2", "--rows", "a,b")
	badInput(t, "", "matrix")
}

func TestLeducCommand(t *testing.T) {
	m := runJSON(t, "leduc")
	if m["method"] != "sequence-form LP" || m["exploitability_exact"] != "0" {
		t.Fatalf("method %v, exploitability %v", m["method"], m["exploitability_exact"])
	}
	// OpenSpiel's value to its 12 digits.
	if v := m["values"].([]any)[0].(float64); fmt.Sprintf("%.12f", v) != "-0.085606424078" {
		t.Fatalf("value %v", v)
	}
	if got := len(m["strategy"].([]any)); got != 936 {
		t.Fatalf("%d strategy entries", got)
	}
	badInput(t, "", "leduc", "--iterations", "0")
}

// TestCFRPlusFallback: a zero-sum game whose sequence-form program passes
// the rows the sparse simplex method takes on gets CFR+ in float mode,
// with its ε, and is refused with --exact. The game: P1 passes or plays;
// on play, 15 fair coins pick one of 32,768 cells, and P2, seeing the
// cell, guesses a bit: 65,537 sequences of P2, so P1's program has 65,539
// rows.
func TestCFRPlusFallback(t *testing.T) {
	var b strings.Builder
	b.WriteString("EFG 2 R \"wide\" { \"P1\" \"P2\" }\n\n")
	b.WriteString("p \"\" 1 1 \"\" { \"pass\" \"play\" } 0\nt \"\" 1 \"\" { 0, 0 }\n")
	cell, outcome := 0, 1
	var tree func(depth int)
	tree = func(depth int) {
		if depth == 0 {
			cell++
			fmt.Fprintf(&b, "p \"\" 2 %d \"\" { \"0\" \"1\" } 0\n", cell)
			for g := range 2 {
				outcome++
				u := (cell+g)%3 - 1
				fmt.Fprintf(&b, "t \"\" %d \"\" { %d, %d }\n", outcome, u, -u)
			}
			return
		}
		b.WriteString("c \"\" 1 \"\" { \"h\" 1/2 \"t\" 1/2 } 0\n")
		tree(depth - 1)
		tree(depth - 1)
	}
	tree(15)
	path := filepath.Join(t.TempDir(), "wide.efg")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	m := runJSON(t, "solve", path, "--iterations", "20")
	if m["method"] != "CFR+, 20 iterations" {
		t.Fatalf("method %v, exploitability %v", m["method"], m["exploitability_exact"])
	}
	badInput(t, "", "solve", path, "--exact")
}

func TestGoofspielCommand(t *testing.T) {
	for _, cards := range []string{"3", "4"} {
		m := runJSON(t, "goofspiel", "--cards", cards, "--exact")
		if v := m["values_exact"].([]any); v[0] != "0" || m["exploitability_exact"] != "0" || m["method"] != "sequence-form LP" {
			t.Fatalf("%s cards: %v", cards, m)
		}
	}
	badInput(t, "", "goofspiel", "--cards", "9")
	badInput(t, "", "goofspiel", "--order", "sideways")
}

func TestLiarsDiceCommand(t *testing.T) {
	m := runJSON(t, "liars-dice", "--sides", "3", "--exact")
	if v := m["values_exact"].([]any); v[0] != "1/9" || m["exploitability_exact"] != "0" {
		t.Fatalf("%v", m)
	}
	badInput(t, "", "liars-dice", "--dice", "3")
	badInput(t, "", "liars-dice", "--sides", "1")
	badInput(t, "", "liars-dice", "--dice", "2", "--sides", "5")
}
