package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"strings"
	"time"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Version is the gamesolve version, set at build time with
// -ldflags "-X github.com/gamesolve/gamesolve/cmd/gamesolve/internal/cli.Version=...".
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
	// Options every command takes.
	workers int
	digits  int // -1: full precision
	quiet   bool
	timeout time.Duration
	cancel  context.CancelFunc
	json    bool // --json was given: errors go to stderr as JSON too
}

// Main runs gamesolve with args and returns the exit status. Bad input of
// any kind prints one line to stderr and returns 2 with nothing on stdout.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr, digits: -1, json: wantsJSON(args)}
	budget.SetRuntimeLimit()
	root := newRoot(e)
	if err := unknownCommand(root, args); err != nil {
		e.reportError(err)
		return exitUsage
	}
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.ExecuteContext(context.Background())
	if e.cancel != nil {
		e.cancel()
	}
	if err == nil {
		return exitOK
	}
	if errors.Is(err, context.DeadlineExceeded) && e.timeout > 0 {
		err = fmt.Errorf("stopped after --timeout %v", e.timeout)
	}
	e.reportError(err)
	var we *writeError
	if errors.As(err, &we) {
		return exitError
	}
	return exitUsage
}

// reportError prints the error as one line on stderr: plain text, or with
// --json the object {"error": "..."} on one line.
func (e *env) reportError(err error) {
	line := "gamesolve: " + firstLine(err.Error())
	if e.json {
		data, _ := json.Marshal(map[string]string{"error": line})
		line = string(data)
	}
	fmt.Fprintln(e.stderr, line)
}

// wantsJSON reports whether --json is among the flags (before any "--").
func wantsJSON(args []string) bool {
	for _, a := range args {
		switch a {
		case "--":
			return false
		case "--json", "--json=true", "--json=1":
			return true
		}
	}
	return false
}

// firstLine is the first line of an error's text, cut to maxErrorLine
// characters: every reader shortens what it echoes, and this is the last guard,
// so that no input comes back whole.
func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	if c, cut := numeric.Cut(s, maxErrorLine); cut {
		s = c + "…"
	}
	return s
}

// maxErrorLine bounds an error line, in characters.
const maxErrorLine = 1000

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
		Args:          noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return cmd.Help()
		},
	}
	pf := root.PersistentFlags()
	pf.IntVar(&e.workers, "workers", 0, "goroutines for the solvers that use several (race, chefs, pig, solve, cgt --octal); 0: all cores")
	pf.IntVar(&e.digits, "digits", -1, "decimals of floats in text output (-1: full precision; JSON always has full precision)")
	pf.BoolVar(&e.quiet, "quiet", false, "no progress bar, even on a terminal")
	pf.DurationVar(&e.timeout, "timeout", 0, "stop after this long, e.g. 30s or 5m (0: no limit)")
	root.PersistentPreRunE = func(cmd *cobra.Command, _ []string) error {
		if e.workers < 0 || e.workers > 1024 {
			return &usageError{fmt.Sprintf("--workers %d: want 0 (all cores) to 1024", e.workers), helpOf(cmd)}
		}
		if e.digits < -1 || e.digits > 17 {
			return &usageError{fmt.Sprintf("--digits %d: want 0 to 17, or -1 for full precision", e.digits), helpOf(cmd)}
		}
		if e.timeout < 0 {
			return &usageError{fmt.Sprintf("--timeout %v: want a positive duration", e.timeout), helpOf(cmd)}
		}
		if e.timeout > 0 {
			ctx, cancel := context.WithTimeout(cmd.Context(), e.timeout)
			e.cancel = cancel
			cmd.SetContext(ctx)
		}
		return nil
	}
	root.SetVersionTemplate("gamesolve {{.Version}}\n" + buildInfo())
	root.SetFlagErrorFunc(flagError)
	root.SuggestionsMinimumDistance = 2
	version := &cobra.Command{
		Use:   "version",
		Short: "Print the version (as --version does)",
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			_, err := fmt.Fprintf(e.stdout, "gamesolve %s\n%s", Version, buildInfo())
			return err
		},
	}
	root.AddCommand(newRaceCmd(e), newChefsCmd(e), newCookiesCmd(e), newCgtCmd(e), newPigCmd(e), newKuhnCmd(e), newLeducCmd(e), newGoofspielCmd(e), newLiarsDiceCmd(e), newMatrixCmd(e), newSolveCmd(e), newConvertCmd(e), newPlotCmd(e), newServeCmd(e), newQueryCmd(e), version)
	// Shell completions (gamesolve completion bash|zsh|fish|powershell),
	// made now rather than at Execute so unknownCommand knows the name; they
	// capture the output writer when made, so it is set first.
	root.SetOut(e.stdout)
	root.SetErr(e.stderr)
	root.SetIn(e.stdin)
	root.InitDefaultCompletionCmd()
	addCompletions(root)
	// version and completion solve nothing: their help lists no global
	// flags (the solvers' --timeout, --workers, --digits, --quiet).
	for _, c := range root.Commands() {
		if c.Name() == "version" || c.Name() == "completion" {
			hideGlobals(c)
			for _, sub := range c.Commands() {
				hideGlobals(sub)
			}
		}
	}
	return root
}

// hideGlobals makes cmd's help leave out the flags it inherits.
func hideGlobals(cmd *cobra.Command) {
	cmd.SetHelpFunc(func(c *cobra.Command, args []string) {
		var shown []*pflag.Flag
		c.InheritedFlags().VisitAll(func(f *pflag.Flag) {
			if !f.Hidden {
				f.Hidden = true
				shown = append(shown, f)
			}
		})
		defer func() {
			for _, f := range shown {
				f.Hidden = false
			}
		}()
		c.Root().HelpFunc()(c, args)
	})
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
