package cli

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestMain lets a test run the command line in a child process (the test
// binary itself, with GAMESOLVE_MAIN_ARGS set), where a resource limit
// applies to it alone.
func TestMain(m *testing.M) {
	if args, ok := os.LookupEnv("GAMESOLVE_MAIN_ARGS"); ok {
		os.Exit(Main(strings.Split(args, "\x1f"), os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// runLimited runs the command line in a child process under prlimit's
// address-space limit.
func runLimited(t *testing.T, as string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	prlimit, err := exec.LookPath("prlimit")
	if err != nil {
		t.Skip("prlimit (util-linux) is not installed")
	}
	cmd := exec.Command(prlimit, "--as="+as, os.Args[0])
	cmd.Env = append(os.Environ(), "GAMESOLVE_MAIN_ARGS="+strings.Join(args, "\x1f"))
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err = cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), out.String(), errb.String()
	} else if err != nil {
		t.Fatal(err)
	}
	return 0, out.String(), errb.String()
}

// Under an address-space limit of 2 GB (where the Go runtime itself takes
// more than 1 GB of address space), an exact elimination whose fill-in
// outgrows the room stops with exit 2 and one line naming what ran out,
// instead of the runtime's fatal "out of memory". (3,000 states used to be
// enough; since exact mode lifts modulo a word-size prime, that chain is
// solved in 2 GB, and 20,000 states fill in beyond it: about 2·10^8 words.)
func TestMemoryLimit(t *testing.T) {
	chain := randomChain(t, 20000)
	code, out, errs := runLimited(t, "2000000000", "solve", chain, "--exact", "--timeout", "60s")
	lines := strings.Split(strings.TrimRight(errs, "\n"), "\n")
	if code != 2 || out != "" || len(lines) != 1 || !strings.Contains(errs, "instance too large") || !strings.Contains(errs, "left") {
		t.Errorf("exit %d, stdout %q, stderr (%d lines) %.300q: want exit 2 and one line naming the memory", code, out, len(lines), errs)
	}
}
