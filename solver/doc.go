// Package solver holds what every solver in gamesolve shares: the error for
// malformed input (ErrInvalid), the options every Solve takes (Options), and
// the shape of progress reports (Progress). Resource refusals live in package
// budget (budget.ErrTooLarge).
package solver
