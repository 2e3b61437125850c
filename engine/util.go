package engine

import "slices"

func slicesSort(a []uint32) { slices.Sort(a) }
