package octal

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/gamesolve/gamesolve/solver"
)

func values(t *testing.T, code string, n int) (Code, []int) {
	t.Helper()
	c, err := Parse(code)
	if err != nil {
		t.Fatal(err)
	}
	g, err := Values(context.Background(), c, n, solver.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	return c, g
}

// Published checkpoints: Kayles' first values (OEIS A002186), its period
// 12 after the last exceptional value at 70; Dawson's Kayles' period 34,
// the sequence of Dawson's chess (0.137) shifted by one; subtraction
// games.
func TestPublished(t *testing.T) {
	_, kayles := values(t, "0.77", 83)
	want := "0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2 1 4 6 7 4 1 2 8 5 4 7 2 1 8 6 7 4 1 2 3 1 4 7 2 1 8 2 7 4 1 2 8 1 4 7 2 1 4 2 7 4 1 2 8 1 4 7 2 1 8 6 7 4 1 2 8 1 4 7 2 1 8 2 7"
	if got := strings.Trim(fmt.Sprint(kayles), "[]"); got != want {
		t.Errorf("Kayles:\n%s\nwant\n%s", got, want)
	}
	for _, c := range []struct {
		code          string
		n             int
		period, start int
		certified     bool
	}{
		{"0.77", 167, 12, 71, true}, // 2·71 + 2·12 + 2 - 1: just enough
		{"0.77", 166, 12, 71, false},
		{".07", 400, 34, 53, true},
		{"0.137", 400, 34, 52, true},
		{"0.33", 50, 3, 0, true},
		{"0.3", 20, 2, 0, true},
		{"4.07", 60, 4, 1, false}, // splits without taking: no theorem
	} {
		code, g := values(t, c.code, c.n)
		p := Period(code, g)
		if p.Period != c.period || p.Preperiod != c.start || p.Certified != c.certified {
			t.Errorf("%s to %d: %+v, want period %d from %d, certified %t", c.code, c.n, p, c.period, c.start, c.certified)
		}
	}
	_, d := values(t, "0.07", 300)
	_, chess := values(t, "0.137", 299)
	if !slices.Equal(d[1:], chess) {
		t.Error("0.07 is not 0.137 shifted by one")
	}
	// Officers (0.6) shows no period this early (none is known).
	if c, g := values(t, "0.6", 500); Period(c, g).Period != 0 {
		t.Errorf("0.6: %+v", Period(c, g))
	}
}

// grundy values a position, heaps sorted, by searching its moves (Moves,
// on one heap at a time): no nim-sum, no table of single heaps; an
// independent check of Values' inline rules and its sums.
func grundy(c Code, heaps []int, memo map[string]int) int {
	key := fmt.Sprint(heaps)
	if v, ok := memo[key]; ok {
		return v
	}
	seen := map[int]bool{}
	for i, h := range heaps {
		rest := append(append([]int{}, heaps[:i]...), heaps[i+1:]...)
		c.Moves(h, func(res []int) {
			next := append(append([]int{}, rest...), res...)
			slices.Sort(next)
			seen[grundy(c, next, memo)] = true
		})
	}
	v := 0
	for seen[v] {
		v++
	}
	memo[key] = v
	return v
}

// Random codes, octal and hexadecimal, with and without a digit before
// the point: Values equals the search over positions.
func TestAgainstSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 1))
	const digits = "0123456789ABCDEF"
	for trial := range 60 {
		var b strings.Builder
		b.WriteByte("0000000000001234"[rng.IntN(16)])
		b.WriteByte('.')
		for range 1 + rng.IntN(3) {
			hi := 8
			if trial%3 == 0 {
				hi = 16
			}
			b.WriteByte(digits[rng.IntN(hi)])
		}
		c, g := values(t, b.String(), 9)
		memo := map[string]int{}
		for n := range g {
			if want := grundy(c, []int{n}, memo); g[n] != want {
				t.Fatalf("%s: G(%d) = %d, the search %d", c.Text, n, g[n], want)
			}
		}
		// And a sum of heaps is the nim-sum of theirs.
		if want := grundy(c, []int{3, 4, 5}, memo); g[3]^g[4]^g[5] != want {
			t.Fatalf("%s: heaps 3 4 5: nim-sum %d, the search %d", c.Text, g[3]^g[4]^g[5], want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, s := range []string{"", "77", "0.", "00.7", "0.7x", "0." + strings.Repeat("7", MaxDigits+1)} {
		if _, err := Parse(s); err == nil {
			t.Errorf("%q accepted", s)
		}
	}
	if _, err := Values(context.Background(), Code{Text: "0.F", Digits: []uint8{0, 15}}, 3001, solver.Options{Workers: 1}); err == nil {
		t.Error("three-heap moves to n = 3001 accepted")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Values(ctx, Code{Text: "0.77", Digits: []uint8{0, 7, 7}}, 5000, solver.Options{Workers: 1}); err == nil {
		t.Error("a canceled context did not stop")
	}
}

// FuzzParse: any text either is refused or gives values and a period
// that hold over the values computed.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"0.77", ".07", "4.07", "0.F", "0.137", "0.6", "grundy", "0.3F"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := Parse(s)
		if err != nil {
			return
		}
		g, err := Values(context.Background(), c, 60, solver.Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		if want := mexSequence(c, 60); !slices.Equal(g, want) {
			t.Fatalf("%s: Values differs from the brute-force mex", s)
		}
		if p := Period(c, g); p.Period > 0 {
			for n := p.Preperiod; n+p.Period < len(g); n++ {
				if g[n]+p.Saltus != g[n+p.Period] {
					t.Fatalf("%s: period %d (saltus %d) from %d fails at %d", s, p.Period, p.Saltus, p.Preperiod, n)
				}
			}
		}
	})
}

// mexSequence is the brute-force nim-sequence of a code to n: each heap's
// moves from Moves, a move to several heaps worth the nim-sum of their
// values, the mex over a map. It shares nothing with Values but Moves,
// which TestAgainstSearch checks against a search of whole positions.
func mexSequence(c Code, n int) []int {
	g := make([]int, n+1)
	for m := 0; m <= n; m++ {
		seen := map[int]bool{}
		c.Moves(m, func(heaps []int) {
			v := 0
			for _, h := range heaps {
				v ^= g[h]
			}
			seen[v] = true
		})
		for seen[g[m]] {
			g[m]++
		}
	}
	return g
}

// Every octal code of up to three digits, and the same with a first digit
// of 4 (splitting without taking), to n = 300: Values (the direct method,
// and from the period once certified) against the brute-force mex.
func TestAllShortCodes(t *testing.T) {
	if testing.Short() {
		t.Skip("584 codes to n = 300")
	}
	var codes []string
	for _, before := range []string{"0", "4"} {
		for d1 := range 8 {
			codes = append(codes, fmt.Sprintf("%s.%d", before, d1))
			for d2 := range 8 {
				codes = append(codes, fmt.Sprintf("%s.%d%d", before, d1, d2))
				for d3 := range 8 {
					codes = append(codes, fmt.Sprintf("%s.%d%d%d", before, d1, d2, d3))
				}
			}
		}
	}
	for _, code := range codes {
		c, g := values(t, code, 300)
		if want := mexSequence(c, 300); !slices.Equal(g, want) {
			t.Fatalf("%s: Values differs from the brute-force mex:\n%v\n%v", code, g, want)
		}
	}
}

// The sparse-space method gives exactly the direct method's values, for
// 50 random codes that split (and Grundy's game) to n = 5,000, under the
// space it chooses and under random ones, however badly they fit: the
// method is exact for any space, only its speed depends on the fit.
func TestSparseAgainstDirect(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5000))
	n := 5000
	if testing.Short() {
		n = 1500
	}
	codes := []Code{Grundy}
	for len(codes) < 51 {
		var b strings.Builder
		b.WriteString([]string{"0.", "0.", "0.", "4."}[rng.IntN(4)])
		for range 1 + rng.IntN(4) {
			b.WriteByte("01234567"[rng.IntN(8)])
		}
		c, err := Parse(b.String())
		if err != nil {
			t.Fatal(err)
		}
		if k := newKernel(c, 0); len(k.splits) > 0 {
			codes = append(codes, c)
		}
	}
	ctx := context.Background()
	for i, c := range codes {
		direct := newKernel(c, n)
		if err := direct.direct(ctx, 0, n); err != nil {
			t.Fatal(err)
		}
		const first = 100
		spaces := []space{{mask: -1}, {mask: rng.IntN(64) + 1}, {mask: -1 << rng.IntN(4)}}
		if k := newKernel(c, n); k.direct(ctx, 0, first) == nil {
			if sp, ok := k.sparseSpace(first); ok {
				spaces = append(spaces, sp)
			}
		}
		// A space in the domain needs the splitting takes of one parity.
		if all := newKernel(c, 0).splits; !slices.ContainsFunc(all, func(t int) bool { return (t-all[0])%2 != 0 }) {
			spaces = append(spaces, space{mask: -1, domain: true, t: all[0]}, space{mask: rng.IntN(64) + 1, domain: true, t: all[0]})
		}
		for _, sp := range spaces {
			k := newKernel(c, n)
			if err := k.direct(ctx, 0, first); err != nil {
				t.Fatal(err)
			}
			if err := k.sparse(ctx, first+1, n, sp); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(k.g, direct.g) {
				for m := range k.g {
					if k.g[m] != direct.g[m] {
						t.Fatalf("code %d %s, space %+v: G(%d) = %d, the direct method %d", i, c.Text, sp, m, k.g[m], direct.g[m])
					}
				}
			}
		}
		// And Values, whichever way it goes, agrees.
		if g, err := Values(ctx, c, n, solver.Options{Workers: 1}); err != nil || !slices.Equal(g, direct.g) {
			t.Fatalf("%s: Values differs from the direct method (%v)", c.Text, err)
		}
	}
}

