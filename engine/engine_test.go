package engine_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/model"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/solver"
)

func parse(t *testing.T, text string) *model.Model {
	t.Helper()
	m, err := model.Parse([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// solveModes solves rules in float and in exact mode; what names them in
// a failure.
func solveModes[S comparable](t *testing.T, what string, rules engine.Rules[S]) (*engine.Result[S, float64], *engine.Result[S, *big.Rat]) {
	t.Helper()
	return solveModesWith(t, what, rules, engine.Options{})
}

// solveModesWith is solveModes with options.
func solveModesWith[S comparable](t *testing.T, what string, rules engine.Rules[S], opt engine.Options) (*engine.Result[S, float64], *engine.Result[S, *big.Rat]) {
	t.Helper()
	fl, err := engine.Solve[S, float64](context.Background(), numeric.Float{}, rules, opt)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	ex, err := engine.Solve[S, *big.Rat](context.Background(), numeric.Exact{}, rules, opt)
	if err != nil {
		t.Fatalf("%s exact: %v", what, err)
	}
	return fl, ex
}

func solveBoth(t *testing.T, m *model.Model) (*engine.Result[int32, float64], *engine.Result[int32, *big.Rat]) {
	t.Helper()
	fl, ex := solveModes(t, "model", m)
	// Exact and float agree everywhere.
	for i := range ex.States {
		s := ex.State(i)
		ve, vf := ex.Value(s), fl.Value(s)
		for p := range ve {
			x, _ := ve[p].Float64()
			if math.Abs(x-vf[p]) > 1e-9 {
				t.Errorf("state %s player %d: exact %v, float %v", m.ID(s), p, ve[p], vf[p])
			}
		}
		re, fe, _ := ex.Reward(s)
		rf, ff, _ := fl.Reward(s)
		if fe != ff {
			t.Errorf("state %s: reward finite exact %v float %v", m.ID(s), fe, ff)
		} else if x, _ := re.Float64(); fe && math.Abs(x-rf) > 1e-9*math.Max(1, math.Abs(x)) {
			t.Errorf("state %s: reward exact %v float %v", m.ID(s), re, rf)
		}
		ae, _, _ := ex.Choice(s)
		af, _, _ := fl.Choice(s)
		if ae != af {
			t.Errorf("state %s: exact chooses %d, float %d", m.ID(s), ae, af)
		}
	}
	return fl, ex
}

func ratEq(t *testing.T, what string, got *big.Rat, want string) {
	t.Helper()
	w, _ := new(big.Rat).SetString(want)
	if got.Cmp(w) != 0 {
		t.Errorf("%s = %s, want %s", what, got.RatString(), want)
	}
}

func TestFairCoinSelfLoop(t *testing.T) {
	t.Parallel()
	m := parse(t, `{"players": 1, "start": "flip", "states": [
		{"id": "flip", "chance": [{"p": "1/2", "to": "flip", "reward": 1}, {"p": 0.5, "to": "heads", "reward": 1}]},
		{"id": "heads", "payoff": [1]}]}`)
	fl, ex := solveBoth(t, m)
	ratEq(t, "value", ex.Value(0)[0], "1")
	r, finite, _ := ex.Reward(0)
	if !finite {
		t.Fatal("reward infinite")
	}
	ratEq(t, "expected flips", r, "2")
	if ex.Methods[engine.ClosedForm] != 1 || fl.Components != 2 {
		t.Errorf("methods %v, components %d", ex.Methods, fl.Components)
	}
}

func TestDieUntilSix(t *testing.T) {
	t.Parallel()
	m := parse(t, `{"players": 1, "start": "roll", "states": [
		{"id": "roll", "chance": [{"p": "1/6", "to": "six", "reward": 1}, {"p": "5/6", "to": "roll", "reward": 1}]},
		{"id": "six", "payoff": [1]}]}`)
	_, ex := solveBoth(t, m)
	r, _, _ := ex.Reward(0)
	ratEq(t, "expected rolls", r, "6")
}

// A cycle through both players: A (player 0) stops for 0.3 or goes to B;
// B (player 1) stops for 0.6 or goes to a coin that returns to A or gives
// player 0 the win. By hand: B stops, so A goes, and the value is 0.6.
func TestTwoPlayerCycle(t *testing.T) {
	t.Parallel()
	m := parse(t, `{"players": 2, "start": "A", "states": [
		{"id": "A", "player": 0, "actions": [
			{"name": "stop", "outcomes": [{"p": 1, "to": "T03"}]},
			{"name": "go", "outcomes": [{"p": 1, "to": "B", "reward": 1}]}]},
		{"id": "B", "player": 1, "actions": [
			{"name": "go", "outcomes": [{"p": 1, "to": "C", "reward": 1}]},
			{"name": "stop", "outcomes": [{"p": 1, "to": "T06"}]}]},
		{"id": "C", "chance": [{"p": "1/2", "to": "A"}, {"p": "1/2", "to": "W"}]},
		{"id": "T03", "payoff": [0.3, 0.7]},
		{"id": "T06", "payoff": [0.6, 0.4]},
		{"id": "W", "payoff": [1, 0]}]}`)
	fl, ex := solveBoth(t, m)
	ratEq(t, "player 0", ex.Value(0)[0], "3/5")
	ratEq(t, "player 1", ex.Value(0)[1], "2/5")
	if _, name, _ := ex.Choice(0); name != "go" {
		t.Errorf("A chooses %s", name)
	}
	if _, name, _ := ex.Choice(1); name != "stop" {
		t.Errorf("B chooses %s", name)
	}
	r, finite, _ := ex.Reward(0)
	if !finite {
		t.Fatal("infinite reward")
	}
	ratEq(t, "reward", r, "1")
	if ex.Methods[engine.StrategyIteration] != 1 || fl.Methods[engine.ValueIteration] != 1 {
		t.Errorf("methods: exact %v, float %v", ex.Methods, fl.Methods)
	}
}

// Looping and leaving tie at value 0.5; a policy that loops would never end
// and be worth 0, so progress must be chosen. The tie rule: A takes toB,
// listed first; B's first action, toA, would then loop forever, so B (the
// later of the two) takes exit. The reward counts both moves: 2.
func TestLoopVersusProgressTie(t *testing.T) {
	t.Parallel()
	m := parse(t, `{"players": 1, "start": "A", "states": [
		{"id": "A", "player": 0, "actions": [
			{"name": "toB", "outcomes": [{"p": 1, "to": "B", "reward": 1}]},
			{"name": "exit", "outcomes": [{"p": 1, "to": "half", "reward": 1}]}]},
		{"id": "B", "player": 0, "actions": [
			{"name": "toA", "outcomes": [{"p": 1, "to": "A", "reward": 1}]},
			{"name": "exit", "outcomes": [{"p": 1, "to": "half", "reward": 1}]}]},
		{"id": "S", "player": 0, "actions": [
			{"name": "wait", "outcomes": [{"p": 1, "to": "S"}]},
			{"name": "go", "outcomes": [{"p": 1, "to": "zero"}]}]},
		{"id": "half", "chance": [{"p": "1/2", "to": "one"}, {"p": "1/2", "to": "S"}]},
		{"id": "one", "payoff": [1]},
		{"id": "zero", "payoff": [0]}]}`)
	fl, ex := solveBoth(t, m)
	for _, res := range []interface {
		Choice(int32) (int, string, bool)
	}{fl, ex} {
		if _, name, _ := res.Choice(0); name != "toB" {
			t.Errorf("A chooses %s", name)
		}
		if _, name, _ := res.Choice(1); name != "exit" {
			t.Errorf("B chooses %s", name)
		}
		if _, name, _ := res.Choice(2); name != "go" {
			t.Errorf("S chooses %s (waiting forever ties with going, at 0)", name)
		}
	}
	ratEq(t, "value", ex.Value(0)[0], "1/2")
	r, finite, _ := ex.Reward(0)
	if !finite {
		t.Fatal("the policy loops forever")
	}
	ratEq(t, "reward", r, "2")
	if ex.EndComponents != 1 {
		t.Errorf("end components %d, want 1 (A-B; S alone is a closed form)", ex.EndComponents)
	}
}

// A chain that escapes with probability 2^-100 per step. Plain Gaussian
// elimination in float64 computes 1 - (1 - 2^-100) = 0 and fails; state
// elimination must get 0.7 and the expected length 2^101.
func TestTinyEscape(t *testing.T) {
	t.Parallel()
	eps := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), 100))
	stayP := new(big.Rat).Sub(big.NewRat(1, 1), eps)
	win := new(big.Rat).Mul(eps, big.NewRat(7, 10))
	lose := new(big.Rat).Mul(eps, big.NewRat(3, 10))
	m := parse(t, fmt.Sprintf(`{"players": 1, "start": "A", "states": [
		{"id": "A", "chance": [{"p": "%s", "to": "W", "reward": 1}, {"p": "%s", "to": "L", "reward": 1}, {"p": "%s", "to": "B", "reward": 1}]},
		{"id": "B", "chance": [{"p": 1, "to": "A", "reward": 1}]},
		{"id": "W", "payoff": [1]},
		{"id": "L", "payoff": [0]}]}`, win.RatString(), lose.RatString(), stayP.RatString()))
	fl, ex := solveBoth(t, m)
	ratEq(t, "exact", ex.Value(0)[0], "7/10")
	if got := fl.Value(0)[0]; math.Abs(got-0.7) > 1e-15 {
		t.Errorf("float value %v, want 0.7", got)
	}
	want := new(big.Rat).Sub(new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), 101)), big.NewRat(1, 1))
	r, _, _ := ex.Reward(0)
	if r.Cmp(want) != 0 {
		t.Errorf("exact reward %v, want 2^101 - 1", r)
	}
	rf, _, _ := fl.Reward(0)
	if w, _ := want.Float64(); math.Abs(rf-w) > 1e-13*w {
		t.Errorf("float reward %v, want %v", rf, w)
	}
	if ex.Methods[engine.Elimination] != 1 {
		t.Errorf("methods %v", ex.Methods)
	}
}

