package engine

import (
	"context"
	"math/big"
	"time"
)

// SetLiftMin sets the smallest part exact mode lifts and returns the old
// value; LiftedParts counts the parts lifted so far.
func SetLiftMin(n int) int { old := liftMin; liftMin = n; return old }

func LiftedParts() int64 { return liftedParts.Load() }

// SetLumpMin sets the smallest part exact mode tries to lump, returning
// the old value; LumpedParts counts the parts solved through a quotient.
func SetLumpMin(n int) int { old := lumpMin; lumpMin = n; return old }
func LumpedParts() int64   { return lumpedParts.Load() }

// LumpRounds counts the lumping refinement's rounds so far.
func LumpRounds() int64 { return lumpRoundsRun.Load() }

// SetIterative sets the smallest float part swept rather than eliminated
// and the entries per row it needs, and returns the old values;
// IterativeParts counts the parts the sweeps solved so far.
func SetIterative(min, dense int) (oldMin, oldDense int) {
	oldMin, oldDense = iterMin, iterDense
	iterMin, iterDense = min, dense
	return
}

func IterativeParts() int64 { return iterParts.Load() }

// SetImproveSplitFrom sets the quotient size from which exact mode's
// improvement step runs on two goroutines and returns the old value.
func SetImproveSplitFrom(n int) int { old := improveSplitFrom; improveSplitFrom = n; return old }

// SetSeedLast makes exact strategy iteration start from every node's last
// action (on) and returns the old setting.
func SetSeedLast(on bool) bool { old := seedLast; seedLast = on; return old }

// SetIncrementalFrom sets the smallest quotient whose exact rounds
// re-evaluate incrementally and returns the old value.
func SetIncrementalFrom(n int) int { old := incrementalFrom; incrementalFrom = n; return old }

// SetLevels sets the smallest chain exact mode solves level by level and
// the fewest single-state parts of a level it splits, and returns the old
// values.
func SetLevels(from, split int) (oldFrom, oldSplit int) {
	oldFrom, oldSplit = levelsFrom, levelSplit
	levelsFrom, levelSplit = from, split
	return
}

// SetLookEvery sets how many states or nodes exact mode's goroutines
// handle between looks at the context, and returns the old value.
func SetLookEvery(n int) int { old := lookEvery; lookEvery = n; return old }

// SetExactSums turns exact mode's RatDot twins on or off and returns the
// old setting.
func SetExactSums(on bool) bool { old := exactSums; exactSums = on; return old }

// Attractor and AlmostSure expose the graph algorithms of qualitative.go.
func (G *Graph[S]) Attractor(goal, avoid, up []bool) []bool {
	_ = G.index(nil) // a nil guard lets everything fit
	return G.attractor(goal, avoid, up)
}

func (G *Graph[S]) AlmostSure(ctx context.Context, goal, avoid, up, can []bool) ([]bool, error) {
	return G.almostSure(ctx, goal, avoid, up, can)
}

// ActionsOf returns the outcome targets of each action of state v.
func (G *Graph[S]) ActionsOf(v int) [][]int {
	g := G.g
	var acts [][]int
	for a := g.actStart[v]; a < g.actStart[v+1]; a++ {
		var to []int
		for o := g.outStart[a]; o < g.outStart[a+1]; o++ {
			to = append(to, int(g.to[o]))
		}
		acts = append(acts, to)
	}
	return acts
}

// SetEliminationLimit sets how long an elimination may be foreseen to
// take and when it is first foreseen, and returns the old values.
func SetEliminationLimit(limit, first time.Duration) (oldLimit, oldFirst time.Duration) {
	oldLimit, oldFirst = eliminationLimit, eliminationFirstLook
	eliminationLimit, eliminationFirstLook = limit, first
	return
}

// SetOptimistic turns optimistic value iteration on or off and returns
// the old setting.
func SetOptimistic(on bool) bool { old := optimisticOn; optimisticOn = on; return old }

// OptimisticSweeps is the sweeps a candidate bound gets.
const OptimisticSweeps = optimisticSweeps

// Residue is a rational's residue modulo 2^61 − 1, as lumping sees it.
func Residue(x *big.Rat) (uint64, bool) {
	var rs residues
	return rs.of(x)
}

// SetExitGroupFrom sets the fewest exits of a row that exact mode groups
// by value, returning the old value.
func SetExitGroupFrom(n int) int { old := exitGroupFrom; exitGroupFrom = n; return old }

// SetMemoFrom sets the fewest rows of a part whose exit sums exact mode
// keeps for reuse, returning the old value.
func SetMemoFrom(n int) int { old := memoFrom; memoFrom = n; return old }

// ExitSumsReused counts the rows whose exit sums were another row's.
func ExitSumsReused() int64 { return exitSumsReused.Load() }

// SetSmallSums turns exact mode's machine-word sums of exit probabilities
// on or off (exits.go), and returns the old setting.
func SetSmallSums(on bool) bool { old := smallSums; smallSums = on; return old }

// SetCollideHashes makes every hash of exact mode's exit classes and row
// signatures the same (exits.go), and returns the old setting.
func SetCollideHashes(on bool) bool { old := collideHashes; collideHashes = on; return old }

// SetExactUnitVisits sets how many outcome visits of value iteration float
// mode counts as one unit of exact work, and returns the old value.
func SetExactUnitVisits(n float64) float64 { old := exactUnitVisits; exactUnitVisits = n; return old }

// A Tune changes one threshold of a run's tuning (tuning.go).
type Tune func(*tuning)

// Tuned returns opt with its tuning changed by each Tune, in order.
func Tuned(opt Options, tunes ...Tune) Options {
	t := opt.tune()
	for _, tune := range tunes {
		tune(&t)
	}
	opt.tuning = &t
	return opt
}

// LeanFrom sets the smallest Indexer's range for which Solve keeps no
// graph (0: always; NoLean: never); LeanHold how many outcomes the pieces
// waiting for a worker may hold; StreamFrom the fewest states whose
// components are solved while they are found (solveFound); and
// ProbeComponents how many components solveFound and solveLean hold back
// to decide between one worker and several.
func LeanFrom(n int) Tune        { return func(t *tuning) { t.leanFrom = n } }
func LeanHold(n int) Tune        { return func(t *tuning) { t.leanHold = n } }
func StreamFrom(n int) Tune      { return func(t *tuning) { t.streamFrom = n } }
func ProbeComponents(n int) Tune { return func(t *tuning) { t.probeComponents = n } }

const NoLean = 1 << 62

// Lean reports whether a solve kept no graph, Shared whether it shared its
// components out among several workers.
func Lean[S comparable, T any](r *Result[S, T]) bool   { return r.lean }
func Shared[S comparable, T any](r *Result[S, T]) bool { return r.shared }
