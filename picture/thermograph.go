package picture

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/gamesolve/gamesolve/report"
)

// Thermograph draws a game's thermograph in the usual orientation:
// temperature upward from -1, and values increasing to the left, as in
// Winning Ways, so Left's wall is on the left. The walls, the mast (from
// the temperature up, at the mean) and the mean are labelled.
func Thermograph(w io.Writer, f Format, r *report.CGT) error {
	th := r.Thermograph
	mean, _ := r.Mean.R.Float64()
	temp, _ := r.Temperature.R.Float64()
	top := math.Max(temp+math.Max(1, 0.3*(temp+1)), 1)
	// x is -value: the axis then increases to the left.
	wall := func(ps [][2]report.Exact) plotter.XYs {
		xys := make(plotter.XYs, 0, len(ps)+2)
		for _, p := range ps {
			t, _ := p[0].R.Float64()
			v, _ := p[1].R.Float64()
			xys = append(xys, plotter.XY{X: -v, Y: t})
		}
		return append(xys, plotter.XY{X: -mean, Y: temp})
	}
	lo, hi := -mean, -mean
	for _, xy := range append(wall(th.Left), wall(th.Right)...) {
		lo, hi = math.Min(lo, xy.X), math.Max(hi, xy.X)
	}
	pad := math.Max(0.5, 0.1*(hi-lo))
	title := fmt.Sprintf("Thermograph of %s: mean %s, temperature %s", r.Input, r.Mean, r.Temperature)
	if r.Game != "" {
		title = fmt.Sprintf("Thermograph of %s %q = %s: mean %s, temperature %s", r.Game, r.Input, r.Value, r.Mean, r.Temperature)
	}
	p := newPlot(title, "value (increasing to the left)", "temperature t")
	p.X.Min, p.X.Max = lo-pad, hi+pad
	p.Y.Min, p.Y.Max = -1, top
	p.X.Tick.Marker = steppedTicks{negate: true}
	p.Y.Tick.Marker = steppedTicks{}
	p.Add(plotter.NewGrid())
	cm := colorMap(0, 1)
	leftColor, _ := cm.At(0.75)
	rightColor, _ := cm.At(0.3)
	for _, side := range []struct {
		xys   plotter.XYs
		c     color.Color
		label string
	}{{wall(th.Left), leftColor, "left wall"}, {wall(th.Right), rightColor, "right wall"}} {
		l, err := plotter.NewLine(side.xys)
		if err != nil {
			return fmt.Errorf("picture: %w", err)
		}
		l.Color, l.Width = side.c, vg.Points(2.5)
		p.Add(l)
		p.Legend.Add(side.label, l)
	}
	mast, err := plotter.NewLine(plotter.XYs{{X: -mean, Y: temp}, {X: -mean, Y: top}})
	if err != nil {
		return fmt.Errorf("picture: %w", err)
	}
	mast.Width, mast.Color = vg.Points(2.5), color.Black
	p.Add(mast)
	p.Legend.Add("mast", mast)
	p.Legend.Top, p.Legend.Left = true, true
	zero, err := plotter.NewLine(plotter.XYs{{X: p.X.Min, Y: 0}, {X: p.X.Max, Y: 0}})
	if err == nil { // the line t = 0: below it numbers cool
		zero.Color, zero.Dashes = color.Gray{Y: 120}, []vg.Length{vg.Points(4), vg.Points(3)}
		p.Add(zero)
	}
	labels, err := plotter.NewLabels(plotter.XYLabels{
		XYs:    []plotter.XY{{X: -mean, Y: top}, {X: -mean, Y: temp}},
		Labels: []string{" mean " + r.Mean.String(), fmt.Sprintf("t = %s ", r.Temperature)},
	})
	if err == nil {
		for i := range labels.TextStyle {
			labels.TextStyle[i].Font.Size = 10
			labels.TextStyle[i].YAlign = draw.YTop
		}
		// The temperature left of the mast's foot and above it: the walls
		// meet there from below, and the mast rises on its right.
		labels.TextStyle[1].XAlign, labels.TextStyle[1].YAlign = draw.XRight, draw.YBottom
		p.Add(labels)
	}
	c := newCanvas(f, 7*vg.Inch, 6*vg.Inch)
	p.Draw(c.Canvas)
	return c.writeTo(w)
}

// steppedTicks puts ticks at a round step (a power of two times 1 or a
// power of ten), labelled exactly; negate labels an axis that shows -value
// with the values.
type steppedTicks struct{ negate bool }

func (s steppedTicks) Ticks(min, max float64) []plot.Tick {
	span := max - min
	step := 1.0
	for _, c := range []float64{0.125, 0.25, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000} {
		step = c
		if span/c <= 10 {
			break
		}
	}
	var ticks []plot.Tick
	for v := math.Ceil(min/step) * step; v <= max+1e-9; v += step {
		label := v
		if s.negate {
			label = -v
		}
		ticks = append(ticks, plot.Tick{Value: v, Label: strconv.FormatFloat(label+0, 'g', -1, 64)})
		// Minor ticks halfway.
		if v+step/2 <= max {
			ticks = append(ticks, plot.Tick{Value: v + step/2})
		}
	}
	return ticks
}
