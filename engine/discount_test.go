package engine_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/solver"
)

// discounted solves rules exactly and in float64 with discount gamma.
func discounted[S comparable](t *testing.T, rules engine.Rules[S], gamma *big.Rat) (*engine.Result[S, float64], *engine.Result[S, *big.Rat]) {
	t.Helper()
	opt := engine.Options{Discount: gamma}
	fl, err := engine.Solve(context.Background(), numeric.Float{}, rules, opt)
	if err != nil {
		t.Fatalf("float: %v", err)
	}
	ex, err := engine.Solve(context.Background(), numeric.Exact{}, rules, opt)
	if err != nil {
		t.Fatalf("exact: %v", err)
	}
	return fl, ex
}

// Small games whose discounted values and rewards are derived by hand.
func TestDiscountHandDerived(t *testing.T) {
	t.Parallel()
	r := big.NewRat
	tests := []struct {
		name   string
		g      *game
		gamma  *big.Rat
		value  string // player 0's value at the start
		reward string // expected total reward from the start
		choice int    // the start's action, where it decides
	}{{
		// Three moves to a payoff of 1: γ³ = 1/8. Each move pays 1:
		// 1 + γ + γ² = 7/4.
		name: "three moves", gamma: r(1, 2), value: "1/8", reward: "7/4",
		g: &game{players: 1,
			owner: []int{0, engine.Chance, 0, engine.Terminal},
			acts: [][][]engine.Outcome[int]{
				{{{P: r(1, 1), To: 1, Reward: r(1, 1)}}},
				{{{P: r(1, 1), To: 2, Reward: r(1, 1)}}},
				{{{P: r(1, 1), To: 3, Reward: r(1, 1)}}},
				nil},
			pay: [][]*big.Rat{nil, nil, nil, {r(1, 1)}}},
	}, {
		// A coin flipped until heads, which pays 1: V = γ(1/2 + V/2),
		// so V = γ/(2−γ) = 9/11; with 1 a flip, W = 1 + γW/2 = 20/11.
		// Undiscounted, V would be 1 and W 2.
		name: "coin until heads", gamma: r(9, 10), value: "9/11", reward: "20/11",
		g: &game{players: 1,
			owner: []int{engine.Chance, engine.Terminal},
			acts:  [][][]engine.Outcome[int]{{{{P: r(1, 2), To: 1, Reward: r(1, 1)}, {P: r(1, 2), To: 0, Reward: r(1, 1)}}}, nil},
			pay:   [][]*big.Rat{nil, {r(1, 1)}}},
	}, {
		// Quick (1 now, γ) against slow (2 after three moves, 2γ³):
		// at γ = 1/2 quick is worth 1/2 and slow 1/4.
		name: "impatient", gamma: r(1, 2), value: "1/2", reward: "0", choice: 0,
		g: impatient(),
	}, {
		// At γ = 9/10 slow is worth 2·729/1000 = 729/500 > 9/10.
		name: "patient", gamma: r(9, 10), value: "729/500", reward: "0", choice: 1,
		g: impatient(),
	}, {
		// Zero-sum: player 0 at A goes on to B or takes 0; player 1 at B
		// goes back to A or ends the game at −1 for player 0. With
		// V(A) = max(γ·V(B), 0) and V(B) = min(γ·V(A), −γ), V(A) = 0
		// and V(B) = −γ: player 0 takes.
		name: "two players", gamma: r(3, 4), value: "0", reward: "0", choice: 1,
		g: &game{players: 2,
			owner: []int{0, 1, engine.Terminal, engine.Terminal},
			acts: [][][]engine.Outcome[int]{
				{{{P: r(1, 1), To: 1}}, {{P: r(1, 1), To: 2}}},
				{{{P: r(1, 1), To: 0}}, {{P: r(1, 1), To: 3}}},
				nil, nil},
			pay: [][]*big.Rat{nil, nil, {r(0, 1), r(0, 1)}, {r(-1, 1), r(1, 1)}}},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fl, ex := discounted(t, tt.g, tt.gamma)
			ratEq(t, "value", ex.Value(0)[0], tt.value)
			rew, finite, _ := ex.Reward(0)
			if !finite {
				t.Fatalf("reward infinite")
			}
			ratEq(t, "reward", rew, tt.reward)
			want, _ := new(big.Rat).SetString(tt.value)
			wf, _ := want.Float64()
			if got := fl.Value(0)[0]; math.Abs(got-wf) > 1e-12 {
				t.Errorf("float value %v, want %v", got, wf)
			}
			if tt.g.owner[0] >= 0 {
				a, _, _ := ex.Choice(0)
				af, _, _ := fl.Choice(0)
				if a != tt.choice || af != tt.choice {
					t.Errorf("choice exact %d float %d, want %d", a, af, tt.choice)
				}
			}
			if ex.States != len(tt.g.owner) || ex.Seeded != 0 || ex.SeededComponents != 0 {
				t.Errorf("states %d seeded %d seeded components %d: the stop is counted", ex.States, ex.Seeded, ex.SeededComponents)
			}
		})
	}
}

