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
	var zero T
	n := uintptr(cap(s)) * unsafe.Sizeof(zero)
	if n < MinBytes {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s[:cap(s)]))), n)
	start := (Size - uintptr(unsafe.Pointer(unsafe.SliceData(b)))%Size) % Size
	end := start + (n-start)&^(Size-1)
	if end <= start {
		return
	}
	b = b[start:end]
	_ = unix.Madvise(b, unix.MADV_HUGEPAGE)
}

// Populate backs the whole pages of s's backing array, up to its
// capacity, with memory now, as first writes would, without changing what
// it holds (MADV_POPULATE_WRITE, Linux 5.14 on). It reports false where
// the kernel declines. A goroutine that populates arrays ahead of the one
// that fills them takes their page faults off that one's path.
func Populate[T any](s []T) bool {
	var zero T
	n := uintptr(cap(s)) * unsafe.Sizeof(zero)
	if n == 0 {
		return true
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s[:cap(s)]))), n)
	page := uintptr(unix.Getpagesize())
	start := (page - uintptr(unsafe.Pointer(unsafe.SliceData(b)))%page) % page
	if n < start+page {
		return true // no whole page
	}
	end := start + (n-start)&^(page-1)
	return unix.Madvise(b[start:end], unix.MADV_POPULATE_WRITE) == nil
}
