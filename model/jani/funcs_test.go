package jani_test

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/gamesolve/gamesolve/model/jani"
)

// funcModel is a DTMC counting x from 0 up to fib(4) = 3, where fib is a
// recursive function; each step succeeds with probability half() = 1/2
// (a function without parameters, real) and moves x to next(x) (an
// automaton's function calling a model function). By hand: each increment
// takes 2 steps in expectation, so reaching x = 3 takes 6, and happens
// surely. Calls in a guard (x < fib(4)), a probability, an assignment and
// a property (the goal x = fib(4)).
const funcModel = `{"jani-version": 1, "name": "f", "type": "dtmc", "features": ["derived-operators", "functions"],
 "functions": [
  {"name": "fib", "type": "int", "parameters": [{"name": "n", "type": "int"}],
   "body": {"op": "ite", "if": {"op": "<", "left": "n", "right": 2}, "then": "n",
            "else": {"op": "+", "left": {"op": "call", "function": "fib", "args": [{"op": "-", "left": "n", "right": 1}]},
                                "right": {"op": "call", "function": "fib", "args": [{"op": "-", "left": "n", "right": 2}]}}}},
  {"name": "half", "type": "real", "parameters": [], "body": {"op": "/", "left": 1, "right": 2}},
  {"name": "add", "type": {"kind": "bounded", "base": "int", "lower-bound": 0, "upper-bound": 9}, "parameters": [{"name": "a", "type": "int"}, {"name": "b", "type": "int"}], "body": {"op": "+", "left": "a", "right": "b"}}],
 "variables": [{"name": "x", "type": {"kind": "bounded", "base": "int", "lower-bound": 0, "upper-bound": 3}, "initial-value": 0},
   {"name": "steps", "type": "real", "transient": true, "initial-value": 0}],
 "properties": [
  {"name": "reach", "expression": {"op": "filter", "fun": "values", "states": {"op": "initial"}, "values": {"op": "Pmax", "exp": {"op": "F", "exp": {"op": "=", "left": "x", "right": {"op": "call", "function": "fib", "args": [4]}}}}}},
  {"name": "time", "expression": {"op": "filter", "fun": "values", "states": {"op": "initial"}, "values": {"op": "Emin", "exp": "steps", "accumulate": ["steps"], "reach": {"op": "=", "left": "x", "right": 3}}}}],
 "automata": [{"name": "a",
   "functions": [{"name": "next", "type": "int", "parameters": [{"name": "v", "type": "int"}], "body": {"op": "call", "function": "add", "args": ["v", 1]}}],
   "locations": [{"name": "l"}], "initial-locations": ["l"], "edges": [
   {"location": "l", "guard": {"exp": {"op": "<", "left": "x", "right": {"op": "call", "function": "fib", "args": [4]}}},
    "destinations": [
     {"location": "l", "probability": {"exp": {"op": "call", "function": "half", "args": []}}, "assignments": [{"ref": "x", "value": {"op": "call", "function": "next", "args": ["x"]}}, {"ref": "steps", "value": 1}]},
     {"location": "l", "probability": {"exp": {"op": "call", "function": "half", "args": []}}, "assignments": [{"ref": "steps", "value": 1}]}]}]}],
 "system": {"elements": [{"automaton": "a"}]}}`

