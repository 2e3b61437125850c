package cli

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/model/jani"
	"github.com/gamesolve/gamesolve/report"
	"github.com/spf13/cobra"
)

func runJANI(cmd *cobra.Command, e *env, fl solveFlags, path string, m *jani.Model) error {
	if fl.policy || fl.csv != "" {
		return fmt.Errorf("solve: --policy and --csv are not available for JANI models yet")
	}
	opt := jani.Options{Exact: fl.exact, Property: fl.property}
	opt.Engine.Workers = e.workers
	opt.Engine.Renormalize = fl.renormalize
	opt.Engine.Progress = e.progress("solve")
	out, err := report.CheckJANI(cmd.Context(), m, opt)
	if errors.Is(err, budget.ErrTooLarge) && fl.property == "" && len(m.Properties()) > 1 {
		// One property too large need not cost the others.
		return fmt.Errorf("solve: %s: %w (--property NAME computes one property at a time)", path, err)
	}
	if err != nil {
		return fmt.Errorf("solve: %s: %w", path, err)
	}
	if err := emit(e.stdout, fl.json, out, func(b *bytes.Buffer) { out.Text(b, e.float) }); err != nil {
		return err
	}
	// The others' results are out; the status says some are missing.
	if failed := out.Failed(); len(failed) > 0 {
		return fmt.Errorf("solve: %s: %d of %d properties could not be checked (see their errors above); the first, %q: %s",
			path, len(failed), len(out.Properties), failed[0].Name, failed[0].Error)
	}
	return nil
}
