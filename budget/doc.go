// Package budget decides up front whether an instance fits this machine, so
// that every solver refuses with an estimate (an error wrapping ErrTooLarge)
// instead of dying halfway through or running for hours.
//
// A solver computes an Estimate of its peak memory and, where exact
// arithmetic makes time hard to foresee, of its run time, and calls Check.
// The memory budget is 80% of the memory the kernel reports available.
package budget
