package jani_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/model/jani"
	"github.com/gamesolve/gamesolve/solver"
)

// openConsts has four open constants, each visible to the ones after it;
// its properties report them: x counts to N with probability p per step,
// and the rewards read K and b.
const openConsts = `{"jani-version": 1, "name": "c", "type": "dtmc",
 "constants": [{"name": "N", "type": "int"}, {"name": "p", "type": "real"}, {"name": "K", "type": "int"}, {"name": "b", "type": "bool"}],
 "variables": [{"name": "x", "type": {"kind": "bounded", "base": "int", "lower-bound": 0, "upper-bound": 20}, "initial-value": 0},
   {"name": "r", "type": "real", "transient": true, "initial-value": 0}],
 "properties": [
  {"name": "steps", "expression": {"op": "filter", "fun": "values", "states": {"op": "initial"},
   "values": {"op": "Emax", "exp": "r", "accumulate": ["steps"], "reach": {"op": "≥", "left": "x", "right": "N"}}}}],
 "automata": [{"name": "a", "locations": [{"name": "l"}], "initial-locations": ["l"], "edges": [
   {"location": "l", "guard": {"exp": {"op": "<", "left": "x", "right": "N"}}, "destinations": [
     {"location": "l", "probability": {"exp": "p"}, "assignments": [{"ref": "x", "value": {"op": "+", "left": "x", "right": 1}}, {"ref": "r", "value": {"op": "ite", "if": "b", "then": "K", "else": 1}}]},
     {"location": "l", "probability": {"exp": {"op": "-", "left": 1, "right": "p"}}, "assignments": [{"ref": "r", "value": {"op": "ite", "if": "b", "then": "K", "else": 1}}]}]}]}],
 "system": {"elements": [{"automaton": "a"}]}}`

// A --const value may be an expression over the constants before it, in
// PRISM's syntax; its value is exact. The expected steps to count to N,
// each step paying K (or 1 unless b), are N·K/p.
func TestGivenExpressions(t *testing.T) {
	for _, c := range []struct{ consts, want string }{
		{"N=3, p=1/2, K=1, b=false", "6"},
		{"N=2*3, p=1/3, K=N-5, b=true", "18"},                              // 6·1/(1/3)
		{"N=3, p=0.1+0.2, K=N*N, b=N>2", "90"},                             // 3·9/(3/10)
		{"N=pow(2,2), p=min(1/2,3/4,1), K=mod(7,3), b=!(N=3) & true", "8"}, // 4·1/(1/2)
		{"N=4, p=1/(1+1), K=N>3 ? 2 : 3, b=N>=4 => K=2", "16"},
		{"N=floor(7/2), p=.5, K=-(-2), b=true", "12"},
		{"N=3, p=1e-1*5, K=ceil(1/3), b=false|true", "6"},
	} {
		consts, err := jani.ParseConsts(c.consts)
		if err != nil {
			t.Fatalf("%s: %v", c.consts, err)
		}
		m, err := jani.Parse([]byte(openConsts), consts)
		if err != nil {
			t.Errorf("%s: %v", c.consts, err)
			continue
		}
		res, err := m.Check(context.Background(), jani.Options{Exact: true})
		if err != nil || res.Properties[0].Exact == nil || res.Properties[0].Exact.RatString() != c.want {
			t.Errorf("%s: %v %+v, want %s", c.consts, err, res, c.want)
		}
	}
	for _, c := range []struct{ consts, want string }{
		{"N=1/2, p=1, K=1, b=true", "--const N=1/2: the value: type error: want int, got real"},
		{"N=2*, p=1, K=1, b=true", "--const N=2*: column 3: expected a value, found the end"},
		{"N=3, p=1, K=M, b=true", `--const K=M: want an integer`},
		{"N=3, p=1, K=N+M, b=true", `--const K=N+M: the value.right: undefined identifier "M"`},
		{"N=K, p=1, K=1, b=true", `--const N=K: want an integer`}, // K comes after N
		{"N=3, p=1, K=1, b=yes", "--const b=yes: want true or false"},
		{"N=3, p=1, K=1, b=(true", `--const b=(true: column 6: expected ")", found the end`},
		{"N=3, p=1, K=min(1), b=true", "--const K=min(1): column 1: min takes two or more arguments, not 1"},
		{"N=3, p=1, K=1 2, b=true", `--const K=1 2: column 3: expected an operator or the end, found "2"`},
		{"N=3, p=1, K=1, b=" + strings.Repeat("(", 300) + "true" + strings.Repeat(")", 300), "nests more than 200 deep"},
		{"N=3, p=1, K=1, b=" + strings.Repeat("true&", 300) + "true", "more than 200 terms in a row"},
		{"N=3, p=1, K=1, b=tru€", `column 4: expected an operator or the end, found "€"`},
	} {
		consts, err := jani.ParseConsts(c.consts)
		if err == nil {
			_, err = jani.Parse([]byte(openConsts), consts)
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%.60s: %v, want %q", c.consts, err, c.want)
		}
	}
}

// Commas inside parentheses belong to a value.
func TestParseConstsCommas(t *testing.T) {
	c, err := jani.ParseConsts("K=pow(2, 3), p=min(1/3, max(1/4, 1/5)),N=1")
	if err != nil || len(c) != 3 || c["K"] != "pow(2, 3)" || c["p"] != "min(1/3, max(1/4, 1/5))" || c["N"] != "1" {
		t.Errorf("%q %v", c, err)
	}
}

// FuzzGiven: any value either defines the constant or is refused with an
// error, never a panic; a model that takes it is checked or refused as
// invalid input (K may make the reward negative).
func FuzzGiven(f *testing.F) {
	for _, s := range []string{"1", "2*N", "min(1,2,3)", "(((1)))", "N>2 ? 1 : 2", "-.5e3", "!true", "1/0", "mod(1,0)", "pow(2,100)", "log(2,8)", "floor(-1/2)", "ceil(", "1e999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		consts, err := jani.ParseConsts("N=3, p=1/2, b=true, K=" + v)
		if err != nil {
			return
		}
		m, err := jani.Parse([]byte(openConsts), consts)
		if err != nil {
			if !errors.Is(err, solver.ErrInvalid) {
				t.Errorf("%q: %v does not wrap solver.ErrInvalid", v, err)
			}
			return
		}
		res, err := m.Check(context.Background(), jani.Options{Exact: true})
		if err == nil && res.Properties[0].Err != nil {
			err = res.Properties[0].Err
		}
		if err != nil && !errors.Is(err, solver.ErrInvalid) && !errors.Is(err, budget.ErrTooLarge) {
			t.Errorf("%q: %v", v, err)
		}
	})
}
