package report_test

import (
	"context"
	"errors"
	"testing"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/model/load"
	"github.com/gamesolve/gamesolve/report"
)

// Solve refuses each option on a format it does not apply to, and answers
// each format with its own result.
func TestSolveByFormat(t *testing.T) {
	ctx := context.Background()
	read := func(name, text, props string) *load.Model {
		t.Helper()
		m, err := load.Load(ctx, load.Source{Name: name, Data: []byte(text), Props: props})
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	plain := read("m.json", `{"players": 1, "start": "a", "states": [{"id": "a", "player": 0, "actions": [{"name": "x", "outcomes": [{"p": "1", "to": "b"}]}]}, {"id": "b", "payoff": [1]}]}`, "")
	prism := read("m.pm", "dtmc\nmodule m\n s : [0..1] init 0;\n [] s=0 -> (s'=1);\nendmodule\n", `P=? [ F s=1 ]`)
	bare := read("m.pm", "dtmc\nmodule m\n s : [0..1] init 0;\nendmodule\n", "")
	game := read("m.nfg", `NFG 1 R "" { "1" "2" } { 2 2 } 1 -1 -1 1 -1 1 1 -1`, "")
	renorm := report.Request{}
	renorm.Engine = engine.Options{Renormalize: 1e-5}
	for _, c := range []struct {
		name   string
		m      *load.Model
		req    report.Request
		option string
	}{
		{"policy, PRISM", prism, report.Request{Policy: true}, "policy"},
		{"choices, Gambit", game, report.Request{Choices: true}, "choices"},
		{"property, JSON", plain, report.Request{Property: "p"}, "property"},
		{"property, Gambit", game, report.Request{Property: "p"}, "property"},
		{"renormalize, JSON", plain, renorm, "renormalize"},
		{"all, PRISM", prism, report.Request{All: true}, "all"},
	} {
		_, err := report.Solve(ctx, c.m, c.req)
		var na *report.NotApplicableError
		if !errors.As(err, &na) || na.Option != c.option || na.Format != c.m.Format {
			t.Errorf("%s: %v, want %q refused for %q", c.name, err, c.option, c.m.Format)
		}
	}
	if _, err := report.Solve(ctx, bare, report.Request{}); !errors.Is(err, report.ErrNoProperties) {
		t.Errorf("a PRISM model without properties: %v", err)
	}
	for _, c := range []struct {
		m    *load.Model
		req  report.Request
		want string
	}{
		{plain, report.Request{Exact: true, Policy: true}, "1"},
		{prism, report.Request{Exact: true}, "1"},
		{game, report.Request{Exact: true, All: true}, "0"},
	} {
		r, err := report.Solve(ctx, c.m, c.req)
		if err != nil {
			t.Fatalf("%s: %v", c.m.Format, err)
		}
		var got string
		switch r := r.(type) {
		case *report.Model:
			got = r.ValuesExact[0]
			if r.Policy["a"] != "x" {
				t.Errorf("policy %v, want a: x", r.Policy)
			}
		case *report.JANI:
			got = *r.Properties[0].ValueExact
		case *report.Equilibrium:
			got = r.ValuesExact[0]
		}
		if got != c.want {
			t.Errorf("%s: value %s, want %s", c.m.Format, got, c.want)
		}
	}
}