func TestFunctions(t *testing.T) {
	m, err := jani.Parse([]byte(funcModel), nil)
	if err != nil {
		t.Fatal(err)
	}
	got, states := check(t, m)
	if states != 4 {
		t.Errorf("states = %d, want 4 (x from 0 to 3)", states)
	}
	expect(t, got, map[string]string{"reach": "1", "time": "6"})

	// A recursion without a base case stops with an error, not a crash.
	loop := strings.Replace(funcModel, `"then": "n",`, `"then": {"op": "call", "function": "fib", "args": ["n"]},`, 1)
	m, err = jani.Parse([]byte(loop), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.Check(context.Background(), jani.Options{}); err == nil || !strings.Contains(err.Error(), "nested more than 1000 deep") {
		t.Errorf("endless recursion: %v", err)
	}
	// Types are checked: a bool argument for an int parameter.
	bad := strings.Replace(funcModel, `"args": ["v", 1]`, `"args": ["v", true]`, 1)
	if _, err := jani.Parse([]byte(bad), nil); err == nil || !strings.Contains(err.Error(), `argument 2 of "add" has type bool`) {
		t.Errorf("bool argument: %v", err)
	}
}

// A function that calls itself twice, 60 deep (2^60 calls, well within
// the depth bound), in a guard: the evaluation stops at maxCalls with an
// error, and the check returns at once, whatever its deadline (before, it
// ran past --timeout and pinned a server's slot for good). With the
// recursion 20 deep (2^20 calls) it is answered: f is 0 everywhere.
func TestBranchingRecursion(t *testing.T) {
	text, err := os.ReadFile("testdata/function_exp.jani")
	if err != nil {
		t.Fatal(err)
	}
	m, err := jani.Parse(text, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	start := time.Now()
	_, err = m.Check(ctx, jani.Options{})
	t.Logf("stopped after %v: %v", time.Since(start).Round(time.Millisecond), err)
	if err == nil || !strings.Contains(err.Error(), `function "f": more than 4194304 calls`) {
		t.Errorf("2^60 calls: %v", err)
	}
	small := strings.Replace(string(text), `"right": 60`, `"right": 10`, 1)
	if m, err = jani.Parse([]byte(small), nil); err != nil {
		t.Fatal(err)
	}
	got, _ := check(t, m)
	expect(t, got, map[string]string{"p": "1"})
}

// Threshold queries on a coin that reaches the goal with probability 1/3
// (else a sink): P ≥ 1/3 holds and P > 1/3 does not, which float mode can
// decide only exactly (0.333… is within its error of 1/3); 1/2 > P (the
// constant on the left) holds; the expected steps to the goal are
// infinite (the sink), so E ≥ 5 holds and E < 5 does not.
func TestThresholds(t *testing.T) {
	q := func(name, op string, left, right string) string {
		return `{"name": "` + name + `", "expression": {"op": "filter", "fun": "values", "states": {"op": "initial"}, "values": {"op": "` + op + `", "left": ` + left + `, "right": ` + right + `}}}`
	}
	P := `{"op": "Pmax", "exp": {"op": "F", "exp": {"op": "=", "left": "x", "right": 1}}}`
	E := `{"op": "Emax", "exp": "s", "accumulate": ["steps"], "reach": {"op": "=", "left": "x", "right": 1}}`
	third := `{"op": "/", "left": 1, "right": 3}`
	src := `{"jani-version": 1, "name": "t", "type": "dtmc",
	 "variables": [{"name": "x", "type": {"kind": "bounded", "base": "int", "lower-bound": 0, "upper-bound": 2}, "initial-value": 0},
	   {"name": "s", "type": "real", "transient": true, "initial-value": 0}],
	 "properties": [` + q("ge", "≥", P, third) + `, ` + q("gt", ">", P, third) + `, ` + q("lt", ">", `{"op": "/", "left": 1, "right": 2}`, P) + `, ` +
		q("einf", "≥", E, "5") + `, ` + q("eless", "<", E, "5") + `],
	 "automata": [{"name": "a", "locations": [{"name": "l"}], "initial-locations": ["l"], "edges": [
	   {"location": "l", "guard": {"exp": {"op": "=", "left": "x", "right": 0}}, "destinations": [
	     {"location": "l", "probability": {"exp": ` + third + `}, "assignments": [{"ref": "x", "value": 1}, {"ref": "s", "value": 1}]},
	     {"location": "l", "probability": {"exp": {"op": "/", "left": 2, "right": 3}}, "assignments": [{"ref": "x", "value": 2}, {"ref": "s", "value": 1}]}]}]}],
	 "system": {"elements": [{"automaton": "a"}]}}`
	m, err := jani.Parse([]byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := check(t, m)
	expect(t, got, map[string]string{"ge": "true", "gt": "false", "lt": "true", "einf": "true", "eless": "false"})
	if k := got["ge"].Kind; k != "Pmax≥1/3" {
		t.Errorf("kind %q", k)
	}
}

// Sequenced assignments (JANI's assignment index): from x = 0, y = 1, the
// destination x := y (index 0) then y := x (index 1) leaves x = 1, y = 1:
// the second reads the x the first wrote. Without indices the two swap, to
// x = 1, y = 0. By hand: the sequenced model reaches x = y = 1 surely and
// never x = 1, y = 0; the simultaneous one the other way round.
func TestSequencedAssignments(t *testing.T) {
	model := func(index string) string {
		return `{"jani-version": 1, "name": "s", "type": "dtmc",
		 "variables": [{"name": "x", "type": {"kind": "bounded", "base": "int", "lower-bound": 0, "upper-bound": 1}, "initial-value": 0},
		   {"name": "y", "type": {"kind": "bounded", "base": "int", "lower-bound": 0, "upper-bound": 1}, "initial-value": 1},
		   {"name": "done", "type": "bool", "initial-value": false}],
		 "properties": [
		  {"name": "same", "expression": {"op": "filter", "fun": "values", "states": {"op": "initial"}, "values": {"op": "Pmax", "exp": {"op": "F", "exp": {"op": "∧", "left": "done", "right": {"op": "=", "left": "x", "right": "y"}}}}}},
		  {"name": "swapped", "expression": {"op": "filter", "fun": "values", "states": {"op": "initial"}, "values": {"op": "Pmax", "exp": {"op": "F", "exp": {"op": "∧", "left": "done", "right": {"op": "∧", "left": {"op": "=", "left": "x", "right": 1}, "right": {"op": "=", "left": "y", "right": 0}}}}}}}],
		 "automata": [{"name": "a", "locations": [{"name": "l"}], "initial-locations": ["l"], "edges": [
		   {"location": "l", "guard": {"exp": {"op": "¬", "exp": "done"}}, "destinations": [{"location": "l", "assignments": [
		     {"ref": "x", "value": "y"` + index + `}, {"ref": "y", "value": "x", "index": 1}, {"ref": "done", "value": true}]}]}]}],
		 "system": {"elements": [{"automaton": "a"}]}}`
	}
	m, err := jani.Parse([]byte(model("")), nil)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := check(t, m)
	expect(t, got, map[string]string{"same": "1", "swapped": "0"})
	// All at index 1: simultaneous again, a swap.
	m, err = jani.Parse([]byte(strings.ReplaceAll(model(`, "index": 1`), `{"ref": "done", "value": true}`, `{"ref": "done", "value": true, "index": 1}`)), nil)
	if err != nil {
		t.Fatal(err)
	}
	got, _ = check(t, m)
	expect(t, got, map[string]string{"same": "0", "swapped": "1"})
	// A variable assigned twice at one index is an error.
	twice := strings.Replace(model(""), `{"ref": "y", "value": "x", "index": 1}`, `{"ref": "x", "value": "x"}`, 1)
	m, err = jani.Parse([]byte(twice), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.Check(context.Background(), jani.Options{}); err == nil || !strings.Contains(err.Error(), "assigned twice") {
		t.Errorf("twice: %v", err)
	}
	if _, err := jani.Parse([]byte(strings.Replace(model(""), `"index": 1`, `"index": -1`, 1)), nil); err == nil {
		t.Error("negative index accepted")
	}
}

// State-exit rewards (accumulate ["exit"]): a coin in state x = 0 whose
// location sets cost <- 2 is flipped until heads (x := 1, the goal); each
// flip also assigns step <- 1 on the edge. By hand: 2 flips are expected,
// so the steps reward is 2, the exit reward (2 each time x = 0 is left) is
// 4, and both together 6.
func TestExitRewards(t *testing.T) {
	prop := func(name, acc string) string {
		return `{"name": "` + name + `", "expression": {"op": "filter", "fun": "values", "states": {"op": "initial"}, "values": {"op": "Emin", "exp": {"op": "+", "left": "cost", "right": "step"}, "accumulate": ` + acc + `, "reach": {"op": "=", "left": "x", "right": 1}}}}`
	}
	src := `{"jani-version": 1, "name": "e", "type": "dtmc", "features": ["state-exit-rewards"],
	 "variables": [{"name": "x", "type": {"kind": "bounded", "base": "int", "lower-bound": 0, "upper-bound": 1}, "initial-value": 0},
	   {"name": "cost", "type": "real", "transient": true, "initial-value": 0},
	   {"name": "step", "type": "real", "transient": true, "initial-value": 0}],
	 "properties": [` + prop("steps", `["steps"]`) + `, ` + prop("exit", `["exit"]`) + `, ` + prop("both", `["steps", "exit"]`) + `],
	 "automata": [{"name": "a", "locations": [{"name": "l", "transient-values": [{"ref": "cost", "value": {"op": "ite", "if": {"op": "=", "left": "x", "right": 0}, "then": 2, "else": 0}}]}], "initial-locations": ["l"], "edges": [
	   {"location": "l", "guard": {"exp": {"op": "=", "left": "x", "right": 0}}, "destinations": [
	     {"location": "l", "probability": {"exp": 0.5}, "assignments": [{"ref": "x", "value": 1}, {"ref": "step", "value": 1}]},
	     {"location": "l", "probability": {"exp": 0.5}, "assignments": [{"ref": "step", "value": 1}]}]}]}],
	 "system": {"elements": [{"automaton": "a"}]}}`
	m, err := jani.Parse([]byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := check(t, m)
	expect(t, got, map[string]string{"steps": "2", "exit": "4", "both": "6"})
}

// Several initial states: b has no initial value, so b = false and b =
// true are both initial. From b the goal is reached surely, else with
// probability 1/2 (a coin). The filters give min 1/2, max 1, sum 3/2 and
// avg 3/4; values differ, so values is skipped; restricting the initial
// states to b leaves one, whose value is 1.
func TestInitialStates(t *testing.T) {
	prop := func(name, fun string) string {
		return `{"name": "` + name + `", "expression": {"op": "filter", "fun": "` + fun + `", "states": {"op": "initial"}, "values": {"op": "Pmax", "exp": {"op": "F", "exp": {"op": "=", "left": "x", "right": 1}}}}}`
	}
	src := `{"jani-version": 1, "name": "i", "type": "dtmc",
	 "variables": [{"name": "x", "type": {"kind": "bounded", "base": "int", "lower-bound": 0, "upper-bound": 2}, "initial-value": 0},
	   {"name": "b", "type": "bool"}],
	 "properties": [` + prop("min", "min") + `, ` + prop("max", "max") + `, ` + prop("sum", "sum") + `, ` + prop("avg", "avg") + `, ` + prop("values", "values") + `],
	 "automata": [{"name": "a", "locations": [{"name": "l"}], "initial-locations": ["l"], "edges": [
	   {"location": "l", "guard": {"exp": {"op": "∧", "left": {"op": "=", "left": "x", "right": 0}, "right": "b"}}, "destinations": [{"location": "l", "assignments": [{"ref": "x", "value": 1}]}]},
	   {"location": "l", "guard": {"exp": {"op": "∧", "left": {"op": "=", "left": "x", "right": 0}, "right": {"op": "¬", "exp": "b"}}}, "destinations": [
	     {"location": "l", "probability": {"exp": 0.5}, "assignments": [{"ref": "x", "value": 1}]},
	     {"location": "l", "probability": {"exp": 0.5}, "assignments": [{"ref": "x", "value": 2}]}]}]}],
	 "system": {"elements": [{"automaton": "a"}]}}`
	m, err := jani.Parse([]byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	got, states := check(t, m)
	if states != 5 {
		t.Errorf("states = %d, want 5 (x = 0 with b both ways, x = 1 and 2 with b false, x = 1 with b true)", states)
	}
	expect(t, got, map[string]string{"min": "1/2", "max": "1", "sum": "3/2", "avg": "3/4", "values": ""})
	res, err := m.Check(context.Background(), jani.Options{})
	if err != nil || res.Initial != 2 {
		t.Errorf("initial states: %v, %v", res, err)
	}
	m, err = jani.Parse([]byte(strings.Replace(src, `"system"`, `"restrict-initial": {"exp": "b"}, "system"`, 1)), nil)
	if err != nil {
		t.Fatal(err)
	}
	got, _ = check(t, m)
	expect(t, got, map[string]string{"values": "1", "min": "1"})
}

// Step bounds: a fair coin flipped until two heads (x counts them). Two
// heads within 3 flips: 4/8 (HHx, HTH, THH); within 3 flips exclusive (2
// flips): 1/4; the heads counted in the first 3 flips (reward 1 per head
// while x < 2): E[min(H, 2)] for H ~ Bin(3, 1/2) = 3/8 + 2·(4/8) = 11/8.
func TestStepBounds(t *testing.T) {
	src := `{"jani-version": 1, "name": "k", "type": "dtmc",
	 "variables": [{"name": "x", "type": {"kind": "bounded", "base": "int", "lower-bound": 0, "upper-bound": 2}, "initial-value": 0},
	   {"name": "h", "type": "real", "transient": true, "initial-value": 0}],
	 "properties": [
	  {"name": "within3", "expression": {"op": "filter", "fun": "values", "states": {"op": "initial"}, "values": {"op": "Pmax", "exp": {"op": "F", "exp": {"op": "=", "left": "x", "right": 2}, "step-bounds": {"upper": 3}}}}},
	  {"name": "before3", "expression": {"op": "filter", "fun": "values", "states": {"op": "initial"}, "values": {"op": "Pmin", "exp": {"op": "U", "left": true, "right": {"op": "=", "left": "x", "right": 2}, "step-bounds": {"upper": 3, "upper-exclusive": true}}}}},
	  {"name": "heads", "expression": {"op": "filter", "fun": "values", "states": {"op": "initial"}, "values": {"op": "Emax", "exp": "h", "accumulate": ["steps"], "step-instant": 3}}}],
	 "automata": [{"name": "a", "locations": [{"name": "l"}], "initial-locations": ["l"], "edges": [
	   {"location": "l", "guard": {"exp": {"op": "<", "left": "x", "right": 2}}, "destinations": [
	     {"location": "l", "probability": {"exp": 0.5}, "assignments": [{"ref": "x", "value": {"op": "+", "left": "x", "right": 1}}, {"ref": "h", "value": 1}]},
	     {"location": "l", "probability": {"exp": 0.5}}]}]}],
	 "system": {"elements": [{"automaton": "a"}]}}`
	m, err := jani.Parse([]byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := check(t, m)
	expect(t, got, map[string]string{"within3": "1/2", "before3": "1/4", "heads": "11/8"})
	if k := got["within3"].Kind; k != "Pmax[≤3]" {
		t.Errorf("kind %q", k)
	}
}

// Reward bounds: a fair coin flipped until heads, each flip costing 1
// (a transient reward on the edge). Heads with at most 2 spent: 1 - 1/4 =
// 3/4; with less than 2 spent (exclusive): 1/2. The unfolding keeps the
// model's state count as the result's.
func TestRewardBounds(t *testing.T) {
	prop := func(name, exclusive string) string {
		return `{"name": "` + name + `", "expression": {"op": "filter", "fun": "values", "states": {"op": "initial"}, "values": {"op": "Pmin", "exp": {"op": "U", "left": true, "right": {"op": "=", "left": "x", "right": 1},
		  "reward-bounds": [{"accumulate": ["steps"], "exp": "cost", "bounds": {"upper": 2, "upper-exclusive": ` + exclusive + `}}]}}}}`
	}
	src := `{"jani-version": 1, "name": "r", "type": "dtmc",
	 "variables": [{"name": "x", "type": {"kind": "bounded", "base": "int", "lower-bound": 0, "upper-bound": 1}, "initial-value": 0},
	   {"name": "cost", "type": "real", "transient": true, "initial-value": 0}],
	 "properties": [` + prop("atmost2", "false") + `, ` + prop("below2", "true") + `],
	 "automata": [{"name": "a", "locations": [{"name": "l"}], "initial-locations": ["l"], "edges": [
	   {"location": "l", "guard": {"exp": {"op": "=", "left": "x", "right": 0}}, "destinations": [
	     {"location": "l", "probability": {"exp": 0.5}, "assignments": [{"ref": "x", "value": 1}, {"ref": "cost", "value": 1}]},
	     {"location": "l", "probability": {"exp": 0.5}, "assignments": [{"ref": "cost", "value": 1}]}]}]}],
	 "system": {"elements": [{"automaton": "a"}]}}`
	m, err := jani.Parse([]byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	got, states := check(t, m)
	if states != 2 {
		t.Errorf("states = %d, want the model's 2", states)
	}
	expect(t, got, map[string]string{"atmost2": "3/4", "below2": "1/2"})
	// A reward that is not a whole number cannot be unfolded.
	bad := strings.Replace(src, `{"ref": "cost", "value": 1}]},
	     {"location": "l", "probability": {"exp": 0.5}, "assignments": [{"ref": "cost", "value": 1}]}`, `{"ref": "cost", "value": 0.5}]},
	     {"location": "l", "probability": {"exp": 0.5}, "assignments": [{"ref": "cost", "value": 1}]}`, 1)
	m, err = jani.Parse([]byte(bad), nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := m.Check(context.Background(), jani.Options{})
	if err == nil {
		err = res.Properties[0].Err // that property's alone
	}
	if err == nil || !strings.Contains(err.Error(), "not a whole number") {
		t.Errorf("half a unit: %v", err)
	}
}

// Lower reward bounds (QVBS eajs's ProbUtil, F{rew≥U} φ): three flips of
// a coin, each head paying 1, the player choosing the coin before each
// flip: heads with 1/3 or 2/3. With the 1/3 coin, at least two heads has
// probability 3·(1/3)²·(2/3) + (1/3)³ = 7/27, and with the 2/3 coin
// 3·(2/3)²·(1/3) + (2/3)³ = 20/27 (Pmin, Pmax); more than one is the same
// event. Between one and two heads is least likely when the player aims,
// after the first flip, at three heads (after a head: the 2/3 coin twice,
// 4/9) or at none (after a tail: the 1/3 coin twice, tails 4/9): 1 - 4/9 =
// 5/9, less than any fixed coin's 2/3. The goal "a flip was made"
// holds after the first flip, with too little reward to count, and the
// path goes on through it: reaching it with at least two heads is again
// 7/27 and 20/27.
func TestLowerRewardBounds(t *testing.T) {
	prop := func(name, op, goal, bounds string) string {
		return `{"name": "` + name + `", "expression": {"op": "filter", "fun": "values", "states": {"op": "initial"}, "values": {"op": "` + op + `", "exp": {"op": "F", "exp": ` + goal + `,
		  "reward-bounds": [{"accumulate": ["steps"], "exp": "heads", "bounds": ` + bounds + `}]}}}}`
	}
	done := `{"op": "=", "left": "x", "right": 3}`
	flipped := `{"op": "≥", "left": "x", "right": 1}`
	src := `{"jani-version": 1, "name": "r", "type": "mdp",
	 "variables": [{"name": "x", "type": {"kind": "bounded", "base": "int", "lower-bound": 0, "upper-bound": 3}, "initial-value": 0},
	   {"name": "heads", "type": "real", "transient": true, "initial-value": 0}],
	 "properties": [` + strings.Join([]string{
		prop("min2", "Pmin", done, `{"lower": 2}`),
		prop("max2", "Pmax", done, `{"lower": 2}`),
		prop("min>1", "Pmin", done, `{"lower": 1, "lower-exclusive": true}`),
		prop("min1to2", "Pmin", done, `{"lower": 1, "upper": 2}`),
		prop("minflipped2", "Pmin", flipped, `{"lower": 2}`),
		prop("maxflipped2", "Pmax", flipped, `{"lower": 2}`),
	}, ", ") + `],
	 "automata": [{"name": "a", "locations": [{"name": "l"}], "initial-locations": ["l"], "edges": [
	   {"location": "l", "guard": {"exp": {"op": "<", "left": "x", "right": 3}}, "destinations": [
	     {"location": "l", "probability": {"exp": {"op": "/", "left": 1, "right": 3}}, "assignments": [{"ref": "x", "value": {"op": "+", "left": "x", "right": 1}}, {"ref": "heads", "value": 1}]},
	     {"location": "l", "probability": {"exp": {"op": "/", "left": 2, "right": 3}}, "assignments": [{"ref": "x", "value": {"op": "+", "left": "x", "right": 1}}]}]},
	   {"location": "l", "guard": {"exp": {"op": "<", "left": "x", "right": 3}}, "destinations": [
	     {"location": "l", "probability": {"exp": {"op": "/", "left": 2, "right": 3}}, "assignments": [{"ref": "x", "value": {"op": "+", "left": "x", "right": 1}}, {"ref": "heads", "value": 1}]},
	     {"location": "l", "probability": {"exp": {"op": "/", "left": 1, "right": 3}}, "assignments": [{"ref": "x", "value": {"op": "+", "left": "x", "right": 1}}]}]}]}],
	 "system": {"elements": [{"automaton": "a"}]}}`
	m, err := jani.Parse([]byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	got, states := check(t, m)
	if states != 4 {
		t.Errorf("states = %d, want the model's 4", states)
	}
	expect(t, got, map[string]string{"min2": "7/27", "max2": "20/27", "min>1": "7/27", "min1to2": "5/9", "minflipped2": "7/27", "maxflipped2": "20/27"})
	if k := got["min2"].Kind; k != "Pmin[reward≥2]" {
		t.Errorf("kind %q", k)
	}
	if k := got["min1to2"].Kind; k != "Pmin[1≤reward≤2]" {
		t.Errorf("kind %q", k)
	}
}
