package cli

import (
	"strings"

	"github.com/gamesolve/gamesolve/cgt/rulesets"
	"github.com/gamesolve/gamesolve/report"
	"github.com/spf13/cobra"
)

func newCgtCmd(e *env) *cobra.Command {
	var game string
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "cgt 'EXPRESSION' | cgt --game NAME 'POSITION'",
		Short: "Canonical value and outcome class of a combinatorial game",
		Long: `Prints the canonical value of a short partizan game, in CGSuite notation, and
its outcome class: L (Left wins), R (Right wins), N (the player to move wins)
or P (the player to move loses).

Expressions: integers, dyadic fractions (3/4), *, *n, ^, v, ^^, ^n, ^*, ±x
(or +-x), {L|R} with comma-separated options and slash bars ({3||2|1}),
+, binary and unary -, parentheses. "+-" always means ±.

With --game, the argument is a position of a built-in ruleset:
  cookies      pile sizes: "5" or "1 2 2" (Odd is Left)
  nim          heap sizes: "1 2 3"
  hackenbush   Blue-Red stalks of l and r from the ground: "lr rl"
  domineering  rows separated by |, . empty, # filled: "..|.."
               (Left places vertical dominoes)
  cutcake      rectangles MxN (M rows, N columns): "2x3 1x4"
               (Left cuts between columns)
  toads        Toads and Frogs strip: "TT..FF"

An expression that starts with "-" follows "--" so it is not read as a flag:
  gamesolve cgt -- '-{2|1}'

JSON keys: value, outcome, input, and game with --game.`,
		Example: `  gamesolve cgt '{0|*}'
  gamesolve cgt '^+^' --json
  gamesolve cgt '{3||2|1} + *'
  gamesolve cgt -- '-{2|1}'
  gamesolve cgt --game cookies '1 2 2'
  gamesolve cgt --game domineering '..|..'`,
		Args: exactlyOne("an expression or, with --game, a position", "gamesolve cgt '{0|*}'"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if cmd.Flags().Changed("game") && game == "" {
				_, err := rulesets.Lookup(game)
				return err
			}
			var progress func(int, bool)
			if bar := e.progress("cgt: positions valued"); bar != nil {
				progress = func(n int, done bool) {
					if done {
						bar(int64(n), int64(n)) // clears the bar
					} else {
						bar(int64(n), -1)
					}
				}
			}
			out, err := report.ValueCGT(cmd.Context(), game, args[0], progress)
			if err != nil {
				return err
			}
			return emit(e.stdout, asJSON, out, out.Text)
		},
	}
	cmd.Flags().StringVar(&game, "game", "", "ruleset of the position: "+strings.Join(rulesets.Names(), ", "))
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object")
	return cmd
}
