package hugepage

import (
	"sync"
	"sync/atomic"
	"unsafe"
)

// Bytes is s's backing array, up to its capacity, as bytes.
func Bytes[T any](s []T) []byte {
	var zero T
	n := cap(s) * int(unsafe.Sizeof(zero))
	if n == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s[:cap(s)]))), n)
}

// populateSteps is how many pieces PopulateAhead makes of each array.
const populateSteps = 64

// PopulateAhead populates the arrays (Populate) on a goroutine of its
// own, a 64th of each at a time in step, for arrays that are filled
// together from their starts; stop ends it early and waits for it.
func PopulateAhead(arrays ...[]byte) (stop func()) {
	var quit atomic.Bool
	var wg sync.WaitGroup
	wg.Go(func() {
		for step := range populateSteps {
			for _, b := range arrays {
				if quit.Load() {
					return
				}
				lo, hi := len(b)*step/populateSteps, len(b)*(step+1)/populateSteps
				if hi > lo && !Populate(b[lo:hi:hi]) {
					return // declined: nothing more to gain
				}
			}
		}
	})
	return func() {
		quit.Store(true)
		wg.Wait()
	}
}