func TestNeverEnding(t *testing.T) {
	t.Parallel()
	m := parse(t, `{"players": 1, "start": "A", "states": [
		{"id": "A", "chance": [{"p": "1/2", "to": "B", "reward": 1}, {"p": "1/2", "to": "C"}]},
		{"id": "B", "chance": [{"p": 1, "to": "B2"}]},
		{"id": "B2", "chance": [{"p": 1, "to": "B"}]},
		{"id": "C", "payoff": [1]}]}`)
	_, ex := solveBoth(t, m)
	ratEq(t, "value", ex.Value(0)[0], "1/2")
	if _, finite, _ := ex.Reward(0); finite {
		t.Error("reward should be infinite: play may cycle B-B2 forever")
	}
}

// badRules describes states wrongly.
type badRules struct{ mode int }

func (badRules) Players() int { return 2 }
func (badRules) Start() int   { return 0 }
func (b badRules) Expand(s int, n *engine.Node[int]) error {
	switch b.mode {
	case 0:
		n.Chance(engine.Outcome[int]{P: big.NewRat(1, 3), To: 1})
	case 1:
		n.Terminal(big.NewRat(1, 1))
	case 2:
		n.Decide(2)
		n.Action("a", engine.Outcome[int]{P: big.NewRat(1, 1), To: 1})
	case 3:
		n.Decide(0)
	case 4:
		n.Terminal(big.NewRat(1, 1), big.NewRat(0, 1))
		n.Chance(engine.Outcome[int]{P: big.NewRat(1, 1), To: 1})
	case 5:
		if s < 1000 {
			n.Chance(engine.Outcome[int]{P: big.NewRat(1, 1), To: s + 1})
		} else {
			n.Terminal(big.NewRat(1, 1), big.NewRat(0, 1))
		}
	}
	return nil
}

