package cli

import (
	"github.com/gamesolve/gamesolve/cgt/rulesets"
	"github.com/spf13/cobra"
)

// modelExts are the extensions of model files: gamesolve's JSON, JANI and
// the PRISM language.
var modelExts = []string{"json", "jani", "prism", "pm", "nm", "sm", "smg"}

// addCompletions gives every enumerated flag its values and every file
// flag and model argument its extensions, for gamesolve completion's
// scripts. It is the one place that knows them: walk adds them by flag
// name, command by command.
func addCompletions(root *cobra.Command) {
	values := func(v ...string) cobra.CompletionFunc {
		return func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			return v, cobra.ShellCompDirectiveNoFileComp
		}
	}
	files := func(ext ...string) cobra.CompletionFunc {
		return func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			return ext, cobra.ShellCompDirectiveFilterFileExt
		}
	}
	byFlag := map[string]cobra.CompletionFunc{
		"first":  values("coin", "chooser"),
		"method": values("fast", "general"),
		"game":   values(rulesets.Names()...),
		"to":     values("jani", "json"),
		"csv":    files("csv"),
		"props":  files("props", "pctl", "txt"),
	}
	var walk func(cmd *cobra.Command)
	walk = func(cmd *cobra.Command) {
		for name, fn := range byFlag {
			if cmd.Flags().Lookup(name) != nil {
				cmd.RegisterFlagCompletionFunc(name, fn) // each command once: no error
			}
		}
		if cmd.Flags().Lookup("output") != nil {
			out := files("png", "svg") // plot's pictures
			if cmd.Name() == "convert" {
				out = files("jani", "json")
			}
			cmd.RegisterFlagCompletionFunc("output", out)
		}
		switch cmd.CommandPath() {
		case "gamesolve solve", "gamesolve plot solve", "gamesolve convert":
			cmd.ValidArgsFunction = func(_ *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
				if len(args) > 0 {
					return nil, cobra.ShellCompDirectiveNoFileComp // one model file
				}
				return modelExts, cobra.ShellCompDirectiveFilterFileExt
			}
		}
		for _, c := range cmd.Commands() {
			walk(c)
		}
	}
	walk(root)
}
