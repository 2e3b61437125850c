package jani_test

import (
	"context"
	"strings"
	"testing"

	"github.com/gamesolve/gamesolve/model/jani"
)

// A synchronised move combines the destinations of its edges, in every
// combination. On "step", automaton a sets x or y (1/2 each) and b either
// sets z (probability x: 0 here, so never), or ends (1/3), or ends and
// sets w (2/3). By hand: x and y are never both set (each combination
// starts from the state, not from the one before); x with w has
// probability 1/2 · 2/3 = 1/3, y without w 1/2 · 1/3 = 1/6; z never. Two
// automata that assign one variable in one move are refused.
func TestSynchronisedCombinations(t *testing.T) {
	model := func(bSets string) string {
		bit := func(name string) string {
			return `{"name": "` + name + `", "type": {"kind": "bounded", "base": "int", "lower-bound": 0, "upper-bound": 1}, "initial-value": 0}`
		}
		reach := func(name, cond string) string {
			return `{"name": "` + name + `", "expression": {"op": "filter", "fun": "values", "states": {"op": "initial"}, "values": {"op": "Pmax", "exp": {"op": "F", "exp": ` + cond + `}}}}`
		}
		and := func(a, b string) string { return `{"op": "∧", "left": ` + a + `, "right": ` + b + `}` }
		is := func(v string, k int) string {
			return `{"op": "=", "left": "` + v + `", "right": ` + string(rune('0'+k)) + `}`
		}
		return `{"jani-version": 1, "name": "sync", "type": "dtmc",
		 "actions": [{"name": "step"}],
		 "variables": [` + bit("x") + `, ` + bit("y") + `, ` + bit("z") + `, ` + bit("w") + `, {"name": "done", "type": "bool", "initial-value": false}],
		 "properties": [` + reach("both", and(is("x", 1), is("y", 1))) + `, ` + reach("xw", and(`"done"`, and(is("x", 1), is("w", 1)))) + `, ` +
			reach("y-alone", and(`"done"`, and(is("y", 1), is("w", 0)))) + `, ` + reach("z", is("z", 1)) + `],
		 "automata": [
		  {"name": "a", "locations": [{"name": "l"}], "initial-locations": ["l"], "edges": [
		   {"location": "l", "action": "step", "guard": {"exp": {"op": "¬", "exp": "done"}}, "destinations": [
		    {"location": "l", "probability": {"exp": 0.5}, "assignments": [{"ref": "x", "value": 1}]},
		    {"location": "l", "probability": {"exp": 0.5}, "assignments": [{"ref": "y", "value": 1}]}]}]},
		  {"name": "b", "locations": [{"name": "l"}], "initial-locations": ["l"], "edges": [
		   {"location": "l", "action": "step", "destinations": [
		    {"location": "l", "probability": {"exp": "x"}, "assignments": [{"ref": "z", "value": 1}]},
		    {"location": "l", "probability": {"exp": {"op": "/", "left": 1, "right": 3}}, "assignments": [{"ref": "done", "value": true}` + bSets + `]},
		    {"location": "l", "probability": {"exp": {"op": "-", "left": {"op": "/", "left": 2, "right": 3}, "right": "x"}}, "assignments": [{"ref": "done", "value": true}, {"ref": "w", "value": 1}]}]}]}],
		 "system": {"elements": [{"automaton": "a"}, {"automaton": "b"}],
		  "syncs": [{"synchronise": ["step", "step"], "result": "step"}]}}`
	}
	m, err := jani.Parse([]byte(model("")), nil)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := check(t, m)
	expect(t, got, map[string]string{"both": "0", "xw": "1/3", "y-alone": "1/6", "z": "0"})
	m, err = jani.Parse([]byte(model(`, {"ref": "y", "value": 0}`)), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.Check(context.Background(), jani.Options{}); err == nil || !strings.Contains(err.Error(), "variable y is assigned twice in one transition") {
		t.Errorf("y assigned by both automata: error %v", err)
	}
}
