package chefs

import (
	"context"
	"fmt"
	"math/big"
	"math/bits"
	"strings"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/numeric"
)

// State is a position of the game as engine rules: the survivors (bit k for
// chef k+1) and the chef (0-based) to act.
type State struct {
	Alive uint32
	Turn  int8
}

// Rules express Chef Showdown for the general engine: chef k is player k;
// its actions are its targets in turn order after it, so the default tie
// rule (and TieRank) is the game's "whose turn comes soonest". Every turn
// cooks one dish: the reward.
type Rules struct {
	all        bool
	n          int
	hit, miss  []*big.Rat
	dish       *big.Rat
	one, zeroR *big.Rat
}

// NewRules validates the skills and returns the rules.
func NewRules(skills []*big.Rat) (*Rules, error) {
	if err := validate(skills); err != nil {
		return nil, err
	}
	r := &Rules{n: len(skills), dish: big.NewRat(1, 1), one: big.NewRat(1, 1), zeroR: new(big.Rat)}
	for _, p := range skills {
		r.hit = append(r.hit, p)
		r.miss = append(r.miss, new(big.Rat).Sub(big.NewRat(1, 1), p))
	}
	return r, nil
}

// Players implements engine.Rules.
func (r *Rules) Players() int { return r.n }

// Start implements engine.Rules: everyone alive, chef 1 to act.
func (r *Rules) Start() State { return State{Alive: 1<<r.n - 1} }

// ReachAll makes the engine explore every state, reachable in play or not,
// so that policies are complete tables.
func (r *Rules) ReachAll() { r.all = true }

// Seeds implements engine.Seeder: with ReachAll, every state with two or
// more survivors.
func (r *Rules) Seeds() []State {
	if !r.all {
		return nil
	}
	var seeds []State
	for mask := uint32(1); mask < 1<<r.n; mask++ {
		if bits.OnesCount32(mask) < 2 {
			continue
		}
		for k := range r.n {
			if mask&(1<<k) != 0 {
				seeds = append(seeds, State{Alive: mask, Turn: int8(k)})
			}
		}
	}
	return seeds
}

// next returns the first survivor after chef k in turn order.
func next(alive uint32, k int, n int) int {
	for d := 1; d <= n; d++ {
		if j := (k + d) % n; alive&(1<<j) != 0 {
			return j
		}
	}
	return k
}

// Expand implements engine.Rules.
func (r *Rules) Expand(s State, node *engine.Node[State]) error {
	if bits.OnesCount32(s.Alive) == 1 {
		pay := make([]*big.Rat, r.n)
		for k := range pay {
			pay[k] = r.zeroR
			if s.Alive&(1<<k) != 0 {
				pay[k] = r.one
			}
		}
		node.Terminal(pay...)
		return nil
	}
	k := int(s.Turn)
	node.Decide(k)
	missed := State{Alive: s.Alive, Turn: int8(next(s.Alive, k, r.n))}
	for d := 1; d < r.n; d++ {
		t := (k + d) % r.n
		if s.Alive&(1<<t) == 0 {
			continue
		}
		left := s.Alive &^ (1 << t)
		hit := engine.Outcome[State]{P: r.hit[k], To: State{Alive: left, Turn: int8(next(left, k, r.n))}, Reward: r.dish}
		if r.miss[k].Sign() == 0 {
			node.Action(fmt.Sprint(t+1), hit)
		} else {
			node.Action(fmt.Sprint(t+1), hit, engine.Outcome[State]{P: r.miss[k], To: missed, Reward: r.dish})
		}
	}
	return nil
}

// TieRank implements engine.TieBreaker: the target whose turn comes
// soonest wins a tie, which is also the order the actions are listed in.
func (r *Rules) TieRank(s State, action int) int { return action }

