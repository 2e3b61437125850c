//go:build !linux

package hugepage

// Size is the huge page size that Linux would use.
const Size = 2 << 20

// Advise does nothing here: see the Linux version.
func Advise[T any](s []T) {}

// Populate does nothing here and reports false: see the Linux version.
func Populate[T any](s []T) bool { return false }
