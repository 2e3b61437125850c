package engine

// SetLiftMin sets the smallest part exact mode lifts and returns the old
// value; LiftedParts counts the parts lifted so far.
func SetLiftMin(n int) int { old := liftMin; liftMin = n; return old }

func LiftedParts() int64 { return liftedParts.Load() }

// SetExactSums turns exact mode's RatDot twins on or off and returns the
// old setting.
func SetExactSums(on bool) bool { old := exactSums; exactSums = on; return old }
