// Package report holds what each of gamesolve's results shows, once: the
// values in float and exact form, tables and policy grids, and the JSON
// keys. Each Solve… function runs a game in float or exact arithmetic (the
// one place that branch is written) and returns a value whose JSON encoding
// is the command line's --json output, byte for byte, and whose Text method
// writes the command line's text. Solve answers a model file read by
// load.Load, whatever its format, from one Request. The command line, the pictures of
// "gamesolve plot" and the web explorer of "gamesolve serve" all render
// these values. The package does no I/O.
package report
