package report

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/extensive"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/solver"
)

// ErrNoPureEquilibrium is returned for a game whose search of pure
// profiles proved that it has none, where no other method applies.
var ErrNoPureEquilibrium = errors.New("no pure equilibrium")

// Equilibrium is a solved game of imperfect information or simultaneous
// moves (a Gambit .efg or .nfg file, or a built-in game): the solve
// command's JSON and text. The JSON keys values, values_exact, strategy
// and exploitability_exact are a contract that scripts rely on.
type Equilibrium struct {
	Game    string   `json:"game"`
	Players []string `json:"players"`
	// Method is "sequence-form LP" (two players, constant sum),
	// "Lemke–Howson" (two players, general sum, a strategic game), "Lemke
	// on the sequence form" (two players, general sum, a tree), "vertex
	// enumeration" (GameOptions.All), or "pure
	// search" (the first pure profile that no player can improve on),
	// or "CFR+, N iterations" (an ε-equilibrium, in float mode, for a
	// zero-sum game too large for the exact program).
	Method      string     `json:"method"`
	Values      JSONFloats `json:"values"`
	ValuesExact []string   `json:"values_exact"`
	Strategy    []Behavior `json:"strategy"`
	// Exploitability is the most any player gains by an exact best
	// response against the others: "0" when the profile is certified
	// an equilibrium.
	Exploitability      JSONFloat `json:"exploitability"`
	ExploitabilityExact string    `json:"exploitability_exact"`
	Sizes               GameSizes `json:"sizes"`
	// Equilibria, with GameOptions.All, lists every extreme equilibrium
	// of a two-player strategic game; the fields above show the first.
	Equilibria []EquilibriumEntry `json:"equilibria,omitempty"`

	exact     bool
	strategic bool
}

// EquilibriumEntry is one equilibrium of a list.
type EquilibriumEntry struct {
	Values      JSONFloats `json:"values"`
	ValuesExact []string   `json:"values_exact"`
	Strategy    []Behavior `json:"strategy"`
}

// Behavior is one information set's strategy. Player is numbered from 1
// and Infoset as the .efg file numbers it (absent for a normal form,
// where each player has one).
type Behavior struct {
	Player  int          `json:"player"`
	Infoset *int         `json:"infoset,omitempty"`
	Label   string       `json:"label,omitempty"`
	Reached bool         `json:"reached"`
	Actions []ActionProb `json:"actions"`
}

// ActionProb is an action's probability.
type ActionProb struct {
	Name             string    `json:"name"`
	Probability      JSONFloat `json:"probability"`
	ProbabilityExact string    `json:"probability_exact"`
}

// GameSizes are the counts to compare with other tools.
type GameSizes struct {
	Nodes     int   `json:"nodes"`
	Terminals int   `json:"terminals"`
	Infosets  []int `json:"infosets"`
	Sequences []int `json:"sequences"`
}

// GameOptions are SolveGame's choices.
type GameOptions struct {
	// Exact shows values and probabilities as fractions. It also forbids
	// the float fallback: a game too large for the exact solve is refused.
	Exact bool
	// Iterations of CFR+ for a two-player constant-sum game too large for
	// the exact linear program, in float mode (0: DefaultIterations).
	Iterations int
	// Progress, if set, hears CFR+'s iterations.
	Progress solver.Progress
	// All lists every extreme equilibrium of a two-player strategic game
	// (Equilibrium.Equilibria).
	All bool
}

// DefaultIterations is the CFR+ iterations of SolveGame's float fallback.
const DefaultIterations = 10000