func TestInvalidRules(t *testing.T) {
	t.Parallel()
	for mode := range 5 {
		_, err := engine.Solve[int, float64](context.Background(), numeric.Float{}, badRules{mode}, engine.Options{})
		if !errors.Is(err, solver.ErrInvalid) || !strings.Contains(err.Error(), "state 0") {
			t.Errorf("mode %d: got %v", mode, err)
		}
	}
	_, err := engine.Solve[int, float64](context.Background(), numeric.Float{}, badRules{5}, engine.Options{MaxStates: 100})
	if !errors.Is(err, budget.ErrTooLarge) {
		t.Errorf("MaxStates: got %v", err)
	}
	_, err = engine.Solve[int, float64](context.Background(), numeric.Float{}, badRules{5}, engine.Options{Memory: 1000})
	if !errors.Is(err, budget.ErrTooLarge) {
		t.Errorf("memory: got %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = engine.Solve[int, float64](ctx, numeric.Float{}, badRules{5}, engine.Options{})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: got %v", err)
	}
}

// randomGame is a random game with cycles, for one player or two players
// with constant-sum payoffs in [0, 1].
func newRandomGame(rng *rand.Rand, players, n int) *game {
	g := &game{players: players}
	probs := []*big.Rat{big.NewRat(1, 2), big.NewRat(1, 3), big.NewRat(1, 6), big.NewRat(1, 4)}
	for s := range n {
		k := rng.IntN(10)
		if k < 2 || s == n-1 {
			g.addConstantSum(big.NewRat(int64(rng.IntN(11)), 10))
			continue
		}
		owner := engine.Chance
		if k >= 4 {
			owner = rng.IntN(players)
		}
		na := g.addMover(rng, owner)
		var acts [][]engine.Outcome[int]
		for range na {
			// A distribution over up to three targets from the list.
			var outs []engine.Outcome[int]
			left := big.NewRat(1, 1)
			for len(outs) < 2 {
				p := probs[rng.IntN(len(probs))]
				if p.Cmp(left) >= 0 {
					break
				}
				outs = append(outs, engine.Outcome[int]{P: p, To: rng.IntN(n), Reward: big.NewRat(int64(rng.IntN(3)), 1)})
				left = new(big.Rat).Sub(left, p)
			}
			to := rng.IntN(n)
			if players == 2 {
				// Every move may end the game: no endless play, where
				// the constant sum would break.
				to = n - 1
			}
			outs = append(outs, engine.Outcome[int]{P: left, To: to, Reward: big.NewRat(1, 1)})
			acts = append(acts, outs)
		}
		g.acts = append(g.acts, acts)
	}
	return g
}

