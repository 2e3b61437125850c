// Package cli is the gamesolve command line: one file per subcommand, with
// all output formatting in output.go. Commands parse flags, call a solver
// package, and print text or one JSON object; they never compute.
package cli
