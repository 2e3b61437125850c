package octal

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func values(t *testing.T, code string, n int) (Code, []int) {
	t.Helper()
	c, err := Parse(code)
	if err != nil {
		t.Fatal(err)
	}
	g, err := Values(context.Background(), c, n)
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
	if _, err := Values(context.Background(), Code{Text: "0.F", Digits: []uint8{0, 15}}, 3001); err == nil {
		t.Error("three-heap moves to n = 3001 accepted")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Values(ctx, Code{Text: "0.77", Digits: []uint8{0, 7, 7}}, 5000); err == nil {
		t.Error("a canceled context did not stop")
	}
}

// FuzzParse: any text either is refused or gives values and a period
// that hold over the values computed.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"0.77", ".07", "4.07", "0.F", "0.137", "0.6"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := Parse(s)
		if err != nil {
			return
		}
		g, err := Values(context.Background(), c, 60)
		if err != nil {
			t.Fatal(err)
		}
		if p := Period(c, g); p.Period > 0 {
			for n := p.Preperiod; n+p.Period < len(g); n++ {
				if g[n] != g[n+p.Period] {
					t.Fatalf("%s: period %d from %d fails at %d", s, p.Period, p.Preperiod, n)
				}
			}
		}
	})
}
