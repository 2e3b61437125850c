package engine_test

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/model"
	"github.com/gamesolve/gamesolve/numeric"
)

// slowRing is a ring of n states that play leaves with probability 1/5000
// a step: to a win (1) from state 0 under "bold", which also risks a loss
// (0) with probability 1/10000, or to a half (0.5) from every state. Value
// iteration's gap shrinks by about a 125th of itself a sweep, so it needs
// thousands of sweeps to 1e-12. With wait, states 0 and 1 may also pass
// play back and forth for ever (an end component, which pays 0 forever),
// and the best play from state 1 is back to state 0.
func slowRing(t *testing.T, n int, wait bool) engine.Rules[int32] {
	stay := ""
	if wait {
		stay = `, {"name": "wait", "outcomes": [{"p": 1, "to": "s1"}]}`
	}
	var b strings.Builder
	b.WriteString(`{"players": 1, "start": "s0", "states": [{"id": "win", "payoff": [1]}, {"id": "lose", "payoff": [0]}, {"id": "half", "payoff": [0.5]}`)
	for i := range n {
		next := fmt.Sprintf("s%d", (i+1)%n)
		if i == 0 {
			fmt.Fprintf(&b, `, {"id": "s0", "player": 0, "actions": [
				{"name": "bold", "outcomes": [{"p": "1/5000", "to": "win"}, {"p": "1/10000", "to": "lose"}, {"p": "9997/10000", "to": "%s"}]},
				{"name": "calm", "outcomes": [{"p": "1/5000", "to": "half"}, {"p": "4999/5000", "to": "%s"}]}%s]}`, next, next, stay)
			continue
		}
		if i == 1 && wait {
			fmt.Fprintf(&b, `, {"id": "s1", "player": 0, "actions": [
				{"name": "on", "outcomes": [{"p": "1/5000", "to": "half"}, {"p": "4999/5000", "to": "%s"}]},
				{"name": "back", "outcomes": [{"p": 1, "to": "s0"}]}]}`, next)
			continue
		}
		fmt.Fprintf(&b, `, {"id": "s%d", "chance": [{"p": "1/5000", "to": "half"}, {"p": "4999/5000", "to": "%s"}]}`, i, next)
	}
	b.WriteString("]}")
	return parse(t, b.String())
}

// Float mode switches a component whose sweeps converge slowly to an exact
// re-solve at sweep 256, within the work the sweeps were predicted still
// to take: here the component (40 states) is above ExactStates (10), which
// once left it unproven or to thousands of sweeps. The value is the exact
// value rounded. With the switch's work limit too small to finish, the
// sweeps go on and prove the value themselves; with the sweeps bounded
// below the switch, the component is re-solved after them, with as much
// exact work as they took. Above 16 times ExactStates there is no attempt.
// All of it with and without an end component in the ring.
func TestExactSwitch(t *testing.T) {
	t.Parallel()
	for _, wait := range []bool{false, true} {
		t.Run(fmt.Sprint("wait=", wait), func(t *testing.T) { checkSwitch(t, slowRing(t, 40, wait)) })
	}
}

