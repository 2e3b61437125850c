package cgt_test

import (
	"fmt"

	"github.com/gamesolve/gamesolve/cgt"
)

// Games are read in CGSuite's notation and kept in canonical form:
// {2|-1} is the switch 1/2±3/2. Adding ↑* leaves the stops (2 and -1)
// where they were, and the first player to move wins (N).
func Example() {
	g, err := cgt.Parse("{2|-1}")
	if err != nil {
		panic(err)
	}
	h, err := cgt.Parse("^*")
	if err != nil {
		panic(err)
	}
	sum, err := cgt.Add(g, h)
	if err != nil {
		panic(err)
	}
	left, right, err := sum.Stops()
	if err != nil {
		panic(err)
	}
	fmt.Println(g, h, sum.Outcome(), left.RatString(), right.RatString())
	// Output:
	// 1/2±3/2 ^* N 2 -1
}
