package budget

import (
	"os"
	"strconv"
	"strings"
	"syscall"
)

// addressSpaceRoom is RLIMIT_AS less the address space the process already
// maps (VmSize) and less runtimeReserve, when a limit is set.
func addressSpaceRoom() (uint64, bool) {
	limit, mapped, ok := addressSpace()
	if !ok {
		return 0, false
	}
	used := mapped + runtimeReserve
	if used >= limit {
		return 0, true
	}
	return limit - used, true
}

// addressSpace returns RLIMIT_AS and the address space the process maps
// (VmSize), when a limit is set.
func addressSpace() (limit, mapped uint64, ok bool) {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &rl); err != nil || rl.Cur == ^uint64(0) || rl.Cur >= 1<<62 {
		return 0, 0, false
	}
	return rl.Cur, vmSize(), true
}

// runtimeReserve is address space the Go runtime may need at once for a
// small allocation: it maps the heap a 64 MiB arena at a time (with its
// metadata). Under a tight limit (prlimit --as) a 4 MiB slice could
// otherwise fail in the runtime, a crash, while the budget still saw 15 MiB
// of room; with the reserve the budget refuses first, with its estimate.
const runtimeReserve = 80 << 20

// vmSize reads the process's mapped address space from /proc/self/status.
func vmSize() uint64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmSize:"); ok {
			f := strings.Fields(rest)
			if len(f) > 0 {
				kb, _ := strconv.ParseUint(f[0], 10, 64)
				return kb * 1024
			}
		}
	}
	return 0
}
