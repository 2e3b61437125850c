package rulesets

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/cgt"
	"github.com/gamesolve/gamesolve/cgt/octal"
	"github.com/gamesolve/gamesolve/solver"
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
		"nim":         {"1 2", "3 5 6", "7 7", "2 4 7 1"},
		"clobber":     {"xo", "xox", "xo|ox", "xxo|oox", "xox|oxo", "xoxo|oxox", "xo.ox|o..xo", "x.o|.xo"},
		"konane":      {"xo.", "xo.o.", "x.o|oxo|.x.", "xoxo.|.ox..", "xo..|..ox|.xo.", "..x|xo.|.o."},
		"toppling":    {"L", "LR", "LRG", "LLRRG", "GRLG", "RLRL LG", "LRRLG RG"},
		"col":         {"a", "a-b", "a-b b-c", "a-b b-c c-a", "a-b b-c c-d d-a a-c", "a-b a:L", "a-b b-c c-d e-f e:R"},
		"snort":       {"a", "a-b", "a-b b-c", "a-b b-c c-a", "a-b b-c c-d d-e", "a-b c-d a:R", "a-b b-c b-d"},
		"hackenbush":  {"lrl rlr", "llr r", "lrrl lr r", "g-a:l a-b:r b-g:l", "g-a:r a-b:l b-g:l g-c:l", "g-a:l a-b:r b-c:l c-a:r", "g-g:l g-a:r"},
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
		"clobber":     {"", "xo|o", "xa", "|", strings.Repeat("xo", 9), "xoxoxo|oxoxox|xoxoxo"},
		"konane":      {"", "x.|.", "xoz", strings.Repeat("xo", 13)},
		"toppling":    {"", "LX", "l", strings.Repeat("L", 201)},
		"col":         {"", "a-a", "a:X", "a-b a:L b:L", "a b-", "-a", "a!b"},
		"snort":       {"", "a-b a:L b:R", "a:LR", strings.Repeat("a-b ", 1) + "x:"},
		"hackenbush2": {},
	} {
		if name == "hackenbush2" {
			name, bads = "hackenbush", []string{"g-a", "g-a:x", "g-:l", "a-b:l:r", strings.Repeat("g-a:l ", 41)}
		}
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
	for _, s := range []string{"5 1 2", "lr rl", "..|..", "2x3 1x1", "TT..FF", "1 2 3", "", "|", "0x0", "xo.|.ox", "LRG", "a-b b-c a:L", "g-a:l a-b:r"} {
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
			// Options two levels down must not panic (below the first
			// few options only: a heap of thousands has millions two
			// levels down).
			pl, pr := p.Options()
			for _, o := range append(pl, pr...)[:min(len(pl)+len(pr), 16)] {
				o.Options()
			}
		}
	})
}

