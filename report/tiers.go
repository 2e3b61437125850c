package report

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"strings"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/games/pig"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/solver"
	"github.com/gamesolve/gamesolve/tiered"
	"github.com/gamesolve/gamesolve/tierfile"
)

// PigTiersQuery is Pig (two players) to solve tier by tier into a
// directory of tier files.
type PigTiersQuery struct {
	Target int
	Exact  bool
	Dir    string
	// Options are each tier's engine options (Progress is not used).
	Options engine.Options
	// Progress, if set, is told after each tier (tiered.Progress).
	Progress func(tiered.Progress)
	// LimitMemory sets the runtime's soft memory limit for the solve
	// (tiered.Options.LimitMemory): for a command, not a server.
	LimitMemory bool
}

// PigTiers is Pig solved by tiers: the pig command's JSON and text with
// --tiers.
type PigTiers struct {
	Target              int       `json:"target"`
	WinProbability      float64   `json:"win_probability"`
	WinProbabilityExact string    `json:"win_probability_exact,omitempty"`
	WinProbabilities    []float64 `json:"win_probabilities"`
	ExpectedRolls       float64   `json:"expected_rolls"`
	ExpectedRollsExact  string    `json:"expected_rolls_exact,omitempty"`
	States              int64     `json:"states"`
	Tiers               int       `json:"tiers"`
	TiersResumed        int       `json:"tiers_resumed"`
	DiskBytes           int64     `json:"disk_bytes"`
	Proof
}

// pigGame names Pig's tier directories.
func pigGame(target int) string { return fmt.Sprintf("pig target=%d", target) }

// SolvePigTiers solves Pig by tiers (package tiered), resuming from what
// q.Dir already holds.
func SolvePigTiers(ctx context.Context, q PigTiersQuery) (*PigTiers, error) {
	if q.Exact {
		return solvePigTiers(ctx, numeric.Exact{}, q, exactConv)
	}
	return solvePigTiers[float64](ctx, numeric.Float{}, q, floatConv)
}

func solvePigTiers[T any, F numeric.Field[T]](ctx context.Context, f F, q PigTiersQuery, cv conv[T]) (*PigTiers, error) {
	rules, err := pig.New(q.Target)
	if err != nil {
		return nil, err
	}
	opt := tiered.Options{Engine: q.Options, Dir: q.Dir, Game: pigGame(q.Target), Progress: q.Progress, LimitMemory: q.LimitMemory}
	opt.Engine.Progress = nil
	sum, err := tiered.Solve[pig.State, T](ctx, f, rules, opt)
	if err != nil {
		return nil, err
	}
	out := &PigTiers{Target: q.Target, States: sum.States, Tiers: sum.Tiers, TiersResumed: sum.Resumed, DiskBytes: sum.DiskBytes, Proof: proofOf(sum.Unproven, sum.Bound)}
	out.WinProbability, out.WinProbabilityExact = cv(sum.Values[0])
	p1, _ := cv(sum.Values[1])
	out.WinProbabilities = []float64{out.WinProbability, p1}
	out.ExpectedRolls, out.ExpectedRollsExact = cv(sum.Reward)
	return out, nil
}

// Text writes the result for people.
func (p *PigTiers) Text(b *bytes.Buffer, float Float) {
	fmt.Fprintf(b, "Pig to %d, solved by tiers: %d states in %d tiers (%d found already solved), %s of tier files\n",
		p.Target, p.States, p.Tiers, p.TiersResumed, budget.Bytes(float64(p.DiskBytes)))
	fmt.Fprintf(b, "first player wins with probability %s\n", float(p.WinProbability))
	exactLine(b, p.WinProbabilityExact)
	fmt.Fprintf(b, "expected rolls %s\n", float(p.ExpectedRolls))
	exactLine(b, p.ExpectedRollsExact)
	p.Proof.write(b)
}

// exactLine writes the exact value under a float one, as Pig's text does.
func exactLine(b *bytes.Buffer, exact string) {
	if exact != "" {
		fmt.Fprintf(b, "exactly %s\n", exact)
	}
}

// TierAnswer is one state's entry in a tier directory: the query
// command's JSON and text.
type TierAnswer struct {
	Game  string `json:"game"`
	State string `json:"state"`
	Tier  int    `json:"tier"`
	// Values has one value per player (for Pig, each player's win
	// probability); ValuesExact the same in exact mode.
	Values             []float64 `json:"values"`
	ValuesExact        []string  `json:"values_exact,omitempty"`
	ExpectedRolls      float64   `json:"expected_rolls"`
	ExpectedRollsExact string    `json:"expected_rolls_exact,omitempty"`
	// Action is the best move, "" where the state has none.
	Action string `json:"action,omitempty"`
}

