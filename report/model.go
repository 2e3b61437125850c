package report

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/model"
	"github.com/gamesolve/gamesolve/numeric"
)

// Model is a solved model file: the solve command's JSON and text.
// expected_reward is null when play may never end under the policy (the
// reward is then infinite).
type Model struct {
	// Players names the players, where the model file does; Values and
	// the rest list them in that order.
	Players []string `json:"players,omitempty"`
	// Discount is the model's discount γ as p/q, where it has one: the
	// values and the reward are discounted by it.
	Discount            string            `json:"discount,omitempty"`
	Values              JSONFloats        `json:"values"`
	ValuesExact         []string          `json:"values_exact,omitempty"`
	ExpectedReward      *JSONFloat        `json:"expected_reward"`
	ExpectedRewardExact *string           `json:"expected_reward_exact,omitempty"`
	Policy              map[string]string `json:"policy,omitempty"`
	States              int               `json:"states"`
	Components          int               `json:"components"`
	Methods             map[string]int    `json:"methods"`
	EndComponents       int               `json:"end_components"`
	// Equilibrium is "certified" where some component was solved by the
	// equilibrium method (several players deciding in a cycle), in
	// Equilibria components: no player gains by changing its own actions
	// there alone (in float mode, gains more than the precision).
	Equilibrium string `json:"equilibrium,omitempty"`
	Equilibria  int    `json:"equilibria,omitempty"`
	Proof

	exact   bool
	methods map[engine.Method]int
	ids     []string // decision states in model order
	choices map[string]string
}

// SolveModel solves a model in gamesolve's JSON format, as req says:
// Exact, Choices (the chosen action of every decision state is kept:
// Choices), Policy (also put in the output) and Engine; the other fields
// do not apply.
func SolveModel(ctx context.Context, m *model.Model, req Request) (*Model, error) {
	keep := req.Choices || req.Policy
	if req.Exact {
		return solveModel(ctx, numeric.Exact{}, m, keep, req.Policy, req.Engine, exactConv)
	}
	return solveModel[float64](ctx, numeric.Float{}, m, keep, req.Policy, req.Engine, floatConv)
}

func solveModel[T any, F numeric.Field[T]](ctx context.Context, f F, m *model.Model, policy, show bool, opt engine.Options, cv conv[T]) (*Model, error) {
	res, err := engine.Solve[int32](ctx, f, m, opt) // discounted by m.Discount() (engine.Discounter)
	if err != nil {
		return nil, err
	}
	out := &Model{exact: f.Exact(), Players: m.PlayerNames()}
	if d := m.Discount(); d != nil {
		out.Discount = d.RatString()
	}
	start := res.Start()
	for p, v := range res.Value(start) {
		x, s := cv(v)
		if err := fits(x, f.Exact(), fmt.Sprintf("player %s's value", out.PlayerName(p))); err != nil {
			return nil, err
		}
		out.Values = append(out.Values, x)
		if s != "" {
			out.ValuesExact = append(out.ValuesExact, s)
		}
	}
	if rw, finite, _ := res.Reward(start); finite {
		x, s := cv(rw)
		if err := fits(x, f.Exact(), "the expected reward"); err != nil {
			return nil, err
		}
		out.ExpectedReward = (*JSONFloat)(&x)
		if s != "" {
			out.ExpectedRewardExact = &s
		}
	}
	out.States, out.Components, out.EndComponents = res.States, res.Components, res.EndComponents
	out.Proof = proofOf(res.Unproven, res.Bound)
	if res.Equilibria > 0 {
		out.Equilibrium, out.Equilibria = "certified", res.Equilibria
	}
	out.Methods, out.methods = MethodCounts(res.Methods), res.Methods
	if policy {
		out.choices = map[string]string{}
		for i := range m.NumStates() {
			s := int32(i)
			if _, name, ok := res.Choice(s); ok {
				out.choices[m.ID(s)] = name
				out.ids = append(out.ids, m.ID(s))
			}
		}
		if show {
			out.Policy = out.choices
		}
	}
	return out, nil
}

// PlayerName is player p's name, or its number where the model names no
// players.
func (r *Model) PlayerName(p int) string {
	if p < len(r.Players) {
		return r.Players[p]
	}
	return strconv.Itoa(p)
}

// valuesTable writes each player's value (and exact value, where exact
// is not nil), players naming them where they are named.
func valuesTable(b *bytes.Buffer, float Float, players []string, values []float64, exact []string) {
	head := []string{"player", "value"}
	if exact != nil {
		head = append(head, "exact")
	}
	rows := [][]string{head}
	m := &Model{Players: players}
	for p, v := range values {
		row := []string{Printable(m.PlayerName(p)), floatText(float, v)}
		if exact != nil {
			row = append(row, exact[p])
		}
		rows = append(rows, row)
	}
	Table(b, rows)
}

// rewardLines writes the expected reward (nil: infinite) after a blank
// line, and its exact value where there is one.
func rewardLines(b *bytes.Buffer, float Float, reward *JSONFloat, exact *string) {
	if reward == nil {
		b.WriteString("\nexpected reward: infinite (play may never end)\n")
		return
	}
	fmt.Fprintf(b, "\nexpected reward %s\n", floatText(float, float64(*reward)))
	if exact != nil {
		fmt.Fprintf(b, "exactly %s\n", *exact)
	}
}

// Choices returns the decision states in model order and the action chosen
// in each (nil without policy).
func (r *Model) Choices() ([]string, map[string]string) { return r.ids, r.choices }

// Text writes the solve command's text.
func (r *Model) Text(b *bytes.Buffer, float Float) {
	fmt.Fprintf(b, "%d states, %d components (%s)", r.States, r.Components, MethodsText(r.methods))
	if r.EndComponents > 0 {
		fmt.Fprintf(b, ", %d end components collapsed", r.EndComponents)
	}
	if r.Discount != "" {
		fmt.Fprintf(b, "\ndiscounted by %s a move", r.Discount)
	}
	b.WriteString("\n\n")
	valuesTable(b, float, r.Players, r.Values, r.ValuesExact)
	if r.Equilibria > 0 {
		gain := "gain"
		if !r.exact {
			gain = "gain more than the precision"
		}
		fmt.Fprintf(b, "\nequilibrium certified in %d %s: no player can %s by changing only its own actions\n", r.Equilibria, plural(r.Equilibria, "component", "components"), gain)
	}
	r.Proof.write(b)
	rewardLines(b, float, r.ExpectedReward, r.ExpectedRewardExact)
	if r.Policy != nil {
		b.WriteString("\npolicy (state: action)\n")
		for _, id := range r.ids {
			q, _ := json.Marshal(id)
			if Printable(id) != id { // JSON leaves U+202E and the like as they are
				q = []byte(strconv.Quote(id))
			}
			fmt.Fprintf(b, "%s: %s\n", q, Printable(r.Policy[id]))
		}
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
