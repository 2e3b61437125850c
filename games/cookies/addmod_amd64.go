package cookies

import "golang.org/x/sys/cpu"

// The count spends nearly all its time adding and summing rows of
// residues, loops the compiler does not vectorise; these do them four
// residues at a time (addmod_amd64.s). TestKernels ties them to the
// generic loops.

// addModAVX2 is addModGeneric on the first len(dst)&^3 residues.
//
//go:noescape
func addModAVX2(dst, src []uint64, p uint64)

// sumModAVX2 is sumModGeneric of the first len(xs)&^3 residues.
//
//go:noescape
func sumModAVX2(xs []uint64, p uint64) uint64

// subModAVX2 is subModGeneric on the first len(dst)&^3 residues.
//
//go:noescape
func subModAVX2(dst, src []uint64, p uint64)

var useAVX2 = cpu.X86.HasAVX2

// addMod sets dst[k] = (dst[k] + src[k]) mod p, for residues below
// p < 2^62. This is the hot loop.
func addMod(dst, src []uint64, p uint64) {
	src = src[:len(dst)]
	if useAVX2 && len(dst) >= 8 {
		n := len(dst) &^ 3
		addModAVX2(dst[:n], src[:n], p)
		dst, src = dst[n:], src[n:]
	}
	addModGeneric(dst, src, p)
}

// subMod sets dst[k] = (dst[k] - src[k]) mod p, for residues below
// p < 2^62. It repeats addMod's dispatch rather than share it through a
// function value: the indirect call on the many rows of a few cells made
// BenchmarkCount/10000 2–12% slower.
func subMod(dst, src []uint64, p uint64) {
	src = src[:len(dst)]
	if useAVX2 && len(dst) >= 8 {
		n := len(dst) &^ 3
		subModAVX2(dst[:n], src[:n], p)
		dst, src = dst[n:], src[n:]
	}
	subModGeneric(dst, src, p)
}

// sumMod returns the sum of residues below p < 2^62, mod p.
func sumMod(xs []uint64, p uint64) uint64 {
	if useAVX2 && len(xs) >= 8 {
		n := len(xs) &^ 3
		s := sumModAVX2(xs[:n], p) + sumModGeneric(xs[n:], p)
		return min(s, s-p)
	}
	return sumModGeneric(xs, p)
}
