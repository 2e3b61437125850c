package engine_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/solver"
)

// escapeOutcomes returns outcomes to "to" whose probabilities add up to
// 1 - m·10^-e, written exactly as decimals, the way a user writes them:
// 9e-1, 9e-2, …, 9e-e, then (10-m)·10^-e for the last digit.
func escapeOutcomes(to string, m, e int) string {
	var parts []string
	for k := 1; k < e; k++ {
		parts = append(parts, fmt.Sprintf(`{"p": "9e-%d", "to": %q}`, k, to))
	}
	parts = append(parts, fmt.Sprintf(`{"p": "%de-%d", "to": %q}`, 10-m, e, to))
	return strings.Join(parts, ", ")
}

// escapeModels are the reliability probe's reproductions, for an escape
// probability of 10^-e: one player, where "x" leaves with 10^-e to a
// payoff of 1 and "y" with 2·10^-e to 0.6, both looping back through a
// chance node (exact answer 1, action x); and a constant-sum duel of the
// same shape, where player 1 answers in the loop.
func escapeModels(e int) map[string]string {
	one := fmt.Sprintf(`{"players": 1, "start": "a", "states": [
		{"id": "a", "player": 0, "actions": [
			{"name": "y", "outcomes": [{"p": "2e-%[1]d", "to": "lo"}, %[2]s]},
			{"name": "x", "outcomes": [{"p": "1e-%[1]d", "to": "hi"}, %[3]s]}]},
		{"id": "b", "chance": [{"p": 1, "to": "a"}]},
		{"id": "lo", "payoff": [0.6]},
		{"id": "hi", "payoff": [1]}]}`, e, escapeOutcomes("b", 2, e), escapeOutcomes("b", 1, e))
	two := fmt.Sprintf(`{"players": 2, "start": "a", "states": [
		{"id": "a", "player": 0, "actions": [
			{"name": "y", "outcomes": [{"p": "2e-%[1]d", "to": "lo"}, %[2]s]},
			{"name": "x", "outcomes": [{"p": "1e-%[1]d", "to": "hi"}, %[3]s]}]},
		{"id": "b", "player": 1, "actions": [
			{"name": "u", "outcomes": [{"p": "3e-%[1]d", "to": "draw"}, %[4]s]},
			{"name": "v", "outcomes": [{"p": "1e-%[1]d", "to": "win1"}, %[5]s]}]},
		{"id": "lo", "payoff": [0.6, 0.4]},
		{"id": "hi", "payoff": [1, 0]},
		{"id": "draw", "payoff": [0.5, 0.5]},
		{"id": "win1", "payoff": [0, 1]}]}`, e, escapeOutcomes("b", 2, e), escapeOutcomes("b", 1, e),
		escapeOutcomes("a", 3, e), escapeOutcomes("a", 1, e))
	// Both actions agree inside the cycle and differ only in where their
	// escape leads: the engine's exit-choice method.
	exits := fmt.Sprintf(`{"players": 1, "start": "a", "states": [
		{"id": "a", "player": 0, "actions": [
			{"name": "y", "outcomes": [{"p": "1e-%[1]d", "to": "lo"}, %[2]s]},
			{"name": "x", "outcomes": [{"p": "1e-%[1]d", "to": "hi"}, %[2]s]}]},
		{"id": "b", "chance": [{"p": 1, "to": "a"}]},
		{"id": "lo", "payoff": [0.6]},
		{"id": "hi", "payoff": [1]}]}`, e, escapeOutcomes("b", 1, e))
	return map[string]string{"one player": one, "two players": two, "exit choice": exits}
}

