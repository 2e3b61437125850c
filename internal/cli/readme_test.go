package cli

import (
	"os"
	"strings"
	"testing"
)

// The README's console examples are real: each "$ gamesolve ..." (or
// "$ echo X | gamesolve ...") is run and its output compared.
func TestReadmeExamples(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
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
	t.Chdir("../..")
	if len(examples) < 15 {
		t.Fatalf("found only %d examples", len(examples))
	}
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
