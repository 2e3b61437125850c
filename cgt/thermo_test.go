package cgt

import (
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
)

func rat(s string) *big.Rat {
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		panic(s)
	}
	return r
}

func thermo(t *testing.T, g Game) *Thermograph {
	t.Helper()
	th, err := g.Thermograph()
	if err != nil {
		t.Fatal(err)
	}
	return th
}

func wallText(ps []Point) string {
	var b strings.Builder
	for _, p := range ps {
		fmt.Fprintf(&b, "[%s,%s]", p.T.RatString(), p.V.RatString())
	}
	return b.String()
}

// Textbook thermography (Winning Ways ch. 6; Siegel II.5), in CGSuite's
// subzero convention.
func TestThermographTextbook(t *testing.T) {
	for _, tt := range []struct {
		expr, mean, temp string
		left, right      string // walls, when given
	}{
		{"0", "0", "-1", "[-1,0]", "[-1,0]"},
		{"7", "7", "-1", "[-1,7]", "[-1,7]"},
		{"-3", "-3", "-1", "", ""},
		{"1/2", "1/2", "-1/2", "[-1,1][-1/2,1/2]", "[-1,0][-1/2,1/2]"},
		{"3/4", "3/4", "-1/4", "", ""},
		{"-5/8", "-5/8", "-1/8", "", ""},
		{"11/16", "11/16", "-1/16", "", ""},
		{"*", "0", "0", "[-1,1][0,0]", "[-1,-1][0,0]"},
		{"^", "0", "0", "", ""},
		{"^*", "0", "0", "", ""},
		{"3+^", "3", "0", "", ""},
		{"1/2+*", "1/2", "0", "", ""},
		// ±n: mean 0, temperature n.
		{"+-1", "0", "1", "[-1,2][1,0]", "[-1,-2][1,0]"},
		{"+-5", "0", "5", "", ""},
		{"+-3/2", "0", "3/2", "", ""},
		// {a|b}, numbers a ≥ b: mean (a+b)/2, temperature (a-b)/2.
		{"{3|1}", "2", "1", "[-1,4][1,2]", "[-1,0][1,2]"},
		{"{5|-2}", "3/2", "7/2", "", ""},
		{"{1/2|-1/4}", "1/8", "3/8", "", ""},
		// Winning Ways: {3||2|1} has mean 2¼ and temperature ¾.
		{"{3||2|1}", "9/4", "3/4", "[-1,4][3/4,9/4]", "[-1,2][1/2,2][3/4,9/4]"},
		// A sum of switches: its left wall holds at 1 until ±1 melts.
		{"+-1 + +-2", "0", "2", "[-1,1][1,1][2,0]", "[-1,-1][1,-1][2,0]"},
		{"{2|1}+*", "3/2", "1/2", "", ""},
	} {
		th := thermo(t, mustParse(t, tt.expr))
		if th.Mean.Cmp(rat(tt.mean)) != 0 || th.Temperature.Cmp(rat(tt.temp)) != 0 {
			t.Errorf("%s: mean %s temperature %s, want %s and %s", tt.expr, th.Mean.RatString(), th.Temperature.RatString(), tt.mean, tt.temp)
		}
		if tt.left != "" && (wallText(th.Left) != tt.left || wallText(th.Right) != tt.right) {
			t.Errorf("%s: walls %s %s, want %s %s", tt.expr, wallText(th.Left), wallText(th.Right), tt.left, tt.right)
		}
	}
}

// randomGame builds a short game from the given leaves, each inner
// position with one or two options on each side.
func randomGame(t testing.TB, rng *rand.Rand, depth int, leaves []string) Game {
	if depth == 0 || rng.IntN(4) == 0 {
		return mustParse(t, leaves[rng.IntN(len(leaves))])
	}
	var l, r []Game
	for range 1 + rng.IntN(2) {
		l = append(l, randomGame(t, rng, depth-1, leaves))
	}
	for range 1 + rng.IntN(2) {
		r = append(r, randomGame(t, rng, depth-1, leaves))
	}
	g, err := New(l, r)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// hotLeaves are small numbers (and two infinitesimals): games built on them
// are often hot. smallLeaves build all-small games: every position has
// options on both sides or on neither.
var (
	hotLeaves   = []string{"0", "1", "-1", "2", "-2", "1/2", "-1/2", "3", "*", "^"}
	smallLeaves = []string{"0", "*", "^", "v"}
)

func add(t testing.TB, gs ...Game) Game {
	s, err := Add(gs...)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func cool(t testing.TB, g Game, temp *big.Rat) Game {
	c, err := g.Cool(temp)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Properties of temperature theory on random games: means add, the
// temperature of a sum is at most the larger one, cooling is additive and
// composes, and the stops of G cooled by t are G's walls at t.
func TestThermographProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 7))
	temps := []*big.Rat{big.NewRat(0, 1), big.NewRat(1, 4), big.NewRat(1, 2), big.NewRat(1, 1), big.NewRat(3, 2), big.NewRat(2, 1)}
	for trial := range 150 {
		g, h := randomGame(t, rng, 3, hotLeaves), randomGame(t, rng, 3, hotLeaves)
		s := add(t, g, h)
		tg, th, ts := thermo(t, g), thermo(t, h), thermo(t, s)
		if want := new(big.Rat).Add(tg.Mean, th.Mean); ts.Mean.Cmp(want) != 0 {
			t.Fatalf("trial %d: mean(%v + %v) = %v, means add to %v", trial, g, h, ts.Mean, want)
		}
		hot := tg.Temperature
		if th.Temperature.Cmp(hot) > 0 {
			hot = th.Temperature
		}
		if ts.Temperature.Cmp(hot) > 0 {
			t.Fatalf("trial %d: temperature(%v + %v) = %v > %v", trial, g, h, ts.Temperature, hot)
		}
		for _, a := range temps {
			if cs, want := cool(t, s, a), add(t, cool(t, g, a), cool(t, h, a)); cs != want {
				t.Fatalf("trial %d: (%v + %v) cooled by %v = %v, sum of cooled %v", trial, g, h, a, cs, want)
			}
			for _, b := range temps[:3] {
				if got, want := cool(t, cool(t, g, a), b), cool(t, g, new(big.Rat).Add(a, b)); got != want {
					t.Fatalf("trial %d: %v cooled by %v then %v = %v, by the sum %v", trial, g, a, b, got, want)
				}
			}
			ls, rs, err := cool(t, g, a).Stops()
			if err != nil {
				t.Fatal(err)
			}
			w := tab.thermograph(g) // read-only after Thermograph computed it
			if ls.Cmp(w.left.at(a)) != 0 || rs.Cmp(w.right.at(a)) != 0 {
				t.Fatalf("trial %d: %v cooled by %v has stops %v %v, walls %v %v", trial, g, a, ls, rs, w.left.at(a), w.right.at(a))
			}
		}
	}
}

