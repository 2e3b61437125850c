package tiered_test

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/gamesolve/gamesolve/games/pig"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/tiered"
)

// TestKillResume kills a solve of Pig to 50 with SIGKILL at random points
// (in the numbering, between tier writes, inside them), six times, then
// lets it finish: every tier file is byte for byte the one an
// uninterrupted solve writes.
func TestKillResume(t *testing.T) {
	if dir := os.Getenv("TIERED_KILL_DIR"); dir != "" {
		rules, _ := pig.New(50)
		// A pause after each tier widens the windows between writes.
		slow := func(tiered.Progress) { time.Sleep(2 * time.Millisecond) }
		if _, err := tiered.Solve[pig.State, float64](context.Background(), numeric.Float{}, rules, tiered.Options{Dir: dir, Game: "pig target=50", Progress: slow}); err != nil {
			t.Fatal(err)
		}
		return
	}
	if testing.Short() {
		t.Skip("kills child processes for a few seconds")
	}
	ref := t.TempDir()
	rules, _ := pig.New(50)
	if _, err := tiered.Solve[pig.State, float64](context.Background(), numeric.Float{}, rules, tiered.Options{Dir: ref, Game: "pig target=50"}); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	child := func(dir string) *exec.Cmd {
		cmd := exec.Command(os.Args[0], "-test.run=^TestKillResume$")
		cmd.Env = append(os.Environ(), "TIERED_KILL_DIR="+dir)
		return cmd
	}
	// A whole run of the child, start-up included, sets the windows: each
	// kill comes within the first third of a run, so that the runs make
	// progress a little at a time.
	start := time.Now()
	if out, err := child(t.TempDir()).CombinedOutput(); err != nil {
		t.Fatalf("a whole run: %v\n%s", err, out)
	}
	took := time.Since(start)
	rng := rand.New(rand.NewPCG(46, 9))
	killed, after := 0, []int{}
	for range 6 {
		cmd := child(dir)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(rng.Int64N(int64(took / 3))))
		if cmd.Process.Kill() == nil {
			killed++
		}
		cmd.Wait()
		done, _ := filepath.Glob(filepath.Join(dir, "tier-*.gst"))
		after = append(after, len(done))
	}
	if out, err := child(dir).CombinedOutput(); err != nil {
		t.Fatalf("the last run: %v\n%s", err, out)
	}
	files, _ := filepath.Glob(filepath.Join(ref, "tier-*.gst"))
	for _, p := range files {
		want, _ := os.ReadFile(p)
		got, err := os.ReadFile(filepath.Join(dir, filepath.Base(p)))
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("%s differs after %d kills (%v)", filepath.Base(p), killed, err)
		}
	}
	if tmps, _ := filepath.Glob(filepath.Join(dir, "*.tmp")); len(tmps) != 0 {
		t.Fatalf("temporary files left: %v", tmps)
	}
	t.Logf("%d kills, after which %v tier files were there; all %d identical", killed, after, len(files))
}
