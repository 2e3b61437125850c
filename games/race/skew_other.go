//go:build !amd64

package race

// skewVector reports whether skewStepsAVX2 runs here: never on this
// architecture, where the skewed kernel is not used.
var skewVector = false

func skewStepsAVX2(fs, gs []float64, idx []int64, prev, alpha, beta []float64, gain []int64, consts *[4]float64, k0, k1 int) {
	panic("race: no vector steps on this architecture")
}
