package report

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/model"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/solver"
	"github.com/gamesolve/gamesolve/tiered"
	"github.com/gamesolve/gamesolve/tierfile"
)

// ModelTiersQuery is a JSON model whose states give their "tier", to
// solve tier by tier into a directory of tier files.
type ModelTiersQuery struct {
	Model *model.Model
	// Text is the model file's text: its hash names the directory's
	// game, so that a directory of another model is refused.
	Text  []byte
	Exact bool
	Dir   string
	// Options are each tier's engine options (Progress is not used).
	Options engine.Options
	// Progress, if set, is told after each tier (tiered.Progress).
	Progress func(tiered.Progress)
	// LimitMemory sets the runtime's soft memory limit for the solve
	// (tiered.Options.LimitMemory): for a command, not a server.
	LimitMemory bool
}

// ModelTiers is a model solved by tiers: the solve command's JSON and
// text with --tiers.
type ModelTiers struct {
	Players             []string   `json:"players,omitempty"`
	Values              JSONFloats `json:"values"`
	ValuesExact         []string   `json:"values_exact,omitempty"`
	ExpectedReward      *JSONFloat `json:"expected_reward"`
	ExpectedRewardExact *string    `json:"expected_reward_exact,omitempty"`
	States              int64      `json:"states"`
	Tiers               int        `json:"tiers"`
	TiersResumed        int        `json:"tiers_resumed"`
	DiskBytes           int64      `json:"disk_bytes"`
	Proof
}

// ModelGame names a model's tier directories by a hash of its text.
func ModelGame(text []byte) string {
	h := sha256.Sum256(text)
	return "model sha256=" + hex.EncodeToString(h[:12])
}

// SolveModelTiers solves a model by tiers (package tiered), resuming from
// what q.Dir already holds. A model whose states give no tier is refused.
func SolveModelTiers(ctx context.Context, q ModelTiersQuery) (*ModelTiers, error) {
	rules, ok := q.Model.Tiered()
	if !ok {
		return nil, solver.Invalidf(`the model's states give no "tier": give every state one (docs/models.md), or convert a JANI or PRISM model with --tier VARIABLE`)
	}
	if q.Model.Discount() != nil {
		return nil, solver.Invalidf("a discounted model is not solved by tiers")
	}
	if q.Exact {
		return solveModelTiers(ctx, numeric.Exact{}, rules, q, exactConv)
	}
	return solveModelTiers[float64](ctx, numeric.Float{}, rules, q, floatConv)
}

func solveModelTiers[T any, F numeric.Field[T]](ctx context.Context, f F, rules engine.Rules[int32], q ModelTiersQuery, cv conv[T]) (*ModelTiers, error) {
	opt := tiered.Options{Engine: q.Options, Dir: q.Dir, Game: ModelGame(q.Text), Progress: q.Progress, LimitMemory: q.LimitMemory}
	opt.Engine.Progress = nil
	sum, err := tiered.Solve[int32, T](ctx, f, rules, opt)
	if err != nil {
		return nil, err
	}
	out := &ModelTiers{Players: q.Model.PlayerNames(), States: sum.States, Tiers: sum.Tiers, TiersResumed: sum.Resumed, DiskBytes: sum.DiskBytes, Proof: proofOf(sum.Unproven, sum.Bound)}
	for p, v := range sum.Values {
		x, s := cv(v)
		if err := fits(x, f.Exact(), fmt.Sprintf("player %d's value", p)); err != nil {
			return nil, err
		}
		out.Values = append(out.Values, x)
		if s != "" {
			out.ValuesExact = append(out.ValuesExact, s)
		}
	}
	if !sum.Infinite {
		x, s := cv(sum.Reward)
		if err := fits(x, f.Exact(), "the expected reward"); err != nil {
			return nil, err
		}
		out.ExpectedReward = (*JSONFloat)(&x)
		if s != "" {
			out.ExpectedRewardExact = &s
		}
	}
	return out, nil
}

