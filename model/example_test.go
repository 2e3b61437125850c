package model_test

import (
	"context"
	"fmt"
	"math/big"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/model"
	"github.com/gamesolve/gamesolve/numeric"
)

// A parsed model is engine rules; errors name the state, line and column.
func ExampleParse() {
	m, err := model.Parse([]byte(`{"players": 1, "start": "a", "states": [
		{"id": "a", "player": 0, "actions": [
			{"name": "safe", "outcomes": [{"p": 1, "to": "half"}]},
			{"name": "bold", "outcomes": [{"p": "0.6", "to": "win"}, {"p": "2/5", "to": "lose"}]}]},
		{"id": "half", "payoff": [0.5]}, {"id": "win", "payoff": [1]}, {"id": "lose", "payoff": [0]}]}`))
	if err != nil {
		panic(err)
	}
	res, err := engine.Solve[int32, *big.Rat](context.Background(), numeric.Exact{}, m, engine.Options{})
	if err != nil {
		panic(err)
	}
	_, action, _ := res.Choice(res.Start())
	fmt.Println(res.Value(res.Start())[0].RatString(), action)

	_, err = model.Parse([]byte(`{"players": 1, "start": "a", "states": [{"id": "a", "Payoff": [1]}]}`))
	fmt.Println(err)
	// Output:
	// 3/5 bold
	// model: line 1, column 53: state "a": unknown key "Payoff" (keys are spelled exactly as documented, in lower case)
}
