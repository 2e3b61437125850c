package engine

import (
	"github.com/gamesolve/gamesolve/numeric"
)

// kernels are a run's arithmetic for its innermost steps, chosen once, by
// newRun and exactTwin (chooseKernels), for the run's field and tuning, so
// that the steps do not ask at every call which field they are in:
//
//   - float64: compensated sums (solveOneFloat), and choices and
//     improvements that count values within the tie tolerance as tied;
//   - exact with the run's unreduced sums (tuning.exactSums; sums.go):
//     solveOneExact and qvalueExact, and exact choices (bestExact), for
//     exact mode and for float mode's exact twin alike;
//   - exact without them (the tests' ExactSums(false)):
//     the field's own arithmetic, solveOneField and qvalueField, the
//     reference implementations the fast ones are compared against bit for
//     bit (TestExactTwins).
type kernels[S comparable, T any, F numeric.Field[T]] struct {
	// solveOne solves state v, not a terminal, under action a (solveOne).
	solveOne func(r *run[S, T, F], v uint32, a int) (loops bool)
	// qvalue is action a's value in quotient q under x (qvalue).
	qvalue func(r *run[S, T, F], q *quotient[T], x []T, a int32, z T) T
	// improve is strategy iteration's improvement step for player p
	// (improve).
	improve func(r *run[S, T, F], q *quotient[T], x []T, sigma []int32, p int, minimize bool, final []int32, inc *rounds) bool
	// best is node i's first best action in tie order under x, xf being x
	// in float64 in exact mode (greedy); float mode keeps the incumbent inc
	// within the tie tolerance (improve), exact mode decides exactly.
	best func(r *run[S, T, F], q *quotient[T], x []T, xf []float64, i int, minimize bool, inc int32) int32
}

// chooseKernels returns the kernels of a run of problem p.
func chooseKernels[S comparable, T any, F numeric.Field[T]](p *problem[S, T, F]) kernels[S, T, F] {
	type R = run[S, T, F]
	switch {
	case !p.f.Exact():
		return kernels[S, T, F]{solveOne: (*R).solveOneFloat, qvalue: (*R).qvalueField, improve: (*R).improveTolerant, best: (*R).bestTolerant}
	case p.ratX != nil:
		return kernels[S, T, F]{solveOne: (*R).solveOneExact, qvalue: (*R).qvalueExact, improve: (*R).improveExact, best: (*R).bestFirst}
	}
	return kernels[S, T, F]{solveOne: (*R).solveOneField, qvalue: (*R).qvalueField, improve: (*R).improveExact, best: (*R).bestFirst}
}