// impatient is a choice between 1 after one move and 2 after three.
func impatient() *game {
	r := big.NewRat
	return &game{players: 1,
		owner: []int{0, engine.Terminal, engine.Chance, engine.Chance, engine.Terminal},
		acts: [][][]engine.Outcome[int]{
			{{{P: r(1, 1), To: 1}}, {{P: r(1, 1), To: 2}}},
			nil,
			{{{P: r(1, 1), To: 3}}},
			{{{P: r(1, 1), To: 4}}},
			nil},
		pay: [][]*big.Rat{nil, {r(1, 1)}, nil, nil, {r(2, 1)}}}
}

// Random games with cycles: the exact answer satisfies the discounted
// equations exactly, which have one solution (a contraction), and each
// deciding player's choice is a best reply to the values (the one-shot
// deviation principle: a subgame-perfect equilibrium). Float mode agrees.
func TestDiscountRandom(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 45))
	gammas := []*big.Rat{big.NewRat(1, 2), big.NewRat(2, 3), big.NewRat(9, 10), big.NewRat(99, 100)}
	methods := map[engine.Method]int{}
	for trial := range 200 {
		players := 1 + trial%2
		g := newRandomGame(rng, players, 3+rng.IntN(10))
		gamma := gammas[trial%len(gammas)]
		what := fmt.Sprintf("trial %d (γ = %s)", trial, gamma.RatString())
		fl, ex := discounted(t, g, gamma)
		for m, c := range fl.Methods {
			methods[m] += c
		}
		for m, c := range ex.Methods {
			methods[m] += c
		}
		check := func(s int, label string, got, want *big.Rat) {
			if got.Cmp(want) != 0 {
				t.Fatalf("%s state %d: %s %s, want %s", what, s, label, got.RatString(), want.RatString())
			}
		}
		// Every state is a seed: all are solved.
		for s := range g.owner {
			v := ex.Value(s)
			if g.owner[s] == engine.Terminal {
				for i := range players {
					check(s, "payoff", v[i], g.pay[s][i])
				}
				continue
			}
			// q(a) is γ·Σ p·V(next) per player, and m(a) the mean reward.
			q := func(a int) ([]*big.Rat, *big.Rat) {
				sum := make([]*big.Rat, players)
				for i := range sum {
					sum[i] = new(big.Rat)
				}
				mean, w := new(big.Rat), new(big.Rat)
				for _, o := range g.acts[s][a] {
					for i := range players {
						sum[i].Add(sum[i], new(big.Rat).Mul(o.P, ex.Value(o.To)[i]))
					}
					rw, finite, _ := ex.Reward(o.To)
					if !finite {
						t.Fatalf("%s state %d: infinite reward", what, o.To)
					}
					w.Add(w, new(big.Rat).Mul(o.P, rw))
					if o.Reward != nil {
						mean.Add(mean, new(big.Rat).Mul(o.P, o.Reward))
					}
				}
				for i := range sum {
					sum[i].Mul(sum[i], gamma)
				}
				return sum, mean.Add(mean, w.Mul(w, gamma))
			}
			a := 0
			if g.owner[s] >= 0 {
				a, _, _ = ex.Choice(s)
			}
			vals, rew := q(a)
			for i := range players {
				check(s, fmt.Sprintf("value %d", i), v[i], vals[i])
			}
			got, _, _ := ex.Reward(s)
			check(s, "reward", got, rew)
			if p := g.owner[s]; p >= 0 {
				for b := range g.acts[s] {
					if alt, _ := q(b); alt[p].Cmp(v[p]) > 0 {
						t.Fatalf("%s state %d: player %d gains by action %d (%s > %s)", what, s, p, b, alt[p].RatString(), v[p].RatString())
					}
				}
			}
			for i := range players {
				x, _ := v[i].Float64()
				if d := math.Abs(fl.Value(s)[i] - x); d > 1e-9 {
					t.Fatalf("%s state %d: float %v, exact %v", what, s, fl.Value(s)[i], x)
				}
			}
		}
	}
	t.Logf("components by method: %v", methods)
	// Cycles with decisions in them, in both modes.
	if methods[engine.ValueIteration] < 20 || methods[engine.StrategyIteration] < 20 {
		t.Errorf("components by method %v: too few cycles with decisions", methods)
	}
}

