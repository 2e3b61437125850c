package cli

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/gamesolve/gamesolve/model/jani"
	"github.com/gamesolve/gamesolve/report"
	"github.com/spf13/cobra"
)

func runJANI(cmd *cobra.Command, e *env, fl solveFlags, path string, data []byte) error {
	if fl.policy || fl.csv != "" {
		return fmt.Errorf("solve: --policy and --csv are not available for JANI models yet")
	}
	consts, err := parseConsts(fl.consts)
	if err != nil {
		return fmt.Errorf("solve: --const: %w", err)
	}
	m, err := jani.Parse(data, consts)
	if err != nil {
		return fmt.Errorf("solve: %s: %w", path, err)
	}
	opt := jani.Options{Exact: fl.exact, Property: fl.property}
	opt.Engine.Workers = e.workers
	out, err := report.CheckJANI(cmd.Context(), m, opt)
	if err != nil {
		return fmt.Errorf("solve: %s: %w", path, err)
	}
	return emit(e.stdout, fl.json, out, func(b *bytes.Buffer) { out.Text(b, e.float) })
}

// parseConsts reads --const N=16,MAX=2.
func parseConsts(s string) (map[string]string, error) {
	out := map[string]string{}
	if s == "" {
		return out, nil
	}
	for _, part := range strings.Split(s, ",") {
		name, val, ok := strings.Cut(part, "=")
		name, val = strings.TrimSpace(name), strings.TrimSpace(val)
		switch {
		case !ok || name == "" || val == "":
			return nil, fmt.Errorf("%q: want NAME=VALUE", part)
		case out[name] != "":
			return nil, fmt.Errorf("%s given twice", name)
		}
		out[name] = val
	}
	return out, nil
}