// TestEscapeFamily: for escape probabilities 10^-6 … 10^-300, float mode
// equals exact mode to 1e-12 (values and chosen actions), or says it could
// not prove it; it is never silently wrong. Both with exact re-solves (the
// default) and without, where the answer must be right or flagged.
func TestEscapeFamily(t *testing.T) {
	t.Parallel()
	for _, e := range []int{6, 8, 10, 11, 12, 13, 15, 20, 50, 100, 200, 300} {
		for name, text := range escapeModels(e) {
			m := parse(t, text)
			ex, err := engine.Solve[int32, *big.Rat](context.Background(), numeric.Exact{}, m, engine.Options{})
			if err != nil {
				t.Fatalf("1e-%d %s exact: %v", e, name, err)
			}
			// By hand: with one player, x reaches the payoff 1 with
			// certainty. With two, x against v (each leaving with ε)
			// gives v = ε + (1-ε)²v, so v = 1/(2-ε).
			want := big.NewRat(1, 1)
			if name == "two players" {
				eps := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(e)), nil))
				want.Inv(new(big.Rat).Sub(big.NewRat(2, 1), eps))
			}
			ratEq(t, fmt.Sprintf("1e-%d %s exact", e, name), ex.Value(0)[0], want.RatString())
			for _, limit := range []int{0, -1} {
				fl, err := engine.Solve[int32, float64](context.Background(), numeric.Float{}, m, engine.Options{ExactStates: limit})
				if err != nil {
					t.Fatalf("1e-%d %s: %v", e, name, err)
				}
				wrong := ""
				for i := range ex.States {
					s := ex.State(i)
					for p, v := range ex.Value(s) {
						x, _ := v.Float64()
						if math.Abs(x-fl.Value(s)[p]) > 1e-12 {
							wrong += fmt.Sprintf(" %s[%d]: float %v, exact %s;", m.ID(s), p, fl.Value(s)[p], v.RatString())
						}
					}
				}
				if limit == 0 {
					if wrong != "" || fl.Unproven != 0 {
						t.Errorf("1e-%d %s: unproven %d:%s", e, name, fl.Unproven, wrong)
					}
					for i := range ex.States {
						s := ex.State(i)
						ae, _, _ := ex.Choice(s)
						af, _, _ := fl.Choice(s)
						if ae != af {
							t.Errorf("1e-%d %s: state %s: exact chooses %d, float %d", e, name, m.ID(s), ae, af)
						}
					}
				} else if wrong != "" && fl.Unproven == 0 {
					t.Errorf("1e-%d %s without exact re-solves: silently wrong:%s", e, name, wrong)
				}
				// A flagged answer's bound holds.
				for i := range ex.States {
					s := ex.State(i)
					for p, v := range ex.Value(s) {
						x, _ := v.Float64()
						if d := math.Abs(x - fl.Value(s)[p]); d > fl.Bound+1e-12 && d > 1e-12 {
							t.Errorf("1e-%d %s: %s[%d] off by %v, bound %v", e, name, m.ID(s), p, d, fl.Bound)
						}
					}
				}
			}
		}
	}
}

// escapeMDP is the probe's JANI reproduction as engine rules, for an escape
// probability of 10^-e: in state 0, "x" reaches the goal (state 2) with
// 10^-e and "y" reaches state 3 with 2·10^-e, both otherwise going round
// through state 1; from state 3 the goal follows with 3/5, a dead end (4)
// with 2/5. Pmin is 3/5 (always y), Pmax 1 (always x). Every step costs 1.
func escapeMDP(e int) *randomMDP {
	eps := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(e)), nil))
	two := new(big.Rat).Add(eps, eps)
	one := big.NewRat(1, 1)
	step := big.NewRat(1, 1)
	o := func(p *big.Rat, to int) engine.Outcome[int] { return engine.Outcome[int]{P: p, To: to, Reward: step} }
	return &randomMDP{n: 5, acts: [][][]engine.Outcome[int]{
		{
			{o(eps, 2), o(new(big.Rat).Sub(one, eps), 1)},
			{o(two, 3), o(new(big.Rat).Sub(one, two), 1)},
		},
		{{o(one, 0)}},
		nil,
		{{o(big.NewRat(3, 5), 2), o(big.NewRat(2, 5), 4)}},
		nil,
	}}
}

