package chefs

import (
	"fmt"
	"math"
	"math/big"

	"github.com/gamesolve/gamesolve/budget"
)

// Need is what an instance needs.
type Need struct {
	N       int
	Bytes   float64 // peak memory
	Seconds float64 // exact mode: estimated time on two cores
	Exact   bool
}

// Exact values grow fast with n. Measured with Fibonacci skills (bits of the
// denominator of E(n)): n=7 868, n=9 5913, n=10 17029, n=11 35856, about
// ×2.4 per chef; time on two cores: n=10 1.2 s, n=11 5.3 s, n=12 46 s.
func exactValueBits(n int) float64 { return 868 * math.Pow(2.4, float64(n-7)) }

func exactSeconds(n int) float64 { return 5.3 * math.Pow(6, float64(n-11)) }

// MaxExactSeconds bounds exact mode's estimated run time.
const MaxExactSeconds = budget.MaxExactSeconds

// Estimate returns the peak memory of Solve for n chefs with Fibonacci
// skills: the largest even and the largest odd layer, and a byte per
// state for the targets, which are kept whether or not the policy is
// asked for (the dishes pass reads them), so policy no longer adds. EstimateSkills is the same for any skills.
func Estimate(n int, exact, policy bool) Need { return estimate(n, 1, exact, policy) }

// EstimateSkills is Estimate for the given skills: in exact mode values grow
// with the size of the fractions. The values' numerators and denominators
// are built from products of the skills', so their size scales with the
// skills' mean size (bits of numerator plus denominator) relative to the
// Fibonacci skills the estimate is calibrated on, and time with that ratio
// to the power 1.6. Measured: seven random 99-digit fractions give values
// of 73,000 digits in 4.2 s, where this estimates 43,000 digits and 12 s.
func EstimateSkills(skills []*big.Rat, exact, policy bool) Need {
	n := len(skills)
	ratio := 1.0
	if fib, err := Fibonacci(n); exact && err == nil {
		ratio = math.Max(1, meanBits(skills)/meanBits(fib))
	}
	return estimate(n, ratio, exact, policy)
}

func meanBits(skills []*big.Rat) float64 {
	total := 0
	for _, p := range skills {
		total += p.Num().BitLen() + p.Denom().BitLen()
	}
	return float64(max(total, 1)) / float64(max(len(skills), 1))
}

func estimate(n int, sizeRatio float64, exact, _ bool) Need {
	per := 8.0
	if exact {
		// pointer, big.Rat header, numerator and denominator digits; most
		// values are well below the largest (n = 12 peaks at 0.4 GB where
		// the largest value size alone would say 1.5 GB), hence the 1/4.
		per = 8 + 64 + 2*sizeRatio*exactValueBits(n)/8/4
	}
	layer := func(q int) float64 {
		if q < 1 {
			return 0
		}
		sets := binom(n, q)
		return sets * float64(q*q) * per
	}
	// Two buffers: the largest even layer's and the largest odd layer's,
	// and the targets of every state (kept for the dishes pass; they are
	// the policy if asked for).
	var largest [2]float64
	for q := 1; q <= n; q++ {
		largest[q%2] = math.Max(largest[q%2], layer(q))
	}
	peak := largest[0] + largest[1] + float64(n)*math.Exp2(float64(n-1))
	need := Need{N: n, Bytes: peak, Exact: exact}
	if exact {
		need.Seconds = exactSeconds(n) * math.Pow(sizeRatio, 1.6)
	}
	return need
}

// Check refuses the instance if it will not fit in available memory.
func (e Need) Check() error { return e.check(budget.Available()) }

func (e Need) check(avail uint64) error {
	if err := (budget.Estimate{What: fmt.Sprintf("chefs: n = %d", e.N), Bytes: e.Bytes}).CheckWithin(avail); err != nil {
		return err
	}
	if e.Seconds > MaxExactSeconds {
		return fmt.Errorf("%w: chefs: exact arithmetic for n = %d needs about %.0f minutes (limit %d); use float mode", budget.ErrTooLarge, e.N, e.Seconds/60, MaxExactSeconds/60)
	}
	return nil
}

func binom(n, k int) float64 {
	r := 1.0
	for i := 1; i <= k; i++ {
		r = r * float64(n-k+i) / float64(i)
	}
	return r
}