// bruteValue is plain value iteration from 0 over all states for player 0
// (player 1 minimizing): payoffs are in [0, 1] and a play that never ends
// pays 0, so the values are the least fixed point, approached from below.
func (g *game) bruteValue() []float64 {
	x := make([]float64, len(g.owner))
	for range 3000 {
		for s := range len(g.owner) {
			if g.owner[s] == engine.Terminal {
				x[s], _ = g.pay[s][0].Float64()
				continue
			}
			best := math.NaN()
			for _, outs := range g.acts[s] {
				v := 0.0
				for _, o := range outs {
					p, _ := o.P.Float64()
					v += p * x[o.To]
				}
				if math.IsNaN(best) || (g.owner[s] == 1 && v < best) || (g.owner[s] != 1 && v > best) {
					best = v
				}
			}
			x[s] = best
		}
	}
	return x
}

// Random games against brute-force value iteration, in both modes, and
// the exact values against the float ones.
func TestRandomGames(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	solvedCycles := 0
	for trial := range 300 {
		players := 1 + trial%2
		g := newRandomGame(rng, players, 3+rng.IntN(12))
		fl, ex := solveModes(t, fmt.Sprintf("trial %d", trial), g)
		solvedCycles += fl.Methods[engine.ValueIteration]
		brute := g.bruteValue()
		for i := range fl.States {
			s := fl.State(i)
			vf := fl.Value(s)[0]
			ve, _ := ex.Value(s)[0].Float64()
			if math.Abs(vf-brute[s]) > 1e-9 || math.Abs(ve-brute[s]) > 1e-9 {
				t.Fatalf("trial %d state %d: float %v exact %v brute force %v", trial, s, vf, ve, brute[s])
			}
			if players == 2 {
				// Every play ends or pays nothing: the values add to at most 1.
				if sum := vf + fl.Value(s)[1]; sum > 1+1e-9 {
					t.Fatalf("trial %d state %d: values add to %v", trial, s, sum)
				}
			}
		}
	}
	if solvedCycles < 50 {
		t.Errorf("only %d components with decisions in cycles were exercised", solvedCycles)
	}
}

