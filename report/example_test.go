package report_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/gamesolve/gamesolve/games/race"
	"github.com/gamesolve/gamesolve/report"
)

// A report is the command line's JSON and text, and what pictures and the
// web explorer show.
func ExampleSolveRace() {
	r, err := report.SolveRace(context.Background(), report.RaceQuery{Game: race.PE232(4), Exact: true, Table: true})
	if err != nil {
		panic(err)
	}
	out, _ := json.Marshal(r)
	fmt.Println(string(out))
	var text bytes.Buffer
	r.Text(&text, func(x float64) string { return strconv.FormatFloat(x, 'f', 6, 64) })
	fmt.Print(text.String())
	// The chooser about to choose with 4 points each: its optimal gamble.
	p := r.Position(4, 4, true)
	fmt.Printf("T=%d, chance %.6f\n", p.Gamble.T, p.ChooserWins)
	// Output:
	// {"coin_target":4,"chooser_target":4,"first":"coin","coin":"1/2:1","menu":["1/2:1","1/4:2","1/8:4"],"win_probability":0.6037530864197531,"win_probability_exact":"6113/10125"}
	// coin player needs 4, chooser needs 4, coin moves first
	// coin: 1/2:1   menu: 1/2:1,1/4:2,1/8:4
	// chooser wins with probability 0.603753
	// exactly 6113/10125
	// T=2, chance 0.673185
}
