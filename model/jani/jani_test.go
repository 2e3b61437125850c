package jani_test

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/model/jani"
	"github.com/gamesolve/gamesolve/solver"
)

func mustParse(t *testing.T, path string, consts map[string]string) *jani.Model {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m, err := jani.Parse(src, consts)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// check runs Check in both modes and returns the exact results by name,
// failing where float and exact disagree.
func check(t *testing.T, m *jani.Model) (map[string]jani.PropertyResult, int) {
	t.Helper()
	ex, err := m.Check(context.Background(), jani.Options{Exact: true})
	if err != nil {
		t.Fatal(err)
	}
	fl, err := m.Check(context.Background(), jani.Options{})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]jani.PropertyResult{}
	for i, p := range ex.Properties {
		f := fl.Properties[i]
		if p.Infinite != f.Infinite || p.Skipped != f.Skipped {
			t.Errorf("%s: exact and float disagree: %+v, %+v", p.Name, p, f)
		}
		if p.Exact != nil {
			if x, _ := p.Exact.Float64(); x != f.Value {
				t.Errorf("%s: exact %s, float %v", p.Name, p.Exact.RatString(), f.Value)
			}
		}
		out[p.Name] = p
	}
	return out, ex.States
}

// want is an exact value ("" for skipped, "inf" for infinite).
func expect(t *testing.T, got map[string]jani.PropertyResult, want map[string]string) {
	t.Helper()
	for name, w := range want {
		p, ok := got[name]
		switch {
		case !ok:
			t.Errorf("%s: missing", name)
		case w == "":
			if p.Skipped == "" {
				t.Errorf("%s: computed, want skipped", name)
			}
		case w == "true" || w == "false":
			if p.Holds == nil || fmt.Sprint(*p.Holds) != w {
				t.Errorf("%s: %+v, want %s", name, p, w)
			}
		case w == "inf":
			if !p.Infinite {
				t.Errorf("%s = %v, want infinite", name, p.Exact)
			}
		default:
			r, _ := new(big.Rat).SetString(w)
			if p.Exact == nil || p.Exact.Cmp(r) != 0 {
				t.Errorf("%s = %v (skipped %q, infinite %t), want %s", name, p.Exact, p.Skipped, p.Infinite, w)
			}
		}
	}
}

// TestDie: Knuth and Yao's die, a DTMC. Each face has probability 1/6,
// and the expected number of flips E satisfies E = 3 + E/4 (three flips
// decide a face, except that from states 3 and 6 half the flips loop back
// one level up), E = 11/3; the published figures for the PRISM example.
// Within 3 steps a face is reached except on the 2 of 8 flip sequences
// that loop back: 3/4.
func TestDie(t *testing.T) {
	m := mustParse(t, "../../docs/examples/knuth_die.jani", nil)
	got, states := check(t, m)
	if states != 13 {
		t.Errorf("states = %d, want 13 (7 coin states, 6 faces)", states)
	}
	expect(t, got, map[string]string{"face1": "1/6", "face2": "1/6", "face3": "1/6", "face4": "1/6", "face5": "1/6", "face6": "1/6", "flips": "11/3", "bounded": "3/4"})
}

// TestGamble: an MDP of two synchronised automata. From x = 0 a player
// plays safe (x := 1, a dead end) or risky (x := WIN or x := 0, 1/2 each);
// a counter counts moves up to 3. By hand: playing risky forever wins
// surely (Pmax 1), safe never (Pmin 0); winning while fewer than two moves
// were made is 1/2 + 1/4; ending (x ≥ 1) takes 1 move (safe) or 2 on
// average (risky); winning takes 2 moves at best and is never sure to
// come under safe play (Emax infinite).
func TestGamble(t *testing.T) {
	m := mustParse(t, "../../docs/examples/gamble.jani", map[string]string{"WIN": "2"})
	got, states := check(t, m)
	if states != 10 {
		t.Errorf("states = %d, want 10 (x in 0..2 with moves 0..3, less the unreachable)", states)
	}
	expect(t, got, map[string]string{
		"win_max": "1", "win_min": "0", "win_early": "3/4",
		"end_min": "2", "end_max": "2", "win_time_min": "2", "win_time_max": "inf", "sure": "true",
	})
}