// SolveGame finds a certified Nash equilibrium: for two players whose
// payoffs add up to a constant, an exact one by the sequence-form linear
// program, or, where that program is too large and opt.Exact is not set,
// an ε-equilibrium by CFR+ whose ε is computed exactly; for two players
// otherwise, an exact one by Lemke–Howson (a strategic game) or Lemke's
// algorithm on the sequence form (a tree), or the first pure equilibrium
// where the exact tableau would be too large; for three or
// more players the first pure equilibrium, refused with
// ErrNoPureEquilibrium (wrapped with the reason) when the search proves
// there is none. With opt.All, every extreme equilibrium of a two-player
// strategic game.
func SolveGame(ctx context.Context, g *extensive.Game, opt GameOptions) (*Equilibrium, error) {
	if opt.All {
		if len(g.Players) != 2 || !g.Strategic {
			return nil, fmt.Errorf("%w: --all lists the extreme equilibria of two-player strategic games (a matrix or .nfg); this game is not one", solver.ErrInvalid)
		}
		all, err := extensive.ExtremeEquilibria(ctx, g)
		if err != nil {
			return nil, err
		}
		out, err := describe(g, all[0], "vertex enumeration", opt.Exact)
		if err != nil {
			return nil, err
		}
		for _, pr := range all {
			e, err := describe(g, pr, "", opt.Exact)
			if err != nil {
				return nil, err
			}
			out.Equilibria = append(out.Equilibria, EquilibriumEntry{Values: e.Values, ValuesExact: e.ValuesExact, Strategy: e.Strategy})
		}
		return out, nil
	}
	var pr *extensive.Profile
	var err error
	method := "sequence-form LP"
	if len(g.Players) == 2 {
		pr, err = extensive.SolveZeroSum(ctx, g)
		if errors.Is(err, extensive.ErrLPTooLarge) {
			if opt.Exact {
				return nil, fmt.Errorf("%w; without --exact, CFR+ gives an ε-equilibrium with its ε certified", err)
			}
			n := opt.Iterations
			if n <= 0 {
				n = DefaultIterations
			}
			var done int
			pr, done, err = extensive.CFRPlus(ctx, g, n, opt.Progress)
			method = fmt.Sprintf("CFR+, %d iterations", done)
		}
	}
	if len(g.Players) == 2 && errors.Is(err, extensive.ErrNotZeroSum) {
		form := "game"
		method = "Lemke–Howson"
		if !g.Strategic {
			method, form = "Lemke on the sequence form", "sequence form"
		}
		pr, err = extensive.TwoPlayerEquilibrium(ctx, g)
		if errors.Is(err, budget.ErrTooLarge) {
			// Too large for the exact tableau: a pure equilibrium may
			// still be found.
			var n float64
			method = "pure search"
			tableauErr := err
			pr, n, err = extensive.PureEquilibrium(ctx, g)
			if err == nil && pr == nil {
				return nil, fmt.Errorf("%w: all %.0f pure profiles were checked and none is an equilibrium; the %s is too large for Lemke's exact tableau", ErrNoPureEquilibrium, n, form)
			}
			if errors.Is(err, budget.ErrTooLarge) {
				return nil, fmt.Errorf("%w; and the search of pure equilibria that would remain: %w", tableauErr, err)
			}
		}
	}
	if len(g.Players) != 2 {
		method = "pure search"
		var n float64
		pr, n, err = extensive.PureEquilibrium(ctx, g)
		if err == nil && pr == nil {
			return nil, fmt.Errorf("%w: all %.0f pure profiles were checked and none is an equilibrium; mixed equilibria of games of three or more players can be irrational, so they are not computed", ErrNoPureEquilibrium, n)
		}
	}
	if err != nil {
		return nil, err
	}
	if !pr.Equilibrium() && !strings.HasPrefix(method, "CFR+") {
		return nil, fmt.Errorf("%w: internal error: the profile found gains %s", solver.ErrInvalid, pr.Exploitability.RatString())
	}
	return describe(g, pr, method, opt.Exact)
}