// QueryTiers answers a state's values and best move from the tier files
// in dir, solving nothing. The directory's manifest names the game; for
// Pig a state is "start" or "MINE,YOURS,TOTAL,PLAYER": the scores of
// players 0 and 1, the turn total and the player to move.
func QueryTiers(dir, state string) (*TierAnswer, error) {
	game, err := TierGame(dir)
	if err != nil {
		return nil, err
	}
	var target int
	if strings.HasPrefix(game, "model ") {
		return nil, solver.Invalidf("query: %s holds a model's tiers: name the model file with --model FILE", dir)
	}
	if _, err := fmt.Sscanf(game, "pig target=%d", &target); err != nil || pigGame(target) != game {
		return nil, solver.Invalidf("query: %s holds %q, which query cannot read", dir, game)
	}
	rules, err := pig.New(target)
	if err != nil {
		return nil, err
	}
	s, err := parsePigState(state, target)
	if err != nil {
		return nil, err
	}
	index, ok := rules.Index(s)
	if !ok {
		return nil, solver.Invalidf("query: %s is not a state of Pig to %d", state, target)
	}
	tier := rules.Tier(s)
	rec, err := lookupTier(dir, tier, uint64(index), s.String())
	if err != nil {
		return nil, err
	}
	out := &TierAnswer{Game: game, State: s.String(), Tier: tier}
	if rec.Floats != nil {
		out.Values = append(out.Values, rec.Floats[:2]...)
		out.ExpectedRolls = rec.Floats[2]
	} else {
		for _, v := range rec.Rats[:2] {
			x, e := exactConv(v)
			out.Values, out.ValuesExact = append(out.Values, x), append(out.ValuesExact, e)
		}
		out.ExpectedRolls, out.ExpectedRollsExact = exactConv(rec.Rats[2])
	}
	if rec.Action >= 0 {
		out.Action = pig.Roll
		if rec.Action == 1 {
			out.Action = pig.Hold
		}
	}
	return out, nil
}

// lookupTier reads the entry of the state with the given index (what
// names it in messages) from tier tier's file in dir.
func lookupTier(dir string, tier int, index uint64, what string) (tierfile.Record, error) {
	r, err := tierfile.Open(tierfile.PathOf(dir, int64(tier)))
	if errors.Is(err, fs.ErrNotExist) {
		return tierfile.Record{}, solver.Invalidf("query: %s has no file for tier %d: no state of it is reached in play, or the solve has not reached it yet", dir, tier)
	}
	if err != nil {
		return tierfile.Record{}, fmt.Errorf("query: tier %d of %s: %w", tier, dir, err)
	}
	defer r.Close()
	rec, found, err := r.Lookup(index)
	switch {
	case err != nil:
		return tierfile.Record{}, fmt.Errorf("query: %w", err)
	case !found:
		return tierfile.Record{}, solver.Invalidf("query: %s is not reached in play: tier %d holds no value for it", what, tier)
	}
	return rec, nil
}

// parsePigState reads "start" or "MINE,YOURS,TOTAL,PLAYER".
func parsePigState(text string, target int) (pig.State, error) {
	if strings.TrimSpace(text) == "start" {
		return pig.State{}, nil
	}
	parts := strings.Split(text, ",")
	if len(parts) != 4 {
		return pig.State{}, solver.Invalidf("query: a Pig state is \"start\" or MINE,YOURS,TOTAL,PLAYER (four numbers), not %q", cut(text, 60))
	}
	var n [4]int
	for i, p := range parts {
		v, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || v < 0 || v >= target || i == 3 && v > 1 {
			return pig.State{}, solver.Invalidf("query: %q in %q: the scores and the total are from 0 to %d, the player 0 or 1", cut(p, 20), cut(text, 60), target-1)
		}
		n[i] = v
	}
	return pig.State{Score: [2]int16{int16(n[0]), int16(n[1])}, Total: int16(n[2]), Turn: int8(n[3])}, nil
}

// cut shortens s to n characters for a message.
func cut(s string, n int) string {
	if c, ok := numeric.Cut(s, n); ok {
		return c + "…"
	}
	return s
}

// Text writes the answer for people.
func (a *TierAnswer) Text(b *bytes.Buffer, float Float) {
	fmt.Fprintf(b, "%s, %s (tier %d)\n", a.Game, a.State, a.Tier)
	for p, v := range a.Values {
		fmt.Fprintf(b, "player %d wins with probability %s\n", p, float(v))
		if a.ValuesExact != nil {
			exactLine(b, a.ValuesExact[p])
		}
	}
	fmt.Fprintf(b, "expected rolls %s\n", float(a.ExpectedRolls))
	exactLine(b, a.ExpectedRollsExact)
	if a.Action != "" {
		fmt.Fprintf(b, "best move: %s\n", a.Action)
	}
}
