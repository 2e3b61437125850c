package model

import (
	"bytes"
	"context"
	"errors"
	"math/big"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/solver"
)

// solveExact returns the exact values and expected reward at the start.
func solveExact(t *testing.T, m *Model) ([]*big.Rat, *big.Rat) {
	t.Helper()
	res, err := engine.Solve[int32, *big.Rat](context.Background(), numeric.Exact{}, m, engine.Options{}) // a Discounter
	if err != nil {
		t.Fatal(err)
	}
	r, _, _ := res.Reward(m.Start())
	return res.Value(m.Start()), r
}

// Exporting a model and reading it back gives the same game: the same
// states, the same exact values and reward, every id and action kept.
func TestExportRoundTrip(t *testing.T) {
	for _, file := range []string{"truel.json", "duel.json", "die.json", "patience.json"} {
		t.Run(file, func(t *testing.T) {
			data, err := os.ReadFile("../docs/examples/" + file)
			if err != nil {
				t.Fatal(err)
			}
			m, err := Parse(data)
			if err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			n, err := Export(context.Background(), &b, m, engine.Options{}, m.PlayerNames(), "a <comment> & more")
			if err != nil {
				t.Fatal(err)
			}
			back, err := Parse(b.Bytes())
			if err != nil {
				t.Fatalf("%v\n%s", err, b.String())
			}
			if n != back.NumStates() || n != m.NumStates() {
				t.Errorf("states: exported %d, read back %d, original %d", n, back.NumStates(), m.NumStates())
			}
			if !strings.Contains(b.String(), `"comment": "a <comment> & more"`) {
				t.Errorf("comment not kept verbatim:\n%s", b.String())
			}
			v0, r0 := solveExact(t, m)
			v1, r1 := solveExact(t, back)
			for i := range v0 {
				if v0[i].Cmp(v1[i]) != 0 {
					t.Errorf("player %d: %s, read back %s", i, v0[i].RatString(), v1[i].RatString())
				}
			}
			if (r0 == nil) != (r1 == nil) || r0 != nil && r0.Cmp(r1) != 0 {
				t.Errorf("reward %v, read back %v", r0, r1)
			}
			// Ids are the model's own (IDer), not its Describer's quoted
			// names: a round trip keeps them (in the order of
			// exploration, the start first).
			ids := map[string]bool{}
			for i := range back.NumStates() {
				ids[back.ID(int32(i))] = true
			}
			for i := range m.NumStates() {
				if want := m.ID(int32(i)); !ids[want] {
					t.Errorf("no state %q", want)
				}
			}
			if d, e := m.Discount(), back.Discount(); (d == nil) != (e == nil) || d != nil && d.Cmp(e) != 0 {
				t.Errorf("discount %v, read back %v", d, e)
			}
			if back.ID(back.Start()) != m.ID(m.Start()) {
				t.Errorf("start %q, want %q", back.ID(back.Start()), m.ID(m.Start()))
			}
		})
	}
}

// rulesFunc are rules given as functions, to shape what Export meets.
type rulesFunc struct {
	players  int
	expand   func(s int, n *engine.Node[int]) error
	describe func(s int) string
	seeds    []int
}

func (r rulesFunc) Players() int                            { return r.players }
func (r rulesFunc) Start() int                              { return 0 }
func (r rulesFunc) Expand(s int, n *engine.Node[int]) error { return r.expand(s, n) }
func (r rulesFunc) Describe(s int) string                   { return r.describe(s) }
func (r rulesFunc) Seeds() []int                            { return r.seeds }

func TestExportNames(t *testing.T) {
	half := big.NewRat(1, 2)
	one := big.NewRat(1, 1)
	// Every state has the same name, and state 0's two actions too: ids
	// and action names are made unique, and the game is unchanged.
	r := rulesFunc{players: 1, describe: func(int) string { return "s" }, expand: func(s int, n *engine.Node[int]) error {
		switch s {
		case 0:
			n.Decide(0)
			n.Action("go", engine.Outcome[int]{P: half, To: 1, Reward: big.NewRat(-3, 7)}, engine.Outcome[int]{P: half, To: 2})
			n.Action("go", engine.Outcome[int]{P: one, To: 2})
			n.Action("", engine.Outcome[int]{P: one, To: 1})
		case 1:
			n.Terminal(big.NewRat(5, 3))
		default:
			n.Terminal(new(big.Rat))
		}
		return nil
	}}
	var b bytes.Buffer
	if _, err := Export(context.Background(), &b, r, engine.Options{}, nil, ""); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	for _, want := range []string{`"id": "s"`, `"id": "s#2"`, `"id": "s#3"`, `"name": "go"`, `"name": "go#2"`, `"name": "action"`, `"reward": "-3/7"`, `"payoff": ["5/3"]`, `"payoff": [0]`} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %s in\n%s", want, text)
		}
	}
	if strings.Contains(text, "comment") {
		t.Errorf("an empty comment is written:\n%s", text)
	}
	m, err := Parse(b.Bytes())
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	v, _ := solveExact(t, m)
	// "go" is worth 1/2 · 5/3, "go#2" 0, the unnamed third action 5/3.
	if v[0].Cmp(big.NewRat(5, 3)) != 0 {
		t.Errorf("value %s, want 5/3", v[0].RatString())
	}
}

