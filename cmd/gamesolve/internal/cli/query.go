package cli

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/gamesolve/gamesolve/model"
	"github.com/gamesolve/gamesolve/report"
	"github.com/spf13/cobra"
)

func newQueryCmd(e *env) *cobra.Command {
	var asJSON bool
	var modelPath string
	cmd := &cobra.Command{
		Use:   "query DIR STATE",
		Short: "read a state's values and best move from tier files, solving nothing",
		Long: `Query reads one state's values and best move from a directory of tier files
written by "gamesolve pig --tiers DIR", "gamesolve chefs --tiers DIR" (or
gamesolve-beam) or "gamesolve solve MODEL --tiers DIR",
checking the blocks it reads against their checksums. It solves nothing:
for Pig an answer takes milliseconds; for a model, reading the model file
takes most of the time.

A Pig state is "start" or MINE,YOURS,TOTAL,PLAYER: player 0's score, player
1's score, the turn total and the player to move (0 or 1). A Chef
Showdown state is "start" or ALIVE@CHEF: the chefs alive (from 1,
comma-separated) and the one to cook, as 1,3,4@3. A model's state
is its id, with --model naming the model file (the one solved: its hash
names the directory). A state that play never reaches has no entry.

JSON keys: game, state, tier, values (for Pig each player's win
probability), values_exact (exact mode), action (Pig: "roll" or "hold"; a
model: the action's name); for Pig expected_rolls and expected_rolls_exact,
for a model expected_reward (null where play may never end) and
expected_reward_exact. For Chef Showdown: game, state, tier, alive, chef
(the cook), win_probabilities (one per chef), win_probabilities_exact,
expected_dishes, expected_dishes_exact and target (the chef aimed at).`,
		Example: `  gamesolve query pig200 start
  gamesolve query pig200 50,60,12,1 --json
  gamesolve query chefs12 2,5,9@5
  gamesolve query duel-tiers s0 --model duel.json`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 2 {
				return &usageError{fmt.Sprintf("query needs a tier directory and a state, e.g. gamesolve query pig200 start; got %d arguments", len(args)), helpOf(cmd)}
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if modelPath != "" {
				data, err := readText(modelPath)
				if err != nil {
					return fmt.Errorf("query: %w", err)
				}
				m, err := model.Parse(data)
				if err != nil {
					return fmt.Errorf("query: %s: %w", modelPath, err)
				}
				out, err := report.QueryModelTiers(args[0], args[1], m, data)
				if err != nil {
					return err
				}
				return emit(e.stdout, asJSON, out, func(b *bytes.Buffer) { out.Text(b, e.float) })
			}
			if game, err := report.TierGame(args[0]); err == nil && strings.HasPrefix(game, "chefs ") {
				out, err := report.QueryChefsTiers(args[0], args[1])
				if err != nil {
					return err
				}
				return emit(e.stdout, asJSON, out, func(b *bytes.Buffer) { out.Text(b, e.float) })
			}
			out, err := report.QueryTiers(args[0], args[1])
			if err != nil {
				return err
			}
			return emit(e.stdout, asJSON, out, func(b *bytes.Buffer) { out.Text(b, e.float) })
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object")
	cmd.Flags().StringVar(&modelPath, "model", "", "the JSON model file whose tiers DIR holds (solve --tiers)")
	return cmd
}
