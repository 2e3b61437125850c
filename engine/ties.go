package engine

import (
	"math"

	"github.com/gamesolve/gamesolve/numeric"
)

// DefaultTieTolerance is float mode's tie tolerance when Options leaves it
// 0: two float64 values within this relative distance (relative to the
// larger magnitude, and at least absolute for magnitudes below 1) count as
// tied. Values reached along different paths differ in their last bits, so
// exact equality would make float mode's choices depend on rounding; exact
// mode always decides ties by exact equality.
const DefaultTieTolerance = 1e-12

// Tied reports whether x and y count as equal: exact equality in exact
// fields, equality within relative tolerance tol in float fields.
func Tied[T any, F numeric.Field[T]](f F, tol float64, x, y T) bool {
	if f.Exact() {
		return f.Cmp(x, y) == 0
	}
	return TiedFloat(tol, f.Float64(x), f.Float64(y))
}

// Better reports whether candidate v should replace the incumbent best for a
// maximizer: v is larger and not tied. The incumbent keeps ties, so a solver
// that scans options in tie order gets its documented rule.
func Better[T any, F numeric.Field[T]](f F, tol float64, v, best T) bool {
	if f.Exact() {
		return f.Cmp(v, best) > 0
	}
	x, y := f.Float64(v), f.Float64(best)
	return x > y && !TiedFloat(tol, x, y)
}

// prefer is the comparator of the scans for the first best action in tie
// order (greedy, improve, greedyFloat, eqProfile): cand replaces best only
// where it is better for the player, who maximizes or minimizes, beyond
// the tie tolerance. The action scanned first keeps a tie, which gives the
// documented tie rule. The other scans differ on purpose: bestExact filters
// by float bounds before it compares exactly, decideOne also prefers
// progress to a loop, exitChoice scales the tolerance to the exits' mass
// (betterScaled), and improveFloat, a guide for exact mode, uses its own
// margin (seedTol).
func prefer[T any, F numeric.Field[T]](f F, tol float64, minimize bool, cand, best T) bool {
	if minimize {
		return Better(f, tol, best, cand)
	}
	return Better(f, tol, cand, best)
}

// preferFloat is prefer for float64.
func preferFloat(tol float64, minimize bool, cand, best float64) bool {
	if minimize {
		return cand < best && !TiedFloat(tol, cand, best)
	}
	return cand > best && !TiedFloat(tol, cand, best)
}

// TiedFloat is Tied for float64.
func TiedFloat(tol, x, y float64) bool {
	scale := 1.0
	if ax := math.Abs(x); ax > scale {
		scale = ax
	}
	if ay := math.Abs(y); ay > scale {
		scale = ay
	}
	return math.Abs(x-y) <= tol*scale
}

// betterScaled is Better for two sums whose parts have the magnitude
// scale (Σ p·|v| over the outcomes in which they differ): in float mode v
// must exceed best by more than tol·scale. ExitChoice compares only the
// exits of actions that agree inside their component, and those exits may
// carry a mass as small as 10^-300 whose difference still decides the
// value: a tolerance relative to 1, as Better's, would call them tied.
func betterScaled[T any, F numeric.Field[T]](f F, tol float64, v, best T, scale float64) bool {
	if f.Exact() {
		return f.Cmp(v, best) > 0
	}
	x, y := f.Float64(v), f.Float64(best)
	return x > y && x-y > tol*scale
}
