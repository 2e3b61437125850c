package cli

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/games/race"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/spf13/cobra"
)

type raceFlags struct {
	target, coinTarget, chooserTarget int
	first, coin, menu, method, csv    string
	exact, policy, json, olympiad     bool
}

// raceJSON is the --json shape of race.
type raceJSON struct {
	CoinTarget    int      `json:"coin_target"`
	ChooserTarget int      `json:"chooser_target"`
	First         string   `json:"first"`
	Coin          string   `json:"coin"`
	Menu          []string `json:"menu"`
	// WinProbability is the chooser's optimal probability of winning.
	WinProbability      float64 `json:"win_probability"`
	WinProbabilityExact string  `json:"win_probability_exact,omitempty"`
	// Policy[a-1][b-1] is the 1-based menu index (T for the doubling menu)
	// of the optimal gamble when the coin player needs a points and the
	// chooser b.
	Policy [][]int `json:"policy,omitempty"`
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
	f.IntVar(&fl.target, "target", 0, "points both players need")
	f.IntVar(&fl.coinTarget, "coin-target", 0, "points the coin player needs (default --target)")
	f.IntVar(&fl.chooserTarget, "chooser-target", 0, "points the chooser needs (default --target)")
	f.StringVar(&fl.first, "first", "coin", "who moves first: coin or chooser")
	f.StringVar(&fl.coin, "coin", "1/2:1", "the coin player's turn as prob:gain")
	f.StringVar(&fl.menu, "menu", "", "the chooser's gambles as prob:gain,... (default: 2^-T:2^(T-1) for T = 1, 2, ...)")
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
	opt := race.Options{Policy: fl.policy || fl.csv != "", Progress: e.progress("race"), Workers: e.workers}
	out := raceJSON{}
	var policy *race.Policy
	var solved race.Game
	general, err := methodFlag(fl.method)
	if err != nil {
		return fmt.Errorf("race: %w", err)
	}
	if fl.exact {
		r, err := race.Solve(cmd.Context(), numeric.Exact{}, g, opt)
		if general {
			r, _, err = race.SolveGeneral(cmd.Context(), numeric.Exact{}, g, engine.Options{Options: opt})
		}
		if err != nil {
			return err
		}
		out.WinProbability, _ = r.Win.Float64()
		out.WinProbabilityExact = ratString(r.Win)
		policy, solved = r.Policy, r.Game
	} else {
		r, err := race.Solve[float64](cmd.Context(), numeric.Float{}, g, opt)
		if general {
			r, _, err = race.SolveGeneral[float64](cmd.Context(), numeric.Float{}, g, engine.Options{Options: opt})
		}
		if err != nil {
			return err
		}
		out.WinProbability = r.Win
		policy, solved = r.Policy, r.Game
	}
	out.CoinTarget, out.ChooserTarget = solved.CoinTarget, solved.ChooserTarget
	out.First, out.Coin = solved.First.String(), solved.Coin.String()
	for _, m := range solved.Menu {
		out.Menu = append(out.Menu, m.String())
	}
	if fl.csv != "" {
		rows := gridCSV(`a\b`, solved.CoinTarget, solved.ChooserTarget, func(i int) string { return strconv.Itoa(i + 1) },
			func(j int) string { return strconv.Itoa(j + 1) }, func(i, j int) string { return strconv.Itoa(policy.At(i+1, j+1)) })
		if err := writeCSV(fl.csv, rows); err != nil {
			return err
		}
	}
	if policy != nil && fl.policy {
		out.Policy = make([][]int, solved.CoinTarget)
		for a := range out.Policy {
			out.Policy[a] = make([]int, solved.ChooserTarget)
			for b := range out.Policy[a] {
				out.Policy[a][b] = policy.At(a+1, b+1)
			}
		}
	}
	return emit(e.stdout, fl.json, out, func(b *bytes.Buffer) { raceText(b, out, e.float) })
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

func raceText(b *bytes.Buffer, out raceJSON, float func(float64) string) {
	fmt.Fprintf(b, "coin player needs %d, chooser needs %d, %s moves first\n", out.CoinTarget, out.ChooserTarget, out.First)
	fmt.Fprintf(b, "coin: %s   menu: %s\n", out.Coin, strings.Join(out.Menu, ","))
	fmt.Fprintf(b, "chooser wins with probability %s\n", float(out.WinProbability))
	if out.WinProbabilityExact != "" {
		fmt.Fprintf(b, "exactly %s\n", out.WinProbabilityExact)
	}
	if out.Policy != nil {
		b.WriteString("\noptimal T (menu index); rows: coin player needs a, columns: chooser needs b\n")
		rows := [][]string{{"a\\b"}}
		for bb := 1; bb <= out.ChooserTarget; bb++ {
			rows[0] = append(rows[0], strconv.Itoa(bb))
		}
		for a, pr := range out.Policy {
			row := []string{strconv.Itoa(a + 1)}
			for _, t := range pr {
				row = append(row, strconv.Itoa(t))
			}
			rows = append(rows, row)
		}
		table(b, rows)
	}
}
