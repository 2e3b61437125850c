//go:build !linux

package hugepage

// Size is the huge page size that Linux would use.
const Size = 2 << 20

// Advise does nothing here: see the Linux version.
func Advise[T any](s []T) {}
