package cli

import (
	"bytes"
	"fmt"
	"math"
	"strconv"

	"github.com/gamesolve/gamesolve/games/pig"
	"github.com/gamesolve/gamesolve/report"
	"github.com/spf13/cobra"
)

type pigFlags struct {
	target, players     int
	exact, policy, json bool
	csv, tiers          string
}

func newPigCmd(e *env) *cobra.Command {
	var fl pigFlags
	cmd := &cobra.Command{
		Use:   "pig",
		Short: "Pig: every player's optimal win probability and the hold policy",
		Long: `Pig: players take turns rolling a six-sided die. A 1 ends the turn and loses
the turn total; any other face adds to it, after which the player may roll
again or hold, banking the turn total. A turn begins with a roll. The first to
reach the target wins. Solved by the general engine, one tuple of scores at a
time. Prints the first player's win probability with both playing optimally,
and the expected number of rolls.

With --players 3 to 6, players roll in turn order 0, 1, …; each maximizes its
own chance of winning, and every turn is a cycle in which all players decide
(a 1 passes the turn on), so each is solved by an equilibrium that the engine
certifies: no player gains by changing only its own play. Every player's win
probability is printed.

JSON keys: players, target, win_probability (the first player's),
win_probabilities (every player's, in turn order), expected_rolls, states,
components, methods, with more than two players equilibrium ("certified") and
equilibria (components), with --exact win_probability_exact,
win_probabilities_exact and expected_rolls_exact, and with --policy "policy",
where policy[i][j] is the turn total at which the player to move holds with
score i against j (0: it never holds before the target); with more players
policy[i][j][k]… indexes the scores from the mover on, in turn order.

With --tiers DIR (two players) the game is solved one score sum at a time,
from the highest, and each solved tier is written to DIR as a checksummed
file: memory holds one tier and the values it reads, so targets far past
what fits in memory can be solved. The values equal the in-memory solve's to
the last bit. Run again with the same DIR, it resumes from the last complete
tier; a torn or corrupted file is solved again; a DIR of another target is
refused. "gamesolve query DIR STATE" then reads any state from the files.
On a terminal a bar shows the tiers and states done; when stderr is not a
terminal (a log), a line every minute says the same with the rate and the
time left. JSON keys with --tiers: target, win_probability,
win_probability_exact, win_probabilities, expected_rolls,
expected_rolls_exact, states, tiers, tiers_resumed, disk_bytes, and
unproven and unproven_bound where some float value is not proven.`,
		Example: `  gamesolve pig --target 100
  gamesolve pig --target 10 --exact --json
  gamesolve pig --target 6 --policy
  gamesolve pig --players 3 --target 30
  gamesolve pig --target 200 --tiers pig200`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if !cmd.Flags().Changed("target") {
				return fmt.Errorf("pig: --target is required")
			}
			if _, err := pig.NewMany(fl.players, fl.target); err != nil {
				return err
			}
			if fl.tiers != "" {
				if fl.players != 2 || fl.policy || fl.csv != "" {
					return fmt.Errorf("pig: --tiers solves two players, without --policy or --csv (query reads any state's move from the tier files)")
				}
				q := report.PigTiersQuery{Target: fl.target, Exact: fl.exact, Dir: fl.tiers, Progress: e.tierProgress("pig tiers"), LimitMemory: true}
				q.Options.Workers = e.workers
				out, err := report.SolvePigTiers(cmd.Context(), q)
				if err != nil {
					return err
				}
				return emit(e.stdout, fl.json, out, func(b *bytes.Buffer) { out.Text(b, e.float) })
			}
			if fl.policy {
				if err := checkPolicySize(cmd, math.Pow(float64(fl.target), float64(fl.players))); err != nil {
					return err
				}
			}
			q := report.PigQuery{Players: fl.players, Target: fl.target, Exact: fl.exact, Table: fl.csv != "", ShowPolicy: fl.policy}
			q.Options.Progress, q.Options.Workers = e.progress("pig"), e.workers
			out, err := report.SolvePig(cmd.Context(), q)
			if err != nil {
				return err
			}
			if fl.csv != "" {
				var rows [][]string
				if fl.players == 2 {
					rows = gridCSV(`me\you`, fl.target, fl.target, strconv.Itoa, strconv.Itoa, func(i, j int) string { return strconv.Itoa(out.HoldAt(i, j)) })
				} else {
					rows = pigCSV(out)
				}
				if err := writeCSV(fl.csv, rows); err != nil {
					return err
				}
			}
			return emit(e.stdout, fl.json, out, func(b *bytes.Buffer) { out.Text(b, e.float) })
		},
	}
	f := cmd.Flags()
	f.IntVar(&fl.target, "target", 0, fmt.Sprintf("points that win (1 to %d)", pig.MaxTarget))
	f.IntVar(&fl.players, "players", 2, fmt.Sprintf("number of players (2 to %d)", pig.MaxPlayers))
	f.BoolVar(&fl.exact, "exact", false, "exact rational arithmetic (strategy iteration)")
	f.BoolVar(&fl.policy, "policy", false, fmt.Sprintf("print the turn total at which to hold for every pair of scores (target² entries, at most %d)", maxPolicyEntries))
	f.StringVar(&fl.csv, "csv", "", "write the hold table to this CSV file (rows: my score, columns: yours; with more players one row per tuple of scores)")
	f.BoolVar(&fl.json, "json", false, "print one JSON object")
	f.StringVar(&fl.tiers, "tiers", "", "solve tier by tier (the score sum), each tier's values in a file in this directory; run again to resume")
	return cmd
}

// pigCSV is the hold table of Pig with more than two players: one row per
// tuple of scores, the mover's first.
func pigCSV(p *report.Pig) [][]string {
	head := []string{"me"}
	for i := 1; i < p.Players; i++ {
		head = append(head, fmt.Sprintf("player +%d", i))
	}
	rows := [][]string{append(head, "hold_at")}
	sc := make([]int, p.Players)
	var fill func(i int)
	fill = func(i int) {
		if i == len(sc) {
			row := make([]string, 0, len(sc)+1)
			for _, x := range sc {
				row = append(row, strconv.Itoa(x))
			}
			rows = append(rows, append(row, strconv.Itoa(p.HoldAt(sc...))))
			return
		}
		for x := range p.Target {
			sc[i] = x
			fill(i + 1)
		}
	}
	fill(0)
	return rows
}
