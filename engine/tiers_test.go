package engine_test

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/solver"
)

// tieredGame is a random game whose states 0..n-1 fall into tiers of
// width states each (state s in tier s/width), with moves within a tier
// and to later tiers only; some states are seeds.
type tieredGame struct {
	*randomMDP
	width int
	seeds []int
	// wrongTier, if ≥ 0, is put in tier 0 whatever its number.
	wrongTier int
	// badState, if ≥ 0, is an index State does not give back.
	badState int
}

func (g *tieredGame) Seeds() []int            { return g.seeds }
func (g *tieredGame) Index(s int) (int, bool) { return s, s >= 0 && s < g.n }
func (g *tieredGame) IndexLimit() int         { return g.n }
func (g *tieredGame) State(i int) (int, bool) {
	if i == g.badState {
		return i + 1, true
	}
	return i, i >= 0 && i < g.n
}
func (g *tieredGame) Tier(s int) int {
	if s == g.wrongTier {
		return 0
	}
	return s / g.width
}
func (g *tieredGame) Describe(s int) string { return fmt.Sprintf("s%d", s) }

func newTieredGame(rng *rand.Rand) *tieredGame {
	n := 10 + rng.IntN(300)
	g := &tieredGame{randomMDP: &randomMDP{n: n, acts: make([][][]engine.Outcome[int], n)}, width: 1 + rng.IntN(20), wrongTier: -1, badState: -1}
	for s := range n {
		if rng.IntN(8) == 0 {
			continue
		}
		lo := s / g.width * g.width
		for range 1 + rng.IntN(3) {
			var outs []engine.Outcome[int]
			for _, p := range shares(rng, 1+rng.IntN(3), 3, big.NewRat(1, 1)) {
				outs = append(outs, engine.Outcome[int]{P: p, To: lo + rng.IntN(min(n-lo, 3*g.width))})
			}
			g.acts[s] = append(g.acts[s], outs)
		}
	}
	for range rng.IntN(4) {
		g.seeds = append(g.seeds, rng.IntN(n))
	}
	return g
}

// TestTierOrder: the numbering pass visits the states in the order Explore
// numbers them, each with its tier, on random tiered games with and
// without seeds.
func TestTierOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(46, 1))
	for trial := range 300 {
		g := newTieredGame(rng)
		G, err := engine.Explore(context.Background(), engine.Rules[int](g), engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var got []int
		info, err := engine.TierOrder(context.Background(), engine.Rules[int](g), t.TempDir(), func(tier int, i uint64) error {
			if tier != int(i)/g.width {
				t.Fatalf("trial %d: state %d in tier %d", trial, i, tier)
			}
			got = append(got, int(i))
			return nil
		})
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		if int(info.States) != G.States() || len(got) != G.States() {
			t.Fatalf("trial %d: %d states (%d visited), Explore has %d", trial, info.States, len(got), G.States())
		}
		for i, s := range got {
			if G.State(i) != s {
				t.Fatalf("trial %d: state %d is s%d, Explore's is s%d", trial, i, s, G.State(i))
			}
		}
	}
}

