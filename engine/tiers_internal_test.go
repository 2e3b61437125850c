package engine

import (
	"math/rand/v2"
	"os"
	"testing"
)

// TestDiskQueue pushes and pops a million indices in random runs, past the
// buffers' megabyte, against a queue in memory.
func TestDiskQueue(t *testing.T) {
	dir := t.TempDir()
	q, err := newDiskQueue(dir)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(46, 3))
	var want []uint64
	next := uint64(0)
	for range 400 {
		for range rng.IntN(5000) {
			if err := q.push(next); err != nil {
				t.Fatal(err)
			}
			want = append(want, next)
			next = next*6364136223846793005 + 1442695040888963407
		}
		for range rng.IntN(5000) {
			got, ok, err := q.pop()
			if err != nil {
				t.Fatal(err)
			}
			if ok != (len(want) > 0) {
				t.Fatalf("pop: ok %v with %d queued", ok, len(want))
			}
			if !ok {
				break
			}
			if got != want[0] {
				t.Fatalf("pop %d, want %d", got, want[0])
			}
			want = want[1:]
		}
	}
	if q.pushed < 1<<18 {
		t.Fatalf("only %d pushed", q.pushed)
	}
	q.remove()
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Fatalf("%d files left", len(ents))
	}
}
