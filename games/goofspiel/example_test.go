package goofspiel_test

import (
	"context"
	"fmt"

	"github.com/gamesolve/gamesolve/extensive"
	"github.com/gamesolve/gamesolve/games/goofspiel"
)

// Three cards, prizes in random order: a symmetric game, so its value is
// 0, here exact and certified.
func ExampleNew() {
	g, err := goofspiel.New(context.Background(), 3, goofspiel.Random)
	if err != nil {
		fmt.Println(err)
		return
	}
	pr, err := extensive.SolveZeroSum(context.Background(), g)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Sizes().Infosets, pr.Values[0].RatString(), pr.Equilibrium())
	// Output:
	// [45 45] 0 true
}