// TestDTMCUniform: a DTMC state with two enabled edges takes each with
// probability 1/2, as PRISM does.
func TestDTMCUniform(t *testing.T) {
	src := `{"jani-version": 1, "name": "u", "type": "dtmc",
	 "variables": [{"name": "x", "type": {"kind": "bounded", "base": "int", "lower-bound": 0, "upper-bound": 3}, "initial-value": 0}],
	 "properties": [{"name": "one", "expression": {"op": "filter", "fun": "values", "states": {"op": "initial"},
	   "values": {"op": "Pmax", "exp": {"op": "F", "exp": {"op": "=", "left": "x", "right": 1}}}}}],
	 "automata": [{"name": "a", "locations": [{"name": "l"}], "initial-locations": ["l"], "edges": [
	   {"location": "l", "guard": {"exp": {"op": "=", "left": "x", "right": 0}}, "destinations": [{"location": "l", "assignments": [{"ref": "x", "value": 1}]}]},
	   {"location": "l", "guard": {"exp": {"op": "=", "left": "x", "right": 0}}, "destinations": [
	     {"location": "l", "probability": {"exp": 0.5}, "assignments": [{"ref": "x", "value": 2}]},
	     {"location": "l", "probability": {"exp": 0.5}, "assignments": [{"ref": "x", "value": 3}]}]}]}],
	 "system": {"elements": [{"automaton": "a"}]}}`
	m, err := jani.Parse([]byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	got, states := check(t, m)
	if states != 4 {
		t.Errorf("states = %d, want 4", states)
	}
	expect(t, got, map[string]string{"one": "1/2"})
}

// base is a valid model that the bad-input cases break in one place.
const base = `{"jani-version": 1, "name": "b", "type": "mdp", "features": ["derived-operators"],
 "functions": [{"name": "f", "type": "int", "parameters": [{"name": "p", "type": "int"}], "body": "p"}],
 "constants": [{"name": "N", "type": "int"}],
 "variables": [{"name": "x", "type": {"kind": "bounded", "base": "int", "lower-bound": 0, "upper-bound": "N"}, "initial-value": 0}],
 "properties": [{"name": "p", "expression": {"op": "filter", "fun": "values", "states": {"op": "initial"},
   "values": {"op": "Pmax", "exp": {"op": "F", "exp": {"op": "=", "left": "x", "right": "N"}}}}}],
 "automata": [{"name": "a", "locations": [{"name": "l"}], "initial-locations": ["l"], "edges": [
   {"location": "l", "guard": {"exp": {"op": "<", "left": "x", "right": "N"}}, "destinations": [{"location": "l", "assignments": [{"ref": "x", "value": {"op": "+", "left": "x", "right": 1}}]}]}]}],
 "system": {"elements": [{"automaton": "a"}]}}`

func TestBadInput(t *testing.T) {
	ok := map[string]string{"N": "3"}
	cases := []struct {
		name, from, to string
		consts         map[string]string
		want           string
		unsupported    bool
	}{
		{"nondet-selection", `"features": ["derived-operators"]`, `"features": ["derived-operators", "nondet-selection"]`, ok, `feature the string "nondet-selection"`, true},
		{"unknown key", `"constants"`, `"channels": [], "constants"`, ok, `"channels" is not supported`, true},
		{"undefined function", `"left": "x", "right": 1}`, `"left": "x", "right": {"op": "call", "function": "g", "args": []}}`, ok, `undefined function "g"`, false},
		{"function arity", `"left": "x", "right": 1}`, `"left": "x", "right": {"op": "call", "function": "f", "args": []}}`, ok, `function "f" takes 1 arguments, got 0`, false},
		{"arrays", `"features": ["derived-operators"]`, `"features": ["arrays"]`, ok, `"arrays"`, true},
		{"ctmc", `"type": "mdp"`, `"type": "ctmc"`, ok, `model type "ctmc" is not supported`, true},
		{"timed", `"type": "mdp"`, `"type": "pta"`, ok, `model type "pta"`, true},
		{"malformed JSON", `"system"`, `"system`, ok, "malformed JSON", false},
		{"undefined", `"right": "N"}}}}}`, `"right": "M"}}}}}`, ok, `undefined identifier "M"`, false},
		{"type error", `{"op": "<", "left": "x", "right": "N"}`, `{"op": "+", "left": "x", "right": "N"}`, ok, "guard: type error: want bool, got int", false},
		{"bool arith", `{"op": "+", "left": "x", "right": 1}`, `{"op": "+", "left": "x", "right": true}`, ok, `type error: "+" needs numbers`, false},
		{"missing const", "", "", nil, "constant \"N\" has no value: give it with --const N=VALUE", false},
		{"malformed const", "", "", map[string]string{"N": "three"}, "--const N=three: want an integer", false},
		{"unknown const", "", "", map[string]string{"N": "3", "K": "1"}, "--const K: the model has no open constant", false},
		{"restrict-initial type", `"system"`, `"restrict-initial": {"exp": 1}, "system"`, ok, "want bool, got int", false},
		{"unbounded", `{"kind": "bounded", "base": "int", "lower-bound": 0, "upper-bound": "N"}`, `"int"`, ok, "unbounded int variable", true},
		{"rate", `{"location": "l", "guard"`, `{"location": "l", "rate": {"exp": 1}, "guard"`, ok, `"rate" is not supported`, true},
		{"probability", `"destinations": [{"location": "l", "assignments"`, `"destinations": [{"location": "l", "probability": {"exp": 2}, "assignments"`, ok, "probability 2 is not in [0, 1]", false},
		{"no jani-version", `"jani-version": 1, `, ``, ok, `missing "jani-version"`, false},
	}
	for _, c := range cases {
		src := base
		if c.from != "" {
			if !strings.Contains(src, c.from) {
				t.Fatalf("%s: %q not in the base model", c.name, c.from)
			}
			src = strings.Replace(src, c.from, c.to, 1)
		}
		m, err := jani.Parse([]byte(src), c.consts)
		if err == nil {
			// An error inside a property is that property's alone.
			res, cerr := m.Check(context.Background(), jani.Options{})
			if cerr != nil || len(res.Properties) != 1 || res.Properties[0].Err == nil {
				t.Errorf("%s: no error (%v)", c.name, cerr)
				continue
			}
			err = res.Properties[0].Err
		}
		if !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %q, want one line containing %q", c.name, err, c.want)
		}
		if !errors.Is(err, solver.ErrInvalid) || errors.Is(err, jani.ErrUnsupported) != c.unsupported {
			t.Errorf("%s: %v: ErrInvalid %t, ErrUnsupported %t (want %t)", c.name, err, errors.Is(err, solver.ErrInvalid), errors.Is(err, jani.ErrUnsupported), c.unsupported)
		}
	}
}

