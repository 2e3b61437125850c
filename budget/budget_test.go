package budget

import (
	"context"
	"errors"
	"strings"
	"testing"
)

func TestBytes(t *testing.T) {
	for _, tt := range []struct {
		n    float64
		want string
	}{{0, "0 B"}, {1023, "1023 B"}, {1536, "1.5 KiB"}, {3 << 30, "3.0 GiB"}, {1e30, "8.7e+11 EiB"}, {1000 * (1 << 60), "1000.0 EiB"}, {1e300, "8.7e+281 EiB"}} {
		if got := Bytes(tt.n); got != tt.want {
			t.Errorf("Bytes(%v) = %q, want %q", tt.n, got, tt.want)
		}
	}
}

func TestCheck(t *testing.T) {
	if err := (Estimate{What: "x", Bytes: 100}).CheckWithin(200); err != nil {
		t.Fatal(err)
	}
	err := Estimate{What: "the table", Bytes: 3 << 30}.CheckWithin(1 << 30)
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "the table needs about 3.0 GiB") {
		t.Fatalf("got %v", err)
	}
	err = Estimate{What: "exact mode", Seconds: 7200, MaxSeconds: 1800}.CheckWithin(1 << 30)
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "2.0 hours (limit 30 minutes)") {
		t.Fatalf("got %v", err)
	}
	if Available() == 0 {
		t.Fatal("Available() = 0")
	}
}

func TestDuration(t *testing.T) {
	for _, c := range []struct {
		s    float64
		want string
	}{
		{5, "5 s"}, {600, "10 minutes"}, {7200, "2.0 hours"}, {383 * 3600, "16 days"},
		{3e8, "10 years"}, {1e15, "3.2e+07 years"},
	} {
		if got := Duration(c.s); got != c.want {
			t.Errorf("Duration(%g) = %q, want %q", c.s, got, c.want)
		}
	}
}

// A guard with a work limit stops once the work ticked passes it (checked
// every 4,096 units), with an error wrapping ErrWorkLimit; without one it
// never does; Work counts what was ticked.
func TestLimitWork(t *testing.T) {
	g := NewGuard(context.Background(), 1<<40)
	g.LimitWork(10_000)
	var err error
	n := 0
	for ; n < 100 && err == nil; n++ {
		err = g.Tick(1000)
	}
	if !errors.Is(err, ErrWorkLimit) || n < 11 || n > 15 {
		t.Errorf("stopped after %d ticks of 1,000 with %v, want ErrWorkLimit after 11 to 15", n, err)
	}
	if w := g.Work(); w < 11_000 || w > 15_000 {
		t.Errorf("work %d, want 11,000 to 15,000", w)
	}
	if g.Tick(1) == nil {
		t.Error("the error is not kept")
	}
	free := NewGuard(context.Background(), 1<<40)
	for range 1000 {
		if err := free.Tick(1000); err != nil {
			t.Fatalf("no limit: %v", err)
		}
	}
	if w := free.Work(); w != 1_000_000 {
		t.Errorf("work %d, want 1,000,000", w)
	}
}
