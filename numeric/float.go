package numeric

import (
	"math"
	"math/big"
)

// FloatTieTolerance is the relative difference under which Float.Tied treats
// two values as equal.
const FloatTieTolerance = 1e-12

// Float is float64 arithmetic.
type Float struct{}

func (Float) Exact() bool                 { return false }
func (Float) New() float64                { return 0 }
func (Float) Set(_, x float64) float64    { return x }
func (Float) Add(_, x, y float64) float64 { return x + y }
func (Float) Sub(_, x, y float64) float64 { return x - y }
func (Float) Mul(_, x, y float64) float64 { return x * y }
func (Float) Quo(_, x, y float64) float64 { return x / y }
func (Float) Float64(x float64) float64   { return x }

func (Float) AddMul(_, x, a, y float64) float64 { return x + a*y }

func (Float) Lin2(_, a, x, b, y float64) float64 { return a*x + b*y }

func (f Float) Better(v, best float64) bool { return v > best && !f.Tied(v, best) }

func (Float) FromRat(_ float64, r *big.Rat) float64 {
	v, _ := r.Float64()
	return v
}

func (Float) FromInt(_ float64, n int64) float64 { return float64(n) }

func (Float) Cmp(x, y float64) int {
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

func (Float) Tied(x, y float64) bool {
	// Plain comparisons rather than math.Max: this sits in solvers' inner
	// loops, and NaN never occurs there.
	d, ax, ay := x-y, math.Abs(x), math.Abs(y)
	scale := 1.0
	if ax > scale {
		scale = ax
	}
	if ay > scale {
		scale = ay
	}
	return math.Abs(d) <= FloatTieTolerance*scale
}
