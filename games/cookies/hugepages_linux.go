package cookies

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// adviseHugePages asks Linux to back the slab with 2 MB pages where
// transparent huge pages are enabled on request (madvise, Debian's
// default). Parts that go chain by chain jump from row to row, a page
// each with 4 KB pages, missing the TLB. Measured at N = 10000 in five
// alternating pairs of runs: 7.0–8.4 s (mean 7.4) with huge pages, 7.5–8.4
// s (mean 8.0) without; at N = 20000 no difference beyond the noise. Only
// advice: if the kernel declines, nothing changes.
func adviseHugePages(slab []uint64) {
	const huge = 2 << 20
	if len(slab)*8 < 2*huge {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(slab))), len(slab)*8)
	start := (huge - int(uintptr(unsafe.Pointer(&b[0]))%huge)) % huge
	end := start + (len(b)-start)&^(huge-1)
	_ = unix.Madvise(b[start:end], unix.MADV_HUGEPAGE)
}
