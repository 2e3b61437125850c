package octal_test

import (
	"context"
	"fmt"

	"github.com/gamesolve/gamesolve/cgt/octal"
	"github.com/gamesolve/gamesolve/solver"
)

// Kayles: knock down one pin or two adjacent ones. Its nim-values turn
// periodic with period 12 after n = 70, and the Guy–Smith theorem
// proves it from the values up to n = 167.
func Example() {
	c, _ := octal.Parse("0.77")
	g, _ := octal.Values(context.Background(), c, 200, solver.Options{Workers: 1})
	fmt.Println(g[:12])
	p := octal.Period(c, g)
	fmt.Println(p.Period, p.Preperiod, p.Certified, p.Needed)
	// Output:
	// [0 1 2 3 1 4 3 2 1 4 2 6]
	// 12 71 true 167
}