// Grundy's game: the first values as OEIS A002188 lists them, and rare
// values far out from Flammenkamp's table of them ("Sprague-Grundy Values
// of Grundy's Game"), with the brute-force mex to 1,000 in between.
func TestGrundyGame(t *testing.T) {
	a002188 := "0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3 0 4 3 0 4 3 0 4 1 2 3 1 2 4 1 2 4 1 2 4 1 5 4 1 5 4 1 5 4 1 0 2 1 0 2 1 5 2 1 3 2 1 3 2 4 3 2 4 3 2 4 3 2 4 3 2 4 3 2 4 5 2 4 5 2 4 3 7 4 3 7 4 3 7 4 3 5 2 3 5 2 3 5 2 3"
	c, err := Parse(" Grundy ")
	if err != nil || c.Text != "grundy" {
		t.Fatalf("Parse(grundy) = %+v, %v", c, err)
	}
	g, err := Values(context.Background(), c, 100_000, solver.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Trim(fmt.Sprint(g[:105]), "[]"); got != a002188 {
		t.Errorf("Grundy's game:\n%s\nwant (A002188)\n%s", got, a002188)
	}
	for n, v := range map[int]int{87: 7, 90: 7, 93: 7, 146: 6, 158: 11, 181: 12, 190: 12, 196: 10, 231: 10} {
		if g[n] != v {
			t.Errorf("Grundy's game: G(%d) = %d, Flammenkamp's table %d", n, g[n], v)
		}
	}
	if want := mexSequence(c, 1000); !slices.Equal(g[:1001], want) {
		t.Error("Grundy's game differs from the brute-force mex below 1,000")
	}
	if p := Period(c, g); p.Certified {
		t.Errorf("Grundy's game certified periodic: %+v", p)
	}
}

// Helpers sharing the direct method's work give the serial values, for
// two-heap and three-heap codes and Grundy's game, with every heap shared
// (Values shares only large ones) among 2 and 3 workers.
func TestWorkers(t *testing.T) {
	ctx := context.Background()
	for _, code := range []string{"0.6", "0.137", "4.7", "0.8", "0.F7", "8.3", "grundy"} {
		c, err := Parse(code)
		if err != nil {
			t.Fatal(err)
		}
		n := 600
		serial := newKernel(c, n)
		if err := serial.direct(ctx, 0, n); err != nil {
			t.Fatal(err)
		}
		for _, workers := range []int{2, 3} {
			k := newKernel(c, n)
			k.shareFrom = 0
			stop := k.startHelpers(workers)
			err := k.direct(ctx, 0, n)
			stop()
			if err != nil || !slices.Equal(k.g, serial.g) {
				t.Fatalf("%s with %d workers: differs from one (%v)", code, workers, err)
			}
		}
		if g, err := Values(ctx, c, n, solver.Options{Workers: 2}); err != nil || !slices.Equal(g, serial.g) {
			t.Fatalf("%s: Values with 2 workers differs (%v)", code, err)
		}
	}
}

// Arithmetic periods: hexadecimal codes whose values grow by a saltus
// each period (0.3F: 0 1 2, then 3 4 5 …, three every six; 0.AA: G(n) =
// n - 1 from 1), found but not certified; an octal code's period has
// none.
func TestArithmeticPeriod(t *testing.T) {
	for _, c := range []struct {
		code                  string
		period, start, saltus int
	}{
		{"0.3F", 6, 0, 3}, {"0.AA", 1, 1, 1}, {"0.8B", 7, 7, 4}, {"0.77", 12, 71, 0},
	} {
		code, g := values(t, c.code, 400)
		p := Period(code, g)
		if p.Period != c.period || p.Preperiod != c.start || p.Saltus != c.saltus || p.Saltus > 0 && p.Certified {
			t.Errorf("%s: %+v, want period %d from %d, saltus %d", c.code, p, c.period, c.start, c.saltus)
		}
		for n := p.Preperiod; n+p.Period < len(g); n++ {
			if g[n+p.Period] != g[n]+p.Saltus {
				t.Fatalf("%s: G(%d) = %d, G(%d) = %d: not saltus %d", c.code, n+p.Period, g[n+p.Period], n, g[n], p.Saltus)
			}
		}
	}
}

// OEIS A071453 (octal game .117) and A125829 (.115), from Winning Ways,
// ch. 4, p. 104: their first values, and .117's period 48 after the last
// exceptional value at n = 46 (a long preperiod), .115's period 14 from 1.
func TestOEISCodes(t *testing.T) {
	for _, c := range []struct {
		code, first   string
		period, start int
	}{
		{"0.117", "1 1 1 0 2 2 1 3 4 0 1 1 1 3 2 2 2 3 4 0 1 5 4 3 2 2 2 3 1 0 1 0 4 3 2 2 2 0 1 0 1 0 4 3 2 5 4 0 1 0 1 0 2 3 2 3 4 0 1 0", 48, 47},
		{"0.115", "1 1 1 0 1 1 1 2 2 2 1 2 2 2 1 1 1 0 1 1 1 2 2 2 1 2 2 2", 14, 1},
	} {
		code, g := values(t, c.code, 600)
		want := strings.Fields(c.first)
		if got := strings.Fields(strings.Trim(fmt.Sprint(g[1:len(want)+1]), "[]")); !slices.Equal(got, want) {
			t.Errorf("%s: G(1..) = %v, OEIS %v", c.code, got, want)
		}
		if p := Period(code, g); p.Period != c.period || p.Preperiod != c.start || !p.Certified {
			t.Errorf("%s: %+v, want period %d from %d, certified", c.code, p, c.period, c.start)
		}
	}
}
