package membudget

import (
	"errors"
	"testing"
)

func TestBytes(t *testing.T) {
	for _, tt := range []struct {
		n    float64
		want string
	}{{0, "0 B"}, {1023, "1023 B"}, {1536, "1.5 KiB"}, {3 << 30, "3.0 GiB"}, {1e30, "867361737988.4 EiB"}} {
		if got := Bytes(tt.n); got != tt.want {
			t.Errorf("Bytes(%v) = %q, want %q", tt.n, got, tt.want)
		}
	}
}

func TestCheck(t *testing.T) {
	if err := Check("x", 100, 200); err != nil {
		t.Fatal(err)
	}
	err := Check("the table", 3<<30, 1<<30)
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("got %v", err)
	}
	if Available() == 0 {
		t.Fatal("Available() = 0")
	}
}
