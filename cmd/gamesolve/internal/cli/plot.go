package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/gamesolve/gamesolve/cgt/rulesets"
	"github.com/gamesolve/gamesolve/games/pig"
	"github.com/gamesolve/gamesolve/games/poker"
	"github.com/gamesolve/gamesolve/games/race"
	"github.com/gamesolve/gamesolve/model/load"
	"github.com/gamesolve/gamesolve/picture"
	"github.com/gamesolve/gamesolve/report"
	"github.com/spf13/cobra"
)

func newPlotCmd(e *env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "plot GAME [flags] -o FILE",
		Short: "Draw a result as a PNG or SVG picture (by the file name)",
		Long: `Draws a solved game with gonum/plot, as PNG or SVG by the output file's
extension:

  race   the chooser's optimal T over the points both players still need,
         beside the chooser's probability of winning (race flags as in
         "gamesolve race"; the table may have up to 4M cells)
  pig    the optimal hold threshold over (my score, your score)
  chefs  each chef's win probability, with the skills under the bars
  solve  each player's value at a model's start; for a JANI model, each
         property's value
  cgt    a combinatorial game's thermograph (an expression, or --game NAME
         and a position), values increasing to the left as in Winning Ways`,
		Example: `  gamesolve plot race --target 100 -o race.png
  gamesolve plot pig --target 100 -o pig.svg
  gamesolve plot chefs -n 14 -o chefs.png
  gamesolve plot solve docs/examples/duel.json -o duel.png
  gamesolve plot cgt '{3||2|1}' -o thermograph.svg`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return &usageError{"plot: name a game: race, pig, chefs, solve or cgt", helpOf(cmd)}
		},
	}
	cmd.AddCommand(newPlotRaceCmd(e), newPlotPigCmd(e), newPlotChefsCmd(e), newPlotSolveCmd(e), newPlotCgtCmd(e), newPlotKuhnCmd(e))
	return cmd
}

// outputFlag adds the required -o FILE.
func outputFlag(cmd *cobra.Command, out *string) {
	cmd.Flags().StringVarP(out, "output", "o", "", "the picture to write: FILE.png or FILE.svg")
}

// drawTo writes a picture to path (checked by checkOutput), leaving no
// file behind on failure, and says so on stderr unless --quiet.
func (e *env) drawTo(path string, draw func(*bytes.Buffer, picture.Format) error) error {
	f, err := picture.FormatOf(path)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := draw(&buf, f); err != nil {
		return err
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		return &writeError{err}
	}
	if !e.quiet {
		fmt.Fprintf(e.stderr, "wrote %s\n", path)
	}
	return nil
}

// checkOutput validates -o before any solving.
func checkOutput(cmd *cobra.Command, path string) error {
	if path == "" {
		return &usageError{cmd.CommandPath() + ": -o FILE.png or -o FILE.svg is required", helpOf(cmd)}
	}
	if _, err := picture.FormatOf(path); err != nil {
		return err
	}
	if dir := filepath.Dir(path); dir != "" {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			return fmt.Errorf("plot: -o %s: no directory %s", path, dir)
		}
	}
	return nil
}

func newPlotRaceCmd(e *env) *cobra.Command {
	var fl raceFlags
	var out string
	cmd := &cobra.Command{
		Use: "race [race flags] -o FILE",
		Example: `  gamesolve plot race --target 100 -o race.png
  gamesolve plot race --target 30 --first chooser -o olympiad.svg`,
		Short: "The chooser's optimal T and win probability over the state space",
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := checkOutput(cmd, out); err != nil {
				return err
			}
			g, err := raceGame(cmd, fl)
			if err != nil {
				return err
			}
			if float64(g.CoinTarget)*float64(g.ChooserTarget) > race.MaxWinTable {
				return fmt.Errorf("plot race: %d×%d states is more than the %d a picture can show", g.CoinTarget, g.ChooserTarget, race.MaxWinTable)
			}
			q := report.RaceQuery{Game: g, Table: true}
			q.Options.Progress, q.Options.Workers = e.progress("race"), e.workers
			r, err := report.SolveRace(cmd.Context(), q)
			if err != nil {
				return err
			}
			return e.drawTo(out, func(b *bytes.Buffer, f picture.Format) error { return picture.Race(b, f, r) })
		},
	}
	raceGameFlags(cmd.Flags(), &fl)
	outputFlag(cmd, &out)
	return cmd
}

