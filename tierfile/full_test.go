//go:build linux

package tierfile_test

import (
	"math/rand/v2"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/gamesolve/gamesolve/tierfile"
	"golang.org/x/sys/unix"
)

// TestWriteOnFullDisk writes a tier in a child process whose files may not
// pass 100 KB (RLIMIT_FSIZE, which fails writes as a full disk does): the
// write must fail with an error, and leave neither the tier's file nor a
// temporary one.
func TestWriteOnFullDisk(t *testing.T) {
	if dir := os.Getenv("TIERFILE_FULL_DIR"); dir != "" {
		signal.Ignore(syscall.SIGXFSZ)
		lim := unix.Rlimit{Cur: 100 << 10, Max: 100 << 10}
		if err := unix.Setrlimit(unix.RLIMIT_FSIZE, &lim); err != nil {
			t.Fatal(err)
		}
		tier := randomTier(rand.New(rand.NewPCG(1, 1)), tierfile.Float, 20000, 2)
		err := tierfile.Write(filepath.Join(dir, "tier.gst"), tier)
		if err == nil {
			t.Fatal("a 480 KB tier was written under a 100 KB limit")
		}
		t.Logf("refused: %v", err)
		return
	}
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestWriteOnFullDisk$", "-test.v")
	cmd.Env = append(os.Environ(), "TIERFILE_FULL_DIR="+dir)
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "refused: tierfile: tier") {
		t.Fatalf("child: %v\n%s", err, out)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Fatalf("%d files left behind, the first %s", len(ents), ents[0].Name())
	}
}
