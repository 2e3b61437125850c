package jani_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/gamesolve/gamesolve/model/jani"
)

// BenchmarkQVBS times each benchmark instance present, in float mode.
func BenchmarkQVBS(b *testing.B) {
	dirs, _ := filepath.Glob(filepath.Join(qvbsDir, "*", "reference.json"))
	if len(dirs) == 0 {
		b.Skip("no benchmark instances")
	}
	for _, refPath := range dirs {
		name := filepath.Base(filepath.Dir(refPath))
		b.Run(name, func(b *testing.B) {
			m := openBench(b, refPath)
			for b.Loop() {
				if _, err := m.Check(context.Background(), jani.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