func newPlotPigCmd(e *env) *cobra.Command {
	var target, players int
	var rest []int
	var out string
	cmd := &cobra.Command{
		Use:   "pig --target N -o FILE",
		Short: "The optimal hold threshold over my score and the next player's",
		Long: `The turn total at which the player to move holds, over its score and the
next player's. With --players 3 or more, the players after the next one are
at the scores given by --rest (in turn order; 0 if not given): one picture
per choice of those scores.`,
		Example: `  gamesolve plot pig --target 100 -o pig.svg
  gamesolve plot pig --players 3 --target 30 --rest 20 -o pig3.png`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := checkOutput(cmd, out); err != nil {
				return err
			}
			if !cmd.Flags().Changed("target") {
				return fmt.Errorf("plot pig: --target is required")
			}
			if _, err := pig.NewMany(players, target); err != nil {
				return err
			}
			if len(rest) > players-2 {
				return fmt.Errorf("plot pig: --rest gives %d scores; with %d players there are %d after the next one", len(rest), players, players-2)
			}
			for _, x := range rest {
				if x < 0 || x >= target {
					return fmt.Errorf("plot pig: --rest score %d: scores are from 0 to %d", x, target-1)
				}
			}
			q := report.PigQuery{Players: players, Target: target, Table: true}
			q.Options.Progress, q.Options.Workers = e.progress("pig"), e.workers
			r, err := report.SolvePig(cmd.Context(), q)
			if err != nil {
				return err
			}
			return e.drawTo(out, func(b *bytes.Buffer, f picture.Format) error { return picture.Pig(b, f, r, rest...) })
		},
	}
	cmd.Flags().IntVar(&target, "target", 0, fmt.Sprintf("points that win (1 to %d, as pig; refused up front where the solve would not fit)", pig.MaxTarget))
	cmd.Flags().IntVar(&players, "players", 2, fmt.Sprintf("number of players (2 to %d)", pig.MaxPlayers))
	cmd.Flags().IntSliceVar(&rest, "rest", nil, "scores of the players after the next one, in turn order (more than two players)")
	outputFlag(cmd, &out)
	return cmd
}

func newPlotChefsCmd(e *env) *cobra.Command {
	var fl chefsFlags
	var out string
	cmd := &cobra.Command{
		Use: "chefs (-n N | --skills LIST) -o FILE",
		Example: `  gamesolve plot chefs -n 14 -o chefs.png
  gamesolve plot chefs --skills 0.25,0.5,1 -o three.svg`,
		Short: "Each chef's win probability",
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := checkOutput(cmd, out); err != nil {
				return err
			}
			skills, err := chefsSkills(cmd, fl)
			if err != nil {
				return err
			}
			q := report.ChefsQuery{Skills: skills}
			q.Options.Progress, q.Options.Workers = e.progress("chefs"), e.workers
			r, err := report.SolveChefs(cmd.Context(), q)
			if err != nil {
				return err
			}
			return e.drawTo(out, func(b *bytes.Buffer, f picture.Format) error { return picture.Chefs(b, f, r) })
		},
	}
	chefsGameFlags(cmd.Flags(), &fl)
	outputFlag(cmd, &out)
	return cmd
}