// describe is the report of one certified profile.
func describe(g *extensive.Game, pr *extensive.Profile, method string, exact bool) (*Equilibrium, error) {
	sz := g.Sizes()
	out := &Equilibrium{
		Game: g.Title, Players: slices.Clone(g.Players), Method: method,
		Exploitability: JSONFloat(numeric.RatFloat64(pr.Exploitability)), ExploitabilityExact: pr.Exploitability.RatString(),
		Sizes: GameSizes{Nodes: sz.Nodes, Terminals: sz.Terminals, Infosets: sz.Infosets, Sequences: sz.Sequences},
		exact: exact, strategic: g.Strategic, Strategy: []Behavior{},
	}
	for _, v := range pr.Values {
		out.Values = append(out.Values, numeric.RatFloat64(v))
		out.ValuesExact = append(out.ValuesExact, v.RatString())
	}
	var order []int
	for i, I := range g.Infosets {
		if I.Player != extensive.Chance {
			order = append(order, i)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int {
		A, B := g.Infosets[a], g.Infosets[b]
		if A.Player != B.Player {
			return A.Player - B.Player
		}
		return A.Number - B.Number
	})
	for _, i := range order {
		I := g.Infosets[i]
		b := Behavior{Player: I.Player + 1, Label: I.Label, Reached: pr.Reached[i]}
		if !g.Strategic {
			n := I.Number
			b.Infoset = &n
		}
		for a, name := range I.Actions {
			p := pr.Behavior[i][a]
			b.Actions = append(b.Actions, ActionProb{Name: name, Probability: JSONFloat(numeric.RatFloat64(p)), ProbabilityExact: p.RatString()})
		}
		out.Strategy = append(out.Strategy, b)
	}
	return out, nil
}

// Text writes the solve command's text: the sizes, the values, the
// strategy by information set, and the certificate.
func (r *Equilibrium) Text(b *bytes.Buffer, float Float) {
	title := r.Game
	if title == "" {
		title = "game"
	}
	sum := func(xs []int) int {
		s := 0
		for _, x := range xs {
			s += x
		}
		return s
	}
	ints := func(xs []int) string {
		s := make([]string, len(xs))
		for i, x := range xs {
			s[i] = fmt.Sprint(x)
		}
		return strings.Join(s, ", ")
	}
	fmt.Fprintf(b, "%s: %d players, %d nodes, %d information sets (%s), %d sequences (%s); %s\n\n", Printable(title), len(r.Players), r.Sizes.Nodes,
		sum(r.Sizes.Infosets), ints(r.Sizes.Infosets), sum(r.Sizes.Sequences), ints(r.Sizes.Sequences), r.Method)
	if len(r.Equilibria) == 0 {
		head := []string{"player", "value"}
		if r.exact {
			head = append(head, "exact")
		}
		rows := [][]string{head}
		for p, v := range r.Values {
			row := []string{Printable(r.Players[p]), floatText(float, v)}
			if r.exact {
				row = append(row, r.ValuesExact[p])
			}
			rows = append(rows, row)
		}
		Table(b, rows)
	}
	if len(r.Equilibria) > 0 {
		fmt.Fprintf(b, "%d extreme %s\n", len(r.Equilibria), plural(len(r.Equilibria), "equilibrium", "equilibria"))
		for k, e := range r.Equilibria {
			vals := make([]string, len(e.Values))
			for p, v := range e.Values {
				vals[p] = floatText(float, v)
				if r.exact {
					vals[p] = e.ValuesExact[p]
				}
			}
			fmt.Fprintf(b, "\nequilibrium %d: values %s\n", k+1, strings.Join(vals, ", "))
			r.strategyText(b, float, e.Strategy)
		}
	} else {
		b.WriteString("\nstrategy\n")
		r.strategyText(b, float, r.Strategy)
	}
	if r.ExploitabilityExact == "0" {
		b.WriteString("\nexploitability 0: certified, no player gains by an exact best response\n")
	} else {
		fmt.Fprintf(b, "\nexploitability %s: an ε-equilibrium, no player gains more than ε by an exact best response\n", floatText(float, float64(r.Exploitability)))
	}
}

// strategyText writes a strategy table, a line per information set.
func (r *Equilibrium) strategyText(b *bytes.Buffer, float Float, strategy []Behavior) {
	for _, s := range strategy {
		label := s.Label
		switch {
		case r.strategic:
			label = r.Players[s.Player-1]
		case label == "":
			label = fmt.Sprintf("%s, information set %d", r.Players[s.Player-1], *s.Infoset)
		}
		var parts []string
		for _, a := range s.Actions {
			p := floatText(float, float64(a.Probability))
			if r.exact {
				p = a.ProbabilityExact
			}
			parts = append(parts, Printable(a.Name)+" "+p)
		}
		line := Printable(label) + ": " + strings.Join(parts, ", ")
		if !s.Reached {
			line += " (not reached)"
		}
		b.WriteString(line + "\n")
	}
}
