package cli

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/gamesolve/gamesolve/extensive"
	"github.com/gamesolve/gamesolve/games/poker"
	"github.com/gamesolve/gamesolve/report"
	"github.com/spf13/cobra"
)

// gameFlags are the flags of a built-in game of imperfect information.
type gameFlags struct {
	exact, json bool
	write       string
}

func (fl *gameFlags) add(cmd *cobra.Command) {
	f := cmd.Flags()
	f.BoolVar(&fl.exact, "exact", false, "show the values and probabilities as exact fractions (the solve is exact either way)")
	f.BoolVar(&fl.json, "json", false, "print one JSON object")
	f.StringVar(&fl.write, "write", "", "write the game to this file instead of solving it: FILE.efg or FILE.nfg (Gambit's formats)")
}

// runGame solves a game of imperfect information or simultaneous moves,
// or writes it where --write asks.
func runGame(cmd *cobra.Command, e *env, what string, g *extensive.Game, fl gameFlags) error {
	if fl.write != "" {
		return writeGame(e, what, g, fl.write, nil)
	}
	out, err := report.SolveGame(cmd.Context(), g, fl.exact)
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	return emit(e.stdout, fl.json, out, func(b *bytes.Buffer) { out.Text(b, e.float) })
}

// writeGame writes g as .efg or .nfg, by path's extension (or format, when
// not empty), never losing a file (writeFile).
func writeGame(e *env, what string, g *extensive.Game, path string, inputs []string) error {
	format := strings.TrimPrefix(filepath.Ext(path), ".")
	if format != "efg" && format != "nfg" {
		return fmt.Errorf("%s: --write %s: name a .efg or .nfg file", what, path)
	}
	return writeGameAs(e, what, g, format, path, inputs)
}

func writeGameAs(e *env, what string, g *extensive.Game, format, path string, inputs []string) error {
	if format == "nfg" {
		nf, err := g.NormalForm()
		if err != nil {
			return fmt.Errorf("%s: %w", what, err)
		}
		g = nf
	}
	write := func(w io.Writer) (string, error) {
		if format == "nfg" {
			return "", g.WriteNFG(w)
		}
		return "", g.WriteEFG(w)
	}
	if path == "" || path == "-" {
		if _, err := write(e.stdout); err != nil {
			return fmt.Errorf("%s: %w", what, err)
		}
		return nil
	}
	if _, err := writeFile(path, inputs, write); err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	if !e.quiet {
		fmt.Fprintf(e.stderr, "wrote %s\n", path)
	}
	return nil
}

const equilibriumJSON = `JSON keys: game, players, method ("sequence-form LP" or "pure search"),
values and values_exact (each player's expected payoff, in player order),
strategy (a list of {"player": P, "infoset": I, "label", "reached",
"actions": [{"name", "probability", "probability_exact"}]}, P from 1 and I
as a .efg file numbers the information set; no infoset for a normal form),
exploitability and exploitability_exact ("0" when certified), and sizes
(nodes, terminals, and per player infosets and sequences, the empty
sequence included).`

func newKuhnCmd(e *env) *cobra.Command {
	var fl gameFlags
	cmd := &cobra.Command{
		Use:   "kuhn",
		Short: "Kuhn poker: the exact equilibrium, certified",
		Long: `Kuhn poker, with OpenSpiel's rules: three cards J < Q < K, one dealt to each
of two players, who each ante 1. P1 checks or bets 1; facing a bet a player
folds or calls; after two checks or a call the higher card takes the pot.

Solved exactly by the sequence-form linear program and certified by an exact
best response for each player: the value to P1 is -1/18. The strategy table
gives each information set's action probabilities; sets that the
equilibrium never reaches say so.

` + equilibriumJSON,
		Example: `  gamesolve kuhn
  gamesolve kuhn --exact --json
  gamesolve kuhn --write kuhn.efg`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runGame(cmd, e, "kuhn", poker.Kuhn(), fl)
		},
	}
	fl.add(cmd)
	return cmd
}

func newMatrixCmd(e *env) *cobra.Command {
	var fl gameFlags
	var rows, cols string
	cmd := &cobra.Command{
		Use:   "matrix 'ROWS'",
		Short: "A matrix game given inline: its exact equilibrium, certified",
		Long: `A two-player game in which both choose at once, written inline: rows
separated by ";", cells by spaces. A cell is the row player's payoff, which
the column player pays (zero-sum), or "a,b" for the row and the column
player's payoffs (bimatrix). Numbers are integers, decimals or fractions.

A zero-sum game is solved exactly by linear programming; every equilibrium
gives the same values. A bimatrix game gets its first pure equilibrium (in
the order of the row player's, then the column player's strategies), or a
refusal when the search proves there is none.

` + equilibriumJSON,
		Example: `  gamesolve matrix '0 -1 1; 1 0 -1; -1 1 0' --rows R,P,S --cols R,P,S
  gamesolve matrix '2 -1; -1 1' --exact
  gamesolve matrix '3,3 0,5; 5,0 1,1' --json
  gamesolve matrix '0 -1 1; 1 0 -1; -1 1 0' --write rps.nfg`,
		Args: exactlyOne("the matrix, quoted", "gamesolve matrix '0 -1 1; 1 0 -1; -1 1 0'"),
		RunE: func(cmd *cobra.Command, args []string) error {
			split := func(s string) []string {
				if s == "" {
					return nil
				}
				return strings.Split(s, ",")
			}
			g, err := extensive.ParseMatrix(args[0], split(rows), split(cols))
			if err != nil {
				return err
			}
			return runGame(cmd, e, "matrix", g, fl)
		},
	}
	fl.add(cmd)
	cmd.Flags().StringVar(&rows, "rows", "", "the row player's strategies' names, comma-separated (default r1, r2, …)")
	cmd.Flags().StringVar(&cols, "cols", "", "the column player's strategies' names, comma-separated (default c1, c2, …)")
	return cmd
}
