package cli

import (
	"bytes"
	"fmt"
	"strconv"

	"github.com/gamesolve/gamesolve/games/pig"
	"github.com/gamesolve/gamesolve/report"
	"github.com/spf13/cobra"
)

type pigFlags struct {
	target              int
	exact, policy, json bool
	csv                 string
}

func newPigCmd(e *env) *cobra.Command {
	var fl pigFlags
	cmd := &cobra.Command{
		Use:   "pig",
		Short: "Two-player Pig: the first player's optimal win probability and the hold policy",
		Long: `Pig: players take turns rolling a six-sided die. A 1 ends the turn and loses
the turn total; any other face adds to it, after which the player may roll
again or hold, banking the turn total. A turn begins with a roll. The first to
reach the target wins. Solved by the general engine, one pair of scores at a
time. Prints the first player's win probability with both playing optimally,
and the expected number of rolls.

JSON keys: target, win_probability, expected_rolls, states, components,
methods, with --exact win_probability_exact and expected_rolls_exact, and with
--policy "policy", where policy[i][j] is the turn total at which the player to
move holds with score i against j (0: it never holds before the target).`,
		Example: `  gamesolve pig --target 100
  gamesolve pig --target 10 --exact --json
  gamesolve pig --target 6 --policy`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if !cmd.Flags().Changed("target") {
				return fmt.Errorf("pig: --target is required")
			}
			if _, err := pig.New(fl.target); err != nil {
				return err
			}
			if fl.policy {
				if err := checkPolicySize(cmd, float64(fl.target)*float64(fl.target)); err != nil {
					return err
				}
			}
			q := report.PigQuery{Target: fl.target, Exact: fl.exact, Table: fl.csv != "", ShowPolicy: fl.policy}
			q.Options.Progress, q.Options.Workers = e.progress("pig"), e.workers
			out, err := report.SolvePig(cmd.Context(), q)
			if err != nil {
				return err
			}
			if fl.csv != "" {
				rows := gridCSV(`me\you`, fl.target, fl.target, strconv.Itoa, strconv.Itoa, func(i, j int) string { return strconv.Itoa(out.HoldAt(i, j)) })
				if err := writeCSV(fl.csv, rows); err != nil {
					return err
				}
			}
			return emit(e.stdout, fl.json, out, func(b *bytes.Buffer) { out.Text(b, e.float) })
		},
	}
	f := cmd.Flags()
	f.IntVar(&fl.target, "target", 0, fmt.Sprintf("points that win (1 to %d)", pig.MaxTarget))
	f.BoolVar(&fl.exact, "exact", false, "exact rational arithmetic (strategy iteration)")
	f.BoolVar(&fl.policy, "policy", false, fmt.Sprintf("print the turn total at which to hold for every pair of scores (target² entries, at most %d)", maxPolicyEntries))
	f.StringVar(&fl.csv, "csv", "", "write the hold table to this CSV file (rows: my score, columns: yours)")
	f.BoolVar(&fl.json, "json", false, "print one JSON object")
	return cmd
}
