package tierfile_test

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamesolve/gamesolve/tierfile"
)

func pigManifest(target int) tierfile.Manifest {
	return tierfile.Manifest{Game: fmt.Sprintf("pig target=%d", target), Kind: tierfile.Float, Width: 2}
}

// TestOpenDir: a directory remembers its game; the same manifest opens
// it again, and any difference is refused with ErrOtherGame naming both.
func TestOpenDir(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tiers")
	m := pigManifest(5)
	if _, err := tierfile.OpenDir(path, m); err != nil {
		t.Fatal(err)
	}
	if _, err := tierfile.OpenDir(path, m); err != nil {
		t.Fatalf("reopening: %v", err)
	}
	other := func(f func(*tierfile.Manifest)) tierfile.Manifest {
		o := pigManifest(5)
		f(&o)
		return o
	}
	for name, o := range map[string]tierfile.Manifest{
		"game":  other(func(o *tierfile.Manifest) { o.Game = "pig target=6" }),
		"kind":  other(func(o *tierfile.Manifest) { o.Kind = tierfile.Exact }),
		"width": other(func(o *tierfile.Manifest) { o.Width = 3 }),
	} {
		_, err := tierfile.OpenDir(path, o)
		if !errors.Is(err, tierfile.ErrOtherGame) || !strings.Contains(err.Error(), path) {
			t.Errorf("%s: err = %v, want ErrOtherGame naming the directory", name, err)
		}
	}
	if err := os.WriteFile(filepath.Join(path, "manifest.json"), []byte("{not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := tierfile.OpenDir(path, m); !errors.Is(err, tierfile.ErrOtherGame) {
		t.Errorf("a broken manifest: err = %v", err)
	}
}

// TestDone: a tier is done when its file is complete and its own; a
// corrupt file, or another tier's file under its name, is removed and
// reported; temporary files are cleaned away.
func TestDone(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	d, err := tierfile.OpenDir(t.TempDir(), pigManifest(5))
	if err != nil {
		t.Fatal(err)
	}
	m := d.Manifest()
	if ok, why, err := d.Done(3); ok || why != nil || err != nil {
		t.Fatalf("a missing tier: %v %v %v", ok, why, err)
	}
	tier := randomTier(rng, tierfile.Float, 5000, m.Width)
	tier.Game, tier.Tier = m.Game, 3
	if err := d.Write(tier); err != nil {
		t.Fatal(err)
	}
	if ok, why, err := d.Done(3); !ok || why != nil || err != nil {
		t.Fatalf("a written tier: %v %v %v", ok, why, err)
	}
	// Another tier's file under tier 4's name.
	if err := os.Rename(d.Path(3), d.Path(4)); err != nil {
		t.Fatal(err)
	}
	if ok, why, err := d.Done(4); ok || !errors.Is(why, tierfile.ErrCorrupt) || err != nil {
		t.Fatalf("tier 3's file as tier 4: %v %v %v", ok, why, err)
	}
	if _, err := os.Stat(d.Path(4)); err == nil {
		t.Fatal("the misplaced file was kept")
	}
	// A flipped bit.
	if err := d.Write(tier); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(d.Path(3))
	data[len(data)/2] ^= 4
	os.WriteFile(d.Path(3), data, 0o644)
	if ok, why, err := d.Done(3); ok || !errors.Is(why, tierfile.ErrCorrupt) || err != nil {
		t.Fatalf("a corrupt tier: %v %v %v", ok, why, err)
	}
	// Another game's tier is refused before it is written.
	tier.Game = "chefs n=4"
	if err := d.Write(tier); err == nil {
		t.Fatal("another game's tier was written")
	}
	// A torn write leaves a temporary file, which Clean removes.
	tmp := d.Path(2) + ".123.tmp"
	os.WriteFile(tmp, data[:100], 0o644)
	if err := d.Clean(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(tmp); err == nil {
		t.Fatal("Clean left a temporary file")
	}
}

// TestCheckSpace refuses a need past the free space, naming both.
func TestCheckSpace(t *testing.T) {
	dir := t.TempDir()
	free, err := tierfile.FreeSpace(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := tierfile.CheckSpace(dir, 1); free > 0 && err != nil {
		t.Fatalf("one byte: %v", err)
	}
	err = tierfile.CheckSpace(dir, math.MaxUint64)
	if !errors.Is(err, tierfile.ErrNoSpace) || !strings.Contains(err.Error(), "EiB") {
		t.Fatalf("2^64 bytes: %v", err)
	}
}

// TestFileBytes: the up-front estimate of a float file is its size.
func TestFileBytes(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, n := range []int{0, 1, 100, 70000} {
		tier := randomTier(rng, tierfile.Float, n, 3)
		st, _ := os.Stat(writeTemp(t, tier))
		if est := tierfile.FileBytes(tier.Game, tierfile.Float, 3, n, 0); int64(est) < st.Size() || int64(est) > st.Size()+4 {
			t.Errorf("%d states: estimate %d, file %d bytes", n, est, st.Size())
		}
	}
}
