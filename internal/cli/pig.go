package cli

import (
	"bytes"
	"fmt"
	"strconv"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/games/pig"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/spf13/cobra"
)

type pigFlags struct {
	target              int
	exact, policy, json bool
	csv                 string
}

// pigJSON is the --json shape of pig.
type pigJSON struct {
	Target              int            `json:"target"`
	WinProbability      float64        `json:"win_probability"`
	WinProbabilityExact string         `json:"win_probability_exact,omitempty"`
	ExpectedRolls       float64        `json:"expected_rolls"`
	ExpectedRollsExact  string         `json:"expected_rolls_exact,omitempty"`
	States              int            `json:"states"`
	Components          int            `json:"components"`
	Methods             map[string]int `json:"methods"`
	// Policy[i][j] is the turn total at which the player to move holds
	// with score i against j (0: rolls on to the target).
	Policy [][]int `json:"policy,omitempty"`
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
			opt := engine.Options{}
			opt.Policy = fl.policy || fl.csv != ""
			opt.Progress = e.progress("pig")
			opt.Workers = e.workers
			out := pigJSON{Target: fl.target}
			var hold func(i, j int) int
			if fl.exact {
				r, err := pig.Solve(cmd.Context(), numeric.Exact{}, fl.target, opt)
				if err != nil {
					return err
				}
				out.WinProbability, _ = r.Win.Float64()
				out.WinProbabilityExact = ratString(r.Win)
				out.ExpectedRolls, _ = r.Rolls.Float64()
				out.ExpectedRollsExact = ratString(r.Rolls)
				out.States, out.Components, out.Methods = r.Engine.States, r.Engine.Components, methodCounts(r.Engine.Methods)
				hold = r.HoldAt
			} else {
				r, err := pig.Solve[float64](cmd.Context(), numeric.Float{}, fl.target, opt)
				if err != nil {
					return err
				}
				out.WinProbability, out.ExpectedRolls = r.Win, r.Rolls
				out.States, out.Components, out.Methods = r.Engine.States, r.Engine.Components, methodCounts(r.Engine.Methods)
				hold = r.HoldAt
			}
			if fl.csv != "" {
				rows := gridCSV(`me\you`, fl.target, fl.target, strconv.Itoa, strconv.Itoa, func(i, j int) string { return strconv.Itoa(hold(i, j)) })
				if err := writeCSV(fl.csv, rows); err != nil {
					return err
				}
			}
			if fl.policy {
				out.Policy = make([][]int, fl.target)
				for i := range out.Policy {
					out.Policy[i] = make([]int, fl.target)
					for j := range out.Policy[i] {
						out.Policy[i][j] = hold(i, j)
					}
				}
			}
			return emit(e.stdout, fl.json, out, func(b *bytes.Buffer) { pigText(b, out, e.float) })
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

func pigText(b *bytes.Buffer, out pigJSON, float func(float64) string) {
	fmt.Fprintf(b, "Pig to %d: %d states, %d components\n", out.Target, out.States, out.Components)
	fmt.Fprintf(b, "first player wins with probability %s\n", float(out.WinProbability))
	if out.WinProbabilityExact != "" {
		fmt.Fprintf(b, "exactly %s\n", out.WinProbabilityExact)
	}
	fmt.Fprintf(b, "expected rolls %s\n", float(out.ExpectedRolls))
	if out.ExpectedRollsExact != "" {
		fmt.Fprintf(b, "exactly %s\n", out.ExpectedRollsExact)
	}
	if out.Policy != nil {
		b.WriteString("\nhold at turn total (0: never); rows: my score, columns: your score\n")
		rows := [][]string{{"me\\you"}}
		for j := range out.Target {
			rows[0] = append(rows[0], strconv.Itoa(j))
		}
		for i, pr := range out.Policy {
			row := []string{strconv.Itoa(i)}
			for _, k := range pr {
				row = append(row, strconv.Itoa(k))
			}
			rows = append(rows, row)
		}
		table(b, rows)
	}
}
