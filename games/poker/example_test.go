package poker_test

import (
	"context"
	"fmt"

	"github.com/gamesolve/gamesolve/extensive"
	"github.com/gamesolve/gamesolve/games/poker"
)

// Kuhn poker's exact value, certified by an exact best response for each
// player.
func ExampleKuhn() {
	pr, err := extensive.SolveZeroSum(context.Background(), poker.Kuhn())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("P1's value:", pr.Values[0].RatString(), "exploitability:", pr.Exploitability.RatString())
	// Output:
	// P1's value: -1/18 exploitability: 0
}

// Leduc hold'em's sizes, to compare with OpenSpiel's (936 information
// states in all).
func ExampleLeduc() {
	sz := poker.Leduc().Sizes()
	fmt.Println("nodes", sz.Nodes, "terminals", sz.Terminals, "information sets", sz.Infosets, "sequences", sz.Sequences)
	// Output:
	// nodes 9457 terminals 5520 information sets [468 468] sequences [1093 1093]
}
