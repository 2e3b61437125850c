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
