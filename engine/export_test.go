package engine

import (
	"context"
	"math/big"
	"sync/atomic"
	"time"
)

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

// OptimisticSweeps is the sweeps a candidate bound gets.
const OptimisticSweeps = optimisticSweeps

// Residue is a rational's residue modulo 2^61 − 1, as lumping sees it.
func Residue(x *big.Rat) (uint64, bool) {
	var rs residues
	return rs.of(x)
}

// A Tune changes one threshold of a run's tuning (tuning.go).
type Tune func(*tuning)

// Tuned returns opt with its tuning changed by each Tune, in order.
func Tuned(opt Options, tunes ...Tune) Options {
	t := *opt.tune()
	for _, tune := range tunes {
		tune(&t)
	}
	opt.tuning = &t
	return opt
}

// Counts counts the paths a run took (tuning.counts), for runs with
// Counted(c).
type Counts struct{ c [numCounters]atomic.Int64 }

// Counted makes the runs count their paths in c.
func Counted(c *Counts) Tune { return func(t *tuning) { t.counts = &c.c } }

// LiftedParts counts the parts solved by lifting, LumpedParts those solved
// through a quotient, LumpRounds the lumping refinement's rounds,
// IterativeParts the float parts the sweeps solved, and ExitSumsReused
// the rows whose exit sums were another row's.
func (c *Counts) LiftedParts() int64    { return c.c[liftedParts].Load() }
func (c *Counts) LumpedParts() int64    { return c.c[lumpedParts].Load() }
func (c *Counts) LumpRounds() int64     { return c.c[lumpRoundsRun].Load() }
func (c *Counts) IterativeParts() int64 { return c.c[iterParts].Load() }
func (c *Counts) ExitSumsReused() int64 { return c.c[exitRowsReused].Load() }

// LiftMin sets the smallest part exact mode lifts; LumpMin the smallest it
// tries to lump; Iterative the smallest float part swept rather than
// eliminated and the entries per row it needs; ImproveSplitFrom the
// quotient size from which exact improvement runs on two goroutines;
// SeedLast makes exact strategy iteration start from every node's last
// action; IncrementalFrom sets the smallest quotient whose exact rounds
// re-evaluate incrementally; Levels the smallest chain solved level by
// level and the fewest single-state parts of a level it splits; LookEvery
// how many states or nodes exact mode's goroutines handle between looks
// at the context; ExactSums turns the RatDot twins on or off;
// EliminationLimit sets how long an elimination may be foreseen to take
// and when it is first foreseen; Optimistic turns optimistic value
// iteration on or off; ExitGroupFrom sets the fewest exits of a row that
// exact mode groups by value; MemoFrom the fewest rows of a part whose
// exit sums are kept for reuse; SmallSums turns machine-word sums of exit
// probabilities on or off; CollideHashes makes every hash of exit classes
// and row signatures the same; ExactUnitVisits sets how many outcome
// visits of value iteration count as one unit of exact work.
func LiftMin(n int) Tune            { return func(t *tuning) { t.liftMin = n } }
func LumpMin(n int) Tune            { return func(t *tuning) { t.lumpMin = n } }
func Iterative(min, dense int) Tune { return func(t *tuning) { t.iterMin, t.iterDense = min, dense } }
func ImproveSplitFrom(n int) Tune   { return func(t *tuning) { t.improveSplitFrom = n } }
func SeedLast(on bool) Tune         { return func(t *tuning) { t.seedLast = on } }
func IncrementalFrom(n int) Tune    { return func(t *tuning) { t.incrementalFrom = n } }
func Levels(from, split int) Tune {
	return func(t *tuning) { t.levelsFrom, t.levelSplit = from, split }
}
func LookEvery(n int) Tune           { return func(t *tuning) { t.lookEvery = n } }
func ExactSums(on bool) Tune         { return func(t *tuning) { t.exactSums = on } }
func Optimistic(on bool) Tune        { return func(t *tuning) { t.optimistic = on } }
func ExitGroupFrom(n int) Tune       { return func(t *tuning) { t.exitGroupFrom = n } }
func MemoFrom(n int) Tune            { return func(t *tuning) { t.memoFrom = n } }
func SmallSums(on bool) Tune         { return func(t *tuning) { t.smallSums = on } }
func CollideHashes(on bool) Tune     { return func(t *tuning) { t.collideHashes = on } }
func ExactUnitVisits(n float64) Tune { return func(t *tuning) { t.exactUnitVisits = n } }
func EliminationLimit(limit, first time.Duration) Tune {
	return func(t *tuning) { t.eliminationLimit, t.eliminationFirstLook = limit, first }
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
