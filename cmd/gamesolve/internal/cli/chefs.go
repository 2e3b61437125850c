package cli

import (
	"bytes"
	"fmt"
	"math"
	"math/big"
	"strconv"

	"github.com/gamesolve/gamesolve/games/chefs"
	"github.com/gamesolve/gamesolve/report"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

type chefsFlags struct {
	n                   int
	skills, method, csv string
	exact, policy, json bool
	tiers               string
}

func newChefsCmd(e *env) *cobra.Command {
	var fl chefsFlags
	cmd := &cobra.Command{
		Use:   "chefs",
		Short: "Chef Showdown (Project Euler 481): every chef's win probability and the expected dishes",
		Long: `Chef Showdown: n chefs in cyclic turn order 1..n; chef k succeeds with
probability S(k), by default S(k) = F_k / F_(n+1) (Fibonacci). On a success
the acting chef eliminates the opponent that maximizes its own win
probability (ties: the opponent whose turn comes soonest); every turn cooks
one dish. Prints every chef's win probability and the expected number of
dishes, from the full table with chef 1 to act.

JSON keys: skills, expected_dishes, win_probabilities (chef 1 first), with
--exact expected_dishes_exact and win_probabilities_exact ("p/q"), and with
--policy "policy": one {"alive", "chef", "target"} per state.

With --tiers DIR the game is solved on the general engine one tier at a
time, the tier being the number of chefs out, from the most, each solved
tier written to DIR as a checksummed file; run again, it resumes. The
values equal --method general's to the last bit. A game whose largest tier
would not fit in memory, or whose files would not fit on the disk, is
refused at once, with the estimate (n = 26: about 233 GiB of disk; n = 30:
62 GiB of memory for its tier of 2.3 billion states). JSON keys with --tiers: those above (no
policy), states, tiers, tiers_resumed, disk_bytes.`,
		Example: `  gamesolve chefs -n 14
  gamesolve chefs -n 7 --exact --json
  gamesolve chefs --skills 0.25,0.5,1 --policy
  gamesolve chefs --skills 1/3,2/5,0.6,0.9 --exact
  gamesolve chefs -n 8 --exact --method general
  gamesolve chefs -n 16 --tiers chefs16`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runChefs(cmd, e, fl)
		},
	}
	f := cmd.Flags()
	chefsGameFlags(f, &fl)
	f.BoolVar(&fl.exact, "exact", false, "exact rational arithmetic, ties decided exactly")
	f.BoolVar(&fl.policy, "policy", false, fmt.Sprintf("print the optimal target in every state (n·2^(n-1) states, at most %d: n <= 13)", maxPolicyEntries))
	f.StringVar(&fl.csv, "csv", "", "write the optimal target in every state to this CSV file (alive, chef, target)")
	f.BoolVar(&fl.json, "json", false, "print one JSON object")
	f.StringVar(&fl.method, "method", "fast", "fast (the layered subset recurrence) or general (the general engine, a check)")
	f.StringVar(&fl.tiers, "tiers", "", "solve on the general engine tier by tier (the chefs out), each tier's values in a file in this directory; run again to resume")
	return cmd
}

// chefsGameFlags defines the flags that describe a Chef Showdown.
func chefsGameFlags(f *pflag.FlagSet, fl *chefsFlags) {
	f.IntVarP(&fl.n, "n", "n", 0, "number of chefs, with Fibonacci skills")
	f.StringVar(&fl.skills, "skills", "", "skills as a comma-separated list of decimals or p/q, chef 1 first")
}

func chefsSkills(cmd *cobra.Command, fl chefsFlags) ([]*big.Rat, error) {
	hasN, hasSkills := cmd.Flags().Changed("n"), cmd.Flags().Changed("skills")
	switch {
	case hasSkills:
		skills, err := chefs.ParseSkills(fl.skills)
		if err != nil {
			return nil, err
		}
		if hasN && fl.n != len(skills) {
			return nil, fmt.Errorf("chefs: -n %d but --skills lists %d chefs", fl.n, len(skills))
		}
		return skills, nil
	case hasN:
		return chefs.Fibonacci(fl.n) // validates n
	}
	return nil, fmt.Errorf("chefs: give -n N or --skills a,b,c")
}

func runChefs(cmd *cobra.Command, e *env, fl chefsFlags) error {
	skills, err := chefsSkills(cmd, fl)
	if err != nil {
		return err
	}
	n := len(skills)
	if fl.tiers != "" {
		if fl.policy || fl.csv != "" || cmd.Flags().Changed("method") {
			return fmt.Errorf("chefs: --tiers solves on the general engine and keeps every state in the tier files; --policy, --csv and --method do not apply")
		}
		q := report.ChefsTiersQuery{Skills: skills, Exact: fl.exact, Dir: fl.tiers, Progress: e.tierProgress("chefs tiers"), LimitMemory: true}
		q.Options.Workers = e.workers
		out, err := report.SolveChefsTiers(cmd.Context(), q)
		if err != nil {
			return err
		}
		return emit(e.stdout, fl.json, out, func(b *bytes.Buffer) { out.Text(b, e.float) })
	}
	if fl.policy {
		if err := checkPolicySize(cmd, float64(n)*math.Exp2(float64(n-1))); err != nil {
			return err
		}
	}
	general, err := methodFlag(fl.method)
	if err != nil {
		return fmt.Errorf("chefs: %w", err)
	}
	q := report.ChefsQuery{Skills: skills, Exact: fl.exact, General: general, Targets: fl.csv != "", ShowPolicy: fl.policy}
	q.Options.Progress, q.Options.Workers = e.progress("chefs"), e.workers
	out, err := report.SolveChefs(cmd.Context(), q)
	if err != nil {
		return err
	}
	if fl.csv != "" {
		rows := [][]string{{"alive", "chef", "target"}}
		for _, t := range out.Targets() {
			rows = append(rows, []string{t.AliveText(" "), strconv.Itoa(t.Chef), strconv.Itoa(t.Target)})
		}
		if err := writeCSV(fl.csv, rows); err != nil {
			return err
		}
	}
	return emit(e.stdout, fl.json, out, func(b *bytes.Buffer) { out.Text(b, e.float) })
}
