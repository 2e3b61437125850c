package cli

import (
	"io"
	"os"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// progress returns a callback that draws a progress bar on stderr, or nil
// when stderr is not a terminal (scripts and CI see nothing).
func progress(stderr io.Writer, what string) func(done, total int) {
	f, ok := stderr.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	var bar *progressbar.ProgressBar
	return func(done, total int) {
		if bar == nil {
			bar = progressbar.NewOptions(total,
				progressbar.OptionSetWriter(stderr),
				progressbar.OptionSetDescription(what),
				progressbar.OptionClearOnFinish(),
				progressbar.OptionThrottle(100_000_000),
				progressbar.OptionShowCount(),
			)
		}
		_ = bar.Set(done)
		if done == total {
			_ = bar.Finish()
		}
	}
}

// progress64 adapts progress to solvers that count in int64.
func progress64(stderr io.Writer, what string) func(done, total int64) {
	p := progress(stderr, what)
	if p == nil {
		return nil
	}
	return func(done, total int64) { p(int(done), int(total)) }
}