// Decisions inside a cycle that escapes with probability about 2^-100 per
// round: value iteration cannot close its gap, so float mode hands the
// component to strategy iteration, which agrees with exact mode.
func TestTinyEscapeWithDecisions(t *testing.T) {
	t.Parallel()
	eps := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), 100))
	twoEps := new(big.Rat).Add(eps, eps)
	m := parse(t, fmt.Sprintf(`{"players": 1, "start": "A", "states": [
		{"id": "A", "player": 0, "actions": [
			{"name": "safe", "outcomes": [{"p": "%s", "to": "W"}, {"p": "%s", "to": "B"}]},
			{"name": "bold", "outcomes": [{"p": "%s", "to": "W"}, {"p": "%s", "to": "L"}, {"p": "%s", "to": "B"}]}]},
		{"id": "B", "player": 0, "actions": [
			{"name": "back", "outcomes": [{"p": 1, "to": "A"}]},
			{"name": "quit", "outcomes": [{"p": 1, "to": "H"}]}]},
		{"id": "W", "payoff": [1]},
		{"id": "L", "payoff": [0]},
		{"id": "H", "payoff": [0.5]}]}`,
		eps.RatString(), new(big.Rat).Sub(big.NewRat(1, 1), eps).RatString(),
		twoEps.RatString(), eps.RatString(), new(big.Rat).Sub(big.NewRat(1, 1), new(big.Rat).Add(twoEps, eps)).RatString()))
	fl, ex := solveBoth(t, m)
	// Going back forever through "safe" wins with certainty.
	ratEq(t, "exact", ex.Value(0)[0], "1")
	if got := fl.Value(0)[0]; got != 1 {
		t.Errorf("float %v, want 1", got)
	}
	if fl.Resolved != 1 || fl.Unproven != 0 {
		t.Errorf("resolved %d, unproven %d: want the component re-solved exactly", fl.Resolved, fl.Unproven)
	}
	// Without exact re-solves, float strategy iteration finds a policy
	// worth 1, the upper bound: proven all the same.
	off, err := engine.Solve[int32, float64](context.Background(), numeric.Float{}, m, engine.Options{ExactStates: -1})
	if err != nil {
		t.Fatal(err)
	}
	if off.Unproven != 0 || off.Value(0)[0] != 1 {
		t.Errorf("without exact re-solves: unproven %d value %v, want 0 and 1", off.Unproven, off.Value(0)[0])
	}
}

// Exact mode solves large chain parts by p-adic lifting: the same values,
// rewards and choices, to the last digit, as elimination over the
// rationals.
func TestLiftedTwin(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	var counts engine.Counts
	for trial := range 12 {
		g := newRandomGame(rng, 1, 40+rng.IntN(200))
		lifted, err := engine.Solve[int, *big.Rat](context.Background(), numeric.Exact{}, g, engine.Tuned(engine.Options{}, engine.Counted(&counts)))
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		plain, err := engine.Solve[int, *big.Rat](context.Background(), numeric.Exact{}, g, engine.Tuned(engine.Options{}, engine.LiftMin(1<<30)))
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		sameExact(t, fmt.Sprintf("trial %d (lifted, eliminated)", trial), 1, lifted, plain)
	}
	if n := counts.LiftedParts(); n < 5 {
		t.Errorf("only %d parts were lifted", n)
	}
}

