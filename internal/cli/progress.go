package cli

import (
	"os"

	"github.com/gamesolve/gamesolve/solver"
	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// progress returns a callback that draws a progress bar on stderr, or nil
// when stderr is not a terminal (scripts and CI see nothing) or with
// --quiet.
func (e *env) progress(what string) solver.Progress {
	if e.quiet {
		return nil
	}
	stderr := e.stderr
	f, ok := stderr.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	var bar *progressbar.ProgressBar
	return func(done, total int64) {
		if bar == nil {
			bar = progressbar.NewOptions64(total,
				progressbar.OptionSetWriter(stderr),
				progressbar.OptionSetDescription(what),
				progressbar.OptionClearOnFinish(),
				progressbar.OptionThrottle(100_000_000),
				progressbar.OptionShowCount(),
			)
		}
		_ = bar.Set64(done)
		if done == total {
			_ = bar.Finish()
		}
	}
}
