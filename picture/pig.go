package picture

import (
	"fmt"
	"io"
	"math"

	"gonum.org/v1/plot/vg"

	"github.com/gamesolve/gamesolve/report"
)

// Pig draws the optimal hold threshold of Pig (solved with
// report.PigQuery.Table): the turn total at which the player to move
// holds, over both scores. Where it never holds before winning (it rolls
// on until it has won) the cell is grey, so the colours span the
// thresholds that matter.
func Pig(w io.Writer, f Format, r *report.Pig) error {
	n := r.Target
	g := grid{cols: n, rows: n, z: func(c, rr int) float64 {
		if k := r.HoldAt(c, rr); k > 0 {
			return float64(k)
		}
		return math.NaN()
	}}
	p, bar := heatMap(fmt.Sprintf("Optimal Pig to %d: hold at this turn total (grey: roll on until you win)", n), "my score", "your score", g, "turn total at which to hold")
	c := newCanvas(f, 8*vg.Inch, 6.6*vg.Inch)
	row(c.Canvas, part{p, 6}, part{bar, 1.1})
	return c.writeTo(w)
}
