package hugepage

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// mapping returns the fields of /proc/self/smaps for the mapping that
// holds address p ("VmFlags", "Rss", …), each value as written there.
func mapping(t *testing.T, p uintptr) map[string]string {
	t.Helper()
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skipf("no smaps: %v", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	var fields map[string]string
	for sc.Scan() {
		line := sc.Text()
		if lo, hi, ok := strings.Cut(strings.Fields(line)[0], "-"); ok && !strings.HasSuffix(line, ":") {
			a, err1 := strconv.ParseUint(lo, 16, 64)
			b, err2 := strconv.ParseUint(hi, 16, 64)
			if err1 == nil && err2 == nil {
				if fields != nil {
					return fields
				}
				if uint64(p) >= a && uint64(p) < b {
					fields = map[string]string{}
				}
				continue
			}
		}
		if k, v, ok := strings.Cut(line, ":"); ok && fields != nil {
			fields[k] = strings.TrimSpace(v)
		}
	}
	if fields == nil {
		t.Fatalf("no mapping holds %#x", p)
	}
	return fields
}

// vmFlags returns the VmFlags of the mapping that holds address p.
func vmFlags(t *testing.T, p uintptr) []string {
	return strings.Fields(mapping(t, p)["VmFlags"])
}

// rssKB is the process's resident memory (VmRSS).
func rssKB(t *testing.T) int {
	t.Helper()
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Skipf("no status: %v", err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), " kB"))
			if err != nil {
				t.Fatal(err)
			}
			return kb
		}
	}
	t.Fatal("no VmRSS")
	return 0
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

// Populate brings a fresh array's pages in at once and leaves what it
// holds as it was; PopulateAhead does the same on a goroutine of its own.
// Pieces of less than a page, anywhere, are left alone.
func TestPopulate(t *testing.T) {
	small := make([]byte, 3*4096)
	for lo := 0; lo < len(small); lo += 1000 {
		for n := 0; lo+n <= len(small); n += 700 {
			if !Populate(small[lo : lo+n : lo+n]) {
				t.Skip("the kernel declines MADV_POPULATE_WRITE")
			}
		}
	}
	PopulateAhead(small[:7:7], small[5:900:900])()
	for _, ahead := range []bool{false, true} {
		// A fresh mapping: memory from the Go heap may have been used
		// (and zeroed, so resident) before.
		const n = 64 << 20
		b, err := unix.Mmap(-1, 0, n, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
		if err != nil {
			t.Fatal(err)
		}
		defer unix.Munmap(b)
		for i := range 4096 {
			b[i*7] = byte(i)
		}
		before := rssKB(t)
		if ahead {
			stop := PopulateAhead(b[:n/2:n/2], b[n/2:])
			// Its goroutine runs on: wait (up to a minute) for the pages.
			for range 600 {
				if rssKB(t)-before >= n/1024*9/10 {
					break
				}
				time.Sleep(100 * time.Millisecond)
			}
			stop()
		} else if !Populate(b) {
			t.Skip("the kernel declines MADV_POPULATE_WRITE")
		}
		if after := rssKB(t); after-before < n/1024*9/10 {
			t.Errorf("ahead %v: resident %d kB before, %d kB after; want %d kB more", ahead, before, after, n/1024)
		}
		for i := range 4096 {
			if b[i*7] != byte(i) {
				t.Fatalf("ahead %v: byte %d changed", ahead, i*7)
			}
		}
		for i := 4096 * 7; i < n; i += 4093 {
			if b[i] != 0 {
				t.Fatalf("ahead %v: byte %d not zero", ahead, i)
			}
		}
	}
}
