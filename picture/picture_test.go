package picture

import (
	"bytes"
	"context"
	"image/png"
	"math"
	"strings"
	"testing"

	"github.com/gamesolve/gamesolve/games/poker"
	"github.com/gamesolve/gamesolve/games/race"
	"github.com/gamesolve/gamesolve/report"
)

// The raster shows each cell's value in the map's colour, rows upward, and
// empty cells grey.
func TestRaster(t *testing.T) {
	g := grid{cols: 3, rows: 2, x0: 1, y0: 1, z: func(c, r int) float64 {
		if c == 2 && r == 1 {
			return math.NaN()
		}
		return float64(c + 3*r)
	}}
	cm := colorMap(0, 4)
	src := rasterImage(g, cm)
	k := src.Bounds().Dx() / 3
	for c := range 3 {
		for r := range 2 {
			got := src.At(c*k+k/2, (1-r)*k+k/2)
			want := noValue
			if v := g.z(c, r); !math.IsNaN(v) {
				col, err := cm.At(min(v, 4))
				if err != nil {
					t.Fatal(err)
				}
				gr, gg, gb, _ := got.RGBA()
				wr, wg, wb, _ := col.RGBA()
				if gr>>8 != wr>>8 || gg>>8 != wg>>8 || gb>>8 != wb>>8 {
					t.Errorf("cell (%d,%d) = %v, want %v", c, r, got, col)
				}
				continue
			}
			if gr, gg, gb, _ := got.RGBA(); uint8(gr>>8) != want.R || uint8(gg>>8) != want.G || uint8(gb>>8) != want.B {
				t.Errorf("empty cell = %v, want grey", got)
			}
		}
	}
}

func TestRacePictures(t *testing.T) {
	r, err := report.SolveRace(context.Background(), report.RaceQuery{Game: race.PE232(12), Table: true})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := Race(&b, PNG, r); err != nil {
		t.Fatal(err)
	}
	im, err := png.Decode(&b)
	if err != nil {
		t.Fatal(err)
	}
	if w, h := im.Bounds().Dx(), im.Bounds().Dy(); w != 15*dpi || h != 11*dpi/2 {
		t.Errorf("PNG %d×%d", w, h)
	}
	b.Reset()
	if err := Race(&b, SVG, r); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"<svg", "optimal gamble T", "chance to win", "points the coin player needs", "T=1: 1/2 wins 1"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("SVG lacks %q", want)
		}
	}
	noTable, _ := report.SolveRace(context.Background(), report.RaceQuery{Game: race.PE232(3)})
	if err := Race(&b, PNG, noTable); err == nil {
		t.Error("a race without its table drew")
	}
}

func TestFormatOf(t *testing.T) {
	for name, want := range map[string]Format{"a.png": PNG, "b.SVG": SVG, "dir/c.svg": SVG} {
		if f, err := FormatOf(name); err != nil || f != want {
			t.Errorf("%s: %v %v", name, f, err)
		}
	}
	for _, name := range []string{"a.jpg", "png", "a"} {
		if _, err := FormatOf(name); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestThermographPicture(t *testing.T) {
	r, err := report.ValueCGT(context.Background(), "", "{3||2|1}", nil)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := Thermograph(&b, SVG, r); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Thermograph of {3||2|1}", "mean 9/4", "temperature 3/4", "left wall", "right wall", "mast", "increasing to the left"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("SVG lacks %q", want)
		}
	}
	// Values increase to the left: the axis shows -value, labelled back.
	ticks := steppedTicks{negate: true}.Ticks(-4.5, -1.5)
	if ticks[0].Value != -4.5 || ticks[0].Label != "4.5" {
		t.Errorf("first tick %+v, want -4.5 labelled 4.5", ticks[0])
	}
}

// A map's axes are labelled at the first cell and at round steps, every
// cell a tick.
func TestCellTicks(t *testing.T) {
	for _, c := range []struct {
		first, n int
		labels   string
	}{
		{1, 100, "1 10 20 30 40 50 60 70 80 90 100"},
		{0, 100, "0 10 20 30 40 50 60 70 80 90"},
		{1, 5, "1 2 3 4 5"},
		{0, 40, "0 5 10 15 20 25 30 35"},
		{1, 1000, "1 100 200 300 400 500 600 700 800 900 1000"},
	} {
		var labels []string
		ticks := cellTicks{first: c.first, n: c.n}.Ticks(0, 0)
		for _, tk := range ticks {
			if tk.Label != "" {
				labels = append(labels, tk.Label)
			}
		}
		if got := strings.Join(labels, " "); got != c.labels {
			t.Errorf("cells %d from %d: labels %q, want %q", c.n, c.first, got, c.labels)
		}
		if c.n <= 100 && len(ticks) > c.n {
			t.Errorf("cells %d from %d: %d ticks", c.n, c.first, len(ticks))
		}
	}
}

// The nim-sequence's title says what report.SolveOctal found: a
// certified period, an uncertified one, an arithmetic one with its saltus
// (0.3F grows by 3 every 6), or none (Grundy's game).
func TestOctalTitle(t *testing.T) {
	for _, c := range []struct {
		code string
		n    int
		want string
	}{
		{"0.77", 200, "0.77 (Kayles): nim-values G(n) for n = 0 to 200\nperiod 12 from n = 71, certified (Guy–Smith)"},
		{"0.77", 166, "0.77 (Kayles): nim-values G(n) for n = 0 to 166\nperiod 12 from n = 71 as far as computed, not certified"},
		{"0.3F", 60, "0.3F: nim-values G(n) for n = 0 to 60\narithmetic period 6, saltus 3, from n = 0 as far as computed, not certified"},
		{"grundy", 300, "grundy (Grundy's game): nim-values G(n) for n = 0 to 300\nno period found up to n = 300 (a period p from heap m shows at n = max(2m, m+3p-1))"},
	} {
		r, err := report.SolveOctal(context.Background(), c.code, c.n, 1)
		if err != nil {
			t.Fatal(err)
		}
		if got := octalTitle(r); got != c.want {
			t.Errorf("%s to %d: title %q, want %q", c.code, c.n, got, c.want)
		}
	}
}

// TestStrategyPicture draws Kuhn poker's equilibrium: a decodable PNG of
// one row per information set, and an SVG that names the sets and the
// probabilities; Leduc's picture says it shows only the first sets.
func TestStrategyPicture(t *testing.T) {
	r, err := report.SolveGame(context.Background(), poker.Kuhn(), report.GameOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := Strategy(&b, PNG, r); err != nil {
		t.Fatal(err)
	}
	if _, err := png.Decode(&b); err != nil {
		t.Fatal(err)
	}
	b.Reset()
	if err := Strategy(&b, SVG, r); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Kuhn poker: equilibrium strategy", "P1 holds Q, after check–bet", "call 0.667", "exploitability 0"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("SVG lacks %q", want)
		}
	}
	leduc, err := report.SolveGame(context.Background(), poker.Leduc(), report.GameOptions{Iterations: 10})
	if err != nil {
		t.Fatal(err)
	}
	b.Reset()
	if err := Strategy(&b, SVG, leduc); err != nil || !strings.Contains(b.String(), "the first 120 of 936 information sets") {
		t.Errorf("Leduc's picture: %v", err)
	}
}
