package cli

import (
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestPlot(t *testing.T) {
	dir := t.TempDir()
	cases := [][]string{
		{"plot", "race", "--target", "20", "-o", filepath.Join(dir, "race.png")},
		{"plot", "race", "--coin-target", "8", "--chooser-target", "12", "--first", "chooser", "-o", filepath.Join(dir, "race.svg")},
		{"plot", "pig", "--target", "15", "-o", filepath.Join(dir, "pig.png")},
		{"plot", "pig", "--players", "3", "--target", "12", "--rest", "5", "-o", filepath.Join(dir, "pig3.svg")},
		{"plot", "chefs", "-n", "6", "-o", filepath.Join(dir, "chefs.svg")},
		{"plot", "chefs", "--skills", "0.25,0.5,1", "-o", filepath.Join(dir, "chefs.png")},
		{"plot", "solve", "../../../../docs/examples/duel.json", "-o", filepath.Join(dir, "duel.png")},
		{"plot", "solve", "../../../../docs/examples/gamble.jani", "--const", "WIN=2", "-o", filepath.Join(dir, "gamble.svg")},
		{"plot", "cgt", "{3||2|1}", "-o", filepath.Join(dir, "thermograph.png")},
		{"plot", "cgt", "--game", "domineering", "...|...", "-o", filepath.Join(dir, "thermograph.svg")},
		{"plot", "cgt", "7", "--quiet", "-o", filepath.Join(dir, "integer.png")},
		{"plot", "cgt", "--octal", "0.77", "-n", "300", "-o", filepath.Join(dir, "kayles.svg")},
		{"plot", "cgt", "--octal", "0.6", "-n", "100", "-o", filepath.Join(dir, "officers.png")},
	}
	for _, args := range cases {
		code, out, errs := run(t, "", args...)
		path := args[len(args)-1]
		// The file written is named on stderr, unless --quiet.
		said := "wrote " + path + "\n"
		if slices.Contains(args, "--quiet") {
			said = ""
		}
		if code != 0 || out != "" || errs != said {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errs)
			continue
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(path, ".png") {
			if _, err := png.Decode(f); err != nil {
				t.Errorf("%s: %v", path, err)
			}
		} else {
			data, _ := os.ReadFile(path)
			if !strings.Contains(string(data), "<svg") {
				t.Errorf("%s: not SVG", path)
			}
		}
		f.Close()
	}
	out := filepath.Join(dir, "x.png")
	badInput(t, "", "plot")
	badInput(t, "", "plot", "race", "--target", "10")
	badInput(t, "", "plot", "race", "--target", "10", "-o", filepath.Join(dir, "x.jpg"))
	badInput(t, "", "plot", "race", "--target", "10", "-o", "/nonexistent/dir/x.png")
	badInput(t, "", "plot", "race", "--target", "3000", "-o", out)
	badInput(t, "", "plot", "race", "-o", out)
	badInput(t, "", "plot", "pig", "--target", "500", "-o", out)
	badInput(t, "", "plot", "pig", "-o", out)
	badInput(t, "", "plot", "pig", "--target", "10", "--players", "3", "--rest", "1,2", "-o", out)
	badInput(t, "", "plot", "pig", "--target", "10", "--players", "3", "--rest", "10", "-o", out)
	badInput(t, "", "plot", "chefs", "-o", out)
	badInput(t, "", "plot", "solve", "-o", out)
	badInput(t, "", "plot", "solve", "../../../../docs/examples/gamble.jani", "-o", out)
	badInput(t, "", "plot", "solve", "../../../../docs/examples/duel.json", "--const", "N=1", "-o", out)
	badInput(t, "", "plot", "nope", "-o", out)
	badInput(t, "", "plot", "cgt", "{", "-o", out)
	badInput(t, "", "plot", "cgt", "-o", out)
	if _, err := os.Stat(out); err == nil {
		t.Error("a failed plot left a file")
	}
}
