package model

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// The fast reader takes the files the documentation shows, and a million
// states (BenchmarkParse's rooms).
func TestFastDecodeTakesPlainFiles(t *testing.T) {
	for _, file := range []string{"die.json", "duel.json", "truel.json", "patience.json"} {
		data, err := os.ReadFile("../docs/examples/" + file)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := parseFast(data); !ok {
			t.Errorf("%s: left to the slow reader", file)
		}
	}
	// 8,000 states: past reserveAfter, so the arrays are sized by what
	// the first states took, and the model is the slow reader's.
	text := rooms(2000)
	fast, ok := parseFast(text)
	if !ok {
		t.Fatal("rooms: left to the slow reader")
	}
	f, err := decodeSlow(text)
	if err != nil {
		t.Fatal(err)
	}
	slow, err := build(text, f)
	if err != nil {
		t.Fatal(err)
	}
	if dump(fast) != dump(slow) {
		t.Error("rooms: the fast and slow readers build different models")
	}
	// "players" after "states" is left to the slow reader, which reads
	// it as any other order.
	late := []byte(`{"start":"a","states":[{"id":"a","chance":[{"p":1,"to":"b"}]},{"id":"b","payoff":[1,0]}],"players":2}`)
	if _, ok := parseFast(late); ok {
		t.Error(`"players" after "states" taken by the fast reader`)
	}
	if m, err := Parse(late); err != nil || m.Players() != 2 || m.ID(1) != "b" {
		t.Errorf(`"players" after "states": %v`, err)
	}
	// An escape and non-ASCII text are decoded as encoding/json does.
	m, ok := parseFast([]byte(`{"players":1,"start":"a\u00e9","states":[{"id":"a\u00e9","payoff":["1/2"],"comment":{"x":[1,{"y":null}]}}]}`))
	if !ok || m.ID(m.Start()) != "aé" {
		t.Errorf("escapes: %v", ok)
	}
}

// dump writes out everything a model holds, values as exact fractions:
// two models with one dump are the same game, whatever order their
// values were interned in.
func dump(m *Model) string {
	var b strings.Builder
	fmt.Fprintf(&b, "players %d %q start %d discount %v\n", m.Players(), m.PlayerNames(), m.Start(), m.Discount())
	for s := range int32(m.NumStates()) {
		owner, payoff, names, actions := m.State(s)
		fmt.Fprintf(&b, "%q %d %v %q tier %d", m.ID(s), owner, payoff, names, m.TierOf(s))
		for _, outs := range actions {
			for _, o := range outs {
				fmt.Fprintf(&b, " (%v %d %v)", o.P, o.To, o.Reward)
			}
			b.WriteString(" |")
		}
		b.WriteString("\n")
	}
	return b.String()
}

// FuzzFastDecode: whatever the text, the fast reader accepts it only where
// encoding/json and the key walker accept it too, and then into the same
// values.
func FuzzFastDecode(f *testing.F) {
	for _, file := range []string{"die.json", "duel.json", "truel.json", "patience.json"} {
		data, err := os.ReadFile("../docs/examples/" + file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
	}
	for _, s := range []string{
		`{"players":1,"start":"\"a\"","states":[{"id":"\"a\"","chance":[{"p":1,"to":"b\u00e9\/\t"}]},{"id":"b\u00e9/\t","payoff":["\u0031/2"]},{"id":"\ud83d\ude00\ud800x","payoff":[1]}]}`,
		`{"players":1,"start":"b","states":[{"id":"a","chance":[{"p":"1/2","to":"b"},{"p":"0.5","to":"c","reward":"0.5"}]},{"id":"b","chance":[{"p":1,"to":"a"}]},{"id":"c","payoff":["1/2"]}]}`,
		`{"players":["A","B"],"start":"a","states":[{"id":"a","player":1,"actions":[{"name":"x","outcomes":[{"p":"1/2","to":"a","reward":-1.5e3},{"p":0.5,"to":"b"}]}]},{"id":"b","chance":[{"p":1,"to":"a"}],"comment":[1,"x",{}]},{"id":"c","payoff":[1,"2/3"]}]}`,
		`{"players":1,"start":"a","states":[{"id":"a","Payoff":[1]}]}`,
		`{"players":1,"start":"a","states":[{"id":"a","payoff":[1],"payoff":[2]}]}`,
		`{"players":1,"start":"a","states":[{"id":"\ud800","payoff":[01]}]}`,
		`{"players":1,"start":null,"states":[{"id":"a","player":1e0,"actions":[]}]}`,
		"{\"players\":1,\"start\":\"a\xff\",\"states\":[{\"id\":\"a\",\"payoff\":[1]}]} ",
		`{"players":1,"start":"a","states":[{"id":"a","tier":0,"chance":[{"p":1,"to":"b"}]},{"id":"b","tier":4194303,"payoff":[1]}]}`,
		`{"players":1,"start":"a","states":[{"id":"a","tier":1e0,"payoff":[1]}]}`,
		`{"players":1,"start":"a","states":[{"id":"a","tier":-0,"payoff":[1]},{"id":"b","payoff":[1]}]}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		data := []byte(text)
		fast, ok := parseFast(data)
		if !ok {
			return
		}
		f, err := decodeSlow(data)
		if err != nil {
			t.Fatalf("the fast reader accepts what the slow one refuses: %v", err)
		}
		slow, err := build(data, f)
		if err != nil {
			t.Fatalf("the fast reader builds what the slow one refuses: %v", err)
		}
		if a, b := dump(fast), dump(slow); a != b {
			t.Fatalf("fast %s\nslow %s", a, b)
		}
		if strings.TrimSpace(text) == "" {
			t.Fatal("empty text accepted")
		}
	})
}
