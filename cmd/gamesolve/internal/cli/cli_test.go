package cli

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

// run calls Main in-process.
func run(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Main(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// runJSON runs a command with --json and decodes its one object.
func runJSON(t *testing.T, args ...string) map[string]any {
	t.Helper()
	// --json right after the command, so it stays a flag after a "--".
	withJSON := append([]string{args[0], "--json"}, args[1:]...)
	code, out, errs := run(t, "", withJSON...)
	if code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, errs)
	}
	dec := json.NewDecoder(strings.NewReader(out))
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		t.Fatalf("%v: %v in %q", args, err, out)
	}
	if dec.More() {
		t.Fatalf("%v: more than one JSON value", args)
	}
	return m
}

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("%s differs:\n got:\n%s\nwant:\n%s", name, got, want)
	}
}

// badInput checks the contract for bad input: exit 2, one line on stderr,
// nothing on stdout.
func badInput(t *testing.T, stdin string, args ...string) {
	t.Helper()
	code, out, errs := run(t, stdin, args...)
	if code != 2 || out != "" || !strings.HasPrefix(errs, "gamesolve: ") || strings.Count(errs, "\n") != 1 {
		t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2, empty, one line", args, code, out, errs)
	}
}

func TestVersionAndHelp(t *testing.T) {
	code, out, _ := run(t, "", "--version")
	if code != 0 || !strings.HasPrefix(out, "gamesolve "+Version+"\n") || !strings.Contains(out, "built with go") {
		t.Errorf("--version: %d %q", code, out)
	}
	// One argument too many, named plainly.
	if _, _, errs := run(t, "", "solve", "a.json", "b.json"); !strings.Contains(errs, "solve takes only a model file (- for standard input), got 2 arguments") {
		t.Errorf("two model files: %q", errs)
	}
	if code, cmd, _ := run(t, "", "version"); code != 0 || cmd != out {
		t.Errorf("version: %d %q, want what --version prints", code, cmd)
	}
	badInput(t, "", "version", "x")
	for _, shell := range []string{"bash", "zsh", "fish", "powershell"} {
		code, out, errs := run(t, "", "completion", shell)
		if code != 0 || len(out) < 100 {
			t.Errorf("completion %s: exit %d, %d bytes, %s", shell, code, len(out), errs)
		}
	}
	code, out, _ = run(t, "", "race", "--help")
	if code != 0 || !strings.Contains(out, "gamesolve race --target 100") {
		t.Errorf("race --help lacks examples: %q", out)
	}
	badInput(t, "", "nosuchcommand")
	badInput(t, "", "--nosuchflag")
}

// Completions offer the values of every enumerated flag and the file
// extensions of every file flag and model argument.
func TestCompletions(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string // the candidates, then cobra's directive
	}{
		{[]string{"race", "--first", ""}, "coin chooser :4"},
		{[]string{"chefs", "--method", ""}, "fast general :4"},
		{[]string{"race", "--method", ""}, "fast general :4"},
		{[]string{"cgt", "--game", ""}, "clobber col cookies cutcake dawsons domineering grundy hackenbush kayles konane nim snort toads toppling wythoff :4"},
		{[]string{"plot", "cgt", "--game", ""}, "clobber col cookies cutcake dawsons domineering grundy hackenbush kayles konane nim snort toads toppling wythoff :4"},
		{[]string{"convert", "m.pm", "--to", ""}, "jani json :4"},
		{[]string{"convert", "m.pm", "-o", ""}, "jani json :8"},
		{[]string{"plot", "pig", "-o", ""}, "png svg :8"},
		{[]string{"solve", ""}, "json jani prism pm nm sm smg :8"},
		{[]string{"plot", "solve", ""}, "json jani prism pm nm sm smg :8"},
		{[]string{"convert", ""}, "json jani prism pm nm sm smg :8"},
		{[]string{"solve", "m.json", ""}, ":4"},
		{[]string{"solve", "m.pm", "--props", ""}, "props pctl txt :8"},
		{[]string{"race", "--csv", ""}, "csv :8"},
		{[]string{"plot", ""}, "cgt chefs kuhn pig race solve :4"},
	} {
		code, out, errs := run(t, "", append([]string{"__complete"}, c.args...)...)
		var got []string
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			name, _, _ := strings.Cut(line, "\t") // a candidate's description
			got = append(got, name)
		}
		if code != 0 || strings.Join(got, " ") != c.want {
			t.Errorf("%v: exit %d, %q (%s), want %q", c.args, code, strings.Join(got, " "), errs, c.want)
		}
	}
}
