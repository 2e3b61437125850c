package model

import (
	"context"
	"errors"
	"fmt"
	"github.com/gamesolve/gamesolve/budget"
	"strings"
	"testing"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/solver"
)

const die = `{"players": 1, "start": "roll", "states": [
	{"id": "roll", "chance": [{"p": "1/6", "to": "six", "reward": 1}, {"p": "5/6", "to": "roll", "reward": 1}]},
	{"id": "six", "payoff": [1]}]}`

func TestParse(t *testing.T) {
	m, err := Parse([]byte("\xef\xbb\xbf" + die))
	if err != nil {
		t.Fatal(err)
	}
	if m.Players() != 1 || m.NumStates() != 2 || m.ID(m.Start()) != "roll" {
		t.Errorf("players %d, states %d, start %q", m.Players(), m.NumStates(), m.ID(m.Start()))
	}
	res, err := engine.Solve[int32, float64](context.Background(), numeric.Float{}, m, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r, _, _ := res.Reward(m.Start()); r != 6 {
		t.Errorf("expected rolls %v, want 6", r)
	}
}

// Every rejection names the problem (and the state where there is one).
func TestRejects(t *testing.T) {
	tests := []struct{ name, text, want string }{
		{"unknown target", `{"players":1,"start":"a","states":[{"id":"a","chance":[{"p":1,"to":"b"}]}]}`, `state "a": chance outcome 1: unknown target "b"`},
		{"unknown target later", "{\"players\":1,\"start\":\"a\",\"states\":[{\"id\":\"a\",\"payoff\":[1]},\n{\"id\":\"b\",\"player\":0,\"actions\":[{\"name\":\"x\",\"outcomes\":[{\"p\":1,\"to\":\"c\"}]},{\"name\":\"y\",\"outcomes\":[{\"p\":\"1/2\",\"to\":\"c\"},{\"p\":\"1/2\",\"to\":\"zz\"}]}]},{\"id\":\"c\",\"payoff\":[0]}]}", `line 2, column 1: state "b": action "y" outcome 2: unknown target "zz"`},
		{"reward then probability", `{"players":1,"start":"a","states":[{"id":"a","chance":[{"p":"1/2","to":"a","reward":"3/2"},{"p":"3/2","to":"a"}]}]}`, `state "a": chance outcome 2: probability 3/2 is not in (0, 1]`},
		{"sum", `{"players":1,"start":"a","states":[{"id":"a","chance":[{"p":"1/2","to":"a"},{"p":"1/3","to":"e"}]},{"id":"e","payoff":[0]}]}`, `state "a": chance: probabilities sum to 5/6, not 1`},
		{"negative", `{"players":1,"start":"a","states":[{"id":"a","chance":[{"p":"-1/2","to":"a"},{"p":"3/2","to":"e"}]},{"id":"e","payoff":[0]}]}`, `state "a": chance outcome 1: probability -1/2 is not in (0, 1]`},
		{"zero", `{"players":1,"start":"a","states":[{"id":"a","chance":[{"p":0,"to":"a"},{"p":1,"to":"e"}]},{"id":"e","payoff":[0]}]}`, `is not in (0, 1]`},
		{"duplicate", `{"players":1,"start":"a","states":[{"id":"a","payoff":[1]},{"id":"a","payoff":[0]}]}`, `state "a": duplicate id`},
		{"two kinds", `{"players":1,"start":"a","states":[{"id":"a","payoff":[1],"chance":[{"p":1,"to":"a"}]}]}`, `state "a": give exactly one of`},
		{"no kind", `{"players":1,"start":"a","states":[{"id":"a"}]}`, `state "a": give exactly one of`},
		{"payoff length", `{"players":2,"start":"a","states":[{"id":"a","payoff":[1]}]}`, `state "a": payoff has 1 entries, want 2`},
		{"player range", `{"players":2,"start":"a","states":[{"id":"a","player":2,"actions":[{"name":"x","outcomes":[{"p":1,"to":"a"}]}]}]}`, `state "a": player 2 out of range`},
		{"negative player", `{"players":2,"start":"a","states":[{"id":"a","player":-1,"actions":[{"name":"x","outcomes":[{"p":1,"to":"a"}]}]}]}`, `state "a": player -1 out of range`},
		{"empty actions", `{"players":1,"start":"a","states":[{"id":"a","player":0,"actions":[]}]}`, `state "a": empty action list`},
		{"player without actions", `{"players":1,"start":"a","states":[{"id":"a","player":0}]}`, `state "a": a decision needs both`},
		{"duplicate action", `{"players":1,"start":"a","states":[{"id":"a","player":0,"actions":[{"name":"x","outcomes":[{"p":1,"to":"a"}]},{"name":"x","outcomes":[{"p":1,"to":"a"}]}]}]}`, `duplicate action name "x"`},
		{"no outcomes", `{"players":1,"start":"a","states":[{"id":"a","player":0,"actions":[{"name":"x","outcomes":[]}]}]}`, `action "x" has no outcomes`},
		{"bad number", `{"players":1,"start":"a","states":[{"id":"a","chance":[{"p":"half","to":"a"}]}]}`, `probability "half" is not a number`},
		{"bad payoff", `{"players":1,"start":"a","states":[{"id":"a","payoff":["x"]}]}`, `payoff 1: "x" is not a number`},
		{"unknown start", `{"players":1,"start":"z","states":[{"id":"a","payoff":[1]}]}`, `start "z" is not a state id`},
		{"no players", `{"start":"a","states":[{"id":"a","payoff":[1]}]}`, `"players" is missing`},
		{"no states", `{"players":1,"start":"a","states":[]}`, `"states" is missing or empty`},
		{"unknown key", `{"players":1,"start":"a","states":[{"id":"a","payof":[1]}]}`, `line 1, column 46: state "a": unknown key "payof"`},
		{"key case", `{"players":1,"start":"a","states":[{"id":"a","Payoff":[1]}]}`, `state "a": unknown key "Payoff"`},
		{"ID", `{"players":1,"start":"a","states":[{"ID":"a","payoff":[1]}]}`, `line 1, column 37: state "a": unknown key "ID"`},
		{"duplicate key", `{"players":1,"start":"a","states":[{"id":"a","payoff":[1],"payoff":[2]}]}`, `state "a": key "payoff" is given twice`},
		{"duplicate p", `{"players":1,"start":"a","states":[{"id":"a","chance":[{"p":1,"p":1,"to":"a"}]}]}`, `state "a": key "p" is given twice`},
		{"duplicate top", `{"players":1,"players":2,"start":"a","states":[{"id":"a","payoff":[1]}]}`, `the model object: key "players" is given twice`},
		{"trailing", die + ` {}`, `text after the model object`},
		{"null", " null", `line 1, column 2: the model is a JSON object`},
		{"not json", `{"players":`, `line 1, column 12: the text ends inside the model object`},
		{"syntax", "{\"players\": 1,\n\"start\": \"a\",\n\"states\": [{\"id\": \"a\", \"payoff\": [1]}}", `line 3, column 38: invalid character '}' after array element`},
		{"type", "{\"players\": \"one\"}", `line 1, column 13: "players" must be an integer, or a list of the players' names (strings)`},
		{"names not strings", `{"players":["A",2],"start":"a","states":[{"id":"a","payoff":[1,0]}]}`, `line 1, column 12: "players" must be an integer, or a list`},
		{"name twice", `{"players":["A","A"],"start":"a","states":[{"id":"a","payoff":[1,0]}]}`, `"players": "A" is named twice`},
		{"empty name", `{"players":["A"," "],"start":"a","states":[{"id":"a","payoff":[1,0]}]}`, `"players": a player's name is empty`},
		{"no names", `{"players":[],"start":"a","states":[{"id":"a","payoff":[]}]}`, `"players" must be an integer from 1 to 1024, or a list of that many names`},
		{"state's place", "{\"players\":2,\"start\":\"a\",\"states\":[{\"id\":\"a\",\"payoff\":[1,0]},\n  {\"id\":\"b\",\"payoff\":[1]}]}", `line 2, column 3: state "b": payoff has 1 entries, want 2`},
		{"start's place", `{"players":1,"start":"z","states":[{"id":"a","payoff":[1]}]}`, `line 1, column 22: start "z" is not a state id`},
		// Ids go in the table a batch at a time: the first error in file
		// order is still the one reported.
		{"duplicate before another error", `{"players":1,"start":"a","states":[{"id":"a","payoff":[1]},{"id":"b","payoff":[1]},{"id":"a","payoff":[0]},{"id":"c","payoff":[1,2]}]}`, `line 1, column 84: state "a": duplicate id`},
		{"duplicate with another error", `{"players":1,"start":"a","states":[{"id":"a","payoff":[1]},{"id":"a","payoff":[1,2]}]}`, `state "a": duplicate id`},
		{"error before a duplicate", `{"players":1,"start":"a","states":[{"id":"a","payoff":[1]},{"id":"c","payoff":[1,2]},{"id":"a","payoff":[0]}]}`, `state "c": payoff has 2 entries, want 1`},
		{"duplicate's place", `{"players":1,"start":"a","states":[{"id":"a","payoff":[1]}, {"id":"a","payoff":[1]}]}`, `line 1, column 61: state "a": duplicate id`},
		{"names and payoff", `{"players":["A","B"],"start":"a","states":[{"id":"a","payoff":[1]}]}`, `payoff has 1 entries, want 2`},
		{"huge exponent", `{"players":1,"start":"a","states":[{"id":"a","payoff":[1e999999]}]}`, `has an exponent beyond ±999`},
		{"hexadecimal", `{"players":1,"start":"a","states":[{"id":"a","payoff":["0x1e5"]}]}`, `"0x1e5" is not a number`},
		{"binary", `{"players":1,"start":"a","states":[{"id":"a","payoff":["0b11e1"]}]}`, `"0b11e1" is not a number`},
		{"underscores", `{"players":1,"start":"a","states":[{"id":"a","payoff":["1_000e0"]}]}`, `"1_000e0" is not a number`},
		{"discount 1", `{"players":1,"start":"a","discount":1,"states":[{"id":"a","payoff":[1]}]}`, `line 1, column 37: "discount" 1 is not in (0, 1)`},
		{"discount 0", `{"players":1,"start":"a","discount":"0.0","states":[{"id":"a","payoff":[1]}]}`, `"discount" 0 is not in (0, 1)`},
		{"discount negative", `{"players":1,"start":"a","states":[{"id":"a","payoff":[1]}],"discount":"-1/2"}`, `"discount" -1/2 is not in (0, 1)`},
		{"discount text", `{"players":1,"start":"a","discount":"soon","states":[{"id":"a","payoff":[1]}]}`, `"discount" "soon" is not a number`},
		{"discount twice", `{"players":1,"start":"a","discount":0.5,"discount":0.5,"states":[{"id":"a","payoff":[1]}]}`, `key "discount" is given twice`},
		{"discount object", `{"players":1,"start":"a","discount":{},"states":[{"id":"a","payoff":[1]}]}`, `line 1, column 37: the model object: "discount": want a number or a string, not a JSON object`},
		{"null probability", `{"players":1,"start":"a","states":[{"id":"a","chance":[{"p":null,"to":"a"}]}]}`, `line 1, column 61: state "a": "p": want a number or a string, not a JSON null`},
		{"reward true", `{"players":1,"start":"a","states":[{"id":"a","chance":[{"p":1,"to":"a","reward":true}]}]}`, `state "a": "reward": want a number or a string, not a JSON true`},
		{"payoff entry null", `{"players":1,"start":"a","states":[{"id":"a","payoff":[1,null]}]}`, `line 1, column 58: state "a": "payoff": want a number or a string, not a JSON null`},
		{"300 digits", `{"players":1,"start":"a","states":[{"id":"a","chance":[{"p":"0.` + strings.Repeat("9", 300) + `","to":"a"}]}]}`, `has 301 digits, more than the 200 allowed`},
	}
	for _, tt := range tests {
		_, err := Parse([]byte(tt.text))
		if err == nil {
			t.Errorf("%s: accepted", tt.name)
			continue
		}
		if !errors.Is(err, solver.ErrInvalid) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v; want ErrInvalid and %q", tt.name, err, tt.want)
		}
		if strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: message has more than one line", tt.name)
		}
	}
}

