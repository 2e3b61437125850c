package report

import (
	"bytes"
	"context"
	"fmt"
	"strconv"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/games/pig"
	"github.com/gamesolve/gamesolve/numeric"
)

// PigQuery is a game of Pig to solve.
type PigQuery struct {
	Target int
	Exact  bool
	// Table solves every pair of scores, reachable or not, so that HoldAt
	// and WinAt answer for all of them; ShowPolicy also puts the hold
	// table in the output.
	Table, ShowPolicy bool
	// Progress and Workers are passed on (Policy is set from Table).
	Options engine.Options
}

// Pig is solved Pig: the pig command's JSON and text.
type Pig struct {
	Target              int            `json:"target"`
	WinProbability      float64        `json:"win_probability"`
	WinProbabilityExact string         `json:"win_probability_exact,omitempty"`
	ExpectedRolls       float64        `json:"expected_rolls"`
	ExpectedRollsExact  string         `json:"expected_rolls_exact,omitempty"`
	States              int            `json:"states"`
	Components          int            `json:"components"`
	Methods             map[string]int `json:"methods"`
	// Policy[i][j] is the turn total at which the player to move holds
	// with score i against j (0: rolls on to the target).
	Policy [][]int `json:"policy,omitempty"`
	Proof

	hold   func(i, j int) int
	win    func(s pig.State) (float64, bool)
	action func(s pig.State) (string, bool)
}

// SolvePig solves Pig.
func SolvePig(ctx context.Context, q PigQuery) (*Pig, error) {
	if _, err := pig.New(q.Target); err != nil {
		return nil, err
	}
	if q.Exact {
		return solvePig(ctx, numeric.Exact{}, q, exactConv)
	}
	return solvePig[float64](ctx, numeric.Float{}, q, floatConv)
}

func solvePig[T any, F numeric.Field[T]](ctx context.Context, f F, q PigQuery, cv conv[T]) (*Pig, error) {
	opt := q.Options
	opt.Policy = q.Table || q.ShowPolicy
	r, err := pig.Solve(ctx, f, q.Target, opt)
	if err != nil {
		return nil, err
	}
	out := &Pig{Target: q.Target, States: r.Engine.States, Components: r.Engine.Components, Methods: MethodCounts(r.Engine.Methods), hold: r.HoldAt,
		Proof: proofOf(r.Engine.Unproven, r.Engine.Bound)}
	out.WinProbability, out.WinProbabilityExact = cv(r.Win)
	out.ExpectedRolls, out.ExpectedRollsExact = cv(r.Rolls)
	out.win = func(s pig.State) (float64, bool) {
		if !r.Engine.Lookup(s) {
			return 0, false
		}
		x, _ := cv(r.Engine.Value(s)[s.Turn])
		return x, true
	}
	out.action = func(s pig.State) (string, bool) {
		_, name, ok := r.Engine.Choice(s)
		return name, ok
	}
	if q.ShowPolicy {
		out.Policy = make([][]int, q.Target)
		for i := range out.Policy {
			out.Policy[i] = make([]int, q.Target)
			for j := range out.Policy[i] {
				out.Policy[i][j] = r.HoldAt(i, j)
			}
		}
	}
	return out, nil
}

// Detached returns a copy that keeps only what its JSON and text show,
// letting go of the engine's solution (hundreds of MB at target 100):
// HoldAt, WinAt and ActionAt must not be called on it.
func (p *Pig) Detached() *Pig {
	c := *p
	c.hold, c.win, c.action = nil, nil, nil
	return &c
}

// HoldAt is pig.Result.HoldAt: the turn total at which the player to move
// holds with scores (mine, yours), 0 if never.
func (p *Pig) HoldAt(mine, yours int) int { return p.hold(mine, yours) }

// WinAt returns the probability that the player to move wins, with scores
// (mine, yours) and the turn total so far, both playing optimally; ok is
// false for a position that was not solved (solve with Table for all).
func (p *Pig) WinAt(mine, yours, total int) (w float64, ok bool) {
	if mine < 0 || yours < 0 || total < 0 || mine+total >= p.Target || yours >= p.Target {
		return 0, false
	}
	s := pig.State{Score: [2]int16{int16(mine), int16(yours)}, Total: int16(total)}
	if w, ok := p.win(s); ok {
		return w, true
	}
	// The game is symmetric: the same position with player 1 to move.
	return p.win(pig.State{Score: [2]int16{int16(yours), int16(mine)}, Total: int16(total), Turn: 1})
}

// ActionAt returns the optimal action (pig.Roll or pig.Hold) of the player
// to move with scores (mine, yours) and the turn total so far.
func (p *Pig) ActionAt(mine, yours, total int) (string, bool) {
	if mine < 0 || yours < 0 || total < 0 || mine+total >= p.Target || yours >= p.Target {
		return "", false
	}
	if a, ok := p.action(pig.State{Score: [2]int16{int16(mine), int16(yours)}, Total: int16(total)}); ok {
		return a, true
	}
	return p.action(pig.State{Score: [2]int16{int16(yours), int16(mine)}, Total: int16(total), Turn: 1})
}

// Text writes the pig command's text.
func (p *Pig) Text(b *bytes.Buffer, float Float) {
	fmt.Fprintf(b, "Pig to %d: %d states, %d components\n", p.Target, p.States, p.Components)
	fmt.Fprintf(b, "first player wins with probability %s\n", float(p.WinProbability))
	if p.WinProbabilityExact != "" {
		fmt.Fprintf(b, "exactly %s\n", p.WinProbabilityExact)
	}
	fmt.Fprintf(b, "expected rolls %s\n", float(p.ExpectedRolls))
	if p.ExpectedRollsExact != "" {
		fmt.Fprintf(b, "exactly %s\n", p.ExpectedRollsExact)
	}
	p.Proof.write(b)
	if p.Policy != nil {
		b.WriteString("\nhold at turn total (0: never); rows: my score, columns: your score\n")
		rows := [][]string{{"me\\you"}}
		for j := range p.Target {
			rows[0] = append(rows[0], strconv.Itoa(j))
		}
		for i, pr := range p.Policy {
			row := []string{strconv.Itoa(i)}
			for _, k := range pr {
				row = append(row, strconv.Itoa(k))
			}
			rows = append(rows, row)
		}
		Table(b, rows)
	}
}
