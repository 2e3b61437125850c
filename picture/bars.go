package picture

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/gamesolve/gamesolve/report"
)

// bars draws one bar per value, labelled below.
func bars(w io.Writer, f Format, title, ylabel string, labels []string, values []float64) error {
	p, err := barPlot(title, ylabel, labels, values)
	if err != nil {
		return err
	}
	c := newCanvas(f, barsWidth(len(values)), 4.8*vg.Inch)
	p.Draw(c.Canvas)
	return c.writeTo(w)
}

// barsWidth is the width of a picture of n bars.
func barsWidth(n int) vg.Length {
	return vg.Length(max(6, min(18, 2+0.7*float64(n)))) * vg.Inch
}

// barPlot is a plot of one bar per value, each labelled below and its
// value written above it.
func barPlot(title, ylabel string, labels []string, values []float64) (*plot.Plot, error) {
	p := newPlot(title, "", ylabel)
	p.Add(plotter.NewGrid()) // first, so it is behind the bars
	b, err := plotter.NewBarChart(plotter.Values(values), vg.Points(max(8, min(40, 400/float64(len(values))))))
	if err != nil {
		return nil, fmt.Errorf("picture: %w", err)
	}
	cm := colorMap(0, 1)
	b.Color, _ = cm.At(0.35)
	b.LineStyle.Width = 0
	p.Add(b)
	p.NominalX(labels...)
	hi := 0.0
	for _, v := range values {
		hi = max(hi, v)
	}
	p.Y.Min, p.Y.Max = min(0, p.Y.Min), max(p.Y.Max, hi*1.1)
	p.X.Min, p.X.Max = -0.6, float64(len(values))-0.4
	// Each bar's value above it.
	xys := make(plotter.XYs, len(values))
	texts := make([]string, len(values))
	for i, v := range values {
		xys[i] = plotter.XY{X: float64(i), Y: v}
		texts[i] = strconv.FormatFloat(v, 'g', 4, 64)
	}
	if l, err := plotter.NewLabels(plotter.XYLabels{XYs: xys, Labels: texts}); err == nil {
		for i := range l.TextStyle {
			l.TextStyle[i].Font.Size = 8
			l.TextStyle[i].XAlign = -0.5
			l.TextStyle[i].YAlign = 0.2
		}
		p.Add(l)
	}
	if len(labels) > 20 {
		p.X.Tick.Label.Rotation = 1.2
		p.X.Tick.Label.XAlign, p.X.Tick.Label.YAlign = -0.9, -0.5
	}
	return p, nil
}

// Chefs draws each chef's win probability, the skills under the bars.
func Chefs(w io.Writer, f Format, r *report.Chefs) error {
	labels := make([]string, len(r.Skills))
	for i, s := range r.Skills {
		labels[i] = fmt.Sprintf("chef %d\n%s", i+1, s)
	}
	title := fmt.Sprintf("Chef Showdown, %d chefs: win probabilities (skill under each chef; %.6g dishes expected)", len(r.Skills), r.ExpectedDishes)
	return bars(w, f, title, "probability of winning", labels, r.WinProbabilities)
}

// Model draws each player's value at a model's start.
func Model(w io.Writer, f Format, name string, r *report.Model) error {
	labels := make([]string, len(r.Values))
	for i := range r.Values {
		labels[i] = fmt.Sprintf("player %d", i)
		if i < len(r.Players) {
			labels[i] = r.Players[i]
		}
	}
	return bars(w, f, name+": each player's value at the start", "value", labels, r.Values)
}

// JANI draws the values of a JANI model's computed properties (infinite and
// skipped ones are named in the title).
func JANI(w io.Writer, f Format, r *report.JANI) error {
	var labels, left []string
	var values []float64
	for _, p := range r.Properties {
		x, isNumber := p.Number()
		switch {
		case isNumber:
			labels = append(labels, p.Name+"\n"+p.Kind)
			values = append(values, x)
		case p.Value != nil:
			left = append(left, fmt.Sprintf("%s %v", p.Name, p.Value))
		case p.Infinite:
			left = append(left, p.Name+" infinite")
		default:
			left = append(left, p.Name+" skipped")
		}
	}
	if len(values) == 0 {
		return fmt.Errorf("picture: %s has no finite property values to draw", r.Model)
	}
	title := fmt.Sprintf("%s (%s, %d states): property values", r.Model, r.Type, r.States)
	if len(left) > 0 {
		title += "\nnot drawn: " + strings.Join(left, ", ")
	}
	// Probabilities and expected values have scales of their own: a
	// panel each, side by side, where the model has both.
	var probs, other []int
	for i, l := range labels {
		if _, kind, _ := strings.Cut(l, "\n"); strings.HasPrefix(kind, "P") {
			probs = append(probs, i)
		} else {
			other = append(other, i)
		}
	}
	if len(probs) == 0 || len(other) == 0 {
		ylabel := "expected value"
		if len(other) == 0 {
			ylabel = "probability"
		}
		return bars(w, f, title, ylabel, labels, values)
	}
	pick := func(idx []int) ([]string, []float64) {
		var l []string
		var v []float64
		for _, i := range idx {
			l, v = append(l, labels[i]), append(v, values[i])
		}
		return l, v
	}
	pl, pv := pick(probs)
	ol, ov := pick(other)
	left2, err := barPlot(title, "probability", pl, pv)
	if err != nil {
		return err
	}
	// A blank title of as many lines, so both panels start level.
	right, err := barPlot(strings.Repeat(" \n", strings.Count(title, "\n"))+" ", "expected value", ol, ov)
	if err != nil {
		return err
	}
	left2.Y.Max = max(left2.Y.Max, 1)
	c := newCanvas(f, barsWidth(len(values)+2), 4.8*vg.Inch)
	row(c.Canvas, part{left2, float64(len(pv)) + 1}, part{right, float64(len(ov)) + 1})
	return c.writeTo(w)
}
