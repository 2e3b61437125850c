// Package membudget decides up front whether an instance fits in memory, so
// solvers refuse with an estimate instead of dying halfway through.
package membudget

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// ErrTooLarge is wrapped by Check when an estimate exceeds the budget.
var ErrTooLarge = errors.New("instance too large")

// fallback is used where /proc/meminfo cannot be read.
const fallback = 8 << 30

// Available returns the bytes a solver may plan to use: 80% of the memory
// the kernel reports available (MemAvailable), or 8 GiB if unknown.
func Available() uint64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return fallback
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) >= 2 && fields[0] == "MemAvailable:" {
			kb, err := strconv.ParseUint(fields[1], 10, 64)
			if err != nil {
				return fallback
			}
			return kb * 1024 / 10 * 8
		}
	}
	return fallback
}

// Check returns an error naming what needs the memory when need exceeds
// the budget.
func Check(what string, need float64, budget uint64) error {
	if need > float64(budget) {
		return fmt.Errorf("%w: %s needs about %s of memory, %s available", ErrTooLarge, what, Bytes(need), Bytes(float64(budget)))
	}
	return nil
}

// Bytes formats a byte count for people.
func Bytes(n float64) string {
	units := []string{"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	i := 0
	for n >= 1024 && i < len(units)-1 {
		n /= 1024
		i++
	}
	if i == 0 {
		return fmt.Sprintf("%.0f B", n)
	}
	return fmt.Sprintf("%.1f %s", n, units[i])
}
