package cookies

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// allocSlab returns a zeroed slab of n residues and the function that
// frees it. A large slab is mapped from the kernel directly: its pages are
// zero until first written, which fillLead does row by row while it
// watches the deadline. Go's make would clear a gigabyte first, in one
// call that no deadline can stop (seen taking 3 s when the kernel was slow
// to fault pages in).
func allocSlab(n int) ([]uint64, func()) {
	if n < 1<<20 {
		return make([]uint64, n), func() {}
	}
	b, err := unix.Mmap(-1, 0, n*8, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANONYMOUS)
	if err != nil {
		return make([]uint64, n), func() {}
	}
	slab := unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(b))), n)
	return slab, func() { _ = unix.Munmap(b) }
}
