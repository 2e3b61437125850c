package model

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/gamesolve/gamesolve/budget"
)

// A file from parallelRead up is read in parts at once; what comes back
// is the file, byte for byte, at sizes that do not split evenly, and the
// limit still refuses one byte too many.
func TestReadTextParts(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []int{parallelRead - 1, parallelRead, parallelRead + 3, 3*parallelRead + 7} {
		want := make([]byte, n)
		for i := range want {
			want[i] = byte(i*7 + i>>9)
		}
		path := filepath.Join(dir, "m.json")
		if err := os.WriteFile(path, want, 0o600); err != nil {
			t.Fatal(err)
		}
		read := func(avail uint64) ([]byte, error) {
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			return readText(f, avail)
		}
		got, err := read(uint64(n) * bytesPerByte)
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("%d bytes: %d bytes read (equal %v), %v", n, len(got), bytes.Equal(got, want), err)
		}
		if _, err := read(uint64(n-1) * bytesPerByte); !errors.Is(err, budget.ErrTooLarge) {
			t.Errorf("%d bytes under a limit of %d: %v", n, n-1, err)
		}
	}
}

// A file that grows after it was looked at is read to its end; one that
// shrank is read again, one read after another.
func TestReadPartsChanged(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.json")
	want := bytes.Repeat([]byte("0123456789"), parallelRead/10+1)
	if err := os.WriteFile(path, want, 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	// Shrunk: the parts ask for more than there is.
	buf := readParts(f, make([]byte, len(want)+100))
	if len(buf) != 0 {
		t.Fatalf("shrunk: %d bytes kept", len(buf))
	}
	if at, _ := f.Seek(0, 1); at != 0 {
		t.Fatalf("shrunk: offset %d, want 0", at)
	}
	// Grown: the parts read the first bytes, the offset is after them.
	buf = readParts(f, make([]byte, 1000))
	if !bytes.Equal(buf, want[:1000]) {
		t.Fatal("grown: the first 1,000 bytes differ")
	}
	if at, _ := f.Seek(0, 1); at != 1000 {
		t.Fatalf("grown: offset %d, want 1000", at)
	}
}
