package engine_test

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/numeric"
)

// Long-run averages by hand. From S play goes to the periodic two-cycle
// A, B with 1/3 (half the time in A), to C, which stays in C with 1/2 and
// goes to D, which returns to C, with 1/2 (C two thirds of the time), with
// 1/3, and to the terminal E with 1/3. The fraction of time in A is 1/3 ·
// 1/2 = 1/6 from S, in C 1/3 · 2/3 = 2/9, in E 1/3; the reward per step
// (1 on the step out of A, 3 out of D) averages 1/3 · 1/2 + 1/3 · 3 · 1/3
// = 1/2 from S.
func TestLongRun(t *testing.T) {
	t.Parallel()
	m := parse(t, `{"players": 1, "start": "S", "states": [
		{"id": "S", "chance": [{"p": "1/3", "to": "A"}, {"p": "1/3", "to": "C"}, {"p": "1/3", "to": "E"}]},
		{"id": "A", "chance": [{"p": 1, "to": "B", "reward": 1}]},
		{"id": "B", "chance": [{"p": 1, "to": "A"}]},
		{"id": "C", "chance": [{"p": "1/2", "to": "C"}, {"p": "1/2", "to": "D"}]},
		{"id": "D", "chance": [{"p": 1, "to": "C", "reward": 3}]},
		{"id": "E", "payoff": [0]}]}`)
	ctx := context.Background()
	G, err := engine.Explore(ctx, m, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	indicator := func(id string) []*big.Rat {
		w := make([]*big.Rat, G.States())
		for i := range w {
			w[i] = new(big.Rat)
			if G.State(i) == lookup(m, id) {
				w[i].SetInt64(1)
			}
		}
		return w
	}
	start, _ := G.Lookup(lookup(m, "S"))
	for _, c := range []struct {
		w    []*big.Rat
		want string
	}{
		{indicator("A"), "1/6"}, {indicator("B"), "1/6"}, {indicator("C"), "2/9"}, {indicator("D"), "1/9"}, {indicator("E"), "1/3"}, {nil, "1/2"},
	} {
		ex, err := engine.LongRun(ctx, numeric.Exact{}, G, c.w, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		fl, err := engine.LongRun(ctx, numeric.Float{}, G, c.w, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		want, _ := new(big.Rat).SetString(c.want)
		wf, _ := want.Float64()
		if ex[start].Cmp(want) != 0 || fl[start]-wf > 1e-15 || wf-fl[start] > 1e-15 {
			t.Errorf("exact %s, float %v, want %s", ex[start].RatString(), fl[start], c.want)
		}
	}
	// A decision is refused.
	d := parse(t, `{"players": 1, "start": "S", "states": [
		{"id": "S", "player": 0, "actions": [{"name": "a", "outcomes": [{"p": 1, "to": "E"}]}, {"name": "b", "outcomes": [{"p": 1, "to": "E"}]}]},
		{"id": "E", "payoff": [0]}]}`)
	DG, _ := engine.Explore(ctx, d, engine.Options{})
	if _, err := engine.LongRun(ctx, numeric.Exact{}, DG, nil, engine.Options{}); err == nil {
		t.Error("a decision: no error")
	}
}

// LongRun tells progress in states, reaching every state of the chain at
// the end, and stops with the context's error when it is cancelled.
func TestLongRunProgress(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString(`{"players": 1, "start": "s0", "states": [`)
	const n = 3000 // a chain of single-state components into a two-state loop
	for i := range n {
		fmt.Fprintf(&b, `{"id": "s%d", "chance": [{"p": "1/2", "to": "s%d", "reward": 1}, {"p": "1/2", "to": "a"}]},`, i, min(i+1, n-1))
	}
	b.WriteString(`{"id": "a", "chance": [{"p": 1, "to": "b"}]}, {"id": "b", "chance": [{"p": 1, "to": "a", "reward": 2}]}]}`)
	m := parse(t, b.String())
	ctx := context.Background()
	G, err := engine.Explore(ctx, m, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var last, total int64
	reports := 0
	opt := engine.Options{}
	opt.Progress = func(done, all int64) {
		if done < last || done > all {
			t.Errorf("progress %d of %d after %d", done, all, last)
		}
		last, total = done, all
		reports++
	}
	vals, err := engine.LongRun(ctx, numeric.Exact{}, G, nil, opt)
	if err != nil {
		t.Fatal(err)
	}
	if last != int64(G.States()) || total != last || reports < 2 {
		t.Errorf("progress ended at %d of %d after %d reports, want %d of %d", last, total, reports, G.States(), G.States())
	}
	// Every state ends in the loop a–b, which earns 2 every other step.
	for i, v := range vals {
		if v.Cmp(big.NewRat(1, 1)) != 0 {
			t.Fatalf("state %d: %s, want 1", i, v.RatString())
		}
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := engine.LongRun(cancelled, numeric.Exact{}, G, nil, engine.Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v, want context.Canceled", err)
	}
}
