package report_test

import (
	"context"
	"fmt"

	"github.com/gamesolve/gamesolve/model/load"
	"github.com/gamesolve/gamesolve/report"
)

// Solve answers a model read by load.Load, whatever its format: here a die
// rolled until a six, in gamesolve's JSON format, solved exactly.
func ExampleSolve() {
	text := `{"players": 1, "start": "roll", "states": [
		{"id": "roll", "chance": [{"p": "1/6", "to": "six", "reward": 1}, {"p": "5/6", "to": "roll", "reward": 1}]},
		{"id": "six", "payoff": [1]}]}`
	m, err := load.Load(context.Background(), load.Source{Name: "die.json", Data: []byte(text)})
	if err != nil {
		panic(err)
	}
	r, err := report.Solve(context.Background(), m, report.Request{Exact: true})
	if err != nil {
		panic(err)
	}
	res := r.(*report.Model)
	fmt.Println(m.Format, res.ValuesExact, *res.ExpectedRewardExact)
	// Output: json [1] 6
}
