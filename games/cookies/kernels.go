package cookies

// Residues are below a prime p < 2^62, so a sum of two is below 2^63 and
// reduces to min(y, y-p): y-p wraps around above y exactly when y < p.

// sumModGeneric returns the sum of residues mod p.
func sumModGeneric(xs []uint64, p uint64) uint64 {
	var sum uint64
	for _, x := range xs {
		sum += x
		sum = min(sum, sum-p)
	}
	return sum
}

// addModGeneric sets dst[k] = (dst[k] + src[k]) mod p.
func addModGeneric(dst, src []uint64, p uint64) {
	src = src[:len(dst)]
	for k, x := range src {
		y := dst[k] + x
		dst[k] = min(y, y-p)
	}
}

// subModGeneric sets dst[k] = (dst[k] - src[k]) mod p.
func subModGeneric(dst, src []uint64, p uint64) {
	src = src[:len(dst)]
	for k, x := range src {
		y := dst[k] - x
		dst[k] = min(y, y+p)
	}
}
