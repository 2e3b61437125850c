package rulesets

import (
	"errors"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gamesolve/gamesolve/cgt"
)

func value(t testing.TB, ruleset, text string) cgt.Game {
	t.Helper()
	rs, err := Lookup(ruleset)
	if err != nil {
		t.Fatal(err)
	}
	p, err := rs.Parse(text)
	if err != nil {
		t.Fatalf("%s %q: %v", ruleset, text, err)
	}
	g, err := cgt.NewEvaluator().Value(p)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestKnownValues(t *testing.T) {
	for _, tt := range []struct{ ruleset, pos, want string }{
		{"hackenbush", "lr", "1/2"},
		{"hackenbush", "l", "1"},
		{"hackenbush", "rrl", "-3/2"},
		{"hackenbush", "lr lr r", "0"},
		{"nim", "1 2 3", "0"},
		{"nim", "5", "*5"},
		{"nim", "1 4", "*5"},
		{"cookies", "5", "0"},
		{"cookies", "1 2 2", "-1"},
		{"cookies", "7", "7"},
		{"domineering", "..", "-1"},
		{"domineering", ".|.", "1"},
		{"domineering", "..|..", "±1"},
		{"domineering", "...", "-1"},
		{"domineering", "..|.#", "*"},
		{"cutcake", "1x2", "1"},
		{"cutcake", "3x1", "-2"},
		{"cutcake", "2x2", "0"},
		{"toads", "T.F", "*"},
		{"toads", "T..F", "0"},
		{"toads", "TF", "0"},
	} {
		if got := value(t, tt.ruleset, tt.pos).String(); got != tt.want {
			t.Errorf("%s %q = %s, want %s", tt.ruleset, tt.pos, got, tt.want)
		}
	}
}

// Berlekamp's rule for a stalk: the first run of one colour counts ±1 per
// edge; after it, the j-th edge counts ±1/2^j.
func stalkValue(s string) *big.Rat {
	v := new(big.Rat)
	sign := func(c byte) int64 {
		if c == 'l' {
			return 1
		}
		return -1
	}
	i := 0
	for i < len(s) && s[i] == s[0] {
		v.Add(v, big.NewRat(sign(s[i]), 1))
		i++
	}
	for j := int64(1); i < len(s); i, j = i+1, j+1 {
		v.Add(v, new(big.Rat).SetFrac(big.NewInt(sign(s[i])), new(big.Int).Lsh(big.NewInt(1), uint(j))))
	}
	return v
}

func TestHackenbushRule(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		b := make([]byte, 1+rng.IntN(12))
		for i := range b {
			b[i] = "lr"[rng.IntN(2)]
		}
		got, ok := value(t, "hackenbush", string(b)).Number()
		if want := stalkValue(string(b)); !ok || got.Cmp(want) != 0 {
			t.Errorf("stalk %s = %v, Berlekamp %v", b, got, want)
		}
	}
}

func TestNimSums(t *testing.T) {
	for a := range 9 {
		for b := range 9 {
			want, _ := cgt.Nimber(a ^ b)
			if got := value(t, "nim", strings.Join([]string{itoa(a), itoa(b)}, " ")); got != want {
				t.Errorf("nim %d %d = %v, want *%d", a, b, got, a^b)
			}
		}
	}
}

func itoa(n int) string { return big.NewInt(int64(n)).String() }

// outcome by plain game-tree search, independent of canonical forms.
type search struct {
	memo map[string][2]bool
}

// wins reports whether Left wins moving first, and whether Right does.
func (s *search) wins(p cgt.Position) (leftFirst, rightFirst bool) {
	if v, ok := s.memo[p.Key()]; ok {
		return v[0], v[1]
	}
	pl, pr := p.Options()
	for _, o := range pl {
		if _, rf := s.wins(o); !rf {
			leftFirst = true
			break
		}
	}
	for _, o := range pr {
		if lf, _ := s.wins(o); !lf {
			rightFirst = true
			break
		}
	}
	s.memo[p.Key()] = [2]bool{leftFirst, rightFirst}
	return leftFirst, rightFirst
}

func searchOutcome(p cgt.Position) cgt.Outcome {
	s := &search{memo: map[string][2]bool{}}
	lf, rf := s.wins(p)
	switch {
	case lf && rf:
		return cgt.N
	case lf:
		return cgt.L
	case rf:
		return cgt.R
	}
	return cgt.P
}

