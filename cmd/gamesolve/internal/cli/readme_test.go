package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The console examples of the README and of docs/models.md are real: each
// "$ gamesolve ..." (or "$ echo X | gamesolve ...") is run and its output
// compared.
func TestReadmeExamples(t *testing.T) {
	for _, c := range []struct {
		file string
		min  int
	}{{"README.md", 15}, {"docs/models.md", 4}, {"docs/prism.md", 1}} {
		t.Run(c.file, func(t *testing.T) { consoleExamples(t, c.file, c.min) })
	}
}

func consoleExamples(t *testing.T, file string, min int) {
	data, err := os.ReadFile(filepath.Join("../../../..", file))
	if err != nil {
		t.Fatal(err)
	}
	type example struct {
		cmd, want string
	}
	var examples []example
	inBlock := false
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case strings.HasPrefix(line, "```console"):
			inBlock = true
		case strings.HasPrefix(line, "```"):
			inBlock = false
		case inBlock && strings.HasPrefix(line, "$ "):
			examples = append(examples, example{cmd: line[2:]})
		case inBlock && len(examples) > 0:
			examples[len(examples)-1].want += line + "\n"
		}
	}
	// Examples name files relative to the repository root.
	t.Chdir("../../../..")
	if len(examples) < min {
		t.Fatalf("found only %d examples", len(examples))
	}
	written := map[string]string{}
	for _, ex := range examples {
		stdin := ""
		cmd := ex.cmd
		if before, after, ok := strings.Cut(cmd, " | "); ok {
			stdin = strings.TrimPrefix(before, "echo ") + "\n"
			cmd = after
		}
		args := shellWords(t, cmd)
		if args[0] != "gamesolve" {
			t.Fatalf("example %q does not run gamesolve", ex.cmd)
		}
		// Files written (pictures, conversions) go to a temporary
		// directory, not the repository, and later examples read them
		// there.
		known := map[int]bool{}
		for i := range args {
			if w, ok := written[args[i]]; ok {
				args[i], known[i] = w, true
			}
		}
		for i := range args[:len(args)-1] {
			if (args[i] == "-o" || args[i] == "--tiers") && !known[i+1] {
				w := filepath.Join(t.TempDir(), filepath.Base(args[i+1]))
				written[args[i+1]] = w
				args[i+1] = w
			}
		}
		code, out, errs := run(t, stdin, args[1:]...)
		if code != 0 || out != ex.want {
			t.Errorf("%s: exit %d %s\n got:\n%s\nREADME:\n%s", ex.cmd, code, errs, out, ex.want)
		}
	}
}

// shellWords splits a command line with single quotes.
func shellWords(t *testing.T, s string) []string {
	var words []string
	var cur strings.Builder
	inWord, quoted := false, false
	for _, r := range s {
		switch {
		case r == '\'':
			quoted = !quoted
			inWord = true
		case r == ' ' && !quoted:
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if quoted {
		t.Fatalf("unbalanced quote in %q", s)
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words
}

// Every Go program in the README compiles, runs, and prints what the README
// says it prints (the ```text block after it).
func TestReadmeGoPrograms(t *testing.T) {
	if testing.Short() {
		t.Skip("builds programs")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool:", err)
	}
	data, err := os.ReadFile("../../../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := strings.Split(string(data), "```")
	programs := 0
	for i := 1; i+2 < len(blocks); i += 2 {
		code, ok := strings.CutPrefix(blocks[i], "go\n")
		if !ok || !strings.HasPrefix(code, "package main") {
			continue
		}
		want, ok := strings.CutPrefix(blocks[i+2], "text\n")
		if !ok {
			t.Errorf("README program %d has no ```text output after it", programs+1)
			continue
		}
		programs++
		// Inside the module, so the imports resolve; a leading dot keeps
		// the directory out of ./... patterns.
		dir, err := os.MkdirTemp("../../../..", ".readme-program-")
		if err != nil {
			t.Fatal(err)
		}
		defer os.RemoveAll(dir)
		if err := os.WriteFile(dir+"/main.go", []byte(code), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(goTool, "run", "./"+strings.TrimPrefix(dir, "../../../../"))
		cmd.Dir = "../../../.."
		out, err := cmd.CombinedOutput()
		if err != nil || string(out) != want {
			t.Errorf("README program %d: %v\n got:\n%s\nREADME:\n%s", programs, err, out, want)
		}
	}
	if programs < 2 {
		t.Errorf("found %d Go programs in the README", programs)
	}
}
