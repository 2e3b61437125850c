//go:build !amd64

package cookies

// addMod sets dst[k] = (dst[k] + src[k]) mod p, for residues below
// p < 2^62. This is the hot loop.
func addMod(dst, src []uint64, p uint64) { addModGeneric(dst, src, p) }

// subMod sets dst[k] = (dst[k] - src[k]) mod p, for residues below
// p < 2^62.
func subMod(dst, src []uint64, p uint64) { subModGeneric(dst, src, p) }

// sumMod returns the sum of residues below p < 2^62, mod p.
func sumMod(xs []uint64, p uint64) uint64 { return sumModGeneric(xs, p) }
