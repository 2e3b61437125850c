package cli

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/model/jani"
	"github.com/spf13/cobra"
)

// janiJSON is the --json shape of solve for a JANI model.
type janiJSON struct {
	Model      string         `json:"model"`
	Type       string         `json:"type"`
	States     int            `json:"states"`
	Properties []janiProperty `json:"properties"`
}

// janiProperty: value is null when the property is skipped or infinite.
type janiProperty struct {
	Name       string   `json:"name"`
	Kind       string   `json:"kind"`
	Value      *float64 `json:"value"`
	ValueExact *string  `json:"value_exact,omitempty"`
	Infinite   bool     `json:"infinite,omitempty"`
	Skipped    string   `json:"skipped,omitempty"`
}

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
	opt := jani.Options{Exact: fl.exact, Property: fl.property, Engine: engine.Options{}}
	opt.Engine.Workers = e.workers
	res, err := m.Check(cmd.Context(), opt)
	if err != nil {
		return fmt.Errorf("solve: %s: %w", path, err)
	}
	out := janiJSON{Model: res.Model, Type: res.Type, States: res.States, Properties: []janiProperty{}}
	for _, p := range res.Properties {
		jp := janiProperty{Name: p.Name, Kind: p.Kind, Infinite: p.Infinite, Skipped: p.Skipped}
		if p.Skipped == "" && !p.Infinite {
			v := p.Value
			jp.Value = &v
			if p.Exact != nil {
				s := ratString(p.Exact)
				jp.ValueExact = &s
			}
		}
		out.Properties = append(out.Properties, jp)
	}
	return emit(e.stdout, fl.json, out, func(b *bytes.Buffer) { janiText(b, out, fl.exact, e.float) })
}

func janiText(b *bytes.Buffer, out janiJSON, exact bool, float func(float64) string) {
	name := out.Model
	if name == "" {
		name = "(unnamed)"
	}
	fmt.Fprintf(b, "%s: %s, %d states\n", name, out.Type, out.States)
	head := []string{"property", "kind", "value"}
	if exact {
		head = append(head, "exact")
	}
	rows := [][]string{head}
	var skipped []janiProperty
	for _, p := range out.Properties {
		switch {
		case p.Skipped != "":
			skipped = append(skipped, p)
			continue
		case p.Infinite:
			rows = append(rows, []string{p.Name, p.Kind, "infinite"})
			continue
		}
		row := []string{p.Name, p.Kind, float(*p.Value)}
		if p.ValueExact != nil {
			row = append(row, *p.ValueExact)
		}
		rows = append(rows, row)
	}
	if len(rows) > 1 {
		b.WriteString("\n")
		table(b, rows)
	}
	if len(skipped) > 0 {
		b.WriteString("\nskipped:\n")
		for _, p := range skipped {
			fmt.Fprintf(b, "  %s: %s\n", p.Name, p.Skipped)
		}
	}
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
