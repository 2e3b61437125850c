//go:build !linux

package budget

// addressSpaceRoom is not known outside Linux.
func addressSpaceRoom() (uint64, bool) { return 0, false }

// addressSpace is not known outside Linux.
func addressSpace() (limit, mapped uint64, ok bool) { return 0, 0, false }

// runtimeReserve is only used under an address-space limit, on Linux.
const runtimeReserve = 0
