// Package distributed runs a tiered solve (package tiered) as an Apache
// Beam pipeline, so that the tiers of a game too large for one machine
// can be solved by a cluster's workers. It is a module of its own, so
// that the Beam SDK and its dependencies stay out of gamesolve's core.
//
// Each tier not yet solved is one stage of the pipeline: a ParDo that
// solves the tier with the core engine (tiered.SolveOne) and writes its
// tier file to the shared directory, reading the solved tiers it leads to
// from there. A stage takes the stage before it as a side input, so the
// runner starts it only when every later tier is written. The numbering
// pass runs where the pipeline is built (tiered.Plan), and a solve that
// stops resumes as tiered.Solve does: the stages are built for the tiers
// whose files are missing or damaged.
//
// What is not done yet: a stage solves its whole tier on one worker; the
// components of a tier are not sharded over workers, so one tier must fit
// one worker's memory (refused with the engine's estimate otherwise).
//
// The tests run the pipeline on Beam's Prism runner, in process. The
// binary cmd/gamesolve-beam takes Beam's --runner flag for other runners;
// see the README for the commands.
package distributed
