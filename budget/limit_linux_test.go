package budget

import (
	"strings"
	"syscall"
	"testing"
)

// Under an address-space limit (ulimit -v, prlimit --as) the budget is the
// room left under it, not the machine's free memory.
func TestAddressSpaceLimit(t *testing.T) {
	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &old); err != nil {
		t.Skip("no getrlimit:", err)
	}
	room := uint64(2 << 30)
	lim := old
	lim.Cur = vmSize() + room
	if old.Cur < lim.Cur {
		t.Skip("an address-space limit is already tighter")
	}
	if err := syscall.Setrlimit(syscall.RLIMIT_AS, &lim); err != nil {
		t.Skip("cannot set RLIMIT_AS:", err)
	}
	got := Available()
	if err := syscall.Setrlimit(syscall.RLIMIT_AS, &old); err != nil {
		t.Fatal(err)
	}
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
