//go:build !linux

package cookies

// adviseHugePages does nothing here: see the Linux version.
func adviseHugePages([]uint64) {}
