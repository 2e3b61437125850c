package jani

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/gamesolve/gamesolve/engine"
)

// BenchmarkExplore times exploration alone, every state's moves and their
// outcomes, on models whose moves combine the destinations of many edges
// (Herman's ring: eleven automata in every step) or of one or two
// (firewire, egl).
func BenchmarkExplore(b *testing.B) {
	for _, c := range []struct {
		name, dir string
		consts    map[string]string
	}{
		{"herman-11", "herman__N=11", nil},
		{"firewire-3", "firewire__explicit_timer=false_delay=3_deadline=400", map[string]string{"delay": "3", "deadline": "400"}},
		{"egl-5-4", "egl__N=5_L=4", map[string]string{"N": "5", "L": "4"}},
	} {
		b.Run(c.name, func(b *testing.B) {
			files, _ := filepath.Glob(filepath.Join("../../../shared/qvbs/next", c.dir, "*.jani"))
			if len(files) == 0 {
				b.Skip("no benchmark instance")
			}
			data, err := os.ReadFile(files[0])
			if err != nil {
				b.Fatal(err)
			}
			m, err := Parse(data, c.consts)
			if err != nil {
				b.Fatal(err)
			}
			initial, err := m.initialStates()
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				g, err := engine.Explore(context.Background(), engineRules(m, nil, accum{}, initial), engine.Options{})
				if err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(g.States()), "states")
			}
		})
	}
}
