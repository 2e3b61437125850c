package picture

import (
	"fmt"
	"image/color"
	"io"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Format is a picture format.
type Format string

const (
	PNG Format = "png"
	SVG Format = "svg"
)

// FormatOf chooses the format by a file name's extension.
func FormatOf(path string) (Format, error) {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".png":
		return PNG, nil
	case ".svg":
		return SVG, nil
	}
	return "", fmt.Errorf("picture: %q: the file name must end in .png or .svg", path)
}

// canvas is a drawing surface of a format that can be written out.
type canvas struct {
	draw.Canvas
	out io.WriterTo
}

// dpi of PNG pictures: crisp on screens, small files.
const dpi = 120

func newCanvas(f Format, w, h vg.Length) canvas {
	if f == SVG {
		c := vgsvg.New(w, h)
		return canvas{draw.New(c), c}
	}
	c := vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(dpi), vgimg.UseBackgroundColor(color.White))
	return canvas{draw.New(c), vgimg.PngCanvas{Canvas: c}}
}

func (c canvas) writeTo(w io.Writer) error {
	_, err := c.out.WriteTo(w)
	return err
}

// part is a plot and the share of a row's width it takes.
type part struct {
	p     *plot.Plot
	share float64
}

// row draws plots side by side, each in its share of the width.
func row(c draw.Canvas, parts ...part) {
	total := 0.0
	for _, p := range parts {
		total += p.share
	}
	w := c.Max.X - c.Min.X
	x := c.Min.X
	for _, p := range parts {
		dx := vg.Length(p.share / total * float64(w))
		sub := c
		sub.Min.X, sub.Max.X = x, x+dx
		p.p.Draw(sub)
		x += dx
	}
}

// newPlot is a plot with gamesolve's title and label sizes.
func newPlot(title, x, y string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.Title.TextStyle.Font.Size = 13
	p.Title.Padding = vg.Points(6)
	p.X.Label.Text, p.Y.Label.Text = x, y
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font.Size = 11
		a.Tick.Label.Font.Size = 9
	}
	return p
}
