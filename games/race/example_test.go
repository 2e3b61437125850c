package race_test

import (
	"context"
	"fmt"

	"github.com/gamesolve/gamesolve/games/race"
	"github.com/gamesolve/gamesolve/numeric"
)

// Project Euler 232: the chooser's optimal win probability at target 100.
func ExampleSolve() {
	r, err := race.Solve[float64](context.Background(), numeric.Float{}, race.PE232(100), race.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%.8f\n", r.Win)
	// Output: 0.83648556
}

// Exact arithmetic and the optimal policy: the chooser needs 2, the coin
// player 1, and the chooser moves first.
func ExampleSolve_exact() {
	g := race.Game{CoinTarget: 1, ChooserTarget: 2, First: race.Chooser}
	r, err := race.Solve(context.Background(), numeric.Exact{}, g, race.Options{Policy: true})
	if err != nil {
		panic(err)
	}
	fmt.Println(r.Win.RatString(), "with T =", r.Policy.At(1, 2))
	// Output: 2/5 with T = 2
}
