package tierfile_test

import (
	"crypto/sha256"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamesolve/gamesolve/tierfile"
)

var update = flag.Bool("update", false, "rewrite testdata/golden.sha256 from this build's files")

// TestGoldenBytes pins the file format: tiers of both kinds, one within a
// block, the others across several 64 KiB blocks and with values that
// straddle a block's end, are written and their bytes' SHA-256 compared
// with testdata/golden.sha256. The hashes were made by the first writer,
// which wrote each value through a buffer one at a time; a writer that
// changes any byte fails here, whatever reads it back.
func TestGoldenBytes(t *testing.T) {
	cases := []struct {
		name         string
		kind         tierfile.Kind
		n, width     int
		seed1, seed2 uint64
	}{
		{"float-small", tierfile.Float, 7, 4, 1, 2},
		{"float-blocks", tierfile.Float, 3001, 5, 3, 4},
		{"exact-small", tierfile.Exact, 5, 3, 5, 6},
		{"exact-blocks", tierfile.Exact, 997, 4, 7, 8},
	}
	var lines []string
	for _, c := range cases {
		tier := randomTier(rand.New(rand.NewPCG(c.seed1, c.seed2)), c.kind, c.n, c.width)
		data, err := os.ReadFile(writeTemp(t, tier))
		if err != nil {
			t.Fatal(err)
		}
		if c.n > 100 && len(data) < 2*64<<10 {
			t.Fatalf("%s: %d bytes, not past two blocks", c.name, len(data))
		}
		lines = append(lines, fmt.Sprintf("%s %x %d", c.name, sha256.Sum256(data), len(data)))
	}
	path := filepath.Join("testdata", "golden.sha256")
	got := strings.Join(lines, "\n") + "\n"
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("tier files' bytes changed:\n%s\nwant\n%s", got, want)
	}
}

// BenchmarkWrite writes a float tier of 10,000 states, 4 values each (the
// size of one of Pig to 100's larger tiers), to a temporary file.
func BenchmarkWrite(b *testing.B) {
	tier := randomTier(rand.New(rand.NewPCG(1, 1)), tierfile.Float, 10000, 4)
	path := filepath.Join(b.TempDir(), "tier.gst")
	for b.Loop() {
		if err := tierfile.Write(path, tier); err != nil {
			b.Fatal(err)
		}
	}
}

// TestWriteFrom: a float tier written from its values state by state
// (WriteFrom) is the file Write writes, byte for byte; WriteFrom refuses
// an exact tier and one whose values are held, and an error of next
// leaves no file.
func TestWriteFrom(t *testing.T) {
	for _, n := range []int{0, 7, 3001} {
		tier := randomTier(rand.New(rand.NewPCG(uint64(n), 9)), tierfile.Float, n, 5)
		want, err := os.ReadFile(writeTemp(t, tier))
		if err != nil {
			t.Fatal(err)
		}
		floats := tier.Floats
		tier.Floats = nil
		path := filepath.Join(t.TempDir(), "from.gst")
		i := 0
		err = tierfile.WriteFrom(path, tier, func(vals []float64) error {
			i += copy(vals, floats[i:i+len(vals)])
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(path)
		if err != nil || string(got) != string(want) {
			t.Fatalf("%d states: WriteFrom's file differs from Write's (%v)", n, err)
		}
		if i != len(floats) {
			t.Fatalf("%d states: next filled %d values, want %d", n, i, len(floats))
		}
	}
	tier := randomTier(rand.New(rand.NewPCG(1, 2)), tierfile.Float, 10, 2)
	path := filepath.Join(t.TempDir(), "t.gst")
	if err := tierfile.WriteFrom(path, tier, nil); err == nil {
		t.Error("WriteFrom wrote a tier whose values are held")
	}
	ex := randomTier(rand.New(rand.NewPCG(1, 2)), tierfile.Exact, 10, 2)
	ex.Rats = nil
	if err := tierfile.WriteFrom(path, ex, nil); err == nil {
		t.Error("WriteFrom wrote an exact tier")
	}
	tier.Floats = nil
	calls := 0
	err := tierfile.WriteFrom(path, tier, func([]float64) error {
		if calls++; calls == 4 {
			return fmt.Errorf("the values ran out")
		}
		return nil
	})
	if err == nil || !strings.Contains(err.Error(), "the values ran out") {
		t.Errorf("next's error: %v", err)
	}
	if ents, _ := os.ReadDir(filepath.Dir(path)); len(ents) != 0 {
		t.Errorf("a failed WriteFrom left %d files", len(ents))
	}
}