// Targets are found by two goroutines in a large model: the error names
// the first unknown one in the file's order, whichever half it is in.
func TestUnknownTargetOfMany(t *testing.T) {
	const n = 70000
	var b strings.Builder
	b.WriteString(`{"players":1,"start":"s0","states":[`)
	for i := range n {
		to := fmt.Sprintf("s%d", i+1)
		switch i {
		case 20000:
			to = "nowhere"
		case 60000:
			to = "elsewhere"
		}
		if i == n-1 {
			fmt.Fprintf(&b, `{"id":"s%d","payoff":[1]}`, i)
		} else {
			fmt.Fprintf(&b, `{"id":"s%d","chance":[{"p":1,"to":%q}]},`, i, to)
		}
	}
	b.WriteString("]}")
	_, err := Parse([]byte(b.String()))
	if err == nil || !strings.Contains(err.Error(), `state "s20000": chance outcome 1: unknown target "nowhere"`) {
		t.Errorf("got %v", err)
	}
}

// Text the fast reader leaves to the general one, which decodes it whole
// first, is refused when that would not fit; text it takes is not.
func TestSlowReaderBudget(t *testing.T) {
	late := `{"states":[{"id":"a","payoff":[1]}],"start":"a","players":1}`
	if _, err := parse([]byte(late), func() uint64 { return 100 }); !errors.Is(err, budget.ErrTooLarge) || !strings.Contains(err.Error(), `"players" before "states"`) {
		t.Errorf("got %v", err)
	}
	if _, err := parse([]byte(late), func() uint64 { return 1 << 20 }); err != nil {
		t.Error(err)
	}
	if _, err := parse([]byte(die), func() uint64 { return 100 }); err != nil {
		t.Errorf("the fast reader's text: %v", err)
	}
}

