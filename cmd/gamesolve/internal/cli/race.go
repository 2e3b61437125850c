package cli

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/gamesolve/gamesolve/games/race"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/report"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

type raceFlags struct {
	target, coinTarget, chooserTarget int
	first, coin, menu, method, csv    string
	exact, policy, json, olympiad     bool
}

func newRaceCmd(e *env) *cobra.Command {
	var fl raceFlags
	cmd := &cobra.Command{
		Use:   "race",
		Short: "The Race (Project Euler 232): a coin player against an optimal chooser",
		Long: `The Race: two players race to their targets. The coin player scores 1 point
with probability 1/2 on each turn (--coin changes both). Before each turn the
chooser picks T >= 1, succeeds with probability 2^-T and then scores 2^(T-1)
(--menu replaces these gambles with a list of prob:gain). The first to reach
its target wins. Prints the chooser's optimal win probability.

--first coin (the default) is Project Euler 232; --first chooser is the
olympiad variant. --olympiad reads the contest's input (one integer n on
standard input) and prints the answer with 6 decimals.

JSON keys: coin_target, chooser_target, first, coin, menu, win_probability,
win_probability_exact (with --exact), and with --policy "policy", where
policy[a-1][b-1] is the optimal T (the 1-based menu index) when the coin
player needs a more points and the chooser b. Ties go to the smaller T.`,
		Example: `  gamesolve race --target 100
  gamesolve race --target 100 --first chooser --exact --json
  gamesolve race --target 4 --policy
  gamesolve race --coin-target 20 --chooser-target 30 --coin 1/3:2 --menu 0.9:1,1/4:3,1/16:8
  gamesolve race --target 10 --exact --method general
  echo 10 | gamesolve race --olympiad`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runRace(cmd, e, fl)
		},
	}
	f := cmd.Flags()
	raceGameFlags(f, &fl)
	f.BoolVar(&fl.exact, "exact", false, "exact rational arithmetic")
	f.BoolVar(&fl.policy, "policy", false, fmt.Sprintf("print the optimal T in every state (at most %d states)", maxPolicyEntries))
	f.StringVar(&fl.csv, "csv", "", "write the optimal T in every state to this CSV file (rows a, columns b)")
	f.BoolVar(&fl.json, "json", false, "print one JSON object")
	f.StringVar(&fl.method, "method", "fast", "fast (the closed-form recurrence) or general (the general engine, a check)")
	f.BoolVar(&fl.olympiad, "olympiad", false, "read n from standard input; print the chooser-first answer with 6 decimals")
	return cmd
}

func runRace(cmd *cobra.Command, e *env, fl raceFlags) error {
	if fl.olympiad {
		if cmd.Flags().NFlag() != 1 {
			return fmt.Errorf("race: --olympiad takes no other flags")
		}
		n, err := readOlympiadInput(e.stdin)
		if err != nil {
			return err
		}
		r, err := race.Solve[float64](cmd.Context(), numeric.Float{}, race.Game{CoinTarget: n, ChooserTarget: n, First: race.Chooser}, race.Options{})
		if err != nil {
			return err
		}
		return emit(e.stdout, false, nil, func(b *bytes.Buffer) { fmt.Fprintf(b, "%.6f\n", r.Win) })
	}
	g, err := raceGame(cmd, fl)
	if err != nil {
		return err
	}
	if fl.policy {
		if err := checkPolicySize(cmd, float64(g.CoinTarget)*float64(max(g.ChooserTarget, 1))); err != nil {
			return err
		}
	}
	general, err := methodFlag(fl.method)
	if err != nil {
		return fmt.Errorf("race: %w", err)
	}
	q := report.RaceQuery{Game: g, Exact: fl.exact, General: general, Table: fl.csv != "", ShowPolicy: fl.policy}
	q.Options.Progress, q.Options.Workers = e.progress("race"), e.workers
	out, err := report.SolveRace(cmd.Context(), q)
	if err != nil {
		return err
	}
	if fl.csv != "" {
		policy, solved := out.Table(), out.Game()
		rows := gridCSV(`a\b`, solved.CoinTarget, solved.ChooserTarget, func(i int) string { return strconv.Itoa(i + 1) },
			func(j int) string { return strconv.Itoa(j + 1) }, func(i, j int) string { return strconv.Itoa(policy.At(i+1, j+1)) })
		if err := writeCSV(fl.csv, rows); err != nil {
			return err
		}
	}
	return emit(e.stdout, fl.json, out, func(b *bytes.Buffer) { out.Text(b, e.float) })
}

// raceGameFlags defines the flags that describe a race.
func raceGameFlags(f *pflag.FlagSet, fl *raceFlags) {
	f.IntVar(&fl.target, "target", 0, "points both players need")
	f.IntVar(&fl.coinTarget, "coin-target", 0, "points the coin player needs (default --target)")
	f.IntVar(&fl.chooserTarget, "chooser-target", 0, "points the chooser needs (default --target)")
	f.StringVar(&fl.first, "first", "coin", "who moves first: coin or chooser")
	f.StringVar(&fl.coin, "coin", "1/2:1", "the coin player's turn as prob:gain")
	f.StringVar(&fl.menu, "menu", "", "the chooser's gambles as prob:gain,... (default: 2^-T:2^(T-1) for T = 1, 2, ...)")
}

func raceGame(cmd *cobra.Command, fl raceFlags) (race.Game, error) {
	var g race.Game
	f := cmd.Flags()
	g.CoinTarget, g.ChooserTarget = fl.target, fl.target
	if !f.Changed("target") && !(f.Changed("coin-target") && f.Changed("chooser-target")) {
		return g, fmt.Errorf("race: --target is required (or both --coin-target and --chooser-target)")
	}
	if f.Changed("coin-target") {
		g.CoinTarget = fl.coinTarget
	}
	if f.Changed("chooser-target") {
		g.ChooserTarget = fl.chooserTarget
	}
	var err error
	if g.First, err = race.ParsePlayer(fl.first); err != nil {
		return g, fmt.Errorf("--first: %w", err)
	}
	if g.Coin, err = race.ParseGamble(fl.coin); err != nil {
		return g, fmt.Errorf("--coin: %w", err)
	}
	if f.Changed("menu") {
		if g.Menu, err = race.ParseMenu(fl.menu); err != nil {
			return g, fmt.Errorf("--menu: %w", err)
		}
	}
	return g, nil
}

// readOlympiadInput reads the contest's input: one positive integer.
func readOlympiadInput(r io.Reader) (int, error) {
	if r == nil {
		return 0, fmt.Errorf("race: --olympiad reads n from standard input")
	}
	data, err := io.ReadAll(io.LimitReader(bufio.NewReader(r), 1<<10))
	if err != nil {
		return 0, fmt.Errorf("race: reading standard input: %w", err)
	}
	fields := strings.Fields(string(data))
	if len(fields) != 1 {
		return 0, fmt.Errorf("race: --olympiad expects one integer n on standard input")
	}
	n, err := strconv.Atoi(fields[0])
	if err != nil || n < 1 {
		return 0, fmt.Errorf("race: --olympiad: n must be a positive integer, got %q", fields[0])
	}
	return n, nil
}
