package hugepage

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// Size is the huge page size on amd64 and arm64 Linux.
const Size = 2 << 20

// Advise asks for huge pages under the whole 2 MB pages of s's backing
// array, up to its capacity, if it spans at least MinBytes. Call it before
// the array is first written: pages already faulted in stay as they are.
func Advise[T any](s []T) {
	if b := Bytes(s); len(b) >= MinBytes {
		wholePages(b, Size, unix.MADV_HUGEPAGE)
	}
}

// wholePages gives advice for the whole pages of size page inside b, and
// reports whether the kernel took it (true where there is no whole page).
func wholePages(b []byte, page uintptr, advice int) bool {
	n := uintptr(len(b))
	start := (page - uintptr(unsafe.Pointer(unsafe.SliceData(b)))%page) % page
	if n < start+page {
		return true
	}
	end := start + (n-start)&^(page-1)
	return unix.Madvise(b[start:end], advice) == nil
}

// Populate backs the whole pages of s's backing array, up to its
// capacity, with memory now, as first writes would, without changing what
// it holds (MADV_POPULATE_WRITE, Linux 5.14 on). It reports false where
// the kernel declines. A goroutine that populates arrays ahead of the one
// that fills them takes their page faults off that one's path.
func Populate[T any](s []T) bool {
	return wholePages(Bytes(s), uintptr(unix.Getpagesize()), unix.MADV_POPULATE_WRITE)
}
