package numeric_test

import (
	"fmt"

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
