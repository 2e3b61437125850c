package tiered

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"slices"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/solver"
	"github.com/gamesolve/gamesolve/tierfile"
)

// Sharder is implemented by rules whose tiers split into shards: Shard is
// state s's shard within its tier, and no move leads from a state to one
// of the same tier in another shard. A shard is a union of the tier's
// components, so it can be solved alone, on any machine, from the tiers
// already solved (ShardSolver), and gets the values the whole tier gets,
// to the last bit. For Pig a shard is one pair of scores; for Chef
// Showdown, one set of chefs alive.
type Sharder[S comparable] interface {
	Shard(s S) uint64
}

// Feeder is implemented by Sharder rules whose states leave their tier
// only for the next one (tier+1). Feeds lists the shards of tier-1 whose
// states lead to shard shard of tier tier: those that read its values. A
// distributed solve sends each solved shard's records to those shards, a
// grouped shuffle, instead of having them read from the tier files. For
// Chef Showdown the shards fed by a set of chefs alive are its supersets
// by one chef.
type Feeder interface {
	Feeds(tier int, shard uint64) []uint64
}

// Shard is some of a tier's states, closed under the tier's moves: their
// indices, in the tier's order (the numbering's).
type Shard struct {
	Key    uint64
	States []uint64
}

// Unproven is what a solve could not prove of its float values: the
// components not proven to the precision, and the largest proven error
// among them (+Inf: none known). The zero value says every value is
// proven.
type Unproven struct {
	Components int
	Bound      float64
}

// Add adds v's components to u, keeping the larger bound.
func (u *Unproven) Add(v Unproven) {
	if v.Components == 0 {
		return
	}
	if u.Components == 0 {
		u.Bound = v.Bound
	} else {
		u.Bound = math.Max(u.Bound, v.Bound)
	}
	u.Components += v.Components
}

func (u Unproven) proof() *tierProof {
	if u.Components == 0 {
		return nil
	}
	p := &tierProof{Components: u.Components}
	if !math.IsInf(u.Bound, 0) && !math.IsNaN(u.Bound) {
		p.Bound = &u.Bound
	}
	return p
}

func (p *tierProof) unproven() Unproven {
	if p == nil {
		return Unproven{}
	}
	if p.Bound == nil {
		return Unproven{Components: p.Components, Bound: math.Inf(1)}
	}
	return Unproven{Components: p.Components, Bound: *p.Bound}
}

// attach opens a directory that Plan prepared, for a worker: the tier
// files' directory and the numbering, which must be complete (a worker
// never numbers the game, nor removes what another may be writing).
func attach[S comparable](rules engine.Rules[S], exact bool, opt Options) (engine.Tierer[S], *tierfile.Dir, *order, error) {
	tr, ok := rules.(engine.Tierer[S])
	if !ok {
		return nil, nil, nil, solver.Invalidf("tiered: the rules have no tiers (engine.Tierer)")
	}
	if _, err := os.Stat(filepath.Join(opt.Dir, orderName)); errors.Is(err, fs.ErrNotExist) {
		return nil, nil, nil, solver.Invalidf("tiered: %s is not numbered: Plan prepares it", opt.Dir)
	}
	kind := tierfile.Float
	if exact {
		kind = tierfile.Exact
	}
	dir, err := tierfile.OpenDir(opt.Dir, tierfile.Manifest{Game: opt.Game, Kind: kind, Width: Width(rules.Players())})
	if err != nil {
		return nil, nil, nil, err
	}
	ord, err := numbering(context.Background(), rules, opt.Dir)
	if err != nil {
		return nil, nil, nil, err
	}
	return tr, dir, ord, nil
}

func (o *order) tier(tier int) (tierCount, error) {
	x, found := slices.BinarySearchFunc(o.Tiers, tier, func(t tierCount, tier int) int { return t.Tier - tier })
	if !found {
		return tierCount{}, solver.Invalidf("tiered: the game has no tier %d", tier)
	}
	return o.Tiers[x], nil
}

// Shards reads tier's states from the numbering of a directory that Plan
// prepared and splits them into the rules' shards (the whole tier is one
// shard, key 0, for rules that are not a Sharder), in the order of their
// first states, each shard's states in the tier's order.
func Shards[S comparable](rules engine.Rules[S], exact bool, opt Options, tier int) ([]Shard, error) {
	tr, _, ord, err := attach(rules, exact, opt)
	if err != nil {
		return nil, err
	}
	t, err := ord.tier(tier)
	if err != nil {
		return nil, err
	}
	keys, err := ord.read(opt.Dir, t)
	if err != nil {
		return nil, err
	}
	sh, ok := rules.(Sharder[S])
	if !ok {
		return []Shard{{States: keys}}, nil
	}
	var shards []Shard
	at := map[uint64]int{}
	for _, k := range keys {
		s, ok := tr.State(int(k))
		if !ok {
			return nil, fmt.Errorf("tiered: tier %d: index %d has no state", tier, k)
		}
		key := sh.Shard(s)
		x, seen := at[key]
		if !seen {
			x = len(shards)
			at[key] = x
			shards = append(shards, Shard{Key: key})
		}
		shards[x].States = append(shards[x].States, k)
	}
	return shards, nil
}