func TestEvaluatorProgress(t *testing.T) {
	rs, _ := Lookup("domineering")
	p, err := rs.Parse(".....|.....|.....|.....")
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

// Values derived by hand (each is also checked against the search above).
func TestNewRulesetValues(t *testing.T) {
	for _, tt := range []struct{ ruleset, pos, want string }{
		// Clobber: a lone contact is a race for the last move.
		{"clobber", "xo", "*"},
		{"clobber", "ox", "*"},
		{"clobber", "xox", "*"},
		{"clobber", "x.o", "0"},
		// Konane: only Left can jump.
		{"konane", "xo.", "1"},
		{"konane", "x.o", "0"},
		// Toppling Dominoes: a blue domino is 1; blue-red is *.
		{"toppling", "L", "1"},
		{"toppling", "R", "-1"},
		{"toppling", "LL", "2"},
		{"toppling", "LR", "*"},
		{"toppling", "G", "*"},
		// Col: one vertex is *; an edge is 0 (whoever colours first takes
		// one end and leaves the other to the opponent).
		{"col", "a", "*"},
		{"col", "a-b", "0"},
		{"col", "a b", "0"},
		{"col", "a-b a:L", "-1"},
		// Snort: an edge is ±1, a path of three ±2.
		{"snort", "a", "*"},
		{"snort", "a-b", "±1"},
		{"snort", "a-b b-c", "±2"},
		{"snort", "a-b a:L", "1"},
		// Hackenbush graphs agree with stalks, and blue edges count one each.
		{"hackenbush", "g-a:l a-b:r", "1/2"},
		{"hackenbush", "g-a:l a-b:l b-g:l", "3"},
		{"hackenbush", "g-g:l g-g:r", "0"},
		{"hackenbush", "g-a:l a-b:r b-c:r", value(t, "hackenbush", "lrr").String()},
	} {
		if got := value(t, tt.ruleset, tt.pos).String(); got != tt.want {
			t.Errorf("%s %q = %s, want %s", tt.ruleset, tt.pos, got, tt.want)
		}
	}
	// Symmetric boards share a key.
	a, _ := Clobber{}.Parse("xo.|.ox")
	b, _ := Clobber{}.Parse("xo.|.ox")
	c, _ := Clobber{}.Parse(".|o|x")
	d, _ := Clobber{}.Parse("x|o")
	if a.Key() != b.Key() || c.Key() != d.Key() {
		t.Errorf("keys: %s %s %s %s", a.Key(), b.Key(), c.Key(), d.Key())
	}
}

// Col positions are numbers or numbers plus * (random connected graphs).
// Snort is the hot one: a star with n leaves is ±n (colouring the centre
// takes every leaf), paths of 2 to 5 vertices are hot — though not every
// Snort position is: the path of 6 is *, the 4-cycle 0 (a mirror strategy).
func TestColNumbersSnortHot(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 2))
	for range 60 {
		n := 2 + rng.IntN(5)
		var edges []string
		// A random connected graph: a spanning path plus extra edges.
		for i := 1; i < n; i++ {
			edges = append(edges, fmt.Sprintf("v%d-v%d", rng.IntN(i), i))
		}
		for range rng.IntN(3) {
			u, v := rng.IntN(n), rng.IntN(n)
			if u != v {
				edges = append(edges, fmt.Sprintf("v%d-v%d", u, v))
			}
		}
		text := strings.Join(edges, " ")
		g := value(t, "col", text)
		if _, ok := g.Number(); !ok {
			star, _ := cgt.Parse("*")
			h, _ := cgt.Add(g, star)
			if _, ok := h.Number(); !ok {
				t.Errorf("col %q = %v: neither a number nor a number plus *", text, g)
			}
		}
	}
	for n := 1; n <= 6; n++ {
		var star []string
		for i := range n {
			star = append(star, fmt.Sprintf("c-l%d", i))
		}
		if g := value(t, "snort", strings.Join(star, " ")).String(); g != fmt.Sprintf("±%d", n) {
			t.Errorf("snort star of %d leaves = %s, want ±%d", n, g, n)
		}
	}
	for _, path := range []string{"a-b", "a-b b-c", "a-b b-c c-d", "a-b b-c c-d d-e"} {
		th, err := value(t, "snort", path).Thermograph()
		if err != nil {
			t.Fatal(err)
		}
		if th.Temperature.Sign() <= 0 {
			t.Errorf("snort %q: temperature %s, want hot", path, th.Temperature.RatString())
		}
	}
	for pos, want := range map[string]string{"a-b b-c c-d d-e e-f": "*", "a-b b-c c-d d-a": "0"} {
		if g := value(t, "snort", pos).String(); g != want {
			t.Errorf("snort %q = %s, want %s", pos, g, want)
		}
	}
}

