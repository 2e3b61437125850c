package picture

import (
	"fmt"
	"io"
	"math"
	"strings"

	"gonum.org/v1/plot/vg"

	"github.com/gamesolve/gamesolve/report"
)

// Pig draws the optimal hold threshold of Pig (solved with
// report.PigQuery.Table): the turn total at which the player to move
// holds, over its score and the next player's. With more than two players
// the later players' scores are fixed at rest (in turn order; missing ones
// are 0). Where it never holds before winning (it rolls on until it has
// won) the cell is grey, so the colours span the thresholds that matter.
func Pig(w io.Writer, f Format, r *report.Pig, rest ...int) error {
	n := r.Target
	scores := make([]int, r.Players)
	copy(scores[2:], rest)
	g := grid{cols: n, rows: n, z: func(c, rr int) float64 {
		scores[0], scores[1] = c, rr
		if k := r.HoldAt(scores...); k > 0 {
			return float64(k)
		}
		return math.NaN()
	}}
	title := fmt.Sprintf("Optimal Pig to %d: hold at this turn total (grey: roll on until you win)", n)
	yLabel := "your score"
	if r.Players > 2 {
		later := make([]string, 0, r.Players-2)
		for _, x := range scores[2:] {
			later = append(later, fmt.Sprint(x))
		}
		title = fmt.Sprintf("Pig to %d, %d players, the later players at %s: hold at this turn total (grey: roll on)", n, r.Players, strings.Join(later, "-"))
		yLabel = "the next player's score"
	}
	p, bar := heatMap(title, "my score", yLabel, g, "turn total at which to hold")
	c := newCanvas(f, 8*vg.Inch, 6.6*vg.Inch)
	row(c.Canvas, part{p, 6}, part{bar, 1.1})
	return c.writeTo(w)
}
