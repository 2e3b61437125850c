package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
)

// Version is the gamesolve version, set at build time with
// -ldflags "-X github.com/gamesolve/gamesolve/internal/cli.Version=...".
var Version = "0.1.0"

// Exit statuses.
const (
	exitOK    = 0
	exitError = 1 // the output could not be written
	exitUsage = 2 // bad input: flags, arguments, instances too large
)

// env is what a command may touch besides its flags.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

// Main runs gamesolve with args and returns the exit status. Bad input of
// any kind prints one line to stderr and returns 2 with nothing on stdout.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr}
	root := newRoot(e)
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.ExecuteContext(context.Background())
	if err == nil {
		return exitOK
	}
	fmt.Fprintln(stderr, "gamesolve: "+firstLine(err.Error()))
	var we *writeError
	if errors.As(err, &we) {
		return exitError
	}
	return exitUsage
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

// writeError marks a failure to write results, the one error that is not the
// user's input.
type writeError struct{ err error }

func (e *writeError) Error() string { return "writing output: " + e.err.Error() }
func (e *writeError) Unwrap() error { return e.err }

func newRoot(e *env) *cobra.Command {
	root := &cobra.Command{
		Use:   "gamesolve",
		Short: "Solve games of chance and strategy exactly",
		Long: `gamesolve solves games of chance and strategy exactly: optimal policies,
every player's win probability, expected game length, and the Conway values
of combinatorial games. Every solving command prints a readable result, or
with --json exactly one JSON object; --exact switches to rational arithmetic.`,
		Version:       Version,
		SilenceErrors: true,
		SilenceUsage:  true,
		Args:          cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return cmd.Help()
		},
	}
	root.SetVersionTemplate("gamesolve {{.Version}}\n" + buildInfo())
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return err })
	root.CompletionOptions.HiddenDefaultCmd = false
	root.AddCommand(newRaceCmd(e), newChefsCmd(e), newCookiesCmd(e), newCgtCmd(e), newPigCmd(e), newSolveCmd(e))
	return root
}

// buildInfo is what --version adds after the version: the module, the
// commit it was built from, and the Go version, where the binary knows them.
func buildInfo() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "module %s %s\n", bi.Main.Path, bi.Main.Version)
	var rev, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = " (modified)"
			}
		}
	}
	if rev != "" {
		fmt.Fprintf(&b, "commit %s%s\n", rev, modified)
	}
	fmt.Fprintf(&b, "built with %s\n", bi.GoVersion)
	return b.String()
}
