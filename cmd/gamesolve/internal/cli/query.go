package cli

import (
	"bytes"
	"fmt"

	"github.com/gamesolve/gamesolve/report"
	"github.com/spf13/cobra"
)

func newQueryCmd(e *env) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "query DIR STATE",
		Short: "read a state's values and best move from tier files, solving nothing",
		Long: `Query reads one state's values and best move from a directory of tier files
written by "gamesolve pig --tiers DIR", checking the blocks it reads against
their checksums. It solves nothing: an answer takes milliseconds.

A Pig state is "start" or MINE,YOURS,TOTAL,PLAYER: player 0's score, player
1's score, the turn total and the player to move (0 or 1). A state that play
never reaches has no entry.

JSON keys: game, state, tier, values (each player's win probability),
values_exact (exact mode), expected_rolls, expected_rolls_exact, action
("roll" or "hold").`,
		Example: `  gamesolve query pig200 start
  gamesolve query pig200 50,60,12,1 --json`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 2 {
				return &usageError{fmt.Sprintf("query needs a tier directory and a state, e.g. gamesolve query pig200 start; got %d arguments", len(args)), helpOf(cmd)}
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			out, err := report.QueryTiers(args[0], args[1])
			if err != nil {
				return err
			}
			return emit(e.stdout, asJSON, out, func(b *bytes.Buffer) { out.Text(b, e.float) })
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object")
	return cmd
}