// Exact mode's answer does not depend on how it is reached: the same
// values for every player, rewards and choices (the tie rule's) on random
// games of one and two players, with cycles and rewards, when
//   - sums are added up by the generic big.Rat code, not numeric.RatDot
//     (sums.go);
//   - every row's exits are grouped by the values they lead to, and rows
//     with the same exits reuse one sum (exits.go), also with every hash
//     colliding;
//   - the improvement step is split between two goroutines (as for
//     quotients of 16,384 nodes and more);
//   - strategy iteration starts from every node's last action, not the
//     float policy (exact ties keep it as the incumbent, so the tie rule's
//     choice must be made after).
func TestExactTwins(t *testing.T) {
	t.Parallel()
	// groupExits makes exact mode group every row's exits and keep every
	// part's row sums for reuse (exits.go).
	groupExits := []engine.Tune{engine.ExitGroupFrom(1), engine.MemoFrom(1)}
	for _, c := range []struct {
		name  string
		tunes []engine.Tune
	}{
		{"big.Rat sums", []engine.Tune{engine.ExactSums(false)}},
		// Every row's exits grouped by the values they lead to.
		{"exits grouped", groupExits},
		// The same, with every class and signature under one hash: only
		// the exact comparisons tell them apart.
		{"exits grouped, hashes colliding", append(slices.Clone(groupExits), engine.CollideHashes(true))},
		// The same, with the probabilities added up as big.Rat.
		{"exits grouped, big.Rat probabilities", append(slices.Clone(groupExits), engine.SmallSums(false))},
		{"split improvement", []engine.Tune{engine.ImproveSplitFrom(2)}},
		{"last-action seed", []engine.Tune{engine.SeedLast(true)}},
		{"incremental rounds", []engine.Tune{engine.IncrementalFrom(0)}},
		// From every node's last action the rounds switch many nodes, and
		// the ties' incumbents differ from the tie rule's choices.
		{"chains by levels", []engine.Tune{engine.Levels(0, 1)}},
		{"incremental rounds, last-action seed, split", []engine.Tune{engine.IncrementalFrom(0), engine.SeedLast(true), engine.ImproveSplitFrom(2)}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(9, 10))
			opt := engine.Options{Options: solver.Options{Workers: 2}}
			tuned := engine.Tuned(opt, c.tunes...)
			for trial := range 200 {
				players := 1 + trial%2
				g := newRandomGame(rng, players, 3+rng.IntN(40))
				if trial%4 >= 2 {
					g.passOn(rng)
				}
				want, err := engine.Solve[int, *big.Rat](context.Background(), numeric.Exact{}, g, opt)
				if err != nil {
					t.Fatalf("trial %d: %v", trial, err)
				}
				got, err := engine.Solve[int, *big.Rat](context.Background(), numeric.Exact{}, g, tuned)
				if err != nil {
					t.Fatalf("trial %d: %v", trial, err)
				}
				sameExact(t, fmt.Sprintf("trial %d", trial), players, got, want)
			}
		})
	}
}

// passOn makes about a third of g's actions pass play on to one state
// without a reward, sometimes through a loop on the state itself (exact
// mode copies such a state's values from its successor's, solveOneExact),
// keeping the last outcome's target, which in a two-player game ends it.
func (g *game) passOn(rng *rand.Rand) {
	half := big.NewRat(1, 2)
	for s, acts := range g.acts {
		for a, outs := range acts {
			if rng.IntN(3) != 0 {
				continue
			}
			w := outs[len(outs)-1].To
			if rng.IntN(2) == 0 {
				acts[a] = []engine.Outcome[int]{{P: big.NewRat(1, 1), To: w}}
			} else {
				acts[a] = []engine.Outcome[int]{{P: half, To: s}, {P: half, To: w}}
			}
		}
	}
}

