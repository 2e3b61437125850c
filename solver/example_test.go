package solver_test

import (
	"errors"
	"fmt"

	"github.com/gamesolve/gamesolve/solver"
)

// Errors about bad input wrap ErrInvalid, so a caller tells them from a
// refusal or a cancellation; Options.WorkerCount is the workers to use.
func Example() {
	err := fmt.Errorf("race: %w", solver.Invalidf("target %d is below 1", 0))
	fmt.Println(errors.Is(err, solver.ErrInvalid), err)
	fmt.Println(solver.Options{Workers: 3}.WorkerCount())
	// Output:
	// true race: target 0 is below 1
	// 3
}
