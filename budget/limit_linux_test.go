package budget

import (
	"context"
	"errors"
	"strings"
	"syscall"
	"testing"
)

// Under an address-space limit (ulimit -v, prlimit --as) the budget is the
// room left under it, not the machine's free memory.
func TestAddressSpaceLimit(t *testing.T) {
	room := uint64(2 << 30)
	var got uint64
	underLimit(t, room, func() { got = Available() })
	if got > room/10*8 || got < room/10*6 {
		t.Errorf("Available() = %d under a limit leaving %d", got, room)
	}
}

// A limit that leaves less than the runtime's reserve leaves no room: the
// budget is 0, not the 8 GiB it assumes when nothing is known (that made a
// tight prlimit crash the runtime instead of refusing).
func TestAddressSpaceExhausted(t *testing.T) {
	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &old); err != nil {
		t.Skip("no getrlimit:", err)
	}
	lim := old
	lim.Cur = vmSize() + runtimeReserve/2
	if old.Cur < lim.Cur {
		t.Skip("an address-space limit is already tighter")
	}
	if err := syscall.Setrlimit(syscall.RLIMIT_AS, &lim); err != nil {
		t.Skip("cannot set RLIMIT_AS:", err)
	}
	got := Available()
	room := Room(got)
	if err := syscall.Setrlimit(syscall.RLIMIT_AS, &old); err != nil {
		t.Fatal(err)
	}
	if got != 0 {
		t.Errorf("Available() = %d with less room than the runtime's reserve", got)
	}
	// The refusal says why there is no room, not just "0 B available".
	if !strings.Contains(room, "no room under the address-space limit (ulimit -v) of") || !strings.Contains(room, "already maps") {
		t.Errorf("Room(0) under the limit = %q", room)
	}
	if r := Room(0); r != "0 B available" {
		t.Errorf("Room(0) without the limit = %q", r)
	}
	if r := Room(3 << 30); r != "3.0 GiB available" {
		t.Errorf("Room(3 GiB) = %q", r)
	}
}

// Fits refuses, before it is made, an allocation that the address-space
// limit has no room for, and accepts one it has.
func TestFitsUnderAddressSpaceLimit(t *testing.T) {
	room := uint64(1 << 30)
	var small, large error
	underLimit(t, room, func() {
		g := NewGuard(context.Background(), 0)
		small, large = g.Fits(64<<20), g.Fits(float64(room))
	})
	if small != nil {
		t.Errorf("Fits(64 MiB) with 1 GiB of room: %v", small)
	}
	if !errors.Is(large, ErrTooLarge) || !strings.Contains(large.Error(), "address-space limit leaves") {
		t.Errorf("Fits(1 GiB) with 1 GiB of room, less the reserves: %v", large)
	}
	var none *Guard
	if err := none.Fits(1 << 40); err != nil {
		t.Errorf("a nil guard: %v", err)
	}
}

// underLimit runs f under an address-space limit that leaves room beyond
// what the process maps now, and restores the limit (it skips the test
// where the limit cannot be set, or is already tighter).
func underLimit(t *testing.T, room uint64, f func()) {
	t.Helper()
	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &old); err != nil {
		t.Skip("no getrlimit:", err)
	}
	lim := old
	lim.Cur = vmSize() + room
	if old.Cur < lim.Cur {
		t.Skip("an address-space limit is already tighter")
	}
	if err := syscall.Setrlimit(syscall.RLIMIT_AS, &lim); err != nil {
		t.Skip("cannot set RLIMIT_AS:", err)
	}
	f()
	if err := syscall.Setrlimit(syscall.RLIMIT_AS, &old); err != nil {
		t.Fatal(err)
	}
}
