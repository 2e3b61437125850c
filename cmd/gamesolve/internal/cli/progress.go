package cli

import (
	"io"
	"os"
	"sync"
	"time"

	"github.com/gamesolve/gamesolve/solver"
	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// barDelay is how long a solve works before its progress bar appears, so
// that quick ones never draw one.
const barDelay = time.Second

// progress returns a callback that draws a progress bar on stderr once a
// solve has run for barDelay, or nil when stderr is not a terminal
// (scripts, pipes and CI see nothing) or with --quiet.
func (e *env) progress(what string) solver.Progress {
	if e.quiet {
		return nil
	}
	f, ok := e.stderr.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	return delayedBar(e.stderr, what, barDelay, time.Now)
}

// delayedBar draws a bar on w, starting delay after it is made (the solve
// begins then). A total below 0 means unknown (a spinner). It is safe for
// concurrent use.
func delayedBar(w io.Writer, what string, delay time.Duration, now func() time.Time) solver.Progress {
	var mu sync.Mutex
	start := now()
	var bar *progressbar.ProgressBar
	var max int64
	// A phase of unknown size (exploration: states found so far, total
	// below 0) is a spinner named "what: exploring"; when the total becomes
	// known (the solve) the same bar takes it.
	describe := func(total int64) string {
		if total < 0 {
			return what + ": exploring"
		}
		return what
	}
	return func(done, total int64) {
		mu.Lock()
		defer mu.Unlock()
		if bar != nil && total != max {
			max = total
			bar.ChangeMax64(total)
			bar.Describe(describe(total))
		}
		if bar == nil {
			if now().Sub(start) < delay || (total >= 0 && done >= total) {
				return
			}
			max = total
			bar = progressbar.NewOptions64(total,
				progressbar.OptionSetWriter(w),
				progressbar.OptionSetDescription(describe(total)),
				progressbar.OptionClearOnFinish(),
				progressbar.OptionThrottle(100*time.Millisecond),
				progressbar.OptionShowCount(),
			)
		}
		_ = bar.Set64(done)
		if total >= 0 && done >= total {
			_ = bar.Finish()
		}
	}
}
