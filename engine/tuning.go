package engine

import (
	"sync/atomic"
	"time"
)

// tuning holds the thresholds by which a run chooses its path: how to
// store and schedule its work, and which kernel solves each part. They
// change no value, only the path to it. The tests set them
// (export_test.go) to drive each path on small games, each test on its own
// Options, so that tests can run in parallel.
type tuning struct {
	// leanFrom is the smallest Indexer range (IndexLimit) for which
	// Solve keeps no graph (solveLean): below it the graph takes little
	// memory, and keeping it spares the second expansion of every state,
	// which a game of many single-state components feels most
	// (BenchmarkSolveChain). Pig 100's range is 2 million.
	leanFrom int
	// leanHold is about the most outcomes the pieces found and not yet
	// solved may hold before the decomposition waits for the workers
	// (lean.go); more only costs memory where the decomposition runs
	// ahead, as in Pig 100.
	leanHold int
	// streamFrom is the fewest states whose components Solve's workers
	// solve while the decomposition is still finding them (solveFound);
	// below it the components are found first.
	streamFrom int
	// probeComponents is how many of the components found topo holds
	// back (handOut) to see whether they are mostly single states, which
	// are then solved inline.
	probeComponents int

	// eliminationLimit is the longest an elimination may be foreseen to
	// take, and eliminationFirstLook when it is first foreseen (then at
	// every doubling of the time spent): foresee.
	eliminationLimit, eliminationFirstLook time.Duration
	// liftMin is the smallest part that exact mode solves by p-adic
	// lifting (numeric.SolveRational) instead of elimination over the
	// rationals: below it the fractions stay small and elimination is as
	// fast. lumpMin is the smallest part exact mode tries to lump: below
	// it lifting solves the part about as fast as the refinement would
	// look at it.
	liftMin, lumpMin int
	// A float part of at least iterMin states whose rows hold at least
	// iterDense entries on average is swept (solveIterative), not
	// eliminated.
	iterMin, iterDense int
	// exactUnitVisits is how many outcome visits of value iteration float
	// mode counts as one unit of exact work (resolve.go).
	exactUnitVisits float64
	// optimistic turns float mode's optimistic value iteration on; the
	// tests turn it off to compare with plain interval iteration.
	optimistic bool
	// improveSplitFrom is the quotient size from which exact mode's
	// improvement step is shared by two goroutines: the last, largest
	// component of a model often runs alone.
	improveSplitFrom int
	// seedLast makes exact strategy iteration start from each node's
	// last action, not the float policy: the tests' way to make the
	// incumbent of a tie differ from the tie rule's choice.
	seedLast bool
	// incrementalFrom is the smallest quotient whose exact rounds
	// re-evaluate incrementally: below it the predecessor lists cost more
	// than a full evaluation saves.
	incrementalFrom int
	// levelsFrom is the smallest chain exact mode solves level by level,
	// levelSplit the fewest single-state parts in a level worth a second
	// goroutine, and lookEvery how many states or nodes a goroutine of
	// exact mode's evaluations and improvement steps handles between
	// looks at the context.
	levelsFrom, levelSplit, lookEvery int
	// exitGroupFrom is the fewest exits in one row worth grouping by the
	// values they lead to, and memoFrom the fewest rows of a part that
	// keeps its rows' exit sums for reuse (exits.go).
	exitGroupFrom, memoFrom int
	// smallSums lets exact mode add exit probabilities up as
	// numeric.Frac, exactSums turns on its numeric.RatDot twins, and
	// collideHashes makes every hash of exit classes and row signatures
	// the same: the tests turn them to see the other paths decide alone.
	smallSums, exactSums, collideHashes bool

	// counts, if not nil, counts the paths taken (tests).
	counts *[numCounters]atomic.Int64
}

// A counter counts one path taken, where tuning.counts is set.
type counter int

const (
	liftedParts    counter = iota // parts solved by lifting
	lumpedParts                   // parts solved through their lumped quotient
	lumpRoundsRun                 // the lumping refinement's rounds
	iterParts                     // float parts solved by sweeps
	exitRowsReused                // rows that reused another row's exit sums
	numCounters
)

// tally adds n to counter c, where the tuning counts.
func (t *tuning) tally(c counter, n int64) {
	if t.counts != nil {
		t.counts[c].Add(n)
	}
}

// defaults is the tuning of Options without one; it is never written.
var defaults = tuning{
	leanFrom: 1 << 20, leanHold: 1 << 15, streamFrom: 1 << 14, probeComponents: 256,
	eliminationLimit: 30 * time.Minute, eliminationFirstLook: time.Second,
	liftMin: 24, lumpMin: 512, iterMin: 2048, iterDense: 16,
	exactUnitVisits: 10, optimistic: true, improveSplitFrom: 16384,
	incrementalFrom: 256, levelsFrom: 4096, levelSplit: 64, lookEvery: 256,
	exitGroupFrom: 16, memoFrom: 64, smallSums: true, exactSums: true,
}

// tune returns the run's tuning: its own, or the defaults (read only).
func (o Options) tune() *tuning {
	if o.tuning != nil {
		return o.tuning
	}
	return &defaults
}

// tuning returns the chain solver's tuning: its run's, or the defaults.
func (cs *chainSolver[T]) tuning() *tuning {
	if cs.tune != nil {
		return cs.tune
	}
	return &defaults
}
