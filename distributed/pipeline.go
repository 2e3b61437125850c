package distributed

import (
	"context"
	"fmt"
	"math/big"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/games/chefs"
	"github.com/gamesolve/gamesolve/games/pig"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/tiered"
)

// Spec is a tiered solve as the workers rebuild it: the game and its
// parameters, the arithmetic, and the tier directory, which every worker
// must reach (a shared file system).
type Spec struct {
	// Game is "pig" (Target) or "chefs" (Skills, exact rationals as
	// text).
	Game   string
	Target int
	Skills []string
	Exact  bool
	Dir    string
	// WorkerMemory is the memory of one worker in bytes: a tier is
	// solved whole on one worker, and Plan refuses a game whose largest
	// tier would need more (tiered.TierBytes). 0: no check.
	WorkerMemory uint64
}

// Name is the description the tier directory records.
func (s Spec) Name() string {
	switch s.Game {
	case "pig":
		return fmt.Sprintf("pig target=%d", s.Target)
	case "chefs":
		return fmt.Sprintf("chefs skills=%v", s.Skills)
	}
	return s.Game
}

func (s Spec) options() tiered.Options { return tiered.Options{Dir: s.Dir, Game: s.Name()} }

func (s Spec) chefsRules() (chefs.TierRules, error) {
	skills := make([]*big.Rat, len(s.Skills))
	for k, text := range s.Skills {
		v, ok := new(big.Rat).SetString(text)
		if !ok {
			return chefs.TierRules{}, fmt.Errorf("distributed: skill %q is not a number", text)
		}
		skills[k] = v
	}
	r, err := chefs.NewRules(skills)
	return chefs.TierRules{Rules: r}, err
}

// Plan numbers the game's states (unless the directory holds the
// numbering) and lists its tiers in solving order. It refuses a game with
// a tier too large for one worker (WorkerMemory), with the figure.
func (s Spec) Plan(ctx context.Context) ([]tiered.TierPlan, error) {
	plan, err := s.plan(ctx)
	if err != nil || s.WorkerMemory == 0 {
		return plan, err
	}
	var big tiered.TierPlan
	for _, t := range plan {
		if !t.Done && t.States > big.States {
			big = t
		}
	}
	players := 2
	if s.Game == "chefs" {
		players = len(s.Skills)
	}
	if need := tiered.TierBytes(big.States, players, s.Exact); need > float64(s.WorkerMemory) {
		return nil, fmt.Errorf("distributed: %w: tier %d has %d states, and a tier is solved whole on one worker: it needs about %s, more than a worker's %s (--worker_memory); sharding one tier over workers is not done",
			budget.ErrTooLarge, big.Tier, big.States, budget.Bytes(need), budget.Bytes(float64(s.WorkerMemory)))
	}
	return plan, nil
}

func (s Spec) plan(ctx context.Context) ([]tiered.TierPlan, error) {
	switch s.Game {
	case "pig":
		r, err := pig.New(s.Target)
		if err != nil {
			return nil, err
		}
		return tiered.Plan(ctx, r, s.Exact, s.options())
	case "chefs":
		r, err := s.chefsRules()
		if err != nil {
			return nil, err
		}
		return tiered.Plan(ctx, r, s.Exact, s.options())
	}
	return nil, fmt.Errorf("distributed: unknown game %q", s.Game)
}

// SolveTier solves one tier, all later tiers being solved.
func (s Spec) SolveTier(ctx context.Context, tier int) error {
	switch s.Game {
	case "pig":
		r, err := pig.New(s.Target)
		if err != nil {
			return err
		}
		if s.Exact {
			return tiered.SolveOne[pig.State, *big.Rat](ctx, numeric.Exact{}, r, s.options(), tier)
		}
		return tiered.SolveOne[pig.State, float64](ctx, numeric.Float{}, r, s.options(), tier)
	case "chefs":
		r, err := s.chefsRules()
		if err != nil {
			return err
		}
		if s.Exact {
			return tiered.SolveOne[chefs.State, *big.Rat](ctx, numeric.Exact{}, r, s.options(), tier)
		}
		return tiered.SolveOne[chefs.State, float64](ctx, numeric.Float{}, r, s.options(), tier)
	}
	return fmt.Errorf("distributed: unknown game %q", s.Game)
}

// tierFn is one tier's stage: it solves the tier once the stage before
// it (its side input) is done, and emits the tier.
type tierFn struct {
	Spec Spec
	Tier int
}

func (f *tierFn) ProcessElement(ctx context.Context, _ int, _ []int, emit func(int)) error {
	if err := f.Spec.SolveTier(ctx, f.Tier); err != nil {
		return fmt.Errorf("distributed: tier %d: %w", f.Tier, err)
	}
	emit(f.Tier)
	return nil
}

func init() {
	register.DoFn4x1[context.Context, int, []int, func(int), error](&tierFn{})
	register.Emitter1[int]()
	beam.RegisterType(reflect.TypeOf((*Spec)(nil)).Elem())
}

// Build adds the stages of the tiers plan lists as not done to the
// pipeline, in order, and returns the last stage's output (empty plans
// give a stage that does nothing).
func Build(s beam.Scope, spec Spec, plan []tiered.TierPlan) beam.PCollection {
	prev := beam.Create(s.Scope("start"), -1)
	for _, t := range plan {
		if t.Done {
			continue
		}
		st := s.Scope(fmt.Sprintf("tier %d", t.Tier))
		prev = beam.ParDo(st, &tierFn{Spec: spec, Tier: t.Tier}, beam.Create(st, t.Tier), beam.SideInput{Input: prev})
	}
	return prev
}
