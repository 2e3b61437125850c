package cli

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/gamesolve/gamesolve/numeric"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// usageError is bad input about how the command was called; its message
// ends with a pointer to the command's help.
type usageError struct {
	msg, help string
}

func (e *usageError) Error() string {
	return e.msg + " (see " + e.help + ")"
}

func helpOf(cmd *cobra.Command) string { return cmd.CommandPath() + " --help" }

// noArgs is cobra.NoArgs with a message that says what went wrong.
func noArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		return &usageError{fmt.Sprintf("%s takes no arguments, got %s; options start with --", cmd.Name(), numeric.Shorten(args[0], 40)), helpOf(cmd)}
	}
	return nil
}

// exactlyOne is cobra.ExactArgs(1) with a message naming what is wanted.
func exactlyOne(what, example string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		switch {
		case len(args) == 0:
			return &usageError{fmt.Sprintf("%s needs %s, e.g. %s", cmd.Name(), what, example), helpOf(cmd)}
		case len(args) > 1:
			return &usageError{fmt.Sprintf("%s takes only %s, got %d arguments (quote an argument that has spaces)", cmd.Name(), what, len(args)), helpOf(cmd)}
		}
		return nil
	}
}

// flagValue matches pflag's message for a value that does not parse.
var flagValue = regexp.MustCompile(`^invalid argument "(.*)" for "(.*?)" flag: (.*)$`)

// flagError rewrites pflag's messages: a value that is not a number says
// so plainly instead of quoting strconv.
func flagError(cmd *cobra.Command, err error) error {
	msg := err.Error()
	if m := flagValue.FindStringSubmatch(msg); m != nil {
		name, value, why := m[2], m[1], m[3]
		if _, long, ok := strings.Cut(name, ", "); ok {
			name = long // "-n, --n": name the long form
		}
		switch {
		case strings.Contains(why, "strconv.ParseInt"), strings.Contains(why, "strconv.Atoi"):
			if strings.Contains(why, "value out of range") {
				why = "out of range"
			} else {
				why = "not an integer"
			}
		case strings.Contains(why, "strconv.ParseBool"):
			why = "not true or false"
		case strings.Contains(why, "strconv.ParseFloat"):
			why = "not a number"
		}
		return &usageError{fmt.Sprintf("%s %s: %s", name, numeric.Shorten(value, 40), why), helpOf(cmd)}
	}
	if name, ok := strings.CutPrefix(msg, "unknown flag: --"); ok {
		if near := nearestFlag(cmd, name); near != "" {
			msg += fmt.Sprintf("; did you mean --%s?", near)
		}
	}
	return &usageError{msg, helpOf(cmd)}
}

// nearestFlag returns the flag of cmd (its own or inherited) nearest to
// name, within two edits, or "".
func nearestFlag(cmd *cobra.Command, name string) string {
	best, dist := "", 3
	visit := func(f *pflag.Flag) {
		if d := editDistance(name, f.Name); !f.Hidden && d < dist {
			best, dist = f.Name, d
		}
	}
	cmd.Flags().VisitAll(visit)
	cmd.InheritedFlags().VisitAll(visit)
	return best
}

// editDistance is the Levenshtein distance of a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// unknownCommand reports an argument that should name a command and does
// not (gamesolve nosuch, gamesolve plot nosuch, gamesolve completion tcsh),
// with a suggestion, before cobra would read the rest as flags and
// complain about them instead.
func unknownCommand(root *cobra.Command, args []string) error {
	cmd := root
	for len(args) > 0 && !strings.HasPrefix(args[0], "-") && cmd.HasSubCommands() {
		name := args[0]
		if cmd == root && (name == "help" || strings.HasPrefix(name, "__complete")) {
			return nil // cobra's own: help, and the shell completion hooks
		}
		var next *cobra.Command
		for _, c := range cmd.Commands() {
			if c.Name() == name || c.HasAlias(name) {
				next = c
			}
		}
		if next == nil {
			var names []string
			for _, c := range cmd.Commands() {
				if c.IsAvailableCommand() {
					names = append(names, c.Name())
				}
			}
			what := "command"
			if cmd != root {
				what = cmd.Name() + " target"
				if cmd.Name() == "completion" {
					what = "shell"
				}
			}
			msg := fmt.Sprintf("unknown %s %s", what, numeric.Shorten(name, 40))
			if s := cmd.SuggestionsFor(name); len(s) > 0 {
				msg += fmt.Sprintf("; did you mean %q?", s[0])
			} else if cmd != root {
				msg += fmt.Sprintf(" (%s)", strings.Join(names, ", "))
			}
			return &usageError{msg, helpOf(cmd)}
		}
		cmd, args = next, args[1:]
	}
	return nil
}
