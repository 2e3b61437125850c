package jani_test

import (
	"fmt"

	"github.com/gamesolve/gamesolve/model/jani"
)

// ParseConsts reads the command line's --const: open constants' values by
// name, for Parse.
func ExampleParseConsts() {
	c, err := jani.ParseConsts("N=16, MAX=2")
	fmt.Println(c["N"], c["MAX"], err)
	_, err = jani.ParseConsts("N=1,N=2")
	fmt.Println(err)
	// Output:
	// 16 2 <nil>
	// N given twice
}
