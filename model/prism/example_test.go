package prism_test

import (
	"context"
	"fmt"

	"github.com/gamesolve/gamesolve/model/jani"
	"github.com/gamesolve/gamesolve/model/prism"
)

// A gambler bets a chip at even odds until he has 3 or none, or stops;
// the MDP's best and worst chances of reaching 3 from 1, and the expected
// number of bets of the bold policy.
func ExampleParse() {
	model := `
mdp
module gambler
	chips : [0..3] init 1;
	[bet]  chips>0 & chips<3 -> 1/2 : (chips'=chips+1) + 1/2 : (chips'=chips-1);
	[stop] chips>0 & chips<3 -> (chips'=0);
endmodule
rewards "bets"
	[bet] true : 1;
endrewards
label "rich" = chips=3;`
	props := `
"best": Pmax=? [ F "rich" ];
"worst": Pmin=? [ F "rich" ];
Rmax=? [ F chips=0 | chips=3 ];`
	m, err := prism.Parse([]byte(model), []byte(props), nil, "gambler")
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := m.Check(context.Background(), jani.Options{Exact: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.States, "states")
	for _, p := range res.Properties {
		fmt.Println(p.Name, p.Exact.RatString())
	}
	// Output:
	// 4 states
	// best 1/3
	// worst 0
	// Rmax=? [ F chips=0 | chips=3 ] 2
}
