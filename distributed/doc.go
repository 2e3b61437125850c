// Package distributed runs a tiered solve (package tiered) as an Apache
// Beam pipeline, so that the tiers of a game too large for one machine
// can be solved by a cluster's workers. It is a module of its own, so
// that the Beam SDK and its dependencies stay out of gamesolve's core.
//
// Each tier not yet solved is one stage of the pipeline, in three steps:
//
//  1. split: once the stage before it is done (a side input), the tier's
//     states, read from the numbering, are split into shards
//     (tiered.Sharder: sets of states that no move within the tier
//     leaves, such as one pair of scores in Pig or one set of chefs
//     alive), one element each;
//  2. solve: the shards are shared out among the workers (a reshuffle),
//     and each is solved with the core engine (tiered.ShardSolver),
//     reading the values of the solved states it leads to from the tier
//     files in the shared directory. It gets the values the whole tier's
//     solve gives, to the last bit: a shard is a union of the tier's
//     components, numbered in the tier's order;
//  3. write: the shards' records go to one worker (a group by a fixed
//     key), which merges them into the tier's file, checking that they
//     hold every state of the tier once.
//
// In a game whose states leave their tier only for the next one
// (tiered.Feeder: Chef Showdown, where a hit removes one chef), each
// solved shard's records also go to the shards of the tier before that
// read them, its supersets by one chef, and the next stage groups them
// with its shards (CoGroupByKey by shard): a grouped shuffle, so that its
// workers read no tier file. The pipeline's counters shards_fed and
// shards_from_files say which way each shard was solved.
//
// The numbering pass runs where the pipeline is built (Spec.Plan), and a
// solve that stops resumes as tiered.Solve does: the stages are built
// for the tiers whose files are missing or damaged (the first of them
// reads the tier files). Spec.WorkerMemory refuses up front a tier whose
// records are too large for one worker to merge, and each split a shard
// too large for one worker to solve.
//
// The tests run the pipeline on Beam's Prism runner, in process. The
// binary cmd/gamesolve-beam takes Beam's --runner flag for other runners;
// see the README for the commands.
package distributed
