package hugepage

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// vmFlags returns the VmFlags of the mapping that holds address p, from
// /proc/self/smaps.
func vmFlags(t *testing.T, p uintptr) []string {
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skipf("no smaps: %v", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	inside := false
	for sc.Scan() {
		line := sc.Text()
		if lo, hi, ok := strings.Cut(strings.Fields(line)[0], "-"); ok && !strings.HasSuffix(line, ":") {
			a, err1 := strconv.ParseUint(lo, 16, 64)
			b, err2 := strconv.ParseUint(hi, 16, 64)
			if err1 == nil && err2 == nil {
				inside = uint64(p) >= a && uint64(p) < b
				continue
			}
		}
		if flags, ok := strings.CutPrefix(line, "VmFlags:"); ok && inside {
			return strings.Fields(flags)
		}
	}
	t.Fatalf("no mapping holds %#x", p)
	return nil
}

// A large array's whole huge pages are advised (VmFlags "hg").
func TestAdviseMarksTheMapping(t *testing.T) {
	big := Make[uint64](0, 4*Size/8)
	mid := uintptr(unsafe.Pointer(unsafe.SliceData(big[:cap(big)]))) + 2*Size
	if flags := vmFlags(t, mid); !contains(flags, "hg") {
		t.Errorf("16 MB array: VmFlags %v, want hg", flags)
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
