package load_test

import (
	"context"
	"testing"
	"time"

	"github.com/gamesolve/gamesolve/model/load"
)

// FuzzLoad: whatever the text and name, Load returns a model of the format
// Sniff told, or an error; it never panics.
func FuzzLoad(f *testing.F) {
	for _, s := range []string{plainText, janiText, prismText, efgText, nfgText, "", "{", "EFG", "<gambit:document><efgfile>"} {
		for _, name := range []string{"", "m.txt", "m.json", "m.pm"} {
			f.Add(name, s)
		}
	}
	f.Fuzz(func(t *testing.T, name, text string) {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		m, err := load.Load(ctx, load.Source{Name: name, Data: []byte(text)})
		if err != nil {
			return
		}
		if want := load.Sniff(name, []byte(text)); m.Format != want && !(want.Gambit() && m.Format.Gambit()) {
			t.Fatalf("read as %q, sniffed as %q", m.Format, want)
		}
	})
}
