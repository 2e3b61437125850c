// Package budget decides up front whether an instance fits this machine, so
// that every solver refuses with an estimate (an error wrapping ErrTooLarge)
// instead of dying halfway through or running for hours.
//
// A solver computes an Estimate of its peak memory and, where exact
// arithmetic makes time hard to foresee, of its run time, and calls Check.
// The memory budget is 80% of the memory the kernel reports available (and
// of the room an address-space or cgroup limit leaves).
//
// Where no estimate can be made in advance (the fill-in of an elimination,
// the size of exact values), a Guard watches the computation from inside
// its loops: the context's deadline, the heap against the budget, and the
// room left under an address-space or cgroup limit, read at most every
// 10 ms. SetRuntimeLimit tells the Go runtime the budget, so that garbage
// does not double the heap first. Together they turn what would be a
// runtime "out of memory" (which no Go program survives) into an error
// wrapping ErrTooLarge.
package budget