// TestTierOrderRefuses: a move to an earlier tier names both states; an
// index State does not invert, rules without tiers, and a cancelled
// context are refused; the queue file is removed either way.
func TestTierOrderRefuses(t *testing.T) {
	rng := rand.New(rand.NewPCG(46, 2))
	var back *tieredGame
	for back == nil {
		g := newTieredGame(rng)
		g.width = 1
		g.seeds = nil
		G, err := engine.Explore(context.Background(), engine.Rules[int](g), engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		// A state reached after a state of a later tier leads to it:
		// moving it to tier 0 makes that move go back.
		for i := 1; i < G.States(); i++ {
			if G.State(i) > 0 {
				g.wrongTier = G.State(i)
				back = g
				break
			}
		}
	}
	dir := t.TempDir()
	visit := func(int, uint64) error { return nil }
	_, err := engine.TierOrder(context.Background(), engine.Rules[int](back), dir, visit)
	if !errors.Is(err, engine.ErrTierOrder) || !strings.Contains(err.Error(), fmt.Sprintf("s%d (tier 0)", back.wrongTier)) {
		t.Errorf("a move back: %v", err)
	}
	g := newTieredGame(rng)
	g.badState = 0
	if _, err := engine.TierOrder(context.Background(), engine.Rules[int](g), dir, visit); !errors.Is(err, solver.ErrInvalid) || !strings.Contains(err.Error(), "State(0)") {
		t.Errorf("an index not inverted: %v", err)
	}
	if _, err := engine.TierOrder(context.Background(), engine.Rules[int](g.randomMDP), dir, visit); !errors.Is(err, solver.ErrInvalid) {
		t.Errorf("no tiers: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g = newTieredGame(rng)
	if _, err := engine.TierOrder(ctx, engine.Rules[int](g), dir, visit); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("%d files left, the first %s", len(ents), ents[0].Name())
	}
}

// tierDuel is a tiered game of two players whose terminals pay 1 in all
// (p to player 0, 1-p to player 1), with decisions, chance and rewards
// inside each tier's cycles.
type tierDuel struct {
	*tieredGame
	owner []int
	pay   []*big.Rat
	// other, if set, pays player 1 at each terminal instead of 1-p.
	other []*big.Rat
}

func (d *tierDuel) Players() int { return 2 }
func (d *tierDuel) Expand(s int, n *engine.Node[int]) error {
	switch {
	case d.pay[s] != nil && d.other != nil:
		n.Terminal(d.pay[s], d.other[s])
	case d.pay[s] != nil:
		n.Terminal(d.pay[s], new(big.Rat).Sub(big.NewRat(1, 1), d.pay[s]))
	case d.owner[s] == engine.Chance:
		n.Chance(d.acts[s][0]...)
	default:
		n.Decide(d.owner[s])
		for a, outs := range d.acts[s] {
			n.Action(fmt.Sprint(a), outs...)
		}
	}
	return nil
}

func newTierDuel(rng *rand.Rand) *tierDuel {
	g := newTieredGame(rng)
	d := &tierDuel{tieredGame: g, owner: make([]int, g.n), pay: make([]*big.Rat, g.n)}
	for s := range g.n {
		for _, outs := range g.acts[s] {
			for k := range outs {
				outs[k].Reward = big.NewRat(rng.Int64N(3), 1)
			}
		}
		switch {
		case len(g.acts[s]) == 0:
			d.pay[s] = big.NewRat(rng.Int64N(5), 4)
		case rng.IntN(4) == 0:
			d.owner[s] = engine.Chance
		default:
			d.owner[s] = rng.IntN(2)
		}
	}
	return d
}

// solveByTiers solves rules tier by tier, from the last, each tier reading
// the values SolveTier gave the tiers after it, and checks every state's
// values, expected reward and choice against Solve's, bit for bit. It
// reports false, checking nothing, for a game Solve refuses (a random game
// without a stationary equilibrium).
func solveByTiers[T any, F numeric.Field[T]](t *testing.T, f F, rules engine.Rules[int]) bool {
	t.Helper()
	ctx := context.Background()
	whole, err := engine.Solve[int, T](ctx, f, rules, engine.Options{})
	if err != nil {
		return false
	}
	tr := rules.(engine.Tierer[int])
	byTier := map[int][]int{}
	info, err := engine.TierOrder(ctx, rules, t.TempDir(), func(tier int, i uint64) error {
		byTier[tier] = append(byTier[tier], int(i))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var tiers []int
	for k := range byTier {
		tiers = append(tiers, k)
	}
	slices.Sort(tiers)
	solved := map[int]engine.TierExit[T]{}
	for x := len(tiers) - 1; x >= 0; x-- {
		tier := tiers[x]
		res, err := engine.SolveTier[int, T](ctx, f, rules, engine.Options{}, tier, byTier[tier], info, func(s int) (engine.TierExit[T], error) {
			e, ok := solved[s]
			if !ok {
				return e, fmt.Errorf("state %d (tier %d) not solved", s, tr.Tier(s))
			}
			return e, nil
		})
		if err != nil {
			t.Fatalf("tier %d: %v", tier, err)
		}
		for _, s := range byTier[tier] {
			got, want := res.Value(s), whole.Value(s)
			e := engine.TierExit[T]{}
			for p := range got {
				if f.String(got[p]) != f.String(want[p]) || f.Cmp(got[p], want[p]) != 0 {
					t.Fatalf("tier %d, state %d: value %d is %s by tiers, %s whole", tier, s, p, f.String(got[p]), f.String(want[p]))
				}
				e.Values = append(e.Values, got[p])
			}
			rg, fg, _ := res.Reward(s)
			rw, fw, _ := whole.Reward(s)
			if fg != fw || fg && f.String(rg) != f.String(rw) {
				t.Fatalf("tier %d, state %d: reward %s (finite %v) by tiers, %s (%v) whole", tier, s, f.String(rg), fg, f.String(rw), fw)
			}
			e.Infinite = !fg
			if fg {
				e.Reward = rg
			}
			ag, _, _ := res.Choice(s)
			aw, _, _ := whole.Choice(s)
			if ag != aw {
				t.Fatalf("tier %d, state %d: action %d by tiers, %d whole", tier, s, ag, aw)
			}
			solved[s] = e
		}
	}
	return true
}

// TestSolveTier solves random two-player tiered games tier by tier, in
// float and exact arithmetic, and gets Solve's values, rewards and
// choices for every state, bit for bit.
func TestSolveTier(t *testing.T) {
	rng := rand.New(rand.NewPCG(46, 4))
	checked := 0
	for range 150 {
		d := newTierDuel(rng)
		if solveByTiers[float64](t, numeric.Float{}, d) {
			checked++
		}
		if solveByTiers[*big.Rat](t, numeric.Exact{}, d) {
			checked++
		}
	}
	if checked < 200 {
		t.Fatalf("only %d of 300 solves checked", checked)
	}
}

// TestTierOrderTotal: TierOrder reports the terminals' common total when
// every terminal reached pays the same one, and none otherwise, as the
// whole game's solve finds it.
func TestTierOrderTotal(t *testing.T) {
	rng := rand.New(rand.NewPCG(46, 5))
	constant, general := 0, 0
	for range 100 {
		d := newTierDuel(rng)
		if rng.IntN(2) == 0 {
			d.other = make([]*big.Rat, d.n)
			for s := range d.other {
				d.other[s] = big.NewRat(rng.Int64N(5), 4)
			}
		}
		G, err := engine.Explore(context.Background(), engine.Rules[int](d), engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var want *big.Rat
		same := true
		for i := range G.States() {
			if G.Owner(i) != engine.Terminal {
				continue
			}
			pay := G.Payoff(i, nil)
			sum := new(big.Rat).Add(pay[0], pay[1])
			if want == nil {
				want = sum
			} else if want.Cmp(sum) != 0 {
				same = false
			}
		}
		info, err := engine.TierOrder(context.Background(), engine.Rules[int](d), t.TempDir(), func(int, uint64) error { return nil })
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case same && want != nil:
			constant++
			if info.Total == nil || info.Total.Cmp(want) != 0 {
				t.Fatalf("every terminal pays %s in all; TierOrder says %v", want.RatString(), info.Total)
			}
		case !same:
			general++
			if info.Total != nil {
				t.Fatalf("terminals pay different totals; TierOrder says %s", info.Total.RatString())
			}
		}
	}
	if constant < 20 || general < 20 {
		t.Fatalf("%d constant-sum and %d general games", constant, general)
	}
}

// cyclePairs is a tier of k independent three-state cycles, each leaving
// to terminals of the next tier: state 0 is a chance move to the first
// state of each cycle (3j+1); 3j+1 decides to go on to 3j+2 or stop,
// 3j+2 goes on to 3j+3 or ends with probability 1/2 each, and 3j+3, the
// other player's, goes back to 3j+1 or stops. The terminals are 3k+1+j,
// 4k+1+j and 5k+1+j, in tier 1.
type cyclePairs struct{ k int }

func (c cyclePairs) Players() int { return 2 }
func (c cyclePairs) Start() int   { return 0 }
func (c cyclePairs) Expand(s int, n *engine.Node[int]) error {
	k := c.k
	one := big.NewRat(1, 1)
	if s == 0 {
		outs := make([]engine.Outcome[int], k)
		for j := range outs {
			outs[j] = engine.Outcome[int]{P: big.NewRat(1, int64(k)), To: 3*j + 1}
		}
		n.Chance(outs...)
		return nil
	}
	if s > 3*k {
		j, kind := int64((s-3*k-1)%k), int64((s-3*k-1)/k)
		n.Terminal(big.NewRat((j+kind)%7, 7), big.NewRat(7-(j+kind)%7, 7))
		return nil
	}
	j := (s - 1) / 3
	switch (s - 1) % 3 {
	case 0:
		n.Decide(0)
		n.Action("go", engine.Outcome[int]{P: one, To: s + 1})
		n.Action("stop", engine.Outcome[int]{P: one, To: 3*k + 1 + j})
	case 1:
		n.Chance(engine.Outcome[int]{P: big.NewRat(1, 2), To: s + 1, Reward: one},
			engine.Outcome[int]{P: big.NewRat(1, 2), To: 4*k + 1 + j})
	default:
		n.Decide(1)
		n.Action("back", engine.Outcome[int]{P: one, To: s - 2})
		n.Action("stop", engine.Outcome[int]{P: one, To: 5*k + 1 + j})
	}
	return nil
}
func (c cyclePairs) Index(s int) (int, bool) { return s, s >= 0 && s <= 6*c.k }
func (c cyclePairs) IndexLimit() int         { return 6*c.k + 1 }
func (c cyclePairs) State(i int) (int, bool) { return i, i >= 0 && i <= 6*c.k }
func (c cyclePairs) Tier(s int) int {
	if s <= 3*c.k {
		return 0
	}
	return 1
}

// TestSolveTierShares: a tier's exits, found first, do not make its solve
// run on one worker; its components are shared out among two, as the
// whole game's are, with the same values. Both of the engine's paths are
// taken: the components known in advance (a small tier) and found while
// they are solved (from tuning.streamFrom states on). With a TierScratch,
// whose dense index the exploration gives back, a state is still found
// by its value (Result.Value).
func TestSolveTierShares(t *testing.T) {
	ctx := context.Background()
	for _, k := range []int{100, 8000} {
		rules := cyclePairs{k}
		for _, workers := range []int{1, 2, -2} {
			opt := engine.Options{}
			opt.Workers = workers
			if workers < 0 {
				opt.Workers, opt.TierScratch = -workers, new(engine.TierScratch)
			}
			whole, err := engine.Solve[int, float64](ctx, numeric.Float{}, rules, opt)
			if err != nil {
				t.Fatal(err)
			}
			var states []int
			info, err := engine.TierOrder(ctx, engine.Rules[int](rules), t.TempDir(), func(tier int, i uint64) error {
				if tier == 0 {
					states = append(states, int(i))
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			res, err := engine.SolveTier[int, float64](ctx, numeric.Float{}, rules, opt, 0, states, info, func(s int) (engine.TierExit[float64], error) {
				return engine.TierExit[float64]{Values: whole.Value(s), Reward: 0}, nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if got, want := engine.Shared(res), opt.Workers > 1; got != want {
				t.Errorf("k = %d, %d workers: shared is %v, want %v", k, workers, got, want)
			}
			for i, s := range states {
				if g, w := res.Value(s), whole.Value(s); g[0] != w[0] || g[1] != w[1] {
					t.Fatalf("k = %d: state %d: %v by tiers, %v whole", k, s, g, w)
				}
				// At(i) is the i-th state given, without a lookup.
				vals, rew, finite, a := res.At(i)
				rw, fw, _ := whole.Reward(s)
				aw, _, ok := whole.Choice(s)
				if !ok {
					aw = -1
				}
				if vals[0] != res.Value(s)[0] || vals[1] != res.Value(s)[1] || rew != rw || finite != fw || a != aw {
					t.Fatalf("k = %d: At(%d) = %v, %v, %v, %d; state %d has %v, %v, %v, %d", k, i, vals, rew, finite, a, s, whole.Value(s), rw, fw, aw)
				}
			}
		}
	}
}
