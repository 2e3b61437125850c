package engine

// tuning holds the thresholds by which a run chooses how to store and
// schedule its work. They change no value, only the path to it: the
// tests set them (export_test.go) to drive each path on small games, each
// test on its own Options, so that tests can run in parallel.
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
	// probeComponents is how many components solveFound and the lean
	// decomposition hold back to see whether they are mostly single
	// states, which are then solved inline.
	probeComponents int
}

// defaultTuning is the tuning of Options without one.
func defaultTuning() tuning {
	return tuning{leanFrom: 1 << 20, leanHold: 1 << 15, streamFrom: 1 << 14, probeComponents: 256}
}

// tune returns the run's tuning: its own, or the defaults.
func (o Options) tune() tuning {
	if o.tuning != nil {
		return *o.tuning
	}
	return defaultTuning()
}