// TestExplorationErrors: errors found while exploring name the edge.
func TestExplorationErrors(t *testing.T) {
	// x goes one past its bound.
	src := strings.Replace(base, `{"op": "<", "left": "x", "right": "N"}`, `{"op": "≤", "left": "x", "right": "N"}`, 1)
	m, err := jani.Parse([]byte(src), map[string]string{"N": "3"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = m.Check(context.Background(), jani.Options{})
	if err == nil || !errors.Is(err, solver.ErrInvalid) || !strings.Contains(err.Error(), `automaton "a", edge 0 (location "l"), destination 0: x := 4 is outside its bounds [0, 3]`) {
		t.Errorf("out of bounds: %v", err)
	}
	// Too many states for the budget.
	m, err = jani.Parse([]byte(base), map[string]string{"N": "1000000"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = m.Check(context.Background(), jani.Options{Engine: engine.Options{Memory: 1 << 20}})
	if !errors.Is(err, budget.ErrTooLarge) {
		t.Errorf("budget: %v", err)
	}
	// A property that is not there.
	if _, err := m.Check(context.Background(), jani.Options{Property: "q"}); err == nil || !strings.Contains(err.Error(), `no property "q"`) {
		t.Errorf("property: %v", err)
	}
	// Cancellation.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := m.Check(ctx, jani.Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

// FuzzParse: no input makes Parse or a small Check panic or hang.
func FuzzParse(f *testing.F) {
	for _, p := range []string{"../../docs/examples/knuth_die.jani", "../../docs/examples/gamble.jani"} {
		src, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src, "WIN=2")
	}
	f.Add([]byte(base), "N=3")
	f.Add([]byte(funcModel), "") // functions, recursion, automaton functions
	f.Fuzz(func(t *testing.T, src []byte, consts string) {
		cm := map[string]string{}
		for _, kv := range strings.Split(consts, ",") {
			if k, v, ok := strings.Cut(kv, "="); ok {
				cm[k] = v
			}
		}
		m, err := jani.Parse(src, cm)
		if err != nil {
			if !errors.Is(err, solver.ErrInvalid) {
				t.Fatalf("error does not wrap ErrInvalid: %v", err)
			}
			return
		}
		// A deadline: a mutated step bound of 2^40 is a long, legitimate
		// computation, not a hang.
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		defer cancel()
		_, _ = m.Check(ctx, jani.Options{Exact: true, Engine: engine.Options{MaxStates: 2000}})
	})
}

// TestRenormalize: probabilities 0.25 and 0.7500001
// (testdata/renormalize.jani) are refused, unless Renormalize accepts their
// distance from 1, when each is divided by their sum: P(F x=1) =
// 0.25/1.0000001 = 2500000/10000001 exactly; with 0.5 and 0.5000001,
// 5000000/10000001.
func TestRenormalize(t *testing.T) {
	src, err := os.ReadFile("testdata/renormalize.jani")
	if err != nil {
		t.Fatal(err)
	}
	halves := strings.NewReplacer("0.7500001", "0.5000001", `"exp": 0.25}`, `"exp": 0.5}`).Replace(string(src))
	for _, c := range []struct {
		src, want string
	}{{string(src), "2500000/10000001"}, {halves, "5000000/10000001"}} {
		m, err := jani.Parse([]byte(c.src), nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, tol := range []float64{0, 1e-8} {
			_, err := m.Check(context.Background(), jani.Options{Exact: true, Engine: engine.Options{Renormalize: tol}})
			if !errors.Is(err, solver.ErrInvalid) || !strings.Contains(err.Error(), "sum to 10000001/10000000, not 1") {
				t.Errorf("tolerance %g: %v, want the sum refused", tol, err)
			}
		}
		res, err := m.Check(context.Background(), jani.Options{Exact: true, Engine: engine.Options{Renormalize: 1e-5}})
		if err != nil {
			t.Fatal(err)
		}
		if got := res.Properties[0].Exact.RatString(); got != c.want || res.Renormalized != 1 {
			t.Errorf("renormalized: %s (%d edges), want %s (1 edge)", got, res.Renormalized, c.want)
		}
	}
}
