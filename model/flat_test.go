package model

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/numeric"
)

// hidden is a model seen only as rules that number their states: the
// engine explores it state by state, as any rules.
type hidden struct{ m *Model }

func (h hidden) Players() int                                { return h.m.Players() }
func (h hidden) Start() int32                                { return h.m.Start() }
func (h hidden) Expand(s int32, n *engine.Node[int32]) error { return h.m.Expand(s, n) }
func (h hidden) Index(s int32) (int, bool)                   { return h.m.Index(s) }
func (h hidden) IndexLimit() int                             { return h.m.IndexLimit() }
func (h hidden) Describe(s int32) string                     { return h.m.Describe(s) }

// randomText writes a random model: states listed in a random order, some
// unreachable, probabilities and rewards under several texts of one value
// ("1/2" and "0.5", "0" and "0.0").
func randomText(rng *rand.Rand) string {
	players := 1 + rng.IntN(3)
	n := 2 + rng.IntN(30)
	perm := rng.Perm(n)
	halves := []string{`"1/2"`, `0.5`, `"0.50"`}
	var b strings.Builder
	fmt.Fprintf(&b, `{"players": %d, "start": "s%d", "states": [`, players, rng.IntN(n))
	for k, s := range perm {
		if k > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, `{"id": "s%d", `, s)
		outs := func() string {
			reward := []string{``, `, "reward": 0`, `, "reward": "0.0"`, `, "reward": 2`, `, "reward": "1/3"`}
			if rng.IntN(2) == 0 {
				return fmt.Sprintf(`{"p": 1, "to": "s%d"%s}`, rng.IntN(n), reward[rng.IntN(len(reward))])
			}
			return fmt.Sprintf(`{"p": %s, "to": "s%d"%s}, {"p": %s, "to": "s%d"%s}`,
				halves[rng.IntN(3)], rng.IntN(n), reward[rng.IntN(len(reward))], halves[rng.IntN(3)], rng.IntN(n), reward[rng.IntN(len(reward))])
		}
		switch kind := rng.IntN(4); {
		case kind == 0 || s == n-1:
			var pay []string
			for range players {
				pay = append(pay, []string{`0`, `1`, `"1/3"`, `"0.25"`}[rng.IntN(4)])
			}
			fmt.Fprintf(&b, `"payoff": [%s]}`, strings.Join(pay, ", "))
		case kind == 1:
			fmt.Fprintf(&b, `"chance": [%s]}`, outs())
		default:
			fmt.Fprintf(&b, `"player": %d, "actions": [`, rng.IntN(players))
			for a := range 1 + rng.IntN(3) {
				if a > 0 {
					b.WriteString(", ")
				}
				fmt.Fprintf(&b, `{"name": "a%d", "outcomes": [%s]}`, a, outs())
			}
			b.WriteString("]}")
		}
	}
	b.WriteString("]}")
	return b.String()
}

// sameGraph says where two explorations differ, or "".
func sameGraph(a, b *engine.Graph[int32]) string {
	if a.States() != b.States() || a.Players() != b.Players() {
		return fmt.Sprintf("%d states, %d", a.States(), b.States())
	}
	eq := func(x, y *big.Rat) bool { return x == nil && y == nil || x != nil && y != nil && x.Cmp(y) == 0 }
	var oa, ob []engine.Outcome[int]
	for i := range a.States() {
		if a.State(i) != b.State(i) || a.Name(i) != b.Name(i) || a.Owner(i) != b.Owner(i) || a.Actions(i) != b.Actions(i) {
			return fmt.Sprintf("state %d: %d %s %d, %d %s %d", i, a.State(i), a.Name(i), a.Owner(i), b.State(i), b.Name(i), b.Owner(i))
		}
		pa, pb := a.Payoff(i, nil), b.Payoff(i, nil)
		if len(pa) != len(pb) {
			return fmt.Sprintf("state %d: payoffs %v, %v", i, pa, pb)
		}
		for k := range pa {
			if !eq(pa[k], pb[k]) {
				return fmt.Sprintf("state %d: payoffs %v, %v", i, pa, pb)
			}
		}
		for act := range a.Actions(i) {
			var na, nb string
			na, oa = a.Action(i, act, oa)
			nb, ob = b.Action(i, act, ob)
			if na != nb || len(oa) != len(ob) {
				return fmt.Sprintf("state %d action %d: %q, %q", i, act, na, nb)
			}
			for k := range oa {
				if oa[k].To != ob[k].To || !eq(oa[k].P, ob[k].P) || !eq(oa[k].Reward, ob[k].Reward) {
					return fmt.Sprintf("state %d action %d outcome %d: %v, %v", i, act, k, oa[k], ob[k])
				}
			}
		}
	}
	return ""
}

// The engine adopts a model's arrays (engine.Flat) as the graph it would
// explore state by state: the same states in the same order with the same
// actions and values, and the same solution to the last bit, for models
// listed in any order (renumbered) and in the order play reaches them
// (Export's, shared as they are).
func TestFlatTwin(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	ctx := context.Background()
	solved := 0
	for run := range 400 {
		text := randomText(rng)
		m, err := Parse([]byte(text))
		if err != nil {
			t.Fatalf("run %d: %v\n%s", run, err, text)
		}
		if run%2 == 1 {
			// Written back in the order play reaches the states.
			var buf bytes.Buffer
			if _, err := Export(ctx, &buf, m, engine.Options{}, nil, ""); err != nil {
				t.Fatal(err)
			}
			if m, err = Parse(buf.Bytes()); err != nil {
				t.Fatal(err)
			}
		}
		flat, err := engine.Explore(ctx, m, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		plain, err := engine.Explore(ctx, hidden{m}, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if d := sameGraph(flat, plain); d != "" {
			t.Fatalf("run %d: %s\n%s", run, d, text)
		}
		opt := engine.Options{MaxSweeps: 100000}
		ff, err1 := engine.Solve[int32, float64](ctx, numeric.Float{}, m, opt)
		pf, err2 := engine.Solve[int32, float64](ctx, numeric.Float{}, hidden{m}, opt)
		if (err1 == nil) != (err2 == nil) {
			t.Fatalf("run %d: %v, %v", run, err1, err2)
		}
		if err1 != nil {
			continue
		}
		solved++
		fe, err1 := engine.Solve[int32, *big.Rat](ctx, numeric.Exact{}, m, opt)
		pe, err2 := engine.Solve[int32, *big.Rat](ctx, numeric.Exact{}, hidden{m}, opt)
		if err1 != nil || err2 != nil {
			t.Fatalf("run %d: exact %v, %v", run, err1, err2)
		}
		for i := range ff.States {
			for p := range m.Players() {
				if math.Float64bits(ff.Value(ff.State(i))[p]) != math.Float64bits(pf.Value(pf.State(i))[p]) {
					t.Fatalf("run %d state %d: float %v, %v", run, i, ff.Value(ff.State(i)), pf.Value(pf.State(i)))
				}
				if fe.Value(fe.State(i))[p].Cmp(pe.Value(pe.State(i))[p]) != 0 {
					t.Fatalf("run %d state %d: exact %v, %v", run, i, fe.Value(fe.State(i)), pe.Value(pe.State(i)))
				}
			}
			_, a1, _ := ff.Choice(ff.State(i))
			_, a2, _ := pf.Choice(pf.State(i))
			if a1 != a2 {
				t.Fatalf("run %d state %d: chooses %q, %q", run, i, a1, a2)
			}
		}
	}
	if solved < 200 {
		t.Errorf("only %d of 400 models solved", solved)
	}
}
