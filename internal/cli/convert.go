package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/gamesolve/gamesolve/model/prism"
	"github.com/gamesolve/gamesolve/report"
	"github.com/spf13/cobra"
)

func newConvertCmd(e *env) *cobra.Command {
	var fl solveFlags
	var to, out string
	cmd := &cobra.Command{
		Use:   "convert FILE --to jani",
		Short: "Translate a PRISM model (and its properties) into JANI",
		Long: `Translate a model in the PRISM language, with its properties (--props FILE,
--prop TEXT), into a JANI document for other tools: one automaton per module,
every variable global, one synchronisation vector per shared action, formulas
and labels expanded, each reward structure a transient variable set on every
transition. gamesolve solve reads the result to the same states and values.
Open constants stay open (give them to the tool that reads the file).`,
		Example: `  gamesolve convert docs/examples/die.pm --props docs/examples/die.props --to jani -o die.jani`,
		Args:    exactlyOne("a PRISM model file", "gamesolve convert docs/examples/die.pm --to jani"),
		RunE: func(cmd *cobra.Command, args []string) error {
			path := args[0]
			if to != "jani" {
				return fmt.Errorf("convert: --to %q: the one target is jani", to)
			}
			data, err := readText(path)
			if err != nil {
				return fmt.Errorf("convert: %w", err)
			}
			if !report.IsPRISM(path, data) {
				return fmt.Errorf("convert: %s is not a PRISM model (.prism, .pm or .nm)", path)
			}
			props, err := propsText(fl)
			if err != nil {
				return fmt.Errorf("convert: %w", err)
			}
			name := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
			doc, err := prism.ToJANI(data, []byte(props), name)
			if err != nil {
				return fmt.Errorf("convert: %s: %w", path, err)
			}
			if out == "" || out == "-" {
				_, err = e.stdout.Write(doc)
				return err
			}
			if err := os.WriteFile(out, doc, 0o644); err != nil {
				return fmt.Errorf("convert: %w", err)
			}
			if !e.quiet {
				fmt.Fprintf(e.stderr, "wrote %s\n", out)
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&to, "to", "jani", "the target format: jani")
	f.StringVarP(&out, "output", "o", "", "write to this file (default: standard output)")
	f.StringVar(&fl.props, "props", "", "the properties file")
	f.StringArrayVar(&fl.prop, "prop", nil, "a property (repeatable)")
	return cmd
}