// A discount outside (0, 1) is refused, and so is a discount given to an
// analysis that does not take one.
func TestDiscountRefused(t *testing.T) {
	t.Parallel()
	g := impatient()
	for _, gamma := range []*big.Rat{big.NewRat(0, 1), big.NewRat(1, 1), big.NewRat(-1, 2), big.NewRat(3, 2)} {
		_, err := engine.Solve(context.Background(), numeric.Exact{}, g, engine.Options{Discount: gamma})
		if !errors.Is(err, solver.ErrInvalid) {
			t.Errorf("γ = %s: %v, want solver.ErrInvalid", gamma.RatString(), err)
		}
	}
	_, err := engine.Explore(context.Background(), g, engine.Options{Discount: big.NewRat(1, 2)})
	if !errors.Is(err, solver.ErrInvalid) {
		t.Errorf("Explore: %v, want solver.ErrInvalid", err)
	}
	G, err := engine.Explore(context.Background(), g, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	goal := make([]bool, G.States())
	goal[1] = true
	_, err = engine.Analyze(context.Background(), numeric.Exact{}, G, engine.Query{Goal: goal}, engine.Options{Discount: big.NewRat(1, 2)})
	if !errors.Is(err, solver.ErrInvalid) {
		t.Errorf("Analyze: %v, want solver.ErrInvalid", err)
	}
	// Options and Query fields an analysis does not use are refused, not
	// ignored (solver's doc, "Options").
	instant := make([]*big.Rat, G.States())
	for i := range instant {
		instant[i] = new(big.Rat)
	}
	_, err = engine.Analyze(context.Background(), numeric.Exact{}, G, engine.Query{Goal: goal, Objective: engine.MinReward, Instant: instant}, engine.Options{})
	if err == nil || !strings.Contains(err.Error(), "Instant applies to AnalyzeBounded") {
		t.Errorf("Analyze with Instant: %v", err)
	}
}

// discountedGame is a game that carries its own discount (Discounter).
type discountedGame struct {
	*game
	gamma *big.Rat
}

func (d discountedGame) Discount() *big.Rat { return d.gamma }

// Rules that carry a discount are solved discounted without
// Options.Discount, a different Options.Discount is refused, and the
// analyses that take no discount refuse their graph.
func TestDiscounter(t *testing.T) {
	t.Parallel()
	g := discountedGame{impatient(), big.NewRat(1, 2)}
	ctx := context.Background()
	res, err := engine.Solve(ctx, numeric.Exact{}, engine.Rules[int](g), engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ratEq(t, "value", res.Value(0)[0], "1/2") // impatient at γ = 1/2: quick
	if _, err := engine.Solve(ctx, numeric.Exact{}, engine.Rules[int](g), engine.Options{Discount: big.NewRat(1, 2)}); err != nil {
		t.Errorf("the same discount twice: %v", err)
	}
	if _, err := engine.Solve(ctx, numeric.Exact{}, engine.Rules[int](g), engine.Options{Discount: big.NewRat(9, 10)}); !errors.Is(err, solver.ErrInvalid) {
		t.Errorf("a different discount: %v, want solver.ErrInvalid", err)
	}
	G, err := engine.Explore(ctx, engine.Rules[int](g), engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if d := G.Discount(); d == nil || d.Cmp(g.gamma) != 0 {
		t.Errorf("Graph.Discount() = %v", d)
	}
	goal := make([]bool, G.States())
	goal[1] = true
	if _, err := engine.Analyze(ctx, numeric.Exact{}, G, engine.Query{Goal: goal}, engine.Options{}); !errors.Is(err, solver.ErrInvalid) {
		t.Errorf("Analyze of discounted rules: %v, want solver.ErrInvalid", err)
	}
	if _, err := engine.AnalyzeBounded(ctx, numeric.Exact{}, G, engine.Query{Goal: goal}, 3, engine.Options{}); !errors.Is(err, solver.ErrInvalid) {
		t.Errorf("AnalyzeBounded of discounted rules: %v, want solver.ErrInvalid", err)
	}
	if _, err := engine.LongRun(ctx, numeric.Exact{}, G, nil, engine.Options{}); !errors.Is(err, solver.ErrInvalid) {
		t.Errorf("LongRun of discounted rules: %v, want solver.ErrInvalid", err)
	}
}