// ShardSolver solves shards of a directory that Plan prepared, one after
// another, as a worker does: the tier files it reads stay open, and those
// that fit Options.Held stay decoded, from one shard to the next. It is
// not safe for concurrent use; Close releases it.
type ShardSolver[S comparable, T any, F numeric.Field[T]] struct {
	f     F
	rules engine.Rules[S]
	tr    engine.Tierer[S]
	opt   Options
	dir   *tierfile.Dir
	info  engine.TierInfo
	lk    *lookups[S, T]
}

// NewShardSolver opens opt.Dir, numbered by Plan, for solving shards.
func NewShardSolver[S comparable, T any, F numeric.Field[T]](f F, rules engine.Rules[S], opt Options) (*ShardSolver[S, T, F], error) {
	tr, dir, ord, err := attach(rules, f.Exact(), opt)
	if err != nil {
		return nil, err
	}
	opt.Engine = withScratch(opt.Engine)
	return &ShardSolver[S, T, F]{
		f: f, rules: rules, tr: tr, opt: opt, dir: dir,
		info: engine.TierInfo{States: ord.States, Total: ord.total},
		lk:   &lookups[S, T]{dir: dir, tr: tr, players: rules.Players(), budget: heldBudget(opt)},
	}, nil
}

// Close closes the tier files the solver reads.
func (w *ShardSolver[S, T, F]) Close() { w.lk.close() }

// Solve solves shard sh of tier, every later tier being solved, and
// returns its records (a tier file's contents for the shard's states) and
// what it could not prove. fed, if not nil, holds the records of every
// state of a later tier that the shard leads to (Feeder); otherwise they
// are read from the tier files. A state listed that is not of tier and
// shard sh.Key, and a move to a state of the tier outside the shard, are
// refused.
func (w *ShardSolver[S, T, F]) Solve(ctx context.Context, tier int, sh Shard, fed *tierfile.Tier) (*tierfile.Tier, Unproven, error) {
	if len(sh.States) == 0 {
		return nil, Unproven{}, solver.Invalidf("tiered: shard %d of tier %d has no states", sh.Key, tier)
	}
	sharder, _ := w.rules.(Sharder[S])
	for _, k := range sh.States {
		s, ok := w.tr.State(int(k))
		switch {
		case !ok:
			return nil, Unproven{}, solver.Invalidf("tiered: tier %d: index %d has no state", tier, k)
		case w.tr.Tier(s) != tier:
			return nil, Unproven{}, solver.Invalidf("tiered: state %s is in tier %d, not %d", describe(w.rules, s), w.tr.Tier(s), tier)
		case sharder != nil && sharder.Shard(s) != sh.Key:
			return nil, Unproven{}, solver.Invalidf("tiered: state %s is in shard %d, not %d", describe(w.rules, s), sharder.Shard(s), sh.Key)
		}
	}
	ex, err := exploreKeys[S, T](ctx, w.rules, w.opt, tier, sh.States, w.f.Exact())
	if err != nil {
		return nil, Unproven{}, fmt.Errorf("tiered: shard %d: %w", sh.Key, err)
	}
	P := w.rules.Players()
	err = readExits(ctx, w.rules, &ex, fmt.Sprintf("tier %d, shard %d", tier, sh.Key), nil, func(s S) (engine.TierExit[T], bool, error) {
		if fed == nil {
			e, err := w.lk.exit(s)
			return e, true, err
		}
		e, err := fedExit[S, T](fed, w.tr, s, P)
		return e, true, err
	}, false)
	if err != nil {
		return nil, Unproven{}, err
	}
	out, proof, err := solveTier(ctx, w.f, w.rules, w.opt, w.dir, tierCount{Tier: tier}, ex, w.info, w.lk)
	if err != nil {
		return nil, Unproven{}, err
	}
	return out, proof.unproven(), nil
}

