package numeric

import (
	"math"
	"math/big"
	"strconv"
)

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

func (Float) Sign(x float64) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

func (Float) Neg(_, x float64) float64 { return -x }
func (Float) Abs(_, x float64) float64 { return math.Abs(x) }
func (Float) Zero() float64            { return 0 }
func (Float) One() float64             { return 1 }
func (Float) String(x float64) string  { return strconv.FormatFloat(x, 'g', -1, 64) }