// sameExact fails unless two exact results agree in every state's values,
// reward and choice, to the last digit.
func sameExact(t *testing.T, what string, players int, a, b *engine.Result[int, *big.Rat]) {
	t.Helper()
	for i := range b.States {
		s := b.State(i)
		for p := range players {
			if x, y := a.Value(s)[p], b.Value(s)[p]; x.Cmp(y) != 0 {
				t.Fatalf("%s: state %d player %d: %v, %v", what, s, p, x, y)
			}
		}
		ra, fa, _ := a.Reward(s)
		rb, fb, _ := b.Reward(s)
		if fa != fb || (fa && ra.Cmp(rb) != 0) {
			t.Fatalf("%s: state %d: reward %v (finite %v), %v (finite %v)", what, s, ra, fa, rb, fb)
		}
		ca, _, _ := a.Choice(s)
		cb, _, _ := b.Choice(s)
		if ca != cb {
			t.Fatalf("%s: state %d: choices %d, %d", what, s, ca, cb)
		}
	}
}

// denseGame is one strongly connected component of n decision states of
// one player, two actions each, three targets a third each (about one
// target in twenty leads out, to a payoff of 0 or 1): the shape of the
// exact linear algebra benchmark of issue #21.
func denseGame(n int) *game {
	rng := rand.New(rand.NewPCG(uint64(n), 21))
	g := &game{players: 1}
	third := big.NewRat(1, 3)
	for range n {
		g.owner = append(g.owner, 0)
		g.pay = append(g.pay, nil)
		var acts [][]engine.Outcome[int]
		for range 2 {
			var outs []engine.Outcome[int]
			for range 3 {
				to := rng.IntN(n)
				if rng.IntN(20) == 0 {
					to = n + rng.IntN(2)
				}
				outs = append(outs, engine.Outcome[int]{P: third, To: to})
			}
			acts = append(acts, outs)
		}
		g.acts = append(g.acts, acts)
	}
	for k := range 2 {
		g.owner = append(g.owner, engine.Terminal)
		g.pay = append(g.pay, []*big.Rat{big.NewRat(int64(k), 1)})
		g.acts = append(g.acts, nil)
	}
	return g
}

