package budget_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/gamesolve/gamesolve/budget"
)

// A long loop counts its work with a Guard and stops at the first reason:
// here the context is cancelled after 10,000 steps.
func ExampleGuard() {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	g := budget.NewGuard(ctx, 0)
	steps := 0
	for ; ; steps++ {
		if steps == 10_000 {
			cancel()
		}
		if err := g.Tick(1); err != nil {
			fmt.Println(errors.Is(err, context.Canceled), steps >= 10_000, steps < 10_000+4096)
			return
		}
	}
	// Output: true true true
}

// An estimate over the budget is refused up front, naming what and how much.
func ExampleEstimate_CheckWithin() {
	e := budget.Estimate{What: "a table of 10^9 cells", Bytes: 8e9}
	fmt.Println(e.CheckWithin(1 << 30))
	// Output: instance too large: a table of 10^9 cells needs about 7.5 GiB of memory, 1.0 GiB available
}