// Text writes the result for people.
func (r *ModelTiers) Text(b *bytes.Buffer, float Float) {
	fmt.Fprintf(b, "%d states, solved by tiers: %d tiers (%d found already solved), %s of tier files\n\n",
		r.States, r.Tiers, r.TiersResumed, budget.Bytes(float64(r.DiskBytes)))
	valuesTable(b, float, r.Players, r.Values, r.ValuesExact)
	r.Proof.write(b)
	rewardLines(b, float, r.ExpectedReward, r.ExpectedRewardExact)
}

// ModelTierAnswer is one state's entry in a model's tier directory: the
// query command's JSON and text with --model.
type ModelTierAnswer struct {
	Game                string     `json:"game"`
	State               string     `json:"state"`
	Tier                int        `json:"tier"`
	Values              JSONFloats `json:"values"`
	ValuesExact         []string   `json:"values_exact,omitempty"`
	ExpectedReward      *JSONFloat `json:"expected_reward"`
	ExpectedRewardExact *string    `json:"expected_reward_exact,omitempty"`
	// Action is the best move's name, "" where the state has none.
	Action  string   `json:"action,omitempty"`
	players []string // the model's names for them
}

// QueryModelTiers answers state id's values and best move from the tier
// files in dir, written by SolveModelTiers for the model m read from
// text, solving nothing.
func QueryModelTiers(dir, id string, m *model.Model, text []byte) (*ModelTierAnswer, error) {
	man, err := tierfile.ReadManifest(dir)
	if err != nil {
		return nil, solver.Invalidf("query: %s is not a tier directory: %v", dir, err)
	}
	if game := ModelGame(text); man.Game != game {
		return nil, solver.Invalidf("query: %s holds %q, not the tiers of this model (%q)", dir, man.Game, game)
	}
	if m.TierOf(0) < 0 {
		return nil, solver.Invalidf(`query: the model's states give no "tier"`)
	}
	s := int32(-1)
	for i := range m.NumStates() {
		if m.ID(int32(i)) == id {
			s = int32(i)
			break
		}
	}
	if s < 0 {
		return nil, solver.Invalidf("query: the model has no state %q", cut(id, 60))
	}
	tier := m.TierOf(s)
	rec, err := lookupTier(dir, tier, uint64(s), fmt.Sprintf("state %q", cut(id, 60)))
	if err != nil {
		return nil, err
	}
	P := m.Players()
	out := &ModelTierAnswer{Game: man.Game, State: id, Tier: tier, players: m.PlayerNames()}
	infinite := false
	if rec.Floats != nil {
		out.Values = append(out.Values, rec.Floats[:P]...)
		if infinite = rec.Floats[P+1] != 0; !infinite {
			x := rec.Floats[P]
			out.ExpectedReward = (*JSONFloat)(&x)
		}
	} else {
		for _, v := range rec.Rats[:P] {
			x, e := exactConv(v)
			out.Values, out.ValuesExact = append(out.Values, x), append(out.ValuesExact, e)
		}
		if infinite = rec.Rats[P+1].Sign() != 0; !infinite {
			x, e := exactConv(rec.Rats[P])
			out.ExpectedReward, out.ExpectedRewardExact = (*JSONFloat)(&x), &e
		}
	}
	if rec.Action >= 0 {
		_, _, names, _ := m.State(s)
		if int(rec.Action) < len(names) {
			out.Action = names[rec.Action]
		}
	}
	return out, nil
}

// Text writes the answer for people.
func (a *ModelTierAnswer) Text(b *bytes.Buffer, float Float) {
	fmt.Fprintf(b, "state %s (tier %d)\n\n", Printable(a.State), a.Tier)
	valuesTable(b, float, a.players, a.Values, a.ValuesExact)
	rewardLines(b, float, a.ExpectedReward, a.ExpectedRewardExact)
	if a.Action != "" {
		fmt.Fprintf(b, "best move: %s\n", Printable(a.Action))
	}
}
