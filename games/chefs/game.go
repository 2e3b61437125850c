package chefs

import (
	"math/big"
	"strings"

	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/solver"
)

// ErrInvalid is solver.ErrInvalid, wrapped by errors about malformed games.
var ErrInvalid = solver.ErrInvalid

// MaxChefs bounds n; memory refuses far smaller n (see Estimate).
const MaxChefs = 31

// Fibonacci returns Project Euler 481's skills S(k) = F_k / F_{n+1}.
func Fibonacci(n int) ([]*big.Rat, error) {
	if n < 1 || n > MaxChefs {
		return nil, solver.Invalidf("chefs: n must be from 1 to %d, got %d", MaxChefs, n)
	}
	fib := []*big.Int{big.NewInt(0), big.NewInt(1)} // F_0, F_1
	for len(fib) <= n+1 {
		k := len(fib)
		fib = append(fib, new(big.Int).Add(fib[k-1], fib[k-2]))
	}
	skills := make([]*big.Rat, n)
	for k := 1; k <= n; k++ {
		skills[k-1] = new(big.Rat).SetFrac(fib[k], fib[n+1])
	}
	return skills, nil
}

// ParseSkills reads a comma-separated list of probabilities in (0, 1],
// decimals read exactly or p/q: "0.25,0.5,1" or "1/4,1/2,1".
func ParseSkills(s string) ([]*big.Rat, error) {
	if strings.Count(s, ",")+1 > MaxChefs {
		return nil, solver.Invalidf("chefs: skills: %d chefs, at most %d", strings.Count(s, ",")+1, MaxChefs)
	}
	skills, err := numeric.ParseProbabilities(s)
	if err != nil {
		return nil, solver.Invalidf("chefs: skills: %v", err)
	}
	return skills, nil
}

func validate(skills []*big.Rat) error {
	if len(skills) < 1 || len(skills) > MaxChefs {
		return solver.Invalidf("chefs: need 1 to %d chefs, got %d", MaxChefs, len(skills))
	}
	for i, p := range skills {
		if p == nil || p.Sign() <= 0 || p.Cmp(big.NewRat(1, 1)) > 0 {
			return solver.Invalidf("chefs: skill %d: must be in (0, 1]", i+1)
		}
	}
	return nil
}
