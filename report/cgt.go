package report

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/gamesolve/gamesolve/cgt"
	"github.com/gamesolve/gamesolve/cgt/rulesets"
)

// CGT is a combinatorial game's value: the cgt command's JSON and text.
// Stops, mean, temperature and the thermograph's breakpoints are exact:
// integers, or "p/q" strings. AtomicWeight is a game in CGSuite notation,
// or null where it is undefined (the game is not an infinitesimal).
type CGT struct {
	Game         string      `json:"game,omitempty"`
	Input        string      `json:"input"`
	Value        string      `json:"value"`
	Outcome      string      `json:"outcome"`
	LeftStop     Exact       `json:"left_stop"`
	RightStop    Exact       `json:"right_stop"`
	Mean         Exact       `json:"mean"`
	Temperature  Exact       `json:"temperature"`
	AtomicWeight *string     `json:"atomic_weight"`
	Thermograph  Thermograph `json:"thermograph"`

	outcome cgt.Outcome
	game    cgt.Game
}

// Thermograph is a thermograph's walls as [t, v] breakpoints from t = -1,
// only where the slope changes; the mast rises above the last one.
type Thermograph struct {
	Left  [][2]Exact `json:"left"`
	Right [][2]Exact `json:"right"`
}

// Exact is a rational that encodes in JSON as an integer when it is one,
// else as the string "p/q".
type Exact struct{ R *big.Rat }

// MarshalJSON implements json.Marshaler.
func (x Exact) MarshalJSON() ([]byte, error) {
	if x.R.IsInt() {
		return []byte(x.R.Num().String()), nil
	}
	return json.Marshal(x.R.RatString())
}

func (x Exact) String() string { return x.R.RatString() }

// GameOf returns the game valued.
func (c *CGT) GameOf() cgt.Game { return c.game }

var outcomeText = map[cgt.Outcome]string{
	cgt.L: "L (Left wins whoever starts)",
	cgt.R: "R (Right wins whoever starts)",
	cgt.N: "N (the player to move wins)",
	cgt.P: "P (the player to move loses)",
}

// ValueCGT values input: an expression in CGSuite notation or, with game
// set, a position of that ruleset. progress (may be nil) is told how many
// positions were valued as it goes, and once more with done at the end.
func ValueCGT(ctx context.Context, game, input string, progress func(valued int, done bool)) (*CGT, error) {
	out := &CGT{Game: game, Input: input}
	g, err := cgtValue(ctx, game, input, progress)
	if err != nil {
		return nil, err
	}
	out.Value, out.Outcome, out.outcome, out.game = g.String(), g.Outcome().String(), g.Outcome(), g
	ls, rs, err := g.Stops()
	if err != nil {
		return nil, err
	}
	th, err := g.Thermograph()
	if err != nil {
		return nil, err
	}
	out.LeftStop, out.RightStop = Exact{ls}, Exact{rs}
	out.Mean, out.Temperature = Exact{th.Mean}, Exact{th.Temperature}
	out.Thermograph.Left, out.Thermograph.Right = breakpoints(th.Left), breakpoints(th.Right)
	aw, err := g.AtomicWeight()
	switch {
	case err == nil:
		s := aw.String()
		out.AtomicWeight = &s
	case !errors.Is(err, cgt.ErrNotAtomic):
		return nil, err
	}
	return out, nil
}

func breakpoints(ps []cgt.Point) [][2]Exact {
	out := make([][2]Exact, len(ps))
	for i, p := range ps {
		out[i] = [2]Exact{{p.T}, {p.V}}
	}
	return out
}

// cgtValue values an expression or, with game set, a position.
func cgtValue(ctx context.Context, game, input string, progress func(valued int, done bool)) (cgt.Game, error) {
	if game == "" {
		return cgt.ParseContext(ctx, input)
	}
	rs, err := rulesets.Lookup(game)
	if err != nil {
		return 0, err
	}
	p, err := rs.Parse(input)
	if err != nil {
		return 0, err
	}
	ev := cgt.NewEvaluator()
	if progress != nil {
		ev.Progress = func(n int) { progress(n, false) }
		defer func() { progress(ev.Valued(), true) }()
	}
	return ev.ValueContext(ctx, p)
}

// Text writes the cgt command's text.
func (c *CGT) Text(b *bytes.Buffer) {
	fmt.Fprintf(b, "value          %s\n", c.Value)
	fmt.Fprintf(b, "outcome        %s\n", outcomeText[c.outcome])
	fmt.Fprintf(b, "stops          %s (Left), %s (Right)\n", c.LeftStop, c.RightStop)
	fmt.Fprintf(b, "mean           %s\n", c.Mean)
	fmt.Fprintf(b, "temperature    %s\n", c.Temperature)
	if c.AtomicWeight != nil {
		fmt.Fprintf(b, "atomic weight  %s\n", *c.AtomicWeight)
	} else if c.LeftStop.R.Sign() != 0 || c.RightStop.R.Sign() != 0 {
		b.WriteString("atomic weight  undefined (not an infinitesimal)\n")
	} else {
		b.WriteString("atomic weight  undefined (an infinitesimal, but not atomic: too far from every multiple of ↑)\n")
	}
	wall := func(ps [][2]Exact) string {
		parts := make([]string, len(ps))
		for i, p := range ps {
			parts[i] = fmt.Sprintf("(%s, %s)", p[0], p[1])
		}
		return strings.Join(parts, " ")
	}
	b.WriteString("thermograph    (t, value) from t = -1; the mast rises above the last point\n")
	fmt.Fprintf(b, "  left wall    %s\n  right wall   %s\n", wall(c.Thermograph.Left), wall(c.Thermograph.Right))
}

// CGTComparison is how two games compare: the cgt --compare command's JSON.
type CGTComparison struct {
	Game     string `json:"game,omitempty"`
	A        string `json:"a"`
	B        string `json:"b"`
	Relation string `json:"relation"` // <, >, = or ‖
}

// CompareCGT compares a and b: expressions or, with game set, positions of
// that ruleset.
func CompareCGT(ctx context.Context, game, a, b string) (*CGTComparison, error) {
	ga, err := cgtValue(ctx, game, a, nil)
	if err != nil {
		return nil, err
	}
	gb, err := cgtValue(ctx, game, b, nil)
	if err != nil {
		return nil, err
	}
	rel, err := cgt.Compare(ga, gb)
	if err != nil {
		return nil, err
	}
	sym := map[cgt.Relation]string{cgt.Less: "<", cgt.Greater: ">", cgt.Equal: "=", cgt.Confused: "‖"}[rel]
	return &CGTComparison{Game: game, A: a, B: b, Relation: sym}, nil
}

// Text writes the relation alone, for scripts.
func (c *CGTComparison) Text(b *bytes.Buffer) { b.WriteString(c.Relation + "\n") }
