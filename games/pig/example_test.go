package pig_test

import (
	"context"
	"fmt"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/games/pig"
	"github.com/gamesolve/gamesolve/numeric"
)

// Two-player Pig to 10, and Pig for three players to 2, where every face
// but 1 wins at once: the mover wins w = 5/6 + (1/6)³w = 36/43, the next
// player w/6 and the last w/36.
func ExampleSolveMany() {
	ctx := context.Background()
	two, err := pig.Solve(ctx, numeric.Exact{}, 10, engine.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Println("two players to 10: the first wins", two.Win.RatString())
	three, err := pig.SolveMany(ctx, numeric.Exact{}, 3, 2, engine.Options{})
	if err != nil {
		panic(err)
	}
	for p, w := range three.Win {
		fmt.Printf("three players to 2: player %d wins %s\n", p, w.RatString())
	}
	// Output:
	// two players to 10: the first wins 7776/10961
	// three players to 2: player 0 wins 36/43
	// three players to 2: player 1 wins 6/43
	// three players to 2: player 2 wins 1/43
}