// The engine's outcome class of every position, sums included, agrees with
// a plain search of its game tree.
func TestOutcomesAgainstSearch(t *testing.T) {
	cases := map[string][]string{
		"domineering": {"..|..", "...|...", "...|...|...", "..#|...|.#.", "....|....", ".|.|.", "...|.#.|...", ".....", "...|..#"},
		"toads":       {"T.F", "TT..FF", "T.T.F.F", "TTT...FFF", "T.F.T.F", "TF.TF.", ".TTF..F"},
		"cutcake":     {"2x3", "3x3", "1x5 4x1", "2x2 2x3", "3x5", "4x4 1x2"},
		"cookies":     {"5", "1 2 2", "3 4 6", "9 10", "13", "2 2 2 1 1", "12 7"},
		"hackenbush":  {"lrl rlr", "llr r", "lrrl lr r"},
		"nim":         {"1 2", "3 5 6", "7 7", "2 4 7 1"},
	}
	for name, positions := range cases {
		rs, _ := Lookup(name)
		for _, text := range positions {
			p, err := rs.Parse(text)
			if err != nil {
				t.Fatal(err)
			}
			g, err := cgt.NewEvaluator().Value(p)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := g.Outcome(), searchOutcome(p); got != want {
				t.Errorf("%s %q = %v: outcome %v, search %v", name, text, g, got, want)
			}
		}
	}
}

func TestBadPositions(t *testing.T) {
	for name, bads := range map[string][]string{
		"cookies":     {"", "x", "-1", "1 2 x", "99999999999999999999"},
		"nim":         {"", "a", "-2", "129"},
		"hackenbush":  {"", "lx", strings.Repeat("l", 501)},
		"domineering": {"", "..|.", "..|x.", "|", strings.Repeat(".", 31), "......|......|......|......|......|......"},
		"cutcake":     {"", "2x", "x2", "0x3", "2x3x4", "101x2", "2*3"},
		"toads":       {"", "TXF", strings.Repeat("T.", 13)},
	} {
		rs, _ := Lookup(name)
		for _, text := range bads {
			if _, err := rs.Parse(text); !errors.Is(err, ErrPosition) {
				t.Errorf("%s %q: err = %v, want ErrPosition", name, text, err)
			}
		}
	}
	if _, err := Lookup("chess"); err == nil {
		t.Error("Lookup(chess) succeeded")
	}
}

func FuzzPositions(f *testing.F) {
	for _, s := range []string{"5 1 2", "lr rl", "..|..", "2x3 1x1", "TT..FF", "1 2 3", "", "|", "0x0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, name := range Names() {
			rs, _ := Lookup(name)
			p, err := rs.Parse(text)
			if err != nil {
				if !errors.Is(err, ErrPosition) {
					t.Fatalf("%s %q: error %v does not wrap ErrPosition", name, text, err)
				}
				continue
			}
			if p.Key() == "" {
				t.Fatalf("%s %q: empty key", name, text)
			}
			p.Options() // must not panic
		}
	})
}

func TestEvaluatorProgress(t *testing.T) {
	rs, _ := Lookup("domineering")
	p, err := rs.Parse("....|....|....|....")
	if err != nil {
		t.Fatal(err)
	}
	ev := cgt.NewEvaluator()
	var calls []int
	ev.Progress = func(n int) { calls = append(calls, n) }
	if _, err := ev.Value(p); err != nil {
		t.Fatal(err)
	}
	if len(calls) == 0 || calls[0] < 4096 || calls[len(calls)-1] > ev.Valued() {
		t.Errorf("progress calls %v, valued %d", calls, ev.Valued())
	}
}

// Thermographs of Domineering positions: the 2×2 square is ±1 (mean 0,
// temperature 1); a 1×4 strip is -2, an integer (temperature -1); the
// corner ..|.# is * (temperature 0).
func TestDomineeringThermographs(t *testing.T) {
	rs, err := Lookup("domineering")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ pos, mean, temp string }{
		{"..|..", "0", "1"},
		{"....", "-2", "-1"},
		{"..|.#", "0", "0"},
		{".|.|.", "1", "-1"},
	} {
		p, err := rs.Parse(tt.pos)
		if err != nil {
			t.Fatal(err)
		}
		g, err := cgt.NewEvaluator().Value(p)
		if err != nil {
			t.Fatal(err)
		}
		th, err := g.Thermograph()
		if err != nil {
			t.Fatal(err)
		}
		if th.Mean.RatString() != tt.mean || th.Temperature.RatString() != tt.temp {
			t.Errorf("%s = %v: mean %s temperature %s, want %s %s", tt.pos, g, th.Mean.RatString(), th.Temperature.RatString(), tt.mean, tt.temp)
		}
	}
}
