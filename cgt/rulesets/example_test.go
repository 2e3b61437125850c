package rulesets_test

import (
	"fmt"

	"github.com/gamesolve/gamesolve/cgt"
	"github.com/gamesolve/gamesolve/cgt/rulesets"
)

// A ruleset reads positions in its own notation, and an Evaluator values
// them: Kayles' rows of 3, 5 and 7 pins are nim heaps *3, *4 and *2, and
// their sum is *5.
func ExampleLookup() {
	kayles, err := rulesets.Lookup("kayles")
	if err != nil {
		panic(err)
	}
	e := cgt.NewEvaluator()
	for _, text := range []string{"3", "5", "7", "3 5 7"} {
		p, err := kayles.Parse(text)
		if err != nil {
			panic(err)
		}
		v, err := e.Value(p)
		if err != nil {
			panic(err)
		}
		fmt.Println(text, v)
	}
	// Output:
	// 3 *3
	// 5 *4
	// 7 *2
	// 3 5 7 *5
}
