package liarsdice_test

import (
	"context"
	"fmt"

	"github.com/gamesolve/gamesolve/extensive"
	"github.com/gamesolve/gamesolve/games/liarsdice"
)

// One three-sided die each: P1's exact value, certified.
func ExampleNew() {
	g, err := liarsdice.New(context.Background(), 1, 3)
	if err != nil {
		fmt.Println(err)
		return
	}
	pr, err := extensive.SolveZeroSum(context.Background(), g)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(pr.Values[0].RatString(), pr.Exploitability.RatString())
	// Output:
	// 1/9 0
}