// TestEscapeFamilyAnalyze is TestEscapeFamily for Analyze: float equals
// exact to 1e-12 relative, or is flagged; with exact re-solves (the default)
// never flagged at this size.
func TestEscapeFamilyAnalyze(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, e := range []int{6, 8, 10, 11, 12, 13, 15, 20, 50, 100, 200, 300} {
		m := escapeMDP(e)
		G, err := engine.Explore(ctx, m, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		goal := make([]bool, G.States())
		for i := range goal {
			goal[i] = G.State(i) == 2
		}
		for _, obj := range []engine.Objective{engine.MaxProbability, engine.MinProbability, engine.MaxReward, engine.MinReward} {
			q := engine.Query{Objective: obj, Goal: goal}
			ex, err := engine.Analyze(ctx, numeric.Exact{}, G, q, engine.Options{})
			if err != nil {
				t.Fatalf("1e-%d %v exact: %v", e, obj, err)
			}
			// By hand, at state 0 (explored first, index 0): Pmax 1 (always x), Pmin 3/5 (always
			// y); Emin (x, the only way to reach the goal surely) takes
			// E = 1 + (1-ε)(1 + E) steps, so E = (2-ε)/ε; Emax is infinite
			// (y misses the goal with 2/5).
			name := fmt.Sprintf("1e-%d %v", e, obj)
			switch obj {
			case engine.MaxProbability:
				ratEq(t, name, ex.Values[0], "1")
			case engine.MinProbability:
				ratEq(t, name, ex.Values[0], "3/5")
			case engine.MinReward:
				eps := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(e)), nil))
				want := new(big.Rat).Quo(new(big.Rat).Sub(big.NewRat(2, 1), eps), eps)
				ratEq(t, name, ex.Values[0], want.RatString())
			case engine.MaxReward:
				if !ex.Infinite[0] {
					t.Errorf("%s: finite %s, want infinite", name, ex.Values[0].RatString())
				}
			}
			for _, limit := range []int{0, -1} {
				fl, err := engine.Analyze(ctx, numeric.Float{}, G, q, engine.Options{ExactStates: limit})
				if err != nil {
					t.Fatalf("1e-%d %v: %v", e, obj, err)
				}
				wrong := ""
				for i := range G.States() {
					if ex.Infinite != nil && ex.Infinite[i] {
						if !fl.Infinite[i] {
							wrong += fmt.Sprintf(" state %d: float finite, exact infinite;", G.State(i))
						}
						continue
					}
					x, _ := ex.Values[i].Float64()
					if math.Abs(x-fl.Values[i]) > 1e-12*math.Max(1, math.Abs(x)) {
						wrong += fmt.Sprintf(" state %d: float %v, exact %v;", G.State(i), fl.Values[i], x)
					}
				}
				if limit == 0 && (wrong != "" || fl.Unproven != 0) {
					t.Errorf("1e-%d %v: unproven %d:%s", e, obj, fl.Unproven, wrong)
				}
				if limit != 0 && wrong != "" && fl.Unproven == 0 {
					t.Errorf("1e-%d %v without exact re-solves: silently wrong:%s", e, obj, wrong)
				}
				for i := range G.States() {
					if ex.Infinite != nil && ex.Infinite[i] {
						continue
					}
					x, _ := ex.Values[i].Float64()
					if d := math.Abs(x - fl.Values[i]); d > fl.Bound+1e-12*math.Max(1, math.Abs(x)) {
						t.Errorf("1e-%d %v: state %d off by %v, bound %v", e, obj, G.State(i), d, fl.Bound)
					}
				}
			}
		}
	}
}

// TestManyPlayers: player indices past 127 are players, not chance or a
// terminal (the owner was once kept in an int8, so player 254 read as a
// terminal and 255 as chance).
func TestManyPlayers(t *testing.T) {
	t.Parallel()
	const P = 300
	pay := func(winner int) string {
		s := make([]string, P)
		for i := range s {
			s[i] = "0"
		}
		if winner >= 0 {
			s[winner] = "1"
		}
		return "[" + strings.Join(s, ",") + "]"
	}
	m := parse(t, fmt.Sprintf(`{"players": %d, "start": "a", "states": [
		{"id": "a", "player": 254, "actions": [{"name": "pass", "outcomes": [{"p": 1, "to": "b"}]}, {"name": "lose", "outcomes": [{"p": 1, "to": "none"}]}]},
		{"id": "b", "player": 255, "actions": [{"name": "lose", "outcomes": [{"p": 1, "to": "none"}]}, {"name": "win", "outcomes": [{"p": 1, "to": "w255"}]}]},
		{"id": "none", "payoff": %s},
		{"id": "w255", "payoff": %s}]}`, P, pay(-1), pay(255)))
	fl, _ := solveBoth(t, m)
	if v := fl.Value(0); v[255] != 1 || v[254] != 0 {
		t.Errorf("values of players 254, 255: %v, %v; want 0, 1", v[254], v[255])
	}
	if _, name, ok := fl.Choice(1); !ok || name != "win" {
		t.Errorf("player 255 chooses %q (ok %t), want win", name, ok)
	}
	if fl.Owner(0) != 254 || fl.Owner(1) != 255 {
		t.Errorf("owners %d, %d", fl.Owner(0), fl.Owner(1))
	}
}

