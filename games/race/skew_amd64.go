package race

import "golang.org/x/sys/cpu"

// skewVector reports whether skewStepsAVX2 runs on this CPU.
var skewVector = cpu.X86.HasAVX2

// skewStepsAVX2 is steps k0..k1-1 of skewKernel.step for all eight lanes,
// every one inside the table, as two vectors of four (skew_amd64.s).
//
//go:noescape
func skewStepsAVX2(fs, gs []float64, idx []int64, prev, alpha, beta []float64, gain []int64, consts *[4]float64, k0, k1 int)
