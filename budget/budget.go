package budget

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// ErrTooLarge is wrapped by every refusal of an instance that would not fit
// in memory or finish in reasonable time. Callers test for it with
// errors.Is.
var ErrTooLarge = errors.New("instance too large")

// fallback is used where /proc/meminfo cannot be read.
const fallback = 8 << 30

// Available returns the bytes a solver may plan to use: 80% of the smallest
// of the memory the kernel reports available (MemAvailable), the room left
// under the process's address-space limit (RLIMIT_AS, as set by ulimit -v or
// prlimit --as), and the room left under its cgroup's memory limit; 8 GiB if
// none is known.
func Available() uint64 {
	room, known := uint64(0), false
	take := func(n uint64, ok bool) {
		if ok && (!known || n < room) {
			room, known = n, true
		}
	}
	take(memAvailable())
	take(addressSpaceRoom())
	take(cgroupRoom())
	if !known {
		return fallback
	}
	// No room at all is no room, not "unknown".
	return room / 10 * 8
}

// memAvailable reads MemAvailable from /proc/meminfo.
func memAvailable() (uint64, bool) {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0, false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) >= 2 && fields[0] == "MemAvailable:" {
			kb, err := strconv.ParseUint(fields[1], 10, 64)
			if err != nil {
				return 0, false
			}
			return kb * 1024, true
		}
	}
	return 0, false
}

// readUint reads a file holding one number ("max" or unreadable: not ok).
func readUint(path string) (uint64, bool) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, false
	}
	n, err := strconv.ParseUint(strings.TrimSpace(string(data)), 10, 64)
	return n, err == nil
}

// cgroupFiles returns the file holding the cgroup's memory usage and its
// limit, or "" when no limit applies.
func cgroupFiles() (current string, limit uint64) {
	for _, files := range cgroupPaths {
		l, ok := readUint(files[0])
		if !ok || l >= 1<<60 {
			continue
		}
		return files[1], l
	}
	return "", 0
}

// cgroupPaths are the files of cgroup v2 and v1: limit, usage.
var cgroupPaths = [][2]string{
	{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory.current"},
	{"/sys/fs/cgroup/memory/memory.limit_in_bytes", "/sys/fs/cgroup/memory/memory.usage_in_bytes"},
}

// cgroupRoom is the cgroup's memory limit less its current use (cgroup v2,
// then v1); a limit of "max" or a v1 limit near 2^63 means none.
func cgroupRoom() (uint64, bool) {
	current, limit := cgroupFiles()
	if current == "" {
		return 0, false
	}
	used, _ := readUint(current)
	if used >= limit {
		return 0, true
	}
	return limit - used, true
}

// MaxExactSeconds is the longest estimated run an exact-mode solver accepts
// when no sooner deadline is given: half an hour. Every solver's refusal
// uses this one limit.
const MaxExactSeconds = 1800

// Estimate is what an instance needs. What names the instance in messages
// ("chefs: n = 25"). Seconds is 0 where time is not estimated.
type Estimate struct {
	What       string
	Bytes      float64
	Seconds    float64
	MaxSeconds float64 // 0: no time limit
}

// Check refuses the estimate, with an error wrapping ErrTooLarge, when it
// needs more memory than Available or more time than MaxSeconds.
func (e Estimate) Check() error { return e.CheckWithin(Available()) }

// CheckWithin is Check against a given memory budget in bytes.
func (e Estimate) CheckWithin(budget uint64) error {
	if e.Bytes > float64(budget) {
		return fmt.Errorf("%w: %s needs about %s of memory, %s", ErrTooLarge, e.What, Bytes(e.Bytes), Room(budget))
	}
	if e.MaxSeconds > 0 && e.Seconds > e.MaxSeconds {
		return fmt.Errorf("%w: %s needs about %s (limit %s)", ErrTooLarge, e.What, Duration(e.Seconds), Duration(e.MaxSeconds))
	}
	return nil
}

// Room formats avail, a budget in bytes, for a refusal: "1.2 GiB
// available". Where an address-space limit leaves no room at all, it says
// so: a Go process maps about 1.2 GiB of address space before it
// allocates anything, so "ulimit -v 1500000" refuses even the smallest
// instance, and "0 B available" alone reads like a fault.
func Room(avail uint64) string {
	if avail == 0 {
		if limit, mapped, ok := addressSpace(); ok && mapped+runtimeReserve >= limit {
			return fmt.Sprintf("no room under the address-space limit (ulimit -v) of %s: the process already maps %s, and the Go runtime needs %s more to grow its heap",
				Bytes(float64(limit)), Bytes(float64(mapped)), Bytes(runtimeReserve))
		}
	}
	return Bytes(float64(avail)) + " available"
}

// Bytes formats a byte count for people.
func Bytes(n float64) string {
	units := []string{"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	i := 0
	for n >= 1024 && i < len(units)-1 {
		n /= 1024
		i++
	}
	switch {
	case i == 0:
		return fmt.Sprintf("%.0f B", n)
	case n >= 1024:
		// Beyond exbibytes the digits say nothing: 6.1e+25 EiB.
		return fmt.Sprintf("%.1e %s", n, units[i])
	}
	return fmt.Sprintf("%.1f %s", n, units[i])
}

// Duration formats seconds for people: "40 s", "12 minutes", "3.5 hours".
func Duration(s float64) string {
	switch {
	case s < 120:
		return fmt.Sprintf("%.0f s", s)
	case s < 2*3600:
		return fmt.Sprintf("%.0f minutes", s/60)
	case s < 3*86400:
		return fmt.Sprintf("%.1f hours", s/3600)
	case s < 2*365.25*86400:
		return fmt.Sprintf("%.0f days", s/86400)
	case s < 1e6*365.25*86400:
		return fmt.Sprintf("%.0f years", s/(365.25*86400))
	}
	return fmt.Sprintf("%.1e years", s/(365.25*86400))
}
