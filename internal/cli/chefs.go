package cli

import (
	"bytes"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/games/chefs"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/spf13/cobra"
)

// maxGeneralChefs bounds --method general, whose engine keeps all
// n·2^(n-1) states with their actions.
const maxGeneralChefs = 16

type chefsFlags struct {
	n                   int
	skills, method, csv string
	exact, policy, json bool
}

// chefsJSON is the --json shape of chefs.
type chefsJSON struct {
	Skills                []string      `json:"skills"`
	ExpectedDishes        float64       `json:"expected_dishes"`
	WinProbabilities      []float64     `json:"win_probabilities"`
	ExpectedDishesExact   string        `json:"expected_dishes_exact,omitempty"`
	WinProbabilitiesExact []string      `json:"win_probabilities_exact,omitempty"`
	Policy                []chefsTarget `json:"policy,omitempty"`
}

// chefsTarget is one state of the policy: with the chefs in Alive surviving
// and Chef to act, Chef shoots at Target.
type chefsTarget struct {
	Alive  []int `json:"alive"`
	Chef   int   `json:"chef"`
	Target int   `json:"target"`
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
--policy "policy": one {"alive", "chef", "target"} per state.`,
		Example: `  gamesolve chefs -n 14
  gamesolve chefs -n 7 --exact --json
  gamesolve chefs --skills 0.25,0.5,1 --policy
  gamesolve chefs --skills 1/3,2/5,0.6,0.9 --exact
  gamesolve chefs -n 8 --exact --method general`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runChefs(cmd, e, fl)
		},
	}
	f := cmd.Flags()
	f.IntVarP(&fl.n, "n", "n", 0, "number of chefs, with Fibonacci skills")
	f.StringVar(&fl.skills, "skills", "", "skills as a comma-separated list of decimals or p/q, chef 1 first")
	f.BoolVar(&fl.exact, "exact", false, "exact rational arithmetic, ties decided exactly")
	f.BoolVar(&fl.policy, "policy", false, fmt.Sprintf("print the optimal target in every state (n·2^(n-1) states, at most %d: n <= 13)", maxPolicyEntries))
	f.StringVar(&fl.csv, "csv", "", "write the optimal target in every state to this CSV file (alive, chef, target)")
	f.BoolVar(&fl.json, "json", false, "print one JSON object")
	f.StringVar(&fl.method, "method", "fast", "fast (the layered subset recurrence) or general (the general engine, a check)")
	return cmd
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
	if fl.policy {
		if err := checkPolicySize(cmd, float64(n)*math.Exp2(float64(n-1))); err != nil {
			return err
		}
	}
	opt := chefs.Options{Policy: fl.policy || fl.csv != "", Progress: e.progress("chefs"), Workers: e.workers}
	var out chefsJSON
	for _, s := range skills {
		out.Skills = append(out.Skills, s.RatString())
	}
	general, err := methodFlag(fl.method)
	if err != nil {
		return fmt.Errorf("chefs: %w", err)
	}
	if general && n > maxGeneralChefs {
		return fmt.Errorf("chefs: --method general keeps every state; it is limited to n <= %d", maxGeneralChefs)
	}
	eopt := engine.Options{Options: opt}
	var policy *chefs.Policy
	if fl.exact {
		r, err := chefs.Solve(cmd.Context(), numeric.Exact{}, skills, opt)
		if general {
			r, _, err = chefs.SolveGeneral(cmd.Context(), numeric.Exact{}, skills, eopt)
		}
		if err != nil {
			return err
		}
		out.ExpectedDishes, _ = r.Dishes.Float64()
		out.ExpectedDishesExact = ratString(r.Dishes)
		for _, w := range r.Win {
			f, _ := w.Float64()
			out.WinProbabilities = append(out.WinProbabilities, f)
			out.WinProbabilitiesExact = append(out.WinProbabilitiesExact, ratString(w))
		}
		policy = r.Policy
	} else {
		r, err := chefs.Solve[float64](cmd.Context(), numeric.Float{}, skills, opt)
		if general {
			r, _, err = chefs.SolveGeneral[float64](cmd.Context(), numeric.Float{}, skills, eopt)
		}
		if err != nil {
			return err
		}
		out.ExpectedDishes, out.WinProbabilities, policy = r.Dishes, r.Win, r.Policy
	}
	if policy != nil {
		list := chefsPolicy(policy)
		if fl.csv != "" {
			rows := [][]string{{"alive", "chef", "target"}}
			for _, t := range list {
				alive := make([]string, len(t.Alive))
				for i, a := range t.Alive {
					alive[i] = strconv.Itoa(a)
				}
				rows = append(rows, []string{strings.Join(alive, " "), strconv.Itoa(t.Chef), strconv.Itoa(t.Target)})
			}
			if err := writeCSV(fl.csv, rows); err != nil {
				return err
			}
		}
		if fl.policy {
			out.Policy = list
		}
	}
	return emit(e.stdout, fl.json, out, func(b *bytes.Buffer) { chefsText(b, out, e.float) })
}

// chefsPolicy lists every state by survivor count (largest first), then by
// survivor set and chef.
func chefsPolicy(p *chefs.Policy) []chefsTarget {
	n := p.N()
	var list []chefsTarget
	for q := n; q >= 2; q-- {
		for mask := uint32(1)<<n - 1; mask > 0; mask-- {
			if popcount(mask) != q {
				continue
			}
			var alive []int
			for k := 1; k <= n; k++ {
				if mask&(1<<(k-1)) != 0 {
					alive = append(alive, k)
				}
			}
			for _, chef := range alive {
				t, _ := p.Target(mask, chef)
				list = append(list, chefsTarget{Alive: alive, Chef: chef, Target: t})
			}
		}
	}
	return list
}

func popcount(x uint32) int {
	c := 0
	for ; x != 0; x &= x - 1 {
		c++
	}
	return c
}

func chefsText(b *bytes.Buffer, out chefsJSON, float func(float64) string) {
	fmt.Fprintf(b, "%d chefs, chef 1 acts first\n\n", len(out.Skills))
	head := []string{"chef", "skill", "win probability"}
	if out.WinProbabilitiesExact != nil {
		head = append(head, "exact")
	}
	rows := [][]string{head}
	for i, s := range out.Skills {
		row := []string{strconv.Itoa(i + 1), s, float(out.WinProbabilities[i])}
		if out.WinProbabilitiesExact != nil {
			row = append(row, out.WinProbabilitiesExact[i])
		}
		rows = append(rows, row)
	}
	table(b, rows)
	fmt.Fprintf(b, "\nexpected dishes %s\n", float(out.ExpectedDishes))
	if out.ExpectedDishesExact != "" {
		fmt.Fprintf(b, "exactly %s\n", out.ExpectedDishesExact)
	}
	if out.Policy != nil {
		b.WriteString("\noptimal targets (survivors: chef -> target)\n")
		for _, t := range out.Policy {
			alive := make([]string, len(t.Alive))
			for i, a := range t.Alive {
				alive[i] = strconv.Itoa(a)
			}
			fmt.Fprintf(b, "{%s}: %d -> %d\n", strings.Join(alive, ","), t.Chef, t.Target)
		}
	}
}
