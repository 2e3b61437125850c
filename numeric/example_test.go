package numeric_test

import (
	"fmt"
	"math/big"

	"github.com/gamesolve/gamesolve/numeric"
)

// ParseNumber reads every number of a model file exactly, with one
// grammar; errors name the rule broken.
func ExampleParseNumber() {
	for _, s := range []string{"0.1", "-1/3", "2.5e-3", "1e999", "0x1e5"} {
		r, err := numeric.ParseNumber(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		if len(r.RatString()) > 20 {
			fmt.Printf("%s has %d digits\n", s, len(r.RatString()))
			continue
		}
		fmt.Println(s, "=", r.RatString())
	}
	// Output:
	// 0.1 = 1/10
	// -1/3 = -1/3
	// 2.5e-3 = 1/400
	// 1e999 has 1000 digits
	// "0x1e5" is not a number: expected digits with at most one decimal point and an exponent, or p/q
}

// Sum adds a million probabilities of 10^-6 to 1, where plain addition
// drifts.
func ExampleSum() {
	var s numeric.Sum
	plain := 0.0
	for range 1_000_000 {
		s.Add(1e-6)
		plain += 1e-6
	}
	fmt.Println(s.Value(), plain)
	// Output: 1 1.000000000007918
}

// SolveRational solves a sparse integer system exactly: here the expected
// number of steps of a walk that moves left or right with probability 1/2
// each on 1, 2, 3 and stops at 0 and 4, scaled by 2 to integers:
// 2·x_i − x_{i−1} − x_{i+1} = 2. Each column of the answer is
// numerators over one denominator.
func ExampleSolveRational() {
	s := &numeric.IntSystem{
		N:     3,
		Start: []int32{0, 2, 5, 7},
		Col:   []int32{0, 1, 0, 1, 2, 1, 2},
		Val:   []int64{2, -1, -1, 2, -1, -1, 2},
		B:     [][]*big.Int{{big.NewInt(2), big.NewInt(2), big.NewInt(2)}},
	}
	num, den, err := numeric.SolveRational(s, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for i := range num[0] {
		fmt.Println(new(big.Rat).SetFrac(num[0][i], den[0]).RatString())
	}
	// Output:
	// 3
	// 4
	// 3
}