func TestExportRefuses(t *testing.T) {
	one := big.NewRat(1, 1)
	huge := new(big.Rat).SetFrac(new(big.Int).Exp(big.NewInt(10), big.NewInt(200), nil), big.NewInt(3)) // 201 digits
	loop := func(reward *big.Rat) func(int, *engine.Node[int]) error {
		return func(s int, n *engine.Node[int]) error {
			if s == 0 {
				n.Chance(engine.Outcome[int]{P: one, To: 1, Reward: reward})
			} else {
				n.Terminal(one)
			}
			return nil
		}
	}
	name := func(int) string { return "x" }
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, c := range []struct {
		name  string
		ctx   context.Context
		rules rulesFunc
		want  string
		is    error
	}{
		{"several initial states", context.Background(), rulesFunc{players: 1, expand: loop(nil), describe: name, seeds: []int{1}}, "2 initial states", solver.ErrInvalid},
		{"a number too long", context.Background(), rulesFunc{players: 1, expand: loop(huge), describe: name}, "more digits than", solver.ErrInvalid},
		{"canceled", canceled, rulesFunc{players: 1, expand: loop(nil), describe: name}, "canceled", context.Canceled},
	} {
		t.Run(c.name, func(t *testing.T) {
			var b bytes.Buffer
			_, err := Export(c.ctx, &b, c.rules, engine.Options{}, nil, "")
			if err == nil || !strings.Contains(err.Error(), c.want) || !errors.Is(err, c.is) {
				t.Errorf("error %v, want %q wrapping %v", err, c.want, c.is)
			}
		})
	}
	// 200 digits a side is still read back.
	fine := new(big.Rat).SetFrac(new(big.Int).Sub(new(big.Int).Exp(big.NewInt(10), big.NewInt(200), nil), big.NewInt(1)), big.NewInt(7))
	var b bytes.Buffer
	if _, err := Export(context.Background(), &b, rulesFunc{players: 1, expand: loop(fine), describe: func(s int) string { return string(rune('a' + s)) }}, engine.Options{}, nil, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := Parse(b.Bytes()); err != nil {
		t.Errorf("a 200-digit reward is not read back: %v", err)
	}
}

// FuzzExport exports every model the reader accepts and reads it back:
// the export is always readable, has the reachable states, and solves to
// the same exact values and reward.
func FuzzExport(f *testing.F) {
	for _, file := range []string{"truel.json", "duel.json", "die.json"} {
		data, err := os.ReadFile("../docs/examples/" + file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
	}
	f.Add(`{"players":2,"start":"a","states":[{"id":"a","player":1,"actions":[{"name":"x","outcomes":[{"p":"1/3","to":"a","reward":"-2.5"},{"p":"2/3","to":"b"}]},{"name":"y","outcomes":[{"p":1,"to":"b"}]}]},{"id":"b","payoff":["1/7",-3]},{"id":"unreached","payoff":[1,1]}]}`)
	f.Fuzz(func(t *testing.T, text string) {
		m, err := Parse([]byte(text))
		if err != nil {
			return
		}
		opt := engine.Options{Memory: 256 << 20, MaxStates: 500, MaxRounds: 200, MaxSweeps: 20000}
		var b bytes.Buffer
		n, err := Export(context.Background(), &b, m, opt, m.PlayerNames(), text[:min(len(text), 40)])
		if err != nil {
			if !errors.Is(err, solver.ErrInvalid) && !strings.Contains(err.Error(), "too large") {
				t.Fatalf("undocumented error %v", err)
			}
			return
		}
		back, err := Parse(b.Bytes())
		if err != nil {
			t.Fatalf("the export is not read back: %v\n%s", err, b.String())
		}
		if !slices.Equal(back.PlayerNames(), m.PlayerNames()) {
			t.Fatalf("players %q, read back %q", m.PlayerNames(), back.PlayerNames())
		}
		if back.NumStates() != n || n > m.NumStates() {
			t.Fatalf("%d states exported, %d read back, %d listed", n, back.NumStates(), m.NumStates())
		}
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		defer cancel()
		r0, err0 := engine.Solve[int32, *big.Rat](ctx, numeric.Exact{}, m, opt)
		r1, err1 := engine.Solve[int32, *big.Rat](ctx, numeric.Exact{}, back, opt)
		if err0 != nil || err1 != nil {
			return // refused or out of time: the reader's tests cover those
		}
		v0, v1 := r0.Value(m.Start()), r1.Value(back.Start())
		for i := range v0 {
			if v0[i].Cmp(v1[i]) != 0 {
				t.Fatalf("player %d: %s, read back %s", i, v0[i].RatString(), v1[i].RatString())
			}
		}
		w0, f0, _ := r0.Reward(m.Start())
		w1, f1, _ := r1.Reward(back.Start())
		if f0 != f1 || f0 && w0.Cmp(w1) != 0 {
			t.Fatalf("reward %v (finite %t), read back %v (finite %t)", w0, f0, w1, f1)
		}
	})
}

// A model's own discount is written; a different Options.Discount is
// refused, not written over it.
func TestExportDiscount(t *testing.T) {
	data, err := os.ReadFile("../docs/examples/patience.json")
	if err != nil {
		t.Fatal(err)
	}
	m, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if _, err := Export(context.Background(), &b, m, engine.Options{Discount: big.NewRat(1, 2)}, nil, ""); !errors.Is(err, solver.ErrInvalid) {
		t.Errorf("a different discount: %v, want solver.ErrInvalid", err)
	}
	b.Reset()
	if _, err := Export(context.Background(), &b, m, engine.Options{Discount: big.NewRat(9, 10)}, nil, ""); err != nil || !strings.Contains(b.String(), `"discount": "9/10"`) {
		t.Errorf("the same discount: %v\n%s", err, b.String())
	}
}