// BenchmarkDenseExact solves denseGame exactly: by p-adic lifting, and
// (400 states only) by elimination over the rationals as before lifting.
func BenchmarkDenseExact(b *testing.B) {
	for _, c := range []struct {
		n    int
		lift bool
	}{{400, true}, {2000, true}, {400, false}} {
		name := fmt.Sprintf("lifted/%d", c.n)
		if !c.lift {
			name = fmt.Sprintf("eliminated/%d", c.n)
		}
		b.Run(name, func(b *testing.B) {
			opt := engine.Options{}
			if !c.lift {
				opt = engine.Tuned(opt, engine.LiftMin(1<<30))
			}
			g := denseGame(c.n)
			for b.Loop() {
				if _, err := engine.Solve[int, *big.Rat](context.Background(), numeric.Exact{}, g, opt); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// Exact mode's improvement step sums exactly only the actions that a float
// bound cannot rule out. Two ways out of a cycle worth 1/2 and 1/2 + 2^-100
// round to the same float64: both must reach the exact comparison, and the
// better one wins whichever comes first; exactly tied, the first wins (the
// tie rule).
func TestExactChoiceBeyondFloat(t *testing.T) {
	t.Parallel()
	eps := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), 100))
	half := big.NewRat(1, 2)
	more := new(big.Rat).Add(half, eps)
	for _, tc := range []struct {
		name         string
		first, other *big.Rat
		want         string // the chosen action
	}{
		{"better second", half, more, "b"},
		{"better first", more, half, "a"},
		{"tied", half, half, "a"},
	} {
		// A: "a" or "b" wins with the given probability, else play goes
		// to C, which returns to A or loses, 1/2 each.
		m := parse(t, fmt.Sprintf(`{"players": 1, "start": "A", "states": [
			{"id": "A", "player": 0, "actions": [
				{"name": "a", "outcomes": [{"p": "%s", "to": "W"}, {"p": "%s", "to": "C"}]},
				{"name": "b", "outcomes": [{"p": "%s", "to": "W"}, {"p": "%s", "to": "C"}]}]},
			{"id": "C", "chance": [{"p": "1/2", "to": "A"}, {"p": "1/2", "to": "L"}]},
			{"id": "W", "payoff": [1]},
			{"id": "L", "payoff": [0]}]}`,
			tc.first.RatString(), new(big.Rat).Sub(big.NewRat(1, 1), tc.first).RatString(),
			tc.other.RatString(), new(big.Rat).Sub(big.NewRat(1, 1), tc.other).RatString()))
		ex, err := engine.Solve[int32, *big.Rat](context.Background(), numeric.Exact{}, m, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		best := tc.first
		if tc.want == "b" {
			best = tc.other
		}
		// v = p + (1-p)/2 v, so v = 2p/(1+p).
		want := new(big.Rat).Quo(new(big.Rat).Add(best, best), new(big.Rat).Add(big.NewRat(1, 1), best))
		ratEq(t, tc.name, ex.Value(0)[0], want.RatString())
		if _, name, ok := ex.Choice(0); !ok || name != tc.want {
			t.Errorf("%s: chose %q, want %q", tc.name, name, tc.want)
		}
	}
}

// stopAfter is a context that is done from its n-th look on: a stop at a
// chosen point of a long computation, the same on every run.
type stopAfter struct {
	context.Context
	mu    sync.Mutex
	looks int
}

func (c *stopAfter) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.looks--; c.looks < 0 {
		return context.Canceled
	}
	return nil
}

// An exact solve stopped anywhere, in the exact rounds' evaluations (on
// two goroutines, level by level), their improvement steps (split between
// two) or anywhere else, returns the context's error and never a result:
// a half-done evaluation must not pass for a settled policy. Stopped late
// enough, it finishes, with the values of an unstopped solve.
func TestExactStopsCleanly(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(17, 4))
	// From every node's last action, many rounds switch: a stop inside
	// one then leaves a policy that is not the optimum.
	opt := engine.Tuned(engine.Options{Options: solver.Options{Workers: 2}},
		engine.Levels(0, 1), engine.IncrementalFrom(0), engine.ImproveSplitFrom(2), engine.LookEvery(1), engine.SeedLast(true))
	stopped, finished := 0, 0
	for trial := range 8 {
		g := newRandomGame(rng, 2, 300+rng.IntN(300))
		g.passOn(rng)
		// The looks of a whole solve, to stop at points spread over it.
		all := &stopAfter{Context: context.Background(), looks: 1 << 30}
		want, err := engine.Solve[int, *big.Rat](all, numeric.Exact{}, g, opt)
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		// (Two goroutines look a varying number of times: twice as many
		// looks is sure to finish.)
		looks := 1<<30 - all.looks
		for k := range 42 {
			n := looks * k / 40
			ctx := &stopAfter{Context: context.Background(), looks: n}
			got, err := engine.Solve[int, *big.Rat](ctx, numeric.Exact{}, g, opt)
			if err != nil {
				if !errors.Is(err, context.Canceled) {
					t.Fatalf("trial %d, stop after %d looks: %v", trial, n, err)
				}
				stopped++
				continue
			}
			finished++
			sameExact(t, fmt.Sprintf("trial %d, stop after %d looks", trial, n), 2, got, want)
		}
	}
	if stopped < 20 || finished < 8 {
		t.Errorf("%d stopped, %d finished: the test sees too few of one", stopped, finished)
	}
}
