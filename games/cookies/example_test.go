package cookies_test

import (
	"context"
	"fmt"

	"github.com/gamesolve/gamesolve/games/cookies"
	"github.com/gamesolve/gamesolve/solver"
)

func ExampleCount() {
	for _, n := range []int{5, 16, 300} {
		c, err := cookies.Count(context.Background(), n, solver.Options{})
		if err != nil {
			panic(err)
		}
		fmt.Printf("C(%d) = %v\n", n, c)
	}
	// Output:
	// C(5) = 2
	// C(16) = 64
	// C(300) = 1527162658488196
}