func checkSwitch(t *testing.T, m engine.Rules[int32]) {
	ex, err := engine.Solve[int32, *big.Rat](context.Background(), numeric.Exact{}, m, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want, _ := ex.Value(ex.Start())[0].Float64()
	// solve solves in float mode, counting visits outcome visits a unit of
	// exact work (0: the engine's own rate).
	solve := func(visits float64, opt engine.Options) *engine.Result[int32, float64] {
		t.Helper()
		if opt.ExactStates == 0 {
			opt.ExactStates = 10 // the ring is above it, and within 16 times it
		}
		if visits > 0 {
			opt = engine.Tuned(opt, engine.ExactUnitVisits(visits))
		}
		fl, err := engine.Solve[int32, float64](context.Background(), numeric.Float{}, m, opt)
		if err != nil {
			t.Fatal(err)
		}
		return fl
	}
	fl := solve(0, engine.Options{})
	if got := fl.Value(fl.Start())[0]; got != want || fl.Resolved != 1 || fl.Unproven != 0 || fl.Sweeps > 300 {
		t.Errorf("switched: value %v (exact %v), resolved %d, unproven %d, sweeps %d; want the exact value, 1, 0, at most 300",
			got, want, fl.Resolved, fl.Unproven, fl.Sweeps)
	}
	chosen(t, "switched", m, fl)

	fl = solve(1e12, engine.Options{}) // a limit of one unit
	if got := fl.Value(fl.Start())[0]; got-want > 1e-12 || want-got > 1e-12 || fl.Resolved != 0 || fl.Unproven != 0 || fl.Sweeps < 1000 {
		t.Errorf("limit run out: value %v (exact %v), resolved %d, unproven %d, sweeps %d; want within 1e-12, 0, 0, over 1000",
			got, want, fl.Resolved, fl.Unproven, fl.Sweeps)
	}
	chosen(t, "limit run out", m, fl)

	// A small component (ExactStates 100) whose attempt ran out and whose
	// sweeps then stop unproven is still re-solved exactly, without limit:
	// the attempt's guard, and its error, are not the twin's any more.
	fl = solve(1e12, engine.Options{ExactStates: 100, MaxSweeps: 300})
	if got := fl.Value(fl.Start())[0]; got != want || fl.Resolved != 1 || fl.Unproven != 0 {
		t.Errorf("small, after a failed attempt: value %v (exact %v), resolved %d, unproven %d; want the exact value, 1, 0",
			got, want, fl.Resolved, fl.Unproven)
	}
	chosen(t, "small, after a failed attempt", m, fl)

	// Here the exact re-solve takes about 13,000 units, more than 100
	// sweeps' worth at the usual rate.
	fl = solve(0.05, engine.Options{MaxSweeps: 100})
	if got := fl.Value(fl.Start())[0]; got != want || fl.Resolved != 1 || fl.Unproven != 0 {
		t.Errorf("after the sweeps' bound: value %v (exact %v), resolved %d, unproven %d; want the exact value, 1, 0",
			got, want, fl.Resolved, fl.Unproven)
	}
	chosen(t, "after the sweeps' bound", m, fl)

	// More than 16 times ExactStates: no attempt, at the switch or after.
	fl = solve(0, engine.Options{ExactStates: 2})
	if got := fl.Value(fl.Start())[0]; got-want > 1e-12 || want-got > 1e-12 || fl.Resolved != 0 || fl.Unproven != 0 || fl.Sweeps < 1000 {
		t.Errorf("too large for an attempt: value %v (exact %v), resolved %d, unproven %d, sweeps %d; want within 1e-12, 0, 0, over 1000",
			got, want, fl.Resolved, fl.Unproven, fl.Sweeps)
	}
	fl = solve(0, engine.Options{ExactStates: 2, MaxSweeps: 100})
	if fl.Resolved != 0 || fl.Unproven != 1 {
		t.Errorf("too large for an attempt, sweeps bounded: resolved %d, unproven %d; want 0, 1", fl.Resolved, fl.Unproven)
	}
}

// chosen checks the ring's best play: bold at state 0, and back at state 1
// where it may.
func chosen(t *testing.T, what string, m engine.Rules[int32], fl *engine.Result[int32, float64]) {
	t.Helper()
	if _, name, _ := fl.Choice(fl.Start()); name != "bold" {
		t.Errorf("%s: state 0 chose %q, want bold", what, name)
	}
	mm := m.(*model.Model)
	s1 := int32(-1)
	for s := range int32(mm.NumStates()) {
		if mm.ID(s) == "s1" {
			s1 = s
		}
	}
	if _, name, ok := fl.Choice(s1); ok && name != "back" {
		t.Errorf("%s: state 1 chose %q, want back", what, name)
	}
}

// Float mode's exact re-solves use exact mode's fast sums (RatDot and
// Frac): on random games whose sweeps are cut short, so that every cycle
// is re-solved exactly, the values and choices are bit for bit those of
// the re-solves in the field's own arithmetic (ExactSums(false)).
func TestResolveSums(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(11, 12))
	opt := engine.Options{ExactStates: 1000, MaxSweeps: 2}
	resolved := 0
	for trial := range 200 {
		players := 1 + trial%2
		g := newRandomGame(rng, players, 3+rng.IntN(40))
		if trial%4 >= 2 {
			g.passOn(rng)
		}
		fast, err := engine.Solve[int, float64](context.Background(), numeric.Float{}, g, opt)
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		ref, err := engine.Solve[int, float64](context.Background(), numeric.Float{}, g, engine.Tuned(opt, engine.ExactSums(false)))
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		resolved += fast.Resolved
		if fast.Resolved != ref.Resolved {
			t.Fatalf("trial %d: %d components re-solved, %d with big.Rat sums", trial, fast.Resolved, ref.Resolved)
		}
		for i := range ref.States {
			s := ref.State(i)
			for p := range players {
				if x, y := fast.Value(s)[p], ref.Value(s)[p]; math.Float64bits(x) != math.Float64bits(y) {
					t.Fatalf("trial %d: state %d player %d: %v, %v with big.Rat sums", trial, s, p, x, y)
				}
			}
			rx, fx, _ := fast.Reward(s)
			ry, fy, _ := ref.Reward(s)
			if fx != fy || fx && math.Float64bits(rx) != math.Float64bits(ry) {
				t.Fatalf("trial %d: state %d: reward %v (finite %v), %v (finite %v) with big.Rat sums", trial, s, rx, fx, ry, fy)
			}
			_, a, _ := fast.Choice(s)
			_, b, _ := ref.Choice(s)
			if a != b {
				t.Fatalf("trial %d: state %d: chose %q, %q with big.Rat sums", trial, s, a, b)
			}
		}
	}
	if resolved < 100 {
		t.Errorf("only %d components re-solved exactly in 200 games", resolved)
	}
	t.Logf("%d components re-solved exactly", resolved)
}
