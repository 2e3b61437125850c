package report

import (
	"bytes"
	"context"
	"fmt"
	"math/big"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/games/chefs"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/tiered"
)

// ChefsTiersQuery is a Chef Showdown to solve tier by tier (the chefs
// out) into a directory of tier files, on the general engine.
type ChefsTiersQuery struct {
	Skills []*big.Rat
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

// ChefsTiers is a Chef Showdown solved by tiers: the chefs command's JSON
// and text with --tiers.
type ChefsTiers struct {
	Chefs
	States       int64 `json:"states"`
	Tiers        int   `json:"tiers"`
	TiersResumed int   `json:"tiers_resumed"`
	DiskBytes    int64 `json:"disk_bytes"`
	Proof
}

// SolveChefsTiers solves a Chef Showdown by tiers (package tiered) on the
// general engine, resuming from what q.Dir already holds.
func SolveChefsTiers(ctx context.Context, q ChefsTiersQuery) (*ChefsTiers, error) {
	r, err := chefs.NewRules(q.Skills)
	if err != nil {
		return nil, err
	}
	rules := chefs.TierRules{Rules: r}
	if q.Exact {
		return solveChefsTiers(ctx, numeric.Exact{}, rules, q, exactConv)
	}
	return solveChefsTiers[float64](ctx, numeric.Float{}, rules, q, floatConv)
}

func solveChefsTiers[T any, F numeric.Field[T]](ctx context.Context, f F, rules chefs.TierRules, q ChefsTiersQuery, cv conv[T]) (*ChefsTiers, error) {
	opt := tiered.Options{Engine: q.Options, Dir: q.Dir, Game: rules.Game(), Progress: q.Progress, LimitMemory: q.LimitMemory}
	opt.Engine.Progress = nil
	sum, err := tiered.Solve[chefs.State, T](ctx, f, rules, opt)
	if err != nil {
		return nil, err
	}
	out := &ChefsTiers{Chefs: *chefsAnswer(q.Skills, sum.Values, sum.Reward, cv), States: sum.States, Tiers: sum.Tiers, TiersResumed: sum.Resumed, DiskBytes: sum.DiskBytes, Proof: proofOf(sum.Unproven, sum.Bound)}
	return out, nil
}

// Text writes the result for people: the chefs command's, after a line
// on the tiers.
func (c *ChefsTiers) Text(b *bytes.Buffer, float Float) {
	fmt.Fprintf(b, "Chef Showdown, solved by tiers: %d states in %d tiers (%d found already solved), %s of tier files\n",
		c.States, c.Tiers, c.TiersResumed, budget.Bytes(float64(c.DiskBytes)))
	c.Chefs.Text(b, float)
	c.Proof.write(b)
}
