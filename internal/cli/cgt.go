package cli

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/gamesolve/gamesolve/cgt"
	"github.com/gamesolve/gamesolve/cgt/rulesets"
	"github.com/spf13/cobra"
)

// cgtJSON is the --json shape of cgt.
type cgtJSON struct {
	Game    string `json:"game,omitempty"`
	Input   string `json:"input"`
	Value   string `json:"value"`
	Outcome string `json:"outcome"`
}

var outcomeText = map[cgt.Outcome]string{
	cgt.L: "L (Left wins whoever starts)",
	cgt.R: "R (Right wins whoever starts)",
	cgt.N: "N (the player to move wins)",
	cgt.P: "P (the player to move loses)",
}

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
			out := cgtJSON{Game: game, Input: args[0]}
			var g cgt.Game
			if cmd.Flags().Changed("game") {
				rs, err := rulesets.Lookup(game)
				if err != nil {
					return err
				}
				p, err := rs.Parse(args[0])
				if err != nil {
					return err
				}
				ev := cgt.NewEvaluator()
				bar := e.progress("cgt: positions valued")
				if bar != nil {
					ev.Progress = func(n int) { bar(int64(n), -1) }
				}
				g, err = ev.ValueContext(cmd.Context(), p)
				if bar != nil {
					bar(int64(ev.Valued()), int64(ev.Valued())) // clears the bar
				}
				if err != nil {
					return err
				}
			} else {
				var err error
				if g, err = cgt.ParseContext(cmd.Context(), args[0]); err != nil {
					return err
				}
			}
			out.Value, out.Outcome = g.String(), g.Outcome().String()
			return emit(e.stdout, asJSON, out, func(b *bytes.Buffer) {
				fmt.Fprintf(b, "value   %s\noutcome %s\n", out.Value, outcomeText[g.Outcome()])
			})
		},
	}
	cmd.Flags().StringVar(&game, "game", "", "ruleset of the position: "+strings.Join(rulesets.Names(), ", "))
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object")
	return cmd
}
