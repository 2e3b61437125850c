package cli

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/gamesolve/gamesolve/solver"
	"github.com/gamesolve/gamesolve/tiered"
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

// logEvery is how often a tiered solve whose stderr is not a terminal
// writes a progress line, from its first minute on: a solve by tiers runs
// for hours, and its log should say how far it is.
const logEvery = time.Minute

// tierProgress reports a tiered solve's progress after each tier: on a
// terminal, a bar over the states, with the tiers done in its
// description; elsewhere, a line every logEvery once the solve has run
// that long; nothing with --quiet.
func (e *env) tierProgress(what string) func(tiered.Progress) {
	if e.quiet {
		return nil
	}
	if f, ok := e.stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		return tierBar(e.stderr, what, barDelay, time.Now)
	}
	return tierLog(e.stderr, what, logEvery, time.Now)
}

// tierBar draws tierProgress's bar on w, from delay on.
func tierBar(w io.Writer, what string, delay time.Duration, now func() time.Time) func(tiered.Progress) {
	start := now()
	var bar *progressbar.ProgressBar
	return func(p tiered.Progress) {
		total := p.StatesDone + p.StatesLeft
		if bar == nil {
			if now().Sub(start) < delay || p.TiersDone == p.Tiers {
				return
			}
			bar = progressbar.NewOptions64(total,
				progressbar.OptionSetWriter(w),
				progressbar.OptionClearOnFinish(),
				progressbar.OptionThrottle(100*time.Millisecond),
				progressbar.OptionShowCount(),
				progressbar.OptionShowIts(),
				progressbar.OptionSetItsString("states"),
			)
		}
		bar.Describe(fmt.Sprintf("%s: %d of %d tiers", what, p.TiersDone, p.Tiers))
		_ = bar.Set64(p.StatesDone)
		if p.TiersDone == p.Tiers {
			_ = bar.Finish()
		}
	}
}

// tierLog writes tierProgress's lines to w: "pig tiers: 829 of 1999
// tiers, 189222566 states solved, 806786430 to go, 72400 states/s,
// about 3h5m43s left".
func tierLog(w io.Writer, what string, every time.Duration, now func() time.Time) func(tiered.Progress) {
	next := now().Add(every)
	return func(p tiered.Progress) {
		t := now()
		if t.Before(next) || p.TiersDone == p.Tiers {
			return
		}
		next = t.Add(every)
		line := fmt.Sprintf("%s: %d of %d tiers, %d states solved, %d to go", what, p.TiersDone, p.Tiers, p.StatesDone, p.StatesLeft)
		if p.StatesPerSecond > 0 {
			line += fmt.Sprintf(", %.0f states/s, about %s left", p.StatesPerSecond, p.EstimatedTimeLeft.Round(time.Second))
		}
		fmt.Fprintln(w, line)
	}
}
