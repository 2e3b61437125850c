package cli

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/gamesolve/gamesolve/extensive"
	"github.com/gamesolve/gamesolve/games/goofspiel"
	"github.com/gamesolve/gamesolve/games/liarsdice"
	"github.com/gamesolve/gamesolve/games/poker"
	"github.com/gamesolve/gamesolve/report"
	"github.com/spf13/cobra"
)

// gameFlags are the flags of a built-in game of imperfect information.
type gameFlags struct {
	exact, json, all bool
	write            string
	iterations       int
}

func (fl *gameFlags) add(cmd *cobra.Command) {
	f := cmd.Flags()
	f.BoolVar(&fl.exact, "exact", false, "show exact fractions, and refuse a game too large for the exact solve instead of giving an ε-equilibrium")
	f.BoolVar(&fl.json, "json", false, "print one JSON object")
	f.StringVar(&fl.write, "write", "", "write the game to this file instead of solving it: FILE.efg or FILE.nfg (Gambit's formats)")
	f.IntVar(&fl.iterations, "iterations", report.DefaultIterations, "CFR+ iterations for a zero-sum game too large for the exact solve (float mode)")
}

// maxIterations bounds --iterations (a run checks the deadline between
// iterations; this bounds what one asks for by mistake).
const maxIterations = 100_000_000

// runGame solves a game of imperfect information or simultaneous moves,
// or writes it where --write asks.
func runGame(cmd *cobra.Command, e *env, what string, g *extensive.Game, fl gameFlags) error {
	if fl.write != "" {
		return writeGame(e, what, g, fl.write, nil)
	}
	if fl.iterations < 1 || fl.iterations > maxIterations {
		return fmt.Errorf("%s: --iterations %d: want 1 to %d", what, fl.iterations, maxIterations)
	}
	out, err := report.SolveGame(cmd.Context(), g, report.GameOptions{Exact: fl.exact, Iterations: fl.iterations, All: fl.all, Progress: e.progress(what)})
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

const equilibriumJSON = `JSON keys: game, players, method ("sequence-form LP", "Lemke–Howson",
"Lemke on the sequence form", "vertex enumeration", "pure search", or "CFR+, N iterations" for an
ε-equilibrium),
values and values_exact (each player's expected payoff, in player order),
strategy (a list of {"player": P, "infoset": I, "label", "reached",
"actions": [{"name", "probability", "probability_exact"}]}, P from 1 and I
as a .efg file numbers the information set; no infoset for a normal form),
exploitability and exploitability_exact ("0" when certified), and sizes
(nodes, terminals, and per player infosets and sequences, the empty
sequence included); with --all, equilibria (a list of {values,
values_exact, strategy}).`

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
gives the same values. A bimatrix game gets the equilibrium at the end of
the Lemke–Howson path that drops the row player's first strategy, exactly.
--all lists every extreme equilibrium, as gambit-enummixed does: the
completely labelled vertex pairs of the best-response polytopes, so that a
degenerate game's sets of equilibria are given by their vertices.

` + equilibriumJSON,
		Example: `  gamesolve matrix '0 -1 1; 1 0 -1; -1 1 0' --rows R,P,S --cols R,P,S
  gamesolve matrix '2 -1; -1 1' --exact
  gamesolve matrix '3,3 0,5; 5,0 1,1' --json
  gamesolve matrix '3,3 3,3; 2,2 5,6; 0,3 6,1' --all --exact
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
	cmd.Flags().BoolVar(&fl.all, "all", false, "list every extreme equilibrium (vertex enumeration, as gambit-enummixed)")
	cmd.Flags().StringVar(&rows, "rows", "", "the row player's strategies' names, comma-separated (default r1, r2, …)")
	cmd.Flags().StringVar(&cols, "cols", "", "the column player's strategies' names, comma-separated (default c1, c2, …)")
	return cmd
}

func newLeducCmd(e *env) *cobra.Command {
	var fl gameFlags
	cmd := &cobra.Command{
		Use:   "leduc",
		Short: "Leduc hold'em: the exact equilibrium, certified",
		Long: `Leduc hold'em, with OpenSpiel's rules: six cards (J, Q, K in two suits), one
private card each and a public card after the first betting round; antes of
1, raises of 2 in the first round and 4 in the second, at most two a round;
a player folds only when facing a raise. A pair with the public card wins,
else the higher card; equal ranks split the pot. 9,457 nodes, 936
information sets (468 a player), 1,093 sequences a player.

Solved exactly in under a second: the sparse simplex method finds the
optimal basis of the sequence-form program in floats, the basis is then
solved and checked optimal in exact arithmetic, and the profile is
certified by an exact best response for each player. The value to P1 is
-1454920850547486749701863871533/16995463438839962469905132501930, that is
-0.085606424078..., OpenSpiel's published -0.085606424078 to its 12 digits.

` + equilibriumJSON,
		Example: `  gamesolve leduc
  gamesolve leduc --exact --json
  gamesolve leduc --write leduc.efg`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runGame(cmd, e, "leduc", poker.Leduc(), fl)
		},
	}
	fl.add(cmd)
	return cmd
}

