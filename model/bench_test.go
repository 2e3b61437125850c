package model

import (
	"bytes"
	"context"
	"fmt"
	"testing"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/numeric"
)

// rooms writes a model of R rooms of four states each. In room r the player
// takes the safe step (risk 1/1000), gambles (a chance cycle back into the
// room), or stops and is paid r/R.
func rooms(R int) []byte {
	var b bytes.Buffer
	b.WriteString(`{"players": 1, "start": "a0", "states": [` + "\n")
	next := func(r int) string {
		if r < R {
			return fmt.Sprintf("a%d", r)
		}
		return "win"
	}
	for r := range R {
		fmt.Fprintf(&b, `{"id":"a%d","player":0,"actions":[{"name":"safe","outcomes":[{"p":"999/1000","to":"%s","reward":1},{"p":"1/1000","to":"lose","reward":1}]},{"name":"gamble","outcomes":[{"p":1,"to":"c%d","reward":1}]},{"name":"stop","outcomes":[{"p":1,"to":"pay%d"}]}]},`+"\n", r, next(r+1), r, r)
		fmt.Fprintf(&b, `{"id":"c%d","chance":[{"p":"1/3","to":"%s"},{"p":"1/3","to":"a%d"},{"p":"1/4","to":"b%d"},{"p":"1/12","to":"lose"}]},`+"\n", r, next(r+2), r, r)
		fmt.Fprintf(&b, `{"id":"b%d","chance":[{"p":"1/2","to":"a%d"},{"p":"1/2","to":"%s","reward":3}]},`+"\n", r, r, next(r+1))
		fmt.Fprintf(&b, `{"id":"pay%d","payoff":["%d/%d"]},`+"\n", r, r, R)
	}
	b.WriteString(`{"id":"win","payoff":[1]},{"id":"lose","payoff":[0]}]}` + "\n")
	return b.Bytes()
}

// BenchmarkMillionStates reads and solves a model of 1,000,002 states
// (135 MB of JSON) in float mode.
func BenchmarkMillionStates(b *testing.B) {
	text := rooms(250_000)
	for b.Loop() {
		m, err := Parse(text)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := engine.Solve[int32, float64](context.Background(), numeric.Float{}, m, engine.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseMillion reads the million-state rooms model (135 MB of
// JSON) into a Model, without solving it.
func BenchmarkParseMillion(b *testing.B) {
	text := rooms(250_000)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if _, err := Parse(text); err != nil {
			b.Fatal(err)
		}
	}
}

// The rooms model, small: float and exact agree, and the solution is the
// one backward induction over rooms gives independently.
func TestRooms(t *testing.T) {
	const R = 200
	m, err := Parse(rooms(R))
	if err != nil {
		t.Fatal(err)
	}
	fl, err := engine.Solve[int32, float64](context.Background(), numeric.Float{}, m, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// By hand, room by room from the end: gamble's value g solves
	// g = 1/3 v(r+2) + 1/3 a + 1/4 b, b = 1/2 a + 1/2 v(r+1), with
	// a = max(safe, g, stop) the room's value, found by iterating.
	v := make([]float64, R+2)
	v[R], v[R+1] = 1, 1
	for r := R - 1; r >= 0; r-- {
		safe := 0.999 * v[r+1]
		stop := float64(r) / R
		a := 0.0
		for range 2000 {
			b := a/2 + v[r+1]/2
			g := v[r+2]/3 + a/3 + b/4
			a = max(safe, g, stop)
		}
		v[r] = a
	}
	if got := fl.Value(m.Start())[0]; got-v[0] > 1e-12 || v[0]-got > 1e-12 {
		t.Errorf("rooms: engine %v, by hand %v", got, v[0])
	}
}