// fedExit is state s's values among the records fed.
func fedExit[S comparable, T any](fed *tierfile.Tier, tr engine.Tierer[S], s S, players int) (engine.TierExit[T], error) {
	key, _ := tr.Index(s)
	i, found := slices.BinarySearch(fed.Keys, uint64(key))
	if !found {
		return engine.TierExit[T]{}, fmt.Errorf("tiered: its records (index %d, tier %d) were not fed to the shard (Feeder)", key, tr.Tier(s))
	}
	w := fed.Width
	rec := fieldValues[T](fed.Floats, fed.Rats)
	if len(rec) != len(fed.Keys)*w || w != Width(players) {
		return engine.TierExit[T]{}, fmt.Errorf("tiered: the records fed hold %d values a state, not this solve's %d of %v", w, Width(players), fed.Kind)
	}
	return recordExit(rec[i*w:(i+1)*w], players), nil
}

// recordExit is the exit a state's record (Width values) describes.
func recordExit[T any](rec []T, players int) engine.TierExit[T] {
	P := players
	e := engine.TierExit[T]{Values: rec[:P:P], Reward: rec[P]}
	switch x := any(rec[P+1]).(type) {
	case float64:
		e.Infinite = x != 0
	case *big.Rat:
		e.Infinite = x.Sign() != 0
	}
	return e
}

// Merge merges the records of shards of one tier, each in ascending key
// order, into one (the records fed to a shard, or a tier file's
// contents). A key found twice is refused.
func Merge(parts []*tierfile.Tier) (*tierfile.Tier, error) {
	out, from, err := mergeKeys(parts)
	if err != nil {
		return nil, err
	}
	w := out.Width
	if out.Kind == tierfile.Exact {
		out.Rats = make([]*big.Rat, 0, len(from)*w)
	} else {
		out.Floats = make([]float64, 0, len(from)*w)
	}
	at := make([]int, len(parts))
	for _, p := range from {
		t, i := parts[p], at[p]
		at[p]++
		if t.Kind == tierfile.Exact {
			out.Rats = append(out.Rats, t.Rats[i*w:(i+1)*w]...)
		} else {
			out.Floats = append(out.Floats, t.Floats[i*w:(i+1)*w]...)
		}
	}
	return out, nil
}

// mergeKeys merges the keys and actions of parts, records of one tier each
// in ascending key order, into a tier's records without values, and
// returns with them the part each state comes from (mergeOrder). Merge
// adds the values; a spilled tier reads them back from its units' files.
func mergeKeys(parts []*tierfile.Tier) (*tierfile.Tier, []int32, error) {
	if len(parts) == 0 {
		return nil, nil, errors.New("tiered: no records to merge")
	}
	first := parts[0]
	for _, t := range parts {
		if t.Kind != first.Kind || t.Width != first.Width || t.Game != first.Game {
			return nil, nil, fmt.Errorf("tiered: records of %v, %d values a state, merged with %v, %d", t.Kind, t.Width, first.Kind, first.Width)
		}
	}
	from, err := mergeOrder(parts)
	if err != nil {
		return nil, nil, err
	}
	out := &tierfile.Tier{Game: first.Game, Kind: first.Kind, Width: first.Width, Tier: first.Tier,
		Keys: make([]uint64, len(from)), Actions: make([]int32, len(from))}
	at := make([]int, len(parts))
	for j, p := range from {
		t, i := parts[p], at[p]
		at[p]++
		out.Keys[j], out.Actions[j] = t.Keys[i], t.Actions[i]
	}
	return out, from, nil
}

// WriteShards writes tier's file, in a directory that Plan prepared, from
// the records of all its shards (ShardSolver.Solve), and first its proof
// file where u has unproven components. The shards must hold each of the
// tier's states once: the records are checked against the numbering.
func WriteShards[S comparable](rules engine.Rules[S], exact bool, opt Options, tier int, parts []*tierfile.Tier, u Unproven) error {
	_, dir, ord, err := attach(rules, exact, opt)
	if err != nil {
		return err
	}
	t, err := ord.tier(tier)
	if err != nil {
		return err
	}
	out, err := Merge(parts)
	if err != nil {
		return fmt.Errorf("tiered: tier %d: %w", tier, err)
	}
	want, err := ord.read(opt.Dir, t)
	if err != nil {
		return err
	}
	slices.Sort(want)
	if !slices.Equal(out.Keys, want) {
		return fmt.Errorf("tiered: tier %d: the shards hold %d states, not the tier's %d", tier, len(out.Keys), len(want))
	}
	if out.Tier != int64(tier) || out.Kind != dir.Manifest().Kind {
		return fmt.Errorf("tiered: tier %d: records of tier %d, %v", tier, out.Tier, out.Kind)
	}
	return writeTier(context.Background(), dir, solvedTier{out: out, proof: u.proof()})
}