func newGoofspielCmd(e *env) *cobra.Command {
	var fl gameFlags
	var cards int
	var order string
	cmd := &cobra.Command{
		Use:   "goofspiel",
		Short: "Goofspiel with hidden bids: an exact equilibrium, or an ε-equilibrium by CFR+",
		Long: `Goofspiel, OpenSpiel's imperfect-information variant: each player holds cards
1 to N and, for each prize (1 to N points, in random order unless --order
says ascending or descending), both bid a card at once; the higher bid takes
the prize, equal bids discard it. A player sees the prizes, its own bids and
who won each prize, never the other's bids. The last cards are played
without a choice. The winner on points gets 1, the loser -1, a draw 0.

The game is symmetric, so its value is 0; the solve is exact and
certified. 4 cards (26,773 nodes, 1,804 information sets a player) takes
under a second, by the sparse simplex method and an exact solve of its
basis. A game whose program passes 60,000 rows (5 cards) is refused with
--exact; in float mode it gets CFR+ (--iterations), with its ε certified.

` + equilibriumJSON,
		Example: `  gamesolve goofspiel --cards 3 --exact
  gamesolve goofspiel --cards 4 --exact --json
  gamesolve goofspiel --cards 5 --iterations 200
  gamesolve goofspiel --cards 3 --write goofspiel3.efg`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			o, ok := map[string]goofspiel.Order{"random": goofspiel.Random, "ascending": goofspiel.Ascending, "descending": goofspiel.Descending}[order]
			if !ok {
				return fmt.Errorf("goofspiel: --order %q: want random, ascending or descending", order)
			}
			g, err := goofspiel.New(cmd.Context(), cards, o)
			if err != nil {
				return err
			}
			return runGame(cmd, e, "goofspiel", g, fl)
		},
	}
	fl.add(cmd)
	cmd.Flags().IntVar(&cards, "cards", 4, fmt.Sprintf("N, the cards in each hand and the prizes (2 to %d)", goofspiel.MaxCards))
	cmd.Flags().StringVar(&order, "order", "random", "the prizes' order: random (dealt by chance), ascending or descending")
	return cmd
}

func newLiarsDiceCmd(e *env) *cobra.Command {
	var fl gameFlags
	var dice, sides int
	cmd := &cobra.Command{
		Use:   "liars-dice",
		Short: "Liar's Dice: an exact equilibrium, or an ε-equilibrium by CFR+",
		Long: `Liar's Dice with OpenSpiel's rules: each of two players rolls its dice unseen;
they bid in turn, P1 first, "at least q dice show face f", each bid higher
than the last in (q, f) order, or call "liar" once a bid stands. The highest
face is wild. If the dice bear the last bid out, its bidder wins 1 and the
caller loses 1; otherwise the other way round.

The solve is exact and certified, by the sparse simplex method and an exact
solve of its basis. With one six-sided die each (294,883
nodes, 12,288 information sets a player) the value to P1 is -7/258, that
is OpenSpiel's -0.027131782945736, which its linear program takes more than
300 s to reach; here it takes about 25 seconds. A game whose program passes
the 60,000 rows the sparse method takes on is refused with --exact; float
mode gives it CFR+ (--iterations), with a certified ε.

` + equilibriumJSON,
		Example: `  gamesolve liars-dice --dice 1 --sides 3 --exact
  gamesolve liars-dice --dice 1 --sides 6 --exact --json
  gamesolve liars-dice --dice 2 --sides 3 --exact
  gamesolve liars-dice --dice 1 --sides 4 --write liars4.efg`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			g, err := liarsdice.New(cmd.Context(), dice, sides)
			if err != nil {
				return err
			}
			return runGame(cmd, e, "liars-dice", g, fl)
		},
	}
	fl.add(cmd)
	cmd.Flags().IntVar(&dice, "dice", 1, fmt.Sprintf("dice per player (1 to %d)", liarsdice.MaxDice))
	cmd.Flags().IntVar(&sides, "sides", 6, fmt.Sprintf("faces per die (2 to %d; the highest is wild)", liarsdice.MaxSides))
	return cmd
}
