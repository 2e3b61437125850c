package jani_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/model/jani"
)

// A constant whose exact value would have 2·10^8 bits is refused at once,
// naming the operation, instead of being computed for minutes.
func TestConstantSize(t *testing.T) {
	for _, c := range []struct{ value, want string }{
		{`{"op": "pow", "left": {"op": "pow", "left": 2.5, "right": 10000}, "right": 10000}`, "the exact result has about 232190000 bits, more than the 65536 allowed"},
		{`{"op": "*", "left": {"op": "pow", "left": 2.5, "right": 10000}, "right": {"op": "pow", "left": 3.5, "right": 10000}}`, "more than the 65536 allowed"},
	} {
		src := strings.Replace(base, `"constants": [`, `"constants": [{"name": "C", "type": "real", "value": `+c.value+`}, `, 1)
		_, err := jani.Parse([]byte(src), map[string]string{"N": "3"})
		if err == nil || !strings.Contains(err.Error(), c.want) || len(err.Error()) > 400 {
			t.Errorf("%s: %v", c.value, err)
		}
	}
}

// productModel is k automata that all move at once on action "a": with
// edges edges in each, one state has edges^k synchronised moves; with dests
// destinations per edge, dests^k outcomes.
func productModel(k, edges, dests int) string {
	var autos, elems, parts []string
	for i := range k {
		var es []string
		for range edges {
			var ds []string
			for range dests {
				ds = append(ds, fmt.Sprintf(`{"location": "l", "probability": {"exp": {"op": "/", "left": 1, "right": %d}}}`, dests))
			}
			es = append(es, fmt.Sprintf(`{"location": "l", "action": "a", "destinations": [%s]}`, strings.Join(ds, ",")))
		}
		autos = append(autos, fmt.Sprintf(`{"name": "a%d", "locations": [{"name": "l"}], "initial-locations": ["l"], "edges": [%s]}`, i, strings.Join(es, ",")))
		elems = append(elems, fmt.Sprintf(`{"automaton": "a%d"}`, i))
		parts = append(parts, `"a"`)
	}
	return fmt.Sprintf(`{"jani-version": 1, "name": "product", "type": "mdp", "actions": [{"name": "a"}],
		"variables": [], "properties": [], "automata": [%s],
		"system": {"elements": [%s], "syncs": [{"synchronise": [%s], "result": "a"}]}}`,
		strings.Join(autos, ","), strings.Join(elems, ","), strings.Join(parts, ","))
}

// One state of a product of 30 automata would have 2^30 moves or 2^30
// outcomes: counted before they are built, and refused as too large.
func TestProductSize(t *testing.T) {
	for _, c := range []struct{ edges, dests int }{{2, 1}, {1, 2}} {
		src := productModel(30, c.edges, c.dests)
		if !json.Valid([]byte(src)) {
			t.Fatal("test model is not JSON")
		}
		m, err := jani.Parse([]byte(src), nil)
		if err != nil {
			t.Fatal(err)
		}
		_, err = m.Check(context.Background(), jani.Options{})
		if !errors.Is(err, budget.ErrTooLarge) || !strings.Contains(err.Error(), "more than 1048576") {
			t.Errorf("%d edges, %d destinations: %v", c.edges, c.dests, err)
		}
	}
	// A small product is fine: 2^4 moves from the one state.
	m, err := jani.Parse([]byte(productModel(4, 2, 1)), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.Check(context.Background(), jani.Options{}); err != nil {
		t.Error(err)
	}
}

// pow with a fractional exponent: exact where the root is rational
// (pow(81/16, 1/4) = 3/2, pow(-27/8, 1/3) = -3/2, pow(0, 1/2) = 0,
// pow(4, 3/2) = 8); an irrational one (pow(2, 1/2), pow(-2, 1/3)) is
// rounded to the nearest float64 and recorded in Model.Rounded, which
// exact mode refuses; an even root of a negative number is not real. Each
// case sets N, the model's bound (N + 1 states).
func TestPowRoots(t *testing.T) {
	for _, c := range []struct {
		value    string
		states   int
		rounded  string
		parseErr string
	}{
		{`{"op": "floor", "exp": {"op": "*", "left": 2, "right": {"op": "pow", "left": {"op": "/", "left": 81, "right": 16}, "right": 0.25}}}`, 4, "", ""},
		{`{"op": "floor", "exp": {"op": "*", "left": -2, "right": {"op": "pow", "left": {"op": "/", "left": -27, "right": 8}, "right": {"op": "/", "left": 1, "right": 3}}}}`, 4, "", ""},
		{`{"op": "floor", "exp": {"op": "+", "left": 3, "right": {"op": "pow", "left": 0, "right": 0.5}}}`, 4, "", ""},
		{`{"op": "floor", "exp": {"op": "-", "left": {"op": "pow", "left": 4, "right": 1.5}, "right": 5}}`, 4, "", ""},
		{`{"op": "floor", "exp": {"op": "pow", "left": 2, "right": 0.5}}`, 2, `pow("2", 1/2)`, ""},
		{`{"op": "floor", "exp": {"op": "*", "left": -2, "right": {"op": "pow", "left": -2, "right": {"op": "/", "left": 1, "right": 3}}}}`, 3, `pow("-2", 1/3)`, ""},
		{`{"op": "floor", "exp": {"op": "pow", "left": -4, "right": 0.5}}`, 0, "", `pow("-4", 1/2): the result is not a real number`},
		// Logarithms: exact for an integer power of the base (log(8, 2)
		// = 3, log(1/9, 3) = -2: N = 3 + 2 + 1), else rounded.
		{`{"op": "floor", "exp": {"op": "+", "left": {"op": "log", "left": 8, "right": 2}, "right": {"op": "-", "left": 1, "right": {"op": "log", "left": {"op": "/", "left": 1, "right": 9}, "right": 3}}}}`, 7, "", ""},
		{`{"op": "floor", "exp": {"op": "log", "left": 10, "right": 2}}`, 4, `log("10", "2")`, ""},
	} {
		src := strings.Replace(base, `"constants": [{"name": "N", "type": "int"}]`, `"constants": [{"name": "N", "type": "int", "value": `+c.value+`}]`, 1)
		m, err := jani.Parse([]byte(src), nil)
		if c.parseErr != "" {
			if err == nil || !strings.Contains(err.Error(), c.parseErr) || !errors.Is(err, jani.ErrUnsupported) {
				t.Errorf("%s: %v, want %q", c.value, err, c.parseErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.value, err)
			continue
		}
		res, err := m.Check(context.Background(), jani.Options{})
		if err != nil || res.States != c.states || res.Rounded != c.rounded || m.Rounded() != c.rounded {
			t.Errorf("%s: %v, %d states, rounded %q; want %d states, rounded %q", c.value, err, res.States, res.Rounded, c.states, c.rounded)
		}
		_, err = m.Check(context.Background(), jani.Options{Exact: true})
		if refused := errors.Is(err, jani.ErrUnsupported) && strings.Contains(err.Error(), "irrational powers"); refused != (c.rounded != "") {
			t.Errorf("%s: exact: %v", c.value, err)
		}
	}
}