// manyOutcomes is one chance state with n outcomes of probability 1/n,
// alternately to a win (state 1) and a loss (state 2).
type manyOutcomes struct{ n int }

func (m manyOutcomes) Players() int { return 1 }
func (m manyOutcomes) Start() int   { return 0 }
func (m manyOutcomes) Expand(s int, node *engine.Node[int]) error {
	switch s {
	case 0:
		p := big.NewRat(1, int64(m.n))
		outs := make([]engine.Outcome[int], m.n)
		for i := range outs {
			outs[i] = engine.Outcome[int]{P: p, To: 1 + i%2, Reward: big.NewRat(1, 1)}
		}
		node.Chance(outs...)
	case 1:
		node.Terminal(big.NewRat(1, 1))
	default:
		node.Terminal(new(big.Rat))
	}
	return nil
}

// TestCompensatedSum: a million float probabilities of 10^-6 add up
// exactly enough that half of them give exactly 1/2 (plain addition gave
// 0.4999999999896) and the expected reward exactly 1.
func TestCompensatedSum(t *testing.T) {
	t.Parallel()
	res, err := engine.Solve[int, float64](context.Background(), numeric.Float{}, manyOutcomes{1_000_000}, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if v := res.Value(0)[0]; v != 0.5 {
		t.Errorf("value %.17g, want 0.5", v)
	}
	if rw, _, _ := res.Reward(0); rw != 1 {
		t.Errorf("reward %.17g, want 1", rw)
	}
}

func TestNeumaierSum(t *testing.T) {
	t.Parallel()
	var s numeric.Sum
	plain := 0.0
	for range 1_000_000 {
		s.Add(1e-6)
		plain += 1e-6
	}
	if math.Abs(s.Value()-1) > 1e-15 || math.Abs(plain-1) < 1e-12 {
		t.Errorf("compensated %.17g, plain %.17g", s.Value(), plain)
	}
}

// An action named "" (the fuzzer's find): the engine's cache of action
// names once took an empty slot for a cached "", and Choice indexed past
// the names.
func TestEmptyActionName(t *testing.T) {
	t.Parallel()
	m := parse(t, `{"players": 1, "start": "a", "states": [
		{"id": "a", "player": 0, "actions": [{"name": "", "outcomes": [{"p": 1, "to": "e"}]}, {"name": "x", "outcomes": [{"p": 1, "to": "f"}]}]},
		{"id": "e", "payoff": [1]}, {"id": "f", "payoff": [0]}]}`)
	fl, _ := solveBoth(t, m)
	if a, name, ok := fl.Choice(0); !ok || a != 0 || name != "" {
		t.Errorf("choice %d %q %t, want 0 \"\"", a, name, ok)
	}
}

// TestResolveInParallel: eighty independent loops of three states that
// each need an exact re-solve, solved by two workers (each with its own
// exact twin), agree with exact mode; run with -race this checks the twins
// share nothing.
func TestResolveInParallel(t *testing.T) {
	t.Parallel()
	const k = 80
	var b strings.Builder
	b.WriteString(`{"players": 1, "start": "root", "states": [{"id": "lo", "payoff": [0.6]}, {"id": "hi", "payoff": [1]}, {"id": "root", "chance": [`)
	for i := range k {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, `{"p": "1/%d", "to": "a%d"}`, k, i)
	}
	b.WriteString("]}")
	for i := range k {
		fmt.Fprintf(&b, `, {"id": "a%[1]d", "player": 0, "actions": [
			{"name": "y", "outcomes": [{"p": "2e-12", "to": "lo"}, {"p": "0.999999999998", "to": "b%[1]d"}]},
			{"name": "x", "outcomes": [{"p": "1e-12", "to": "hi"}, {"p": "0.999999999999", "to": "b%[1]d"}]}]},
			{"id": "b%[1]d", "chance": [{"p": 1, "to": "c%[1]d"}]},
			{"id": "c%[1]d", "chance": [{"p": 1, "to": "a%[1]d"}]}`, i)
	}
	b.WriteString("]}")
	m := parse(t, b.String())
	opt := engine.Options{}
	opt.Workers = 2
	fl, err := engine.Solve[int32, float64](context.Background(), numeric.Float{}, m, opt)
	if err != nil {
		t.Fatal(err)
	}
	if !engine.Shared(fl) {
		t.Error("the loops were solved on one worker")
	}
	if fl.Resolved != k || fl.Unproven != 0 || fl.Value(fl.Start())[0] != 1 {
		t.Errorf("resolved %d, unproven %d, value %v: want %d, 0, 1", fl.Resolved, fl.Unproven, fl.Value(fl.Start())[0], k)
	}
}