func newPlotSolveCmd(e *env) *cobra.Command {
	var consts, out string
	var fl solveFlags
	cmd := &cobra.Command{
		Use: "solve FILE [--const N=V,...] [--props FILE] -o FILE",
		Example: `  gamesolve plot solve docs/examples/duel.json -o duel.png
  gamesolve plot solve docs/examples/gamble.jani --const WIN=2 -o gamble.svg
  gamesolve plot solve docs/examples/signal.efg -o signal.png`,
		Short: "Each player's value at a model's start, a JANI or PRISM model's property values, or a Gambit game's equilibrium strategy",
		Args:  exactlyOne("a model file", "gamesolve plot solve docs/examples/duel.json -o duel.png"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkOutput(cmd, out); err != nil {
				return err
			}
			path := args[0]
			data, err := readText(path)
			if err != nil {
				return fmt.Errorf("plot solve: %w", err)
			}
			props, err := propsText(fl)
			if err != nil {
				return fmt.Errorf("plot solve: %w", err)
			}
			in, err := parseModel(cmd, "plot solve", load.Source{Name: path, Data: data, Consts: consts, Props: props},
				fmt.Sprintf("--const applies to JANI and PRISM models; %s is not one", path))
			if err != nil {
				return err
			}
			req := report.Request{}
			req.Engine.Progress, req.Engine.Workers = e.progress("solve"), e.workers
			res, err := report.Solve(cmd.Context(), in, req)
			if err != nil {
				return solveError("plot solve", path, err, in, req)
			}
			switch r := res.(type) {
			case *report.Equilibrium:
				return e.drawTo(out, func(b *bytes.Buffer, f picture.Format) error { return picture.Strategy(b, f, r) })
			case *report.JANI:
				return e.drawTo(out, func(b *bytes.Buffer, f picture.Format) error { return picture.JANI(b, f, r) })
			}
			r := res.(*report.Model)
			return e.drawTo(out, func(b *bytes.Buffer, f picture.Format) error {
				return picture.Model(b, f, filepath.Base(path), r)
			})
		},
	}
	cmd.Flags().Var((*constList)(&consts), "const", "JANI, PRISM: values of the model's open constants, as N=16,MAX=2 or K=2*N+1 (repeatable)")
	cmd.Flags().StringVar(&fl.props, "props", "", "PRISM: the properties file")
	cmd.Flags().StringArrayVar(&fl.prop, "prop", nil, "PRISM: a property (repeatable)")
	outputFlag(cmd, &out)
	return cmd
}

func newPlotCgtCmd(e *env) *cobra.Command {
	var game, out, code string
	var n int
	cmd := &cobra.Command{
		Use: "cgt 'EXPRESSION' | cgt --game NAME 'POSITION' | cgt --octal CODE -n N -o FILE",
		Example: `  gamesolve plot cgt '{3||2|1}' -o thermograph.svg
  gamesolve plot cgt --game domineering '..|..' -o domineering.png
  gamesolve plot cgt --octal 0.77 -n 200 -o kayles.png`,
		Short: "A combinatorial game's thermograph, or a take-and-break game's nim-sequence",
		Args: func(cmd *cobra.Command, args []string) error {
			if code != "" {
				return noArgs(cmd, args)
			}
			return exactlyOne("an expression or, with --game, a position", "gamesolve plot cgt '{3||2|1}' -o t.svg")(cmd, args)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkOutput(cmd, out); err != nil {
				return err
			}
			if code != "" {
				if game != "" {
					return &usageError{"plot cgt: --octal takes no --game", helpOf(cmd)}
				}
				r, err := report.SolveOctal(cmd.Context(), code, n, e.workers)
				if err != nil {
					return err
				}
				return e.drawTo(out, func(b *bytes.Buffer, f picture.Format) error { return picture.Octal(b, f, r) })
			}
			if cmd.Flags().Changed("n") {
				return &usageError{"plot cgt: -n goes with --octal", helpOf(cmd)}
			}
			if cmd.Flags().Changed("game") && game == "" {
				_, err := rulesets.Lookup(game)
				return err
			}
			r, err := report.ValueCGT(cmd.Context(), game, args[0], nil)
			if err != nil {
				return err
			}
			return e.drawTo(out, func(b *bytes.Buffer, f picture.Format) error { return picture.Thermograph(b, f, r) })
		},
	}
	cmd.Flags().StringVar(&game, "game", "", "ruleset of the position: "+strings.Join(rulesets.Names(), ", ")+", or octal:CODE (any take-and-break code, as octal:0.137)")
	cmd.Flags().StringVar(&code, "octal", "", "a take-and-break game's code (0.77 is Kayles): its nim-sequence, the period marked")
	cmd.Flags().IntVarP(&n, "n", "n", 200, "with --octal: the largest heap")
	outputFlag(cmd, &out)
	return cmd
}

func newPlotKuhnCmd(e *env) *cobra.Command {
	var out string
	cmd := &cobra.Command{
		Use:     "kuhn -o FILE",
		Example: `  gamesolve plot kuhn -o kuhn.png`,
		Short:   "Kuhn poker's exact equilibrium strategy, one row per information set",
		Args:    noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := checkOutput(cmd, out); err != nil {
				return err
			}
			r, err := report.SolveGame(cmd.Context(), poker.Kuhn(), report.GameOptions{})
			if err != nil {
				return err
			}
			return e.drawTo(out, func(b *bytes.Buffer, f picture.Format) error { return picture.Strategy(b, f, r) })
		},
	}
	outputFlag(cmd, &out)
	return cmd
}
