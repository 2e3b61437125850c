package race

import (
	"fmt"
	"math"
	"runtime"

	"github.com/gamesolve/gamesolve/budget"
)

// Float mode's speed, measured on two cores: target 10000 (1.4e9 gamble
// evaluations) 6.4 s, 20000 (6e9) 32 s, 30000 (1.4e10) 72 s, about 2e8 a
// second; estimates assume 1.5e8 to stay on the safe side. Every row also
// costs a fixed amount (atomics, cancellation checks) worth about 100
// evaluations: --coin-target 10^8 --chooser-target 1 is all rows.
const (
	floatEvalsPerSecond = 1.5e8
	rowCost             = 100
)

// The skewed kernel (coin gain 1, AVX2): target 10000 (1.5e9 gamble
// evaluations) 0.30 s, 20000 (6.4e9) 1.22 s, 60000 (6.1e10) 13.2 s, about
// 5e9 a second; estimates assume 2e9. Rows cost more where a group of eight
// rows starts and ends, in plain Go: --coin-target 10^8 --chooser-target 1
// takes 4.6 s (46 ns a row), 10^7 rows with --chooser-target 40 (7
// gambles) 4.4 s (440 ns a row); estimates assume 100 ns plus 60 ns a
// gamble.
const (
	skewEvalsPerSecond = 2e9
	skewRowSeconds     = 1e-7
	skewGambleSeconds  = 6e-8
)

// MaxSeconds bounds float mode's estimated run time.
const MaxSeconds = 600

// checkResources refuses, with an estimate, an instance that would not fit
// in memory or finish in reasonable time.
func checkResources(g Game, exact, policy bool) error {
	if err := estimate(g, exact, policy).CheckWithin(budget.Available()); err != nil {
		if exact {
			return fmt.Errorf("race: %w; try smaller targets or float mode", err)
		}
		return fmt.Errorf("race: %w; try smaller targets", err)
	}
	return nil
}

// EstimateFor returns what Solve needs for a game: peak memory and run
// time. It returns an error wrapping solver.ErrInvalid for a malformed game.
func EstimateFor(game Game, exact, policy bool) (budget.Estimate, error) {
	g, err := game.normalized()
	if err != nil {
		return budget.Estimate{}, err
	}
	return estimate(g, exact, policy), nil
}

func estimate(g Game, exact, policy bool) budget.Estimate {
	A, B := float64(g.CoinTarget), float64(g.ChooserTarget)
	rows := float64(g.Coin.Gain+2) * (B + 1)
	e := budget.Estimate{What: "this race"}
	// done: an 8-byte counter for each row (or group of rows) in flight,
	// in a ring (doneRing).
	e.Bytes = 8 * float64(g.Coin.Gain+skewLanes*(runtime.GOMAXPROCS(0)+1))
	if exact {
		// Each exact value is a fraction whose numerator and denominator grow
		// with the path length a+b; see exactBitsPerValue.
		e.Bytes += rows * (exactBitsPerValue(g)/8 + 80)
		e.Seconds = exactWork(g) / exactWorkPerSecond
		e.MaxSeconds = MaxExactSeconds
		e.What = "exact arithmetic for this race"
	} else if g.Coin.Gain == 1 && useSkew && useFloatKernel {
		// A ring of eight rows per worker and one more, and each worker's
		// three buffers of eight lanes (skew.go).
		w := float64(runtime.GOMAXPROCS(0))
		menu := float64(len(g.Menu))
		e.Bytes += (skewLanes*(w+1) + 3*skewLanes*w) * (B + skewLanes + 1) * 8
		e.Seconds = A*B*menu/skewEvalsPerSecond + A*(skewRowSeconds+skewGambleSeconds*menu)
		e.MaxSeconds = MaxSeconds
	} else {
		e.Bytes += rows * 8
		e.Seconds = (A*B*float64(len(g.Menu)) + A*rowCost) / floatEvalsPerSecond
		e.MaxSeconds = MaxSeconds
	}
	if policy {
		e.Bytes += A * B
		if A*B <= MaxWinTable {
			e.Bytes += 8 * A * B
		}
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

// exactWorkPerSecond calibrates exactWork with the exact kernel: PE 232
// target 100 (2.6e7 units) takes 0.26 s on two cores, 200 (3.1e8) 2.1 s,
// 300 (1.7e9) 9.4 s; the estimate stays on the slow side.
const exactWorkPerSecond = 1e8

// MaxExactSeconds bounds exact mode's estimated run time (one core).
const MaxExactSeconds = budget.MaxExactSeconds
