package solver

import (
	"errors"
	"fmt"
	"runtime"
)

// ErrInvalid is wrapped by every error about a malformed game, model or
// parameter, so callers can tell bad input from a refusal
// (budget.ErrTooLarge) or a cancellation (context.Canceled).
var ErrInvalid = errors.New("invalid game")

// Progress is called now and then with the work done so far and the total,
// from one goroutine at a time. Units are the solver's own (rows, sets,
// states); done reaches total at the end.
type Progress func(done, total int64)

// Options are what every solver takes besides its game.
type Options struct {
	// Policy asks for the optimal action in every state, where a solver
	// keeps it only on request.
	Policy bool
	// Progress, if set, receives progress reports.
	Progress Progress
	// Workers is the number of goroutines; 0 means GOMAXPROCS.
	Workers int
}

// WorkerCount is Workers, or GOMAXPROCS when Workers is 0 or less.
func (o Options) WorkerCount() int {
	if o.Workers > 0 {
		return o.Workers
	}
	return runtime.GOMAXPROCS(0)
}

// Report calls Progress if it is set.
func (o Options) Report(done, total int64) {
	if o.Progress != nil {
		o.Progress(done, total)
	}
}

// Invalidf returns an error with the formatted message that wraps
// ErrInvalid (errors.Is finds it) without repeating its text, so messages
// read "chefs: skill 2 must be in (0, 1]" rather than stacking "invalid
// game:" into the middle. A %w verb wraps a cause as fmt.Errorf does.
func Invalidf(format string, args ...any) error {
	return &invalidError{err: fmt.Errorf(format, args...)}
}

type invalidError struct{ err error }

// Error implements error.
func (e *invalidError) Error() string { return e.err.Error() }

// Unwrap returns the cause, if the message wrapped one.
func (e *invalidError) Unwrap() error { return errors.Unwrap(e.err) }

// Is reports whether target is ErrInvalid, for errors.Is.
func (e *invalidError) Is(target error) bool { return target == ErrInvalid }
