package model

import (
	"os"
	"reflect"
	"strings"
	"testing"
)

// The fast reader takes the files the documentation shows, and a million
// states (BenchmarkParse's rooms).
func TestFastDecodeTakesPlainFiles(t *testing.T) {
	for _, file := range []string{"die.json", "duel.json", "truel.json"} {
		data, err := os.ReadFile("../docs/examples/" + file)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := decodeFast(data); !ok {
			t.Errorf("%s: left to the slow reader", file)
		}
	}
	if _, ok := decodeFast(rooms(200)); !ok {
		t.Error("rooms: left to the slow reader")
	}
	// An escape and non-ASCII text are decoded as encoding/json does.
	f, ok := decodeFast([]byte(`{"players":1,"start":"a\u00e9","states":[{"id":"a\u00e9","payoff":["1/2"],"comment":{"x":[1,{"y":null}]}}]}`))
	if !ok || *f.Start != "aé" || f.States[0].ID != "aé" {
		t.Errorf("escapes: %v %+v", ok, f)
	}
}

// FuzzFastDecode: whatever the text, the fast reader accepts it only where
// encoding/json and the key walker accept it too, and then into the same
// values.
func FuzzFastDecode(f *testing.F) {
	for _, file := range []string{"die.json", "duel.json", "truel.json"} {
		data, err := os.ReadFile("../docs/examples/" + file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
	}
	for _, s := range []string{
		`{"players":["A","B"],"start":"a","states":[{"id":"a","player":1,"actions":[{"name":"x","outcomes":[{"p":"1/2","to":"a","reward":-1.5e3},{"p":0.5,"to":"b"}]}]},{"id":"b","chance":[{"p":1,"to":"a"}],"comment":[1,"x",{}]},{"id":"c","payoff":[1,"2/3"]}]}`,
		`{"players":1,"start":"a","states":[{"id":"a","Payoff":[1]}]}`,
		`{"players":1,"start":"a","states":[{"id":"a","payoff":[1],"payoff":[2]}]}`,
		`{"players":1,"start":"a","states":[{"id":"\ud800","payoff":[01]}]}`,
		`{"players":1,"start":null,"states":[{"id":"a","player":1e0,"actions":[]}]}`,
		"{\"players\":1,\"start\":\"a\xff\",\"states\":[{\"id\":\"a\",\"payoff\":[1]}]} ",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		data := []byte(text)
		fast, ok := decodeFast(data)
		slow, err := decodeSlow(data)
		if !ok {
			return
		}
		if err != nil {
			t.Fatalf("the fast reader accepts what the slow one refuses: %v", err)
		}
		if !reflect.DeepEqual(fast, slow) {
			t.Fatalf("fast %+v\nslow %+v", fast, slow)
		}
		if strings.TrimSpace(text) == "" {
			t.Fatal("empty text accepted")
		}
	})
}
