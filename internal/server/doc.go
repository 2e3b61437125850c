// Package server is gamesolve's local web explorer: one page, embedded,
// and a JSON API that returns what the command line prints with --json.
//
// Every solve runs under a deadline and is cancelled through its context
// when the deadline passes or every client asking for it has gone.
// Identical requests in flight share one solve, and recent answers are
// kept, so that playing against a policy does not solve again. At most one
// solve per core runs at a time and a bounded number wait; beyond that the
// server answers 503 at once, so load stays bounded. Instance sizes and
// request bodies are capped. Only the embedded assets and the API are
// served.
package server
