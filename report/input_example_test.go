package report_test

import (
	"context"
	"fmt"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/report"
)

// ParseInput reads a model file in either format; a plain model is then
// solved with SolveModel (a JANI one with CheckJANI).
func ExampleParseInput() {
	text := `{"players": 1, "start": "roll", "states": [
		{"id": "roll", "chance": [{"p": "1/6", "to": "six", "reward": 1}, {"p": "5/6", "to": "roll", "reward": 1}]},
		{"id": "six", "payoff": [1]}]}`
	in, err := report.ParseInput(context.Background(), report.Source{Name: "die.json", Data: []byte(text)})
	if err != nil {
		panic(err)
	}
	r, err := report.SolveModel(context.Background(), in.Plain, true, false, false, engine.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Println(in.JANI == nil, r.ValuesExact, *r.ExpectedRewardExact)
	// Output: true [1] 6
}
