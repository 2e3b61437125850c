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