// SolveGeneral solves the game with the general engine instead of the
// layered subset recurrence. It is the independent check of Solve, and the
// command line's --method general; it keeps every state, so it is for small
// n only.
func SolveGeneral[T any, F numeric.Field[T]](ctx context.Context, f F, skills []*big.Rat, opt engine.Options) (*Result[T], *engine.Result[State, T], error) {
	rules, err := NewRules(skills)
	if err != nil {
		return nil, nil, err
	}
	if err := EstimateSkills(skills, f.Exact(), true).Check(); err != nil {
		return nil, nil, err
	}
	if opt.Policy {
		rules.ReachAll()
	}
	res, err := engine.Solve[State, T](ctx, f, rules, opt)
	if err != nil {
		return nil, nil, err
	}
	start := res.Start()
	dishes, _, _ := res.Reward(start)
	out := &Result[T]{Skills: skills, Win: append([]T(nil), res.Value(start)...), Dishes: dishes}
	if opt.Policy {
		c := newBinomials()
		pol := &Policy{n: rules.n, c: c, target: make([][]uint8, rules.n+1)}
		for q := 2; q <= rules.n; q++ {
			pol.target[q] = make([]uint8, c[rules.n][q]*int64(q))
		}
		for mask := uint32(1); mask < 1<<rules.n; mask++ {
			q := bits.OnesCount32(mask)
			if q < 2 {
				continue
			}
			rank := c.rank(mask)
			for k := range rules.n {
				if mask&(1<<k) == 0 {
					continue
				}
				_, name, ok := res.Choice(State{Alive: mask, Turn: int8(k)})
				if !ok {
					continue
				}
				var t int
				fmt.Sscan(name, &t)
				rpos := bits.OnesCount32(mask & (1<<k - 1))
				pol.target[q][rank*int64(q)+int64(rpos)] = uint8(t - 1)
			}
		}
		out.Policy = pol
	}
	return out, res, nil
}

// TierRules are Rules with tiers (engine.Tierer), for a solve tier by tier
// (package tiered): the tier is the number of chefs out, which a hit
// raises and a miss keeps, and a state's index is Alive·n + Turn.
type TierRules struct{ *Rules }

// Index implements engine.Indexer.
func (r TierRules) Index(s State) (int, bool) {
	if s.Alive == 0 || s.Alive >= 1<<r.n || int(s.Turn) < 0 || int(s.Turn) >= r.n {
		return 0, false
	}
	return int(s.Alive)*r.n + int(s.Turn), true
}

// IndexLimit implements engine.Indexer.
func (r TierRules) IndexLimit() int { return (1 << r.n) * r.n }

// State implements engine.Tierer.
func (r TierRules) State(i int) (State, bool) {
	if i < r.n || i >= r.IndexLimit() {
		return State{}, false
	}
	return State{Alive: uint32(i / r.n), Turn: int8(i % r.n)}, true
}

// Tier implements engine.Tierer: the chefs out.
func (r TierRules) Tier(s State) int { return r.n - bits.OnesCount32(s.Alive) }

// Game names the game's tier directories (tiered.Options.Game) by its
// skills: "chefs skills=1/3,1/2", which gamesolve query reads back.
func (r TierRules) Game() string {
	texts := make([]string, len(r.hit))
	for i, s := range r.hit {
		texts[i] = s.RatString()
	}
	return "chefs skills=" + strings.Join(texts, ",")
}

// Shard implements tiered.Sharder: the chefs alive, which a miss keeps.
func (r TierRules) Shard(s State) uint64 { return uint64(s.Alive) }

// Feeds implements tiered.Feeder: a hit leaves the tier for the next one,
// from a set of chefs alive to a subset of it by one, so shard alive of
// tier t is read by its supersets by one chef, in tier t-1.
func (r TierRules) Feeds(tier int, alive uint64) []uint64 {
	var up []uint64
	for c := range r.n {
		if alive&(1<<c) == 0 {
			up = append(up, alive|1<<c)
		}
	}
	return up
}

// TierSizes implements tiered.TierSizer: tier k holds C(n, k)·(n−k)
// states (each set of n−k chefs alive, each to shoot), n·2^(n−1) in all.
func (r TierRules) TierSizes() (largest, total int64) {
	c := int64(1) // C(n, k)
	for k := range r.n {
		largest = max(largest, c*int64(r.n-k))
		total += c * int64(r.n-k)
		c = c * int64(r.n-k) / int64(k+1)
	}
	return largest, total
}
