package extensive_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/extensive"
	"github.com/gamesolve/gamesolve/solver"
)

// FuzzRead: any text is read as a game, checked, or refused in one line
// that wraps solver.ErrInvalid (or budget.ErrTooLarge); a game read is
// written and read back to the same text; a small two-player tree gets a
// certified equilibrium from Lemke on the sequence form.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		string(readFileF(f, "testdata/signal.efg")),
		string(readFileF(f, "../docs/examples/gamble.efg")),
		"NFG 1 R \"\" { \"a\" \"b\" } { 2 2 }\n1 2 3 4 5 6 7 8\n",
		"NFG 1 R \"\" { \"a\" } { { \"x\" \"y\" } }\n{ { \"\" 1 } { \"o\" -1/2 } }\n1 2\n",
		"EFG 2 R \"\" { \"A\" \"B\" }\np \"\" 1 1 \"x\" { \"l\" \"r\" } 0\nt \"\" 1 \"o\" { 1, -1 }\np \"\" 2 1 \"y\" { \"a\" \"b\" } 2 \"\" { 1/3 2e-1 }\nt \"\" 0\nt \"\" 1\n",
		"EFG 2 R \"\\\"q\\\\\" { \"A\" }\nc \"\" 1 \"\" { \"a\" 1/2, \"b\" .5 } 0\nt \"\" 0\nt \"\" 0\n",
		"NFG 1 R \"\" { \"a\" } { 99999999 }",
		"<?xml version=\"1.0\"?>\n<gambit:document>\n<game>\n<efgfile>\nEFG 2 R \"x\" { \"A\" }\nt \"\" 1 \"o\" { 1 }\n</efgfile>\n</game>\n</gambit:document>\n",
		"<gambit:document><nfgfile>NFG 1 R \"\" { \"a\" } { 2 }\n1 2</nfgfile>",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		g, err := extensive.Read(src)
		if err != nil {
			if !errors.Is(err, solver.ErrInvalid) && !errors.Is(err, budget.ErrTooLarge) || strings.Contains(err.Error(), "\n") {
				t.Fatalf("error %q is not one classified line", err)
			}
			return
		}
		if err := g.Check(); err != nil {
			t.Fatalf("read, but Check says %v", err)
		}
		var a, b bytes.Buffer
		if err := g.WriteEFG(&a); err != nil {
			t.Fatal(err)
		}
		h, err := extensive.ReadEFG(a.Bytes())
		if err != nil {
			t.Fatalf("written game does not read back: %v\n%s", err, a.String())
		}
		if err := h.WriteEFG(&b); err != nil || a.String() != b.String() {
			t.Fatalf("written twice, the texts differ (%v)", err)
		}
		// A small two-player tree is solved by Lemke on the sequence form:
		// an equilibrium, certified, or a classified refusal.
		if len(g.Players) == 2 && !g.Strategic && len(g.Nodes) <= 300 {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			defer cancel()
			pr, err := extensive.SequenceLemke(ctx, g)
			switch {
			case err == nil && !pr.Equilibrium():
				t.Fatalf("not an equilibrium: exploitability %s", pr.Exploitability.RatString())
			case err != nil && !errors.Is(err, solver.ErrInvalid) && !errors.Is(err, budget.ErrTooLarge) && !errors.Is(err, context.DeadlineExceeded):
				t.Fatalf("Lemke on the sequence form: %v", err)
			}
		}
	})
}

// FuzzMatrix: an inline matrix is read or refused in one classified line.
func FuzzMatrix(f *testing.F) {
	for _, s := range []string{"0 -1 1; 1 0 -1; -1 1 0", "3,3 0,5; 5,0 1,1", "1/2 -3/4", "1,2,3", "; ;", "1e999 2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		_, err := extensive.ParseMatrix(s, nil, nil)
		if err != nil && (!errors.Is(err, solver.ErrInvalid) && !errors.Is(err, budget.ErrTooLarge) || strings.Contains(err.Error(), "\n")) {
			t.Fatalf("error %q is not one classified line", err)
		}
	})
}
