package picture

import (
	"errors"
	"fmt"
	"io"

	"gonum.org/v1/plot/vg"

	"github.com/gamesolve/gamesolve/report"
)

// Race draws a solved race (solved with report.RaceQuery.Table): on the
// left the chooser's optimal gamble over the state space, on the right its
// probability of winning, both when the chooser is about to choose.
func Race(w io.Writer, f Format, r *report.Race) error {
	t := r.Table()
	if t == nil {
		return errors.New("picture: the race was solved without its table")
	}
	if _, ok := t.Win(1, 1); !ok {
		return fmt.Errorf("picture: a race table of %d×%d is too large to draw", t.CoinTarget, t.ChooserTarget)
	}
	g := r.Game()
	A, B := g.CoinTarget, g.ChooserTarget
	policy := grid{cols: A, rows: B, x0: 1, y0: 1, z: func(c, r int) float64 { return float64(t.At(c+1, r+1)) }}
	win := grid{cols: A, rows: B, x0: 1, y0: 1, z: func(c, r int) float64 { x, _ := t.Win(c+1, r+1); return x }}
	const xl, yl = "points the coin player needs", "points the chooser needs"
	levels := 0
	for a := 1; a <= A; a++ {
		for b := 1; b <= B; b++ {
			levels = max(levels, t.At(a, b))
		}
	}
	name := func(i int) string {
		m := g.Menu[i-1]
		return fmt.Sprintf("T=%d: %s wins %d", i, m.P.RatString(), m.Gain)
	}
	left := levelMap("The chooser's optimal gamble T", xl, yl, policy, name)
	legend := levelLegend("the optimal gamble:", levels, name)
	right, bar := heatMap("The chooser's chance to win, about to choose", xl, yl, win, "probability")
	c := newCanvas(f, 15*vg.Inch, 5.5*vg.Inch)
	row(c.Canvas, part{left, 5}, part{legend, 1.6}, part{right, 5}, part{bar, 0.9})
	return c.writeTo(w)
}