// tooMany is a game of n players that ends at once.
type tooMany struct{ n int }

func (g tooMany) Players() int { return g.n }
func (g tooMany) Start() int   { return 0 }
func (g tooMany) Expand(_ int, node *engine.Node[int]) error {
	pay := make([]*big.Rat, g.n)
	for i := range pay {
		pay[i] = new(big.Rat)
	}
	node.Terminal(pay...)
	return nil
}

// The player limit is documented and enforced: MaxPlayers players solve,
// one more is refused as invalid.
func TestPlayerLimit(t *testing.T) {
	t.Parallel()
	if _, err := engine.Solve[int, float64](context.Background(), numeric.Float{}, tooMany{engine.MaxPlayers}, engine.Options{}); err != nil {
		t.Errorf("%d players: %v", engine.MaxPlayers, err)
	}
	_, err := engine.Solve[int, float64](context.Background(), numeric.Float{}, tooMany{engine.MaxPlayers + 1}, engine.Options{})
	if !errors.Is(err, solver.ErrInvalid) {
		t.Errorf("%d players: %v, want ErrInvalid", engine.MaxPlayers+1, err)
	}
}

// A game whose components are mostly single states is solved on one
// worker, and one with larger components on two: a chain of 300 chance
// states, then the same chain with every state made a loop of three. The
// values are exact in both.
func TestSingletonsSolvedAlone(t *testing.T) {
	t.Parallel()
	for _, loop := range []bool{false, true} {
		var b strings.Builder
		b.WriteString(`{"players": 1, "start": "s0", "states": [{"id": "end", "payoff": [1]}`)
		const n = 300
		for i := range n {
			next := fmt.Sprintf("s%d", i+1)
			if i == n-1 {
				next = "end"
			}
			if loop {
				fmt.Fprintf(&b, `, {"id": "s%[1]d", "chance": [{"p": "1/2", "to": "t%[1]d"}, {"p": "1/2", "to": %[2]q}]}, {"id": "t%[1]d", "chance": [{"p": 1, "to": "u%[1]d"}]}, {"id": "u%[1]d", "chance": [{"p": 1, "to": "s%[1]d"}]}`, i, next)
			} else {
				fmt.Fprintf(&b, `, {"id": "s%d", "chance": [{"p": 1, "to": %q}]}`, i, next)
			}
		}
		b.WriteString("]}")
		opt := engine.Options{}
		opt.Workers = 2
		res, err := engine.Solve[int32, *big.Rat](context.Background(), numeric.Exact{}, parse(t, b.String()), opt)
		if err != nil {
			t.Fatal(err)
		}
		if shared := engine.Shared(res); shared != loop {
			t.Errorf("loops %v: shared among workers %v, want %v", loop, shared, loop)
		}
		ratEq(t, fmt.Sprint("loops ", loop), res.Value(res.Start())[0], "1")
	}
}
