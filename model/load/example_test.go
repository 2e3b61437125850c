package load_test

import (
	"context"
	"fmt"

	"github.com/gamesolve/gamesolve/model/load"
)

// A PRISM model read without a telling extension: the text says PRISM.
func ExampleLoad() {
	text := "dtmc\nmodule coin\n s : [0..1] init 0;\n [] s=0 -> 1/2 : (s'=1) + 1/2 : (s'=0);\nendmodule\n"
	m, err := load.Load(context.Background(), load.Source{Name: "coin.txt", Data: []byte(text), Props: `P=? [ F s=1 ]`})
	if err != nil {
		panic(err)
	}
	fmt.Println(m.Format, m.JANI.Name, len(m.JANI.Properties()))
	// Output: prism coin 1
}