// A model whose text alone shows it will not fit is refused before parsing.
func TestTooLarge(t *testing.T) {
	if _, err := readWithin(strings.NewReader(die), 1<<20); err != nil {
		t.Fatal(err)
	}
	_, err := readWithin(strings.NewReader(die), 1000)
	if !errors.Is(err, budget.ErrTooLarge) || !strings.Contains(err.Error(), "bytes per byte of text") {
		t.Errorf("got %v", err)
	}
}

func TestNumbers(t *testing.T) {
	for in, want := range map[string]string{"0.25": "1/4", "1/3": "1/3", "-2": "-2/1", "1e-3": "1/1000", "2.5E2": "250/1", "-1/2": "-1/2"} {
		r, err := number{in, true}.rat()
		if err != nil || r.String() != want {
			t.Errorf("%q: %v %v, want %s", in, r, err, want)
		}
	}
	for _, in := range []string{"", "--1", "1/-2", "1e", "0x1", "1e1000", "1/2e3"} {
		if r, err := (number{in, true}).rat(); err == nil {
			t.Errorf("%q accepted as %v", in, r)
		}
	}
}

// Fuzz the reader: never a panic; anything accepted solves or fails with
// a typed error.
func FuzzParse(f *testing.F) {
	f.Add(die)
	f.Add(`{"players":2,"start":"a","states":[{"id":"a","player":0,"actions":[{"name":"x","outcomes":[{"p":"1/2","to":"a"},{"p":0.5,"to":"e"}]}]},{"id":"e","payoff":[1,0]}]}`)
	f.Add(`{"players":1,"start":"a","states":[{"id":"a","chance":[{"p":"1e-2","to":"a"},{"p":"0.99","to":"e","reward":-3}]},{"id":"e","payoff":["-1/3"]}]}`)
	f.Fuzz(func(t *testing.T, text string) {
		m, err := Parse([]byte(text))
		if err != nil {
			if !errors.Is(err, solver.ErrInvalid) {
				t.Fatalf("error %v does not wrap ErrInvalid", err)
			}
			return
		}
		if m.NumStates() > 64 {
			return
		}
		_, err = engine.Solve[int32, float64](context.Background(), numeric.Float{}, m, engine.Options{MaxSweeps: 10000})
		if err != nil && !errors.Is(err, engine.ErrUnsupported) && !strings.Contains(err.Error(), "value iteration did not reach") {
			t.Fatalf("solve: %v", err)
		}
	})
}

// Long inputs are echoed cut short in messages.
func TestShortMessages(t *testing.T) {
	long := strings.Repeat("x", 10000)
	for _, text := range []string{
		`{"players":1,"start":"` + long + `","states":[{"id":"a","payoff":[1]}]}`,
		`{"players":1,"start":"a","states":[{"id":"a","chance":[{"p":1,"to":"` + long + `"}]}]}`,
		`{"players":1,"start":"a","states":[{"id":"a","payoff":["` + strings.Repeat("9", 10000) + `"]}]}`,
		`{"players":1,"start":"` + long + `","states":[{"id":"` + long + `","payoff":[1]},{"id":"` + long + `","payoff":[1]}]}`,
		`{"players":1,"start":"a","states":[{"id":"a","chance":[{"p":"1/` + strings.Repeat("7", 150) + `","to":"a"}]}]}`,
	} {
		_, err := Parse([]byte(text))
		if err == nil || len(err.Error()) > 300 {
			t.Errorf("error of %d characters: %.400v", len(fmt.Sprint(err)), err)
		}
	}
}
