package tierfile_test

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/gamesolve/gamesolve/tierfile"
)

// FuzzOpen reads arbitrary bytes as a tier file: Open, Verify, Lookup and
// ReadAll must return values or an error, never panic or allocate
// without bound.
func FuzzOpen(f *testing.F) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, kind := range []tierfile.Kind{tierfile.Float, tierfile.Exact} {
		data, err := os.ReadFile(writeTemp(f, randomTier(rng, kind, 20, 2)))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, uint64(5))
	}
	f.Add([]byte("GSTIER01"), uint64(0))
	f.Fuzz(func(t *testing.T, data []byte, key uint64) {
		path := filepath.Join(t.TempDir(), "f")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		r, err := tierfile.Open(path)
		if err != nil {
			return
		}
		defer r.Close()
		// Only panics matter here: any answer or error will do.
		_, _, _ = r.Lookup(key)
		_, _ = r.ReadAll()
	})
}
