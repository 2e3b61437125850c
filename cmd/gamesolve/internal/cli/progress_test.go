package cli

import (
	"bytes"
	"testing"
	"time"
)

// The bar stays silent for the first second of work, then draws, and
// clears itself at the end.
func TestDelayedBar(t *testing.T) {
	var out bytes.Buffer
	clock := time.Unix(0, 0)
	bar := delayedBar(&out, "solving", time.Second, func() time.Time { return clock })
	bar(1, 100)
	clock = clock.Add(900 * time.Millisecond)
	bar(50, 100)
	if out.Len() != 0 {
		t.Fatalf("drew within the first second: %q", out.String())
	}
	clock = clock.Add(200 * time.Millisecond)
	bar(60, 100)
	if !bytes.Contains(out.Bytes(), []byte("solving")) {
		t.Fatalf("no bar after a second: %q", out.String())
	}
	bar(100, 100)
	// Exploration first (total unknown: a spinner, "exploring"), then the
	// solve's known total on the same bar.
	var two bytes.Buffer
	clock2 := time.Unix(0, 0)
	b2 := delayedBar(&two, "solve", time.Second, func() time.Time { return clock2 })
	clock2 = clock2.Add(2 * time.Second)
	b2(4096, -1)
	if !bytes.Contains(two.Bytes(), []byte("solve: exploring")) {
		t.Fatalf("no exploring spinner: %q", two.String())
	}
	b2(10, 100)
	b2(100, 100)
	// A quick solve finishes before the delay and draws nothing at all.
	var quick bytes.Buffer
	q := delayedBar(&quick, "quick", time.Second, func() time.Time { return time.Unix(0, 0) })
	q(1, 2)
	q(2, 2)
	if quick.Len() != 0 {
		t.Errorf("a quick solve drew %q", quick.String())
	}
}
