// Package server is gamesolve's local web explorer: one page, embedded,
// and a JSON API that returns what the command line prints with --json.
//
// Every solve runs under a deadline and is cancelled through its context
// when the deadline passes or every client asking for it has gone.
// Identical requests in flight share one solve, and recent answers are
// kept, so that playing against a policy does not solve again. At most one
// solve per core runs at a time and a bounded number wait; beyond that the
// server answers 503 at once, so load stays bounded. Instance sizes and
// request bodies are capped; a posted model is parsed inside its solve, so
// parsing takes a slot and has the deadline, and at most Slots+Queue
// bodies are read at once. Only the embedded assets and the API are
// served.
//
// # One user, one machine
//
// The explorer listens on loopback for the user who started it, and
// answers its own page only (Server.ServeHTTP):
//
//   - Host must name the address served, or localhost, 127.0.0.1 or [::1]
//     with its port: otherwise 421 Misdirected Request. This stops DNS
//     rebinding, where a page on another site points its own name at
//     127.0.0.1 to read the answers as same-origin.
//   - An API request carrying an Origin other than the page's own, or
//     Sec-Fetch-Site: cross-site, gets 403: no other page can start a solve.
//   - A POST must be Content-Type: application/json (415 otherwise).
//     Browsers send text/plain and form posts to any site without asking;
//     a JSON post from another origin needs a preflight, which the
//     explorer never grants.
package server