func TestCoolErrors(t *testing.T) {
	g := mustParse(t, "+-1")
	for _, bad := range []string{"-1", "1/3"} {
		if _, err := g.Cool(rat(bad)); err == nil {
			t.Errorf("cooling by %s: no error", bad)
		}
	}
	// Cooling ±1 by 1 leaves 0 + *: {-1+1... } = {0|0}; by more, 0.
	if c := cool(t, g, big.NewRat(1, 1)); c != mustParse(t, "*") {
		t.Errorf("±1 cooled by 1 = %v, want *", c)
	}
	if c := cool(t, g, big.NewRat(2, 1)); c != 0 {
		t.Errorf("±1 cooled by 2 = %v, want 0", c)
	}
}

func TestAtomicWeight(t *testing.T) {
	for expr, want := range map[string]string{
		"0": "0", "*": "0", "*5": "0", "^": "1", "v": "-1", "^*": "1", "^^*": "2", "^^": "2",
		"^+^+^": "3", "{0|*}": "1", "{0|^}": "2", "{0,*|0}": "1", "{^4|v4}": "+-2",
	} {
		aw, err := mustParse(t, expr).AtomicWeight()
		if err != nil || aw != mustParse(t, want) {
			t.Errorf("aw(%s) = %v (%v), want %s", expr, aw, err, want)
		}
	}
	for _, expr := range []string{"1", "1/2", "+-1", "{2|1}", "{1|^^^||^}", "{1|^^^||^} + ^"} {
		if _, err := mustParse(t, expr).AtomicWeight(); !errors.Is(err, ErrNotAtomic) {
			t.Errorf("aw(%s): %v, want ErrNotAtomic", expr, err)
		}
	}
	// Infinitesimals that are not all-small but atomic: a tiny is
	// smaller than every positive multiple of ↑, so it weighs 0, and it
	// shifts nothing added to ⇑ or ↓*.
	for expr, want := range map[string]string{
		"{0||0|-1}": "0", "{0||0|-1} + ^^": "2", "{1|0||0} + v*": "-1", "{0||0|-2} + ^ + ^*": "2",
		"{^4|v4} + {0||0|-1}": "+-2", // a weight that is a switch: Norton multiplication by ±2
	} {
		g := mustParse(t, expr)
		if allSmall, _ := locked(func() bool { return tab.allSmall(g, map[Game]bool{}) }); allSmall {
			t.Fatalf("%s is all-small", expr)
		}
		aw, err := g.AtomicWeight()
		if err != nil || aw != mustParse(t, want) {
			t.Errorf("aw(%s) = %v (%v), want %s", expr, aw, err, want)
		}
	}
	// Norton products by ↑: halves and quarters add up to ups.
	for _, c := range []struct {
		x     *big.Rat
		times int
		want  string
	}{{big.NewRat(1, 2), 2, "^"}, {big.NewRat(3, 4), 4, "^+^+^"}, {big.NewRat(-5, 2), 2, "v+v+v+v+v"}, {big.NewRat(7, 8), 8, "^+^+^+^+^+^+^"}} {
		sum, _ := locked(func() Game {
			one := tab.nortonUp(tab.number(c.x))
			s := Game(0)
			for range c.times {
				s = tab.add2(s, one)
			}
			return s
		})
		if sum != mustParse(t, c.want) {
			t.Errorf("%d × (%v).↑ = %v, want %s", c.times, c.x, sum, c.want)
		}
	}
	// Atomic weights add on all-small games.
	rng := rand.New(rand.NewPCG(3, 8))
	for trial := range 200 {
		g, h := randomGame(t, rng, 3, smallLeaves), randomGame(t, rng, 3, smallLeaves)
		ag, err1 := g.AtomicWeight()
		ah, err2 := h.AtomicWeight()
		as, err3 := add(t, g, h).AtomicWeight()
		if err1 != nil || err2 != nil || err3 != nil {
			t.Fatalf("trial %d: %v %v %v", trial, err1, err2, err3)
		}
		if want := add(t, ag, ah); as != want {
			t.Fatalf("trial %d: aw(%v + %v) = %v, aw(%v) + aw(%v) = %v", trial, g, h, as, g, h, want)
		}
	}
}
