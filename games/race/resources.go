package race

import (
	"fmt"
	"math"

	"github.com/gamesolve/gamesolve/budget"
)

// MaxWork bounds the gamble evaluations (cells × menu length) Solve accepts
// in float mode: about ten minutes on two cores (target 10000, 1.4e9
// evaluations, takes 7 s).
const MaxWork = 1e11

// checkResources refuses, with an estimate, an instance that would not fit
// in memory or finish in reasonable time.
func checkResources(g Game, exact, policy bool) error {
	return estimate(g, exact, policy).check(budget.Available())
}

// Estimate is what an instance needs.
type Estimate struct {
	Bytes   float64 // peak memory of the tables
	Work    float64 // gamble evaluations
	Seconds float64 // exact mode: estimated time on one core
	Exact   bool
}

func estimate(g Game, exact, policy bool) Estimate {
	A, B := float64(g.CoinTarget), float64(g.ChooserTarget)
	rows := float64(g.Coin.Gain+2) * (B + 1)
	e := Estimate{Work: A * B * float64(len(g.Menu)), Exact: exact}
	if exact {
		// Each exact value is a fraction whose numerator and denominator grow
		// with the path length a+b; see exactBitsPerValue.
		e.Bytes = rows * (exactBitsPerValue(g)/8 + 80)
		e.Seconds = exactWork(g) / exactWorkPerSecond
	} else {
		e.Bytes = rows * 8
	}
	if policy {
		e.Bytes += A * B
	}
	return e
}

// exactBitsPerValue is an upper estimate of the size of one exact value
// (numerator and denominator): every step of a path from (A,B) to a boundary
// can multiply the denominator by that of 1-(1-q)(1-p). Measured on PE 232:
// target 100 gives 1592-bit numerators and denominators, this says 2400 each.
func exactBitsPerValue(g Game) float64 {
	maxBits := 0
	for _, m := range g.Menu {
		maxBits = max(maxBits, m.P.Denom().BitLen()+g.Coin.P.Denom().BitLen()+1)
	}
	steps := float64(g.CoinTarget + g.ChooserTarget)
	return 2 * steps * float64(maxBits)
}

// exactWork weighs gamble evaluations by the cost of multiplying and
// normalising numbers of the estimated size (words^1.6, Karatsuba-like).
func exactWork(g Game) float64 {
	words := exactBitsPerValue(g) / 2 / 64
	return float64(g.CoinTarget) * float64(g.ChooserTarget) * float64(len(g.Menu)) * math.Pow(words, 1.6)
}

// exactWorkPerSecond calibrates exactWork: PE 232 target 100 (2.6e7 units)
// takes about 1.9 s on one core of the development machine.
const exactWorkPerSecond = 1.4e7

// MaxExactSeconds bounds exact mode's estimated run time on one core.
const MaxExactSeconds = 1800

func (e Estimate) check(avail uint64) error {
	if err := (budget.Estimate{What: "this race", Bytes: e.Bytes}).CheckWithin(avail); err != nil {
		return fmt.Errorf("race: %w", err)
	}
	if e.Exact && e.Seconds > MaxExactSeconds {
		return fmt.Errorf("%w: exact arithmetic for this race needs about %.0f minutes of one core (limit %d); use float mode", budget.ErrTooLarge, e.Seconds/60, MaxExactSeconds/60)
	}
	if !e.Exact && e.Work > MaxWork {
		return fmt.Errorf("%w: this race needs about %.2g gamble evaluations (limit %.0g, about ten minutes)", budget.ErrTooLarge, e.Work, MaxWork)
	}
	return nil
}
