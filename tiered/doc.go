// Package tiered solves a game tier by tier into a directory of tier
// files (package tierfile), so that a game larger than memory can be
// solved, a solve that stops can resume, and any state can be read back
// without solving.
//
// A game takes part by implementing engine.Tierer: each state has a tier,
// no move leads to an earlier tier, and the rules' dense index has an
// inverse. Solve then
//
//  1. numbers the states as engine.Solve would (engine.TierOrder: breadth
//     first from the start, one bit a possible index in memory and the
//     queue on disk), writing each tier's states in that order to an
//     order file, with a CRC-32C of each in order.json;
//  2. solves the tiers from the last to the first, each by
//     engine.ExploreTier and engine.SolveExplored on a graph of the
//     tier's states and the solved states they lead to, its components
//     shared out among the engine's workers. A tier of more than 2^18
//     states (Options.UnitStates) of rules with shards (Sharder) is
//     solved in units of whole shards, so that memory holds a unit's
//     graph, not the tier's, and the units' records are merged into the
//     tier's file. A float tier whose records would take more than 256
//     MiB (Options.MergeLimit) spills each unit's values to a temporary
//     file as it is solved and merges them into its file as it writes
//     it, reading each back in turn: memory then holds 28 bytes a state
//     of the tier (keys and actions, the units' and the merged ones, and
//     each state's unit), not its values. Units are explored ahead while one is solved (small
//     ones, up to 2^15 states, on as many goroutines as the engine has
//     workers; a larger one alone, one ahead), and the values of their
//     exits in tiers already solved are read there too. Solved values
//     are kept decoded while they fit Options.Held (a quarter of the
//     memory budget, at most 512 MiB), a tier just solved straight from
//     what is written; past that they are read one state at a time
//     through each file's sparse key index;
//  3. writes each solved tier's values (one per player, the expected
//     reward and whether it is infinite) and chosen actions to its file,
//     on a goroutine of its own with a few tiers queued. A tier with
//     float values not proven to the precision gets a small proof file,
//     written first, which Summary.Unproven adds up, resumed tiers
//     included.
//
// The numbering is what makes the values equal to the in-memory solve's
// to the last bit: float value iteration sweeps a component's states in
// their order, and a different order moves Pig's win probability in its
// last digits. The tests check every state of Pig (float to targets 12
// and 40, exact to 10) against engine.Solve, and random tiered games in
// package engine.
//
// Run again on the same directory, Solve keeps the numbering and every
// tier whose file is complete, intact and this game's, and solves the
// others; a directory of another game, or of the same game with other
// parameters or arithmetic, is refused (tierfile.ErrOtherGame).
//
// A tier can also be solved a shard at a time, on many machines: rules
// that implement Sharder split each tier into shards that no move within
// the tier leaves (unions of its components). Plan numbers the game,
// Shards lists a tier's shards, a ShardSolver on any worker solves one
// from the tier files (or from records fed to it, Feeder), and
// WriteShards merges the shards' records into the tier's file, the same
// file Solve writes, byte for byte. Package distributed runs this as an
// Apache Beam pipeline.
//
// Too large a game is refused before it costs hours. A tier is solved
// whole, or a unit at a time with its records held for the merge (or
// only its keys and actions, spilled), so the largest must fit in memory (TierBytes, an estimate measured on Pig and
// Chef Showdown; budget.ErrTooLarge). Rules that know
// their tier sizes (TierSizer) are checked for that and for the disk
// before the numbering; others once they are numbered. The numbering
// looks at the free space as it writes, and the tier files' space is
// checked once the numbering is done (tierfile.ErrNoSpace), with the
// largest spill of the tiers to solve: its values once more, until its
// file is written.
package tiered
