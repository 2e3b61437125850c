package cli

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/gamesolve/gamesolve/numeric"
	"github.com/spf13/cobra"
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
	return &usageError{msg, helpOf(cmd)}
}

// unknownCommand reports a first argument that is not a command, with a
// suggestion, before cobra would read the rest as the root's flags and
// complain about them instead.
func unknownCommand(root *cobra.Command, args []string) error {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		return nil
	}
	name := args[0]
	for _, c := range root.Commands() {
		if c.Name() == name || c.HasAlias(name) {
			return nil
		}
	}
	if name == "help" || strings.HasPrefix(name, "__complete") {
		return nil // cobra's own: help, and the shell completion hooks
	}
	msg := fmt.Sprintf("unknown command %s", numeric.Shorten(name, 40))
	if s := root.SuggestionsFor(name); len(s) > 0 {
		msg += fmt.Sprintf("; did you mean %q?", s[0])
	}
	return &usageError{msg, "gamesolve --help"}
}
