// Package solver holds what every solver in gamesolve shares: the error for
// malformed input (ErrInvalid), the options every Solve takes (Options), and
// the shape of progress reports (Progress). Resource refusals live in package
// budget (budget.ErrTooLarge).
//
// # Options
//
// Every package's solvers follow one convention for their options:
//
//   - A solve takes the context first and its options last, as a value:
//     Solve(ctx, [field,] game, opt). The zero value means every default.
//     There are no package variables that tune a solver; what a test needs
//     to change is an unexported field of the options (engine's tuning).
//   - Options here are what every solver shares: Policy, Progress and
//     Workers. A solver with nothing more to set takes them as they are
//     (race.Options and chefs.Options are aliases; cookies.Count and
//     octal.Values take a solver.Options), one with more embeds them
//     (engine.Options), and a front end over another package's solver
//     holds that package's options in a field named for it
//     (jani.Options.Engine).
//   - Exactness is chosen by the numeric.Field type parameter where the
//     result is generic in it (engine.Solve, race.Solve, chefs.Solve). A
//     front end whose result holds both a float and an exact value
//     (jani.Check) takes Exact bool instead.
//   - Each Options type documents which fields do not apply to it (the
//     engine always keeps the policy; octal.Values reports no progress). A
//     field that would change the question, not just how it is answered,
//     is refused where it does not apply rather than ignored:
//     engine.Options.Discount outside Solve, and engine.Query.Instant
//     outside AnalyzeBounded, are errors.
package solver
