package picture

import (
	"fmt"
	"image/color"
	"io"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/gamesolve/gamesolve/report"
)

// MaxStrategyRows is the most information sets a strategy picture shows;
// a larger game's picture shows the first ones and says so.
const MaxStrategyRows = 120

// Strategy draws an equilibrium's strategy as a table: a row per
// information set (its label on the left), a cell per action, coloured by
// the action's probability and showing it, the action's name above.
func Strategy(w io.Writer, f Format, r *report.Equilibrium) error {
	rows := r.Strategy
	shown := min(len(rows), MaxStrategyRows)
	cols := 0
	for _, s := range rows[:shown] {
		cols = max(cols, len(s.Actions))
	}
	const (
		rowH   = 0.32 * vg.Inch
		cellW  = 1.15 * vg.Inch
		labelW = 4.2 * vg.Inch
		top    = 0.75 * vg.Inch
		margin = 0.2 * vg.Inch
	)
	width := labelW + vg.Length(cols)*cellW + 2*margin
	height := top + vg.Length(shown)*rowH + margin
	c := newCanvas(f, width, height)
	base := plot.New().Title.TextStyle // the default font and handler
	style := func(size vg.Length) text.Style {
		st := base
		st.Color, st.Font.Size, st.XAlign, st.YAlign = color.Black, size, draw.XLeft, draw.YCenter
		return st
	}
	title := fmt.Sprintf("%s: equilibrium strategy (%s), exploitability %s", r.Game, r.Method, r.ExploitabilityExact)
	if shown < len(rows) {
		title += fmt.Sprintf("; the first %d of %d information sets", shown, len(rows))
	}
	c.FillText(style(12), vg.Point{X: margin, Y: height - 0.3*vg.Inch}, title)
	for i, s := range rows[:shown] {
		y := height - top - vg.Length(i+1)*rowH
		label := s.Label
		if label == "" {
			label = r.Players[s.Player-1]
		}
		if !s.Reached {
			label += " (not reached)"
		}
		label = cut(label, 60)
		c.FillText(style(8), vg.Point{X: margin, Y: y + rowH/2}, label)
		for a, act := range s.Actions {
			x := margin + labelW + vg.Length(a)*cellW
			p := float64(act.Probability)
			fill := probColor(p)
			c.FillPolygon(fill, []vg.Point{{X: x, Y: y}, {X: x + cellW - 2, Y: y}, {X: x + cellW - 2, Y: y + rowH - 2}, {X: x, Y: y + rowH - 2}})
			txt := cut(act.Name, 12) + " " + strconv.FormatFloat(p, 'f', 3, 64)
			st := style(7)
			if p > 0.6 {
				st.Color = color.White
			}
			c.FillText(st, vg.Point{X: x + 3, Y: y + rowH/2}, txt)
		}
	}
	return c.writeTo(w)
}

// cut shortens s to n characters with an ellipsis.
func cut(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// probColor shades a probability from white (0) to deep blue (1).
func probColor(p float64) color.Color {
	p = max(0, min(1, p))
	mix := func(a, b uint8) uint8 { return uint8(float64(a) + p*(float64(b)-float64(a)) + 0.5) }
	return color.RGBA{R: mix(248, 33), G: mix(248, 70), B: mix(252, 160), A: 255}
}
