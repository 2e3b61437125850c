package report

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

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
	// Method is "sequence-form LP" (two players, constant sum) or "pure
	// search" (the first pure profile that no player can improve on).
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

	exact     bool
	strategic bool
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

// SolveGame finds an exact, certified Nash equilibrium: for two players
// whose payoffs add up to a constant, by the sequence-form linear program;
// otherwise the first pure equilibrium, refused with ErrNoPureEquilibrium
// (wrapped with the reason) when the search proves there is none. exact
// chooses how the text shows numbers; the answer is exact either way.
func SolveGame(ctx context.Context, g *extensive.Game, exact bool) (*Equilibrium, error) {
	var pr *extensive.Profile
	var err error
	method := "sequence-form LP"
	if len(g.Players) == 2 {
		pr, err = extensive.SolveZeroSum(ctx, g)
	}
	if len(g.Players) != 2 || errors.Is(err, extensive.ErrNotZeroSum) {
		method = "pure search"
		var n float64
		pr, n, err = extensive.PureEquilibrium(ctx, g)
		if err == nil && pr == nil {
			why := "mixed equilibria of games of three or more players can be irrational, so they are not computed"
			if len(g.Players) == 2 {
				why = "mixed equilibria of general-sum two-player games are not computed yet"
			}
			return nil, fmt.Errorf("%w: all %.0f pure profiles were checked and none is an equilibrium; %s", ErrNoPureEquilibrium, n, why)
		}
	}
	if err != nil {
		return nil, err
	}
	if !pr.Equilibrium() {
		return nil, fmt.Errorf("%w: internal error: the profile found gains %s", solver.ErrInvalid, pr.Exploitability.RatString())
	}
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
	b.WriteString("\nstrategy\n")
	for _, s := range r.Strategy {
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
	if r.ExploitabilityExact == "0" {
		b.WriteString("\nexploitability 0: certified, no player gains by an exact best response\n")
	} else {
		fmt.Fprintf(b, "\nexploitability %s\n", r.ExploitabilityExact)
	}
}
