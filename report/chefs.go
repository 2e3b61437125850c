package report

import (
	"bytes"
	"context"
	"fmt"
	"math/big"
	"math/bits"
	"strconv"
	"strings"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/games/chefs"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/solver"
)

// MaxGeneralChefs bounds ChefsQuery.General, whose engine keeps all
// n·2^(n-1) states with their actions.
const MaxGeneralChefs = 16

// ChefsQuery is a Chef Showdown to solve.
type ChefsQuery struct {
	Skills         []*big.Rat
	Exact, General bool
	// Targets keeps the policy (Chefs.Targets); ShowPolicy also puts it in
	// the output.
	Targets, ShowPolicy bool
	Options             solver.Options
}

// Chefs is a solved Chef Showdown: the chefs command's JSON and text.
type Chefs struct {
	Skills                []string      `json:"skills"`
	ExpectedDishes        float64       `json:"expected_dishes"`
	WinProbabilities      []float64     `json:"win_probabilities"`
	ExpectedDishesExact   string        `json:"expected_dishes_exact,omitempty"`
	WinProbabilitiesExact []string      `json:"win_probabilities_exact,omitempty"`
	Policy                []ChefsTarget `json:"policy,omitempty"`

	targets []ChefsTarget
}

// ChefsTarget is one state of the policy: with the chefs in Alive surviving
// and Chef to act, Chef shoots at Target.
type ChefsTarget struct {
	Alive  []int `json:"alive"`
	Chef   int   `json:"chef"`
	Target int   `json:"target"`
}

// SolveChefs solves a Chef Showdown.
func SolveChefs(ctx context.Context, q ChefsQuery) (*Chefs, error) {
	if q.General && len(q.Skills) > MaxGeneralChefs {
		return nil, fmt.Errorf("chefs: --method general keeps every state; it is limited to n <= %d", MaxGeneralChefs)
	}
	if q.Exact {
		return solveChefs(ctx, numeric.Exact{}, q, exactConv)
	}
	return solveChefs[float64](ctx, numeric.Float{}, q, floatConv)
}

func solveChefs[T any, F numeric.Field[T]](ctx context.Context, f F, q ChefsQuery, cv conv[T]) (*Chefs, error) {
	opt := q.Options
	opt.Policy = q.Targets || q.ShowPolicy
	var r *chefs.Result[T]
	var err error
	if q.General {
		r, _, err = chefs.SolveGeneral(ctx, f, q.Skills, engine.Options{Options: opt})
	} else {
		r, err = chefs.Solve(ctx, f, q.Skills, opt)
	}
	if err != nil {
		return nil, err
	}
	out := chefsAnswer(q.Skills, r.Win, r.Dishes, cv)
	if r.Policy != nil {
		out.targets = chefsTargets(r.Policy)
		if q.ShowPolicy {
			out.Policy = out.targets
		}
	}
	return out, nil
}

// chefsAnswer is the skills, the win probabilities and the expected
// dishes of a solved Chef Showdown, as output.
func chefsAnswer[T any](skills []*big.Rat, win []T, dishes T, cv conv[T]) *Chefs {
	out := &Chefs{}
	for _, s := range skills {
		out.Skills = append(out.Skills, s.RatString())
	}
	out.ExpectedDishes, out.ExpectedDishesExact = cv(dishes)
	for _, w := range win {
		x, s := cv(w)
		out.WinProbabilities = append(out.WinProbabilities, x)
		if s != "" {
			out.WinProbabilitiesExact = append(out.WinProbabilitiesExact, s)
		}
	}
	return out
}

// Targets returns every state's target (nil without ChefsQuery.Targets),
// by survivor count (largest first), then by survivor set and chef.
func (c *Chefs) Targets() []ChefsTarget { return c.targets }

func chefsTargets(p *chefs.Policy) []ChefsTarget {
	n := p.N()
	var list []ChefsTarget
	for q := n; q >= 2; q-- {
		for mask := uint32(1)<<n - 1; mask > 0; mask-- {
			if bits.OnesCount32(mask) != q {
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
				list = append(list, ChefsTarget{Alive: alive, Chef: chef, Target: t})
			}
		}
	}
	return list
}

// AliveText is "1 2 4": the survivors as CSV and text show them.
func (t ChefsTarget) AliveText(sep string) string {
	alive := make([]string, len(t.Alive))
	for i, a := range t.Alive {
		alive[i] = strconv.Itoa(a)
	}
	return strings.Join(alive, sep)
}

// Text writes the chefs command's text.
func (c *Chefs) Text(b *bytes.Buffer, float Float) {
	fmt.Fprintf(b, "%d chefs, chef 1 acts first\n\n", len(c.Skills))
	head := []string{"chef", "skill", "win probability"}
	if c.WinProbabilitiesExact != nil {
		head = append(head, "exact")
	}
	rows := [][]string{head}
	for i, s := range c.Skills {
		row := []string{strconv.Itoa(i + 1), s, float(c.WinProbabilities[i])}
		if c.WinProbabilitiesExact != nil {
			row = append(row, c.WinProbabilitiesExact[i])
		}
		rows = append(rows, row)
	}
	Table(b, rows)
	fmt.Fprintf(b, "\nexpected dishes %s\n", float(c.ExpectedDishes))
	if c.ExpectedDishesExact != "" {
		fmt.Fprintf(b, "exactly %s\n", c.ExpectedDishesExact)
	}
	if c.Policy != nil {
		b.WriteString("\noptimal targets (survivors: chef -> target)\n")
		for _, t := range c.Policy {
			fmt.Fprintf(b, "{%s}: %d -> %d\n", t.AliveText(","), t.Chef, t.Target)
		}
	}
}
