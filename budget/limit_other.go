//go:build !linux

package budget

// addressSpaceRoom is not known outside Linux.
func addressSpaceRoom() (uint64, bool) { return 0, false }