// Impartial rulesets, valued by the engine from their moves, against
// independent computations: cgt/octal's nim-sequences (Kayles, Dawson's
// Kayles, codes with three-heap moves), Grundy's game's published values
// (OEIS A002188), and Wythoff's P-positions from the golden ratio.
func TestImpartial(t *testing.T) {
	nim := func(r cgt.Ruleset, pos string) int {
		t.Helper()
		p, err := r.Parse(pos)
		if err != nil {
			t.Fatal(err)
		}
		g, err := cgt.NewEvaluator().Value(movesOnly{p})
		if err != nil {
			t.Fatal(err)
		}
		// The tables the rulesets use (cgt.Nimbered) agree.
		if table, err := cgt.NewEvaluator().Value(p); err != nil || table != g {
			t.Fatalf("%s %q: %v from the moves, %v from the table (%v)", r.Name(), pos, g, table, err)
		}
		s := g.String()
		switch {
		case s == "0":
			return 0
		case s == "*":
			return 1
		case strings.HasPrefix(s, "*"):
			n, err := strconv.Atoi(s[1:])
			if err != nil {
				t.Fatalf("%s %q: %s is not a nimber", r.Name(), pos, s)
			}
			return n
		}
		t.Fatalf("%s %q: %s is not a nimber", r.Name(), pos, s)
		return -1
	}
	for name, text := range map[string]string{"kayles": "0.77", "dawsons": "0.07", "octal:0.137": "0.137", "octal:4.07": "4.07", "octal:0.F7": "0.F7"} {
		r, err := Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		code, err := octal.Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		g, err := octal.Values(context.Background(), code, 40, solver.Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; n <= 40; n += 3 {
			if got := nim(r, strconv.Itoa(n)); got != g[n] {
				t.Errorf("%s heap %d: *%d, the nim-sequence %d", name, n, got, g[n])
			}
		}
		if got, want := nim(r, "7 11 13"), g[7]^g[11]^g[13]; got != want {
			t.Errorf("%s 7 11 13: *%d, nim-sum %d", name, got, want)
		}
	}
	grundy := []int{0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1}
	for n, want := range grundy {
		if got := nim(Grundy{}, strconv.Itoa(n)); got != want {
			t.Errorf("grundy %d: *%d, want *%d", n, got, want)
		}
	}
	// Wythoff: the P-positions are (⌊kφ⌋, ⌊kφ²⌋), every other pair wins.
	phi := (1 + math.Sqrt(5)) / 2
	P := map[[2]int]bool{}
	for k := 0; k <= 20; k++ {
		P[[2]int{int(float64(k) * phi), int(float64(k) * phi * phi)}] = true
	}
	for a := 0; a <= 20; a++ {
		for b := a; b <= 20; b++ {
			if zero := nim(Wythoff{}, fmt.Sprintf("%d,%d", a, b)) == 0; zero != P[[2]int{a, b}] {
				t.Errorf("wythoff %d,%d: value 0 is %t, a P-position %t", a, b, zero, P[[2]int{a, b}])
			}
		}
	}
	// The table to the largest heap, MaxWythoff: its zeros are exactly the
	// golden-ratio pairs (a float's floor of kφ is exact this far), and a
	// sum of pairs is the nim-sum.
	tab := wythoffTable(MaxWythoff)
	P = map[[2]int]bool{}
	for k := 0; float64(k)*phi <= MaxWythoff; k++ {
		P[[2]int{int(float64(k) * phi), int(float64(k) * phi * phi)}] = true
	}
	for a := 0; a <= MaxWythoff; a++ {
		for b := a; b <= MaxWythoff; b++ {
			if zero := tab.at(a, b) == 0; zero != P[[2]int{a, b}] || tab.at(a, b) != tab.at(b, a) {
				t.Fatalf("wythoff table %d,%d: %d, a P-position %t", a, b, tab.at(a, b), P[[2]int{a, b}])
			}
		}
	}
	p, err := Wythoff{}.Parse("300,200 3,5 10,20")
	if err != nil {
		t.Fatal(err)
	}
	want, _ := cgt.Nimber(tab.at(200, 300) ^ tab.at(3, 5) ^ tab.at(10, 20))
	if got, err := cgt.NewEvaluator().Value(p); err != nil || got != want {
		t.Errorf("wythoff 300,200 3,5 10,20: %v (%v), the nim-sum %v", got, err, want)
	}
	for _, bad := range []struct{ r, pos string }{{"kayles", "20001"}, {"kayles", "x"}, {"grundy", "-1"}, {"wythoff", "3"}, {"wythoff", "3,301"}, {"octal:0.8", "5000"}, {"wythoff", "a,b"}} {
		r, _ := Lookup(bad.r)
		if _, err := r.Parse(bad.pos); !errors.Is(err, ErrPosition) {
			t.Errorf("%s %q: %v", bad.r, bad.pos, err)
		}
	}
	if _, err := Lookup("octal:77"); err == nil {
		t.Error("octal:77 accepted")
	}
}

// TestToadsReachable holds the packed count of Toads and Frogs positions to
// a search over Strip.Options, and the refusal of a strip beyond the bound
// (TTTTTTTT........FFFFFFFF ran half a minute into the step budget before).
func TestToadsReachable(t *testing.T) {
	for _, s := range []string{"T", ".", "TF", "T.F", "TT..FF", "T.F.T.F", "TTT...FFF", "F..T", "TFTF.TF..T.F", "TTTT....FFFF"} {
		seen := map[string]bool{}
		var walk func(p cgt.Position)
		walk = func(p cgt.Position) {
			if seen[p.Key()] {
				return
			}
			seen[p.Key()] = true
			l, r := p.Options()
			for _, o := range append(l, r...) {
				walk(o)
			}
		}
		walk(Strip(s))
		if got := reachable(s, 1<<30); got != len(seen) {
			t.Errorf("reachable(%s) = %d, search finds %d", s, got, len(seen))
		}
		if got := reachable(s, 3); len(seen) > 3 && got <= 3 {
			t.Errorf("reachable(%s, 3) = %d, want more than the limit", s, got)
		}
	}
	_, err := Toads{}.Parse("TTTTTTTT........FFFFFFFF")
	if !errors.Is(err, budget.ErrTooLarge) || !errors.Is(err, ErrPosition) || !strings.Contains(err.Error(), "9.5e+09") {
		t.Errorf("8 toads, 8 frogs: err = %v, want a refusal with the estimate", err)
	}
	if _, err := (Toads{}).Parse("TTTTT.....FFFFF"); err != nil {
		t.Errorf("TTTTT.....FFFFF (556,090 positions): %v", err)
	}
}

// movesOnly hides what a position knows of its value (cgt.Nimbered, and
// its parts): the engine values it from its moves alone.
type movesOnly struct{ p cgt.Position }

func (m movesOnly) Key() string { return m.p.Key() }

func (m movesOnly) Options() (left, right []cgt.Position) {
	pl, pr := m.p.Options()
	for _, o := range pl {
		left = append(left, movesOnly{o})
	}
	for _, o := range pr {
		right = append(right, movesOnly{o})
	}
	return left, right
}

// Components keeps sums sums: each part valued from its own moves.
func (m movesOnly) Components() []cgt.Position {
	sp, ok := m.p.(cgt.Splitter)
	if !ok {
		return nil
	}
	var parts []cgt.Position
	for _, c := range sp.Components() {
		parts = append(parts, movesOnly{c})
	}
	return parts
}
