package picture

import (
	"image"
	"image/color"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/palette"
	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// grid is a table of values over integer coordinates: column c is x = x0+c,
// row r is y = y0+r.
type grid struct {
	cols, rows int
	x0, y0     int
	z          func(c, r int) float64
}

func (g grid) Dims() (c, r int)   { return g.cols, g.rows }
func (g grid) Z(c, r int) float64 { return g.z(c, r) }
func (g grid) X(c int) float64    { return float64(g.x0 + c) }
func (g grid) Y(r int) float64    { return float64(g.y0 + r) }
func (g grid) zRange() (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for c := range g.cols {
		for r := range g.rows {
			v := g.z(c, r)
			if math.IsNaN(v) {
				continue
			}
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	if lo > hi { // no values at all
		return 0, 1
	}
	return lo, hi
}

// raster draws g as an image, each cell a block of identical pixels, so
// that scaling it to the page neither blurs cells into each other (as a
// rasterized heat map does) nor leaves seams between them (as one
// rectangle per cell does).
func raster(g grid, cm palette.ColorMap) *plotter.Image {
	img := rasterImage(g, cm)
	return plotter.NewImage(img, float64(g.x0)-0.5, float64(g.y0)-0.5, float64(g.x0+g.cols)-0.5, float64(g.y0+g.rows)-0.5)
}

// rasterImage is raster's image: k×k pixels per cell.
func rasterImage(g grid, cm palette.ColorMap) *image.RGBA {
	k := max(1, (1200+g.cols-1)/g.cols, (1200+g.rows-1)/g.rows)
	k = min(k, 64)
	img := image.NewRGBA(image.Rect(0, 0, g.cols*k, g.rows*k))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = noValue.R, noValue.G, noValue.B, noValue.A
	}
	for c := range g.cols {
		for r := range g.rows {
			if math.IsNaN(g.z(c, r)) {
				continue // filled with noValue below
			}
			col, err := cm.At(g.z(c, r))
			if err != nil { // outside the map's range: clamp
				if g.z(c, r) < cm.Min() {
					col, _ = cm.At(cm.Min())
				} else {
					col, _ = cm.At(cm.Max())
				}
			}
			// Image rows run downward; y grows upward.
			y0 := (g.rows - 1 - r) * k
			for dy := range k {
				for dx := range k {
					img.Set(c*k+dx, y0+dy, col)
				}
			}
		}
	}
	return img
}

// noValue is the colour of cells without a value (NaN): a light grey that
// no value of the colour map has.
var noValue = color.RGBA{R: 200, G: 200, B: 200, A: 255}

// colorMap is the perceptual map pictures use, over [lo, hi].
func colorMap(lo, hi float64) palette.ColorMap {
	cm := moreland.ExtendedKindlmann()
	if hi <= lo {
		hi = lo + 1
	}
	cm.SetMin(lo)
	cm.SetMax(hi)
	return cm
}

// heatMap returns a map of g with continuous colours and a colour bar
// beside it, labelled barLabel.
func heatMap(title, x, y string, g grid, barLabel string) (*plot.Plot, *plot.Plot) {
	lo, hi := g.zRange()
	cm := colorMap(lo, hi)
	p := gridPlot(title, x, y, g)
	p.Add(raster(g, cm))
	bar := newPlot("", "", barLabel)
	bar.HideX()
	bar.Y.Label.Text = barLabel
	bar.Add(&plotter.ColorBar{ColorMap: cm, Vertical: true})
	bar.Y.Min, bar.Y.Max = lo, hi
	// Pad the bar's title so its top lines up with the map's.
	bar.Title.Text = " "
	return p, bar
}

// levelMap returns a map of g's integer levels (1..n) in distinct colours,
// with a legend entry per level, named by name(level).
func levelMap(title, x, y string, g grid, name func(int) string) *plot.Plot {
	_, hi := g.zRange()
	n := max(int(hi), 1)
	cm := colorMap(0.5, float64(n)+0.5)
	p := gridPlot(title, x, y, g)
	p.Add(raster(g, cm))
	return p
}

// gridPlot is newPlot for a map of g: each axis labelled at its first
// value and at round steps, every cell's value a tick.
func gridPlot(title, x, y string, g grid) *plot.Plot {
	p := newPlot(title, x, y)
	p.X.Tick.Marker = cellTicks{first: g.x0, n: g.cols}
	p.Y.Tick.Marker = cellTicks{first: g.y0, n: g.rows}
	return p
}

// cellTicks labels an axis of n cells from first: the first value, and
// the multiples of a round step (1, 2, 5, 10, 20, 25, 50, … with at most
// ten labels), with unlabelled ticks between.
type cellTicks struct{ first, n int }

func (t cellTicks) Ticks(float64, float64) []plot.Tick {
	last := t.first + t.n - 1
	step := 1
	for _, s := range []int{1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000} {
		step = s
		if (last-t.first)/s <= 10 {
			break
		}
	}
	minor := max(1, step/5)
	var ticks []plot.Tick
	for v := t.first; v <= last; v++ {
		switch {
		case v == t.first || v%step == 0:
			if v != t.first && v-t.first < step/3 {
				ticks = append(ticks, plot.Tick{Value: float64(v)}) // too near the first label
				continue
			}
			ticks = append(ticks, plot.Tick{Value: float64(v), Label: strconv.Itoa(v)})
		case v%minor == 0:
			ticks = append(ticks, plot.Tick{Value: float64(v)})
		}
	}
	return ticks
}

// levelLegend is a panel with only a legend: a swatch per level of
// levelMap's colours.
func levelLegend(title string, n int, name func(int) string) *plot.Plot {
	cm := colorMap(0.5, float64(n)+0.5)
	p := plot.New()
	p.HideAxes()
	// The title is the legend's first line, so it sits on top of the
	// swatches and not apart from them. The panel's own title pads it
	// down to the map's top.
	p.Title.Text = " "
	p.Title.TextStyle.Font.Size = 13
	p.Title.Padding = vg.Points(6)
	p.Legend.Add(title)
	for level := 1; level <= n; level++ {
		c, err := cm.At(float64(level))
		if err != nil {
			c = color.Black
		}
		p.Legend.Add(name(level), swatch{c})
	}
	p.Legend.Top, p.Legend.Left = true, true
	p.Legend.TextStyle.Font.Size = 10
	p.Legend.ThumbnailWidth = vg.Points(14)
	return p
}

// swatch is a legend thumbnail: a filled square.
type swatch struct{ c color.Color }

func (s swatch) Thumbnail(c *draw.Canvas) {
	pts := []vg.Point{{X: c.Min.X, Y: c.Min.Y}, {X: c.Min.X, Y: c.Max.Y}, {X: c.Max.X, Y: c.Max.Y}, {X: c.Max.X, Y: c.Min.Y}}
	c.FillPolygon(s.c, c.ClipPolygonY(pts))
}
