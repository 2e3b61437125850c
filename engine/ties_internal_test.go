package engine

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/gamesolve/gamesolve/numeric"
)

// prefer and preferFloat replace the comparisons the scans spelled out
// each their own way: they must agree with them everywhere, ties within
// the tolerance included.
func TestPreferAgrees(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	const tol = DefaultTieTolerance
	for range 100000 {
		x := (rng.Float64() - 0.5) * math.Pow(10, float64(rng.IntN(8)-4))
		y := x
		switch rng.IntN(4) {
		case 0:
			y = x * (1 + (rng.Float64()-0.5)*4e-12) // within the tolerance, or just past it
		case 1:
			y = (rng.Float64() - 0.5) * 10
		case 2:
			y = math.Nextafter(x, math.Inf(1))
		}
		for _, minimize := range []bool{false, true} {
			old := (!minimize && Better(numeric.Float{}, tol, x, y)) || (minimize && Better(numeric.Float{}, tol, y, x))
			if got := prefer(numeric.Float{}, tol, minimize, x, y); got != old {
				t.Fatalf("prefer(min %v, %v, %v) = %v, want %v", minimize, x, y, got, old)
			}
			oldF := (!minimize && x > y && !TiedFloat(tol, x, y)) || (minimize && x < y && !TiedFloat(tol, x, y))
			if got := preferFloat(tol, minimize, x, y); got != oldF || got != old {
				t.Fatalf("preferFloat(min %v, %v, %v) = %v, want %v", minimize, x, y, got, oldF)
			}
		}
	}
	// Exact: strictly better only.
	a, b := big.NewRat(1, 3), big.NewRat(1, 3)
	if prefer(numeric.Exact{}, tol, false, a, b) || prefer(numeric.Exact{}, tol, true, a, b) {
		t.Error("exact tie preferred")
	}
	c := big.NewRat(1000000000001, 3000000000000)
	if !prefer(numeric.Exact{}, tol, false, c, a) || !prefer(numeric.Exact{}, tol, true, a, c) {
		t.Error("exact: a difference within the float tolerance not preferred")
	}
}
