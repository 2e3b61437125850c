package picture

import (
	"fmt"
	"image/color"
	"io"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/gamesolve/gamesolve/report"
)

// Octal draws a take-and-break game's nim-sequence: G(n) against n, a dot
// each, with the start of the periodic part and each period after it
// marked by a vertical line (dashed where the period is not certified).
func Octal(w io.Writer, f Format, r *report.Octal) error {
	p := newPlot(octalTitle(r), "heap n", "nim-value G(n)")
	p.Add(plotter.NewGrid())
	xys := make(plotter.XYs, len(r.Values))
	hi := 0
	for n, v := range r.Values {
		xys[n] = plotter.XY{X: float64(n), Y: float64(v)}
		hi = max(hi, v)
	}
	if r.Period > 0 {
		// The periodic part's start, then every period, up to 40 lines.
		step := r.Period * max(1, (r.N-*r.Preperiod)/(40*r.Period))
		for x := *r.Preperiod; x <= r.N; x += step {
			l, err := plotter.NewLine(plotter.XYs{{X: float64(x) - 0.5, Y: -0.5}, {X: float64(x) - 0.5, Y: float64(hi) + 0.5}})
			if err != nil {
				return fmt.Errorf("picture: %w", err)
			}
			l.Color = color.Gray{Y: 150}
			if x == *r.Preperiod {
				l.Color = color.RGBA{R: 190, G: 40, B: 40, A: 255}
				l.Width = vg.Points(1.5)
			}
			if !r.Certified {
				l.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
			}
			p.Add(l)
		}
	}
	s, err := plotter.NewScatter(xys)
	if err != nil {
		return fmt.Errorf("picture: %w", err)
	}
	cm := colorMap(0, 1)
	s.GlyphStyle.Color, _ = cm.At(0.3)
	s.GlyphStyle.Shape = draw.CircleGlyph{}
	s.GlyphStyle.Radius = vg.Points(max(0.6, min(2.5, 300/float64(len(xys)+1))))
	p.Add(s)
	p.X.Min, p.X.Max = -0.5, float64(r.N)+0.5
	p.Y.Min, p.Y.Max = -0.5, float64(hi)+0.5
	c := newCanvas(f, 10*vg.Inch, 4.5*vg.Inch)
	p.Draw(c.Canvas)
	return c.writeTo(w)
}

// octalTitle names the game and says what periodicity its values show:
// none, a period (certified or not) or an arithmetic period with its
// saltus (never certified).
func octalTitle(r *report.Octal) string {
	name := r.Code
	if r.Name != "" {
		name += " (" + r.Name + ")"
	}
	title := fmt.Sprintf("%s: nim-values G(n) for n = 0 to %d\n", name, r.N)
	switch {
	case r.Period == 0:
		return title + fmt.Sprintf("no period found up to n = %d (a period p from heap m shows at n = max(2m, m+3p-1))", r.N)
	case r.Saltus > 0:
		return title + fmt.Sprintf("arithmetic period %d, saltus %d, from n = %d as far as computed, not certified", r.Period, r.Saltus, *r.Preperiod)
	case r.Certified:
		return title + fmt.Sprintf("period %d from n = %d, certified (Guy–Smith)", r.Period, *r.Preperiod)
	}
	return title + fmt.Sprintf("period %d from n = %d as far as computed, not certified", r.Period, *r.Preperiod)
}
