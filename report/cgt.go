package report

import (
	"bytes"
	"context"
	"fmt"

	"github.com/gamesolve/gamesolve/cgt"
	"github.com/gamesolve/gamesolve/cgt/rulesets"
)

// CGT is a combinatorial game's value: the cgt command's JSON and text.
type CGT struct {
	Game    string `json:"game,omitempty"`
	Input   string `json:"input"`
	Value   string `json:"value"`
	Outcome string `json:"outcome"`

	outcome cgt.Outcome
}

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
	var g cgt.Game
	if game != "" {
		rs, err := rulesets.Lookup(game)
		if err != nil {
			return nil, err
		}
		p, err := rs.Parse(input)
		if err != nil {
			return nil, err
		}
		ev := cgt.NewEvaluator()
		if progress != nil {
			ev.Progress = func(n int) { progress(n, false) }
			defer func() { progress(ev.Valued(), true) }()
		}
		if g, err = ev.ValueContext(ctx, p); err != nil {
			return nil, err
		}
	} else {
		var err error
		if g, err = cgt.ParseContext(ctx, input); err != nil {
			return nil, err
		}
	}
	out.Value, out.Outcome, out.outcome = g.String(), g.Outcome().String(), g.Outcome()
	return out, nil
}

// Text writes the cgt command's text.
func (c *CGT) Text(b *bytes.Buffer) {
	fmt.Fprintf(b, "value   %s\noutcome %s\n", c.Value, outcomeText[c.outcome])
}
