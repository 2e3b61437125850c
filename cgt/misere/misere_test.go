package misere

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/cgt/octal"
)

func game(t *testing.T, code string, n int) *Game {
	t.Helper()
	c, err := octal.Parse(code)
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(context.Background(), c, n)
	if err != nil {
		t.Fatal(err)
	}
	// The tests' sizes are chosen for a few seconds; a loaded machine
	// must not turn them into budget errors.
	g.SetSearchTime(time.Hour)
	return g
}

// searchP is an independent misère search: a position (sorted heaps) is a
// P-position when it has a move and every move leads to an N-position.
func searchP(c octal.Code, heaps []int, memo map[string]bool) bool {
	k := fmt.Sprint(heaps)
	if p, ok := memo[k]; ok {
		return p
	}
	p, moved := true, false
	for i, h := range heaps {
		rest := append(slices.Clone(heaps[:i]), heaps[i+1:]...)
		c.Moves(h, func(left []int) {
			moved = true
			next := append(slices.Clone(rest), left...)
			next = slices.DeleteFunc(next, func(x int) bool { return x == 0 })
			slices.Sort(next)
			if searchP(c, next, memo) {
				p = false
			}
		})
	}
	p = p && moved
	memo[k] = p
	return p
}

// partitions calls visit with every multiset of heaps 1..max of total
// size at most total, sorted.
func partitions(total, max int, visit func([]int)) {
	var rec func(prefix []int, left, top int)
	rec = func(prefix []int, left, top int) {
		visit(prefix)
		for h := 1; h <= min(left, top); h++ {
			rec(append(slices.Clone(prefix), h), left-h, h)
		}
	}
	rec(nil, total, max)
}

// Misère Kayles: every sum of heaps of total size up to 20, decided by
// the quotient of the heaps to 20, by the analysis' own search, and by the
// search above, written apart from both.
func TestKaylesSums(t *testing.T) {
	g := game(t, "0.77", 20)
	q, err := g.Quotient()
	if err != nil {
		t.Fatal(err)
	}
	memo := map[string]bool{}
	count := 0
	partitions(20, 20, func(heaps []int) {
		count++
		want := searchP(g.code, slices.Clone(heaps), memo)
		if got := q.P[q.Of(heaps)]; got != want {
			t.Fatalf("%v: the quotient says P %t, the search %t", heaps, got, want)
		}
		if got, err := g.IsP(heaps); err != nil || got != want {
			t.Fatalf("%v: IsP %t (%v), the search %t", heaps, got, err, want)
		}
	})
	if count != 2714 { // the partitions of 0..20: A000070(20)
		t.Errorf("%d sums checked", count)
	}
	// Heaps to 20, as computed here (certified by verification, and
	// every sum above agrees): the quotient grows at heaps 1, 2, 5, 9 and
	// 12, to order 24 with 8 P-positions.
	np := 0
	for _, p := range q.P {
		if p {
			np++
		}
	}
	if q.Order() != 24 || np != 8 || !slices.Equal(q.Grew, []int{1, 2, 5, 9, 12}) {
		t.Errorf("Kayles to 20: order %d, %d P, grew at %v", q.Order(), np, q.Grew)
	}
}

// 0.75, the first wild game tamed (Plambeck, "Taming the wild in
// impartial combinatorial games", INTEGERS 5 (2005) G05): its quotient is
// R8 = <a, b, c | a² = 1, b³ = b, bc = ab, c² = b²>, with P-portion
// {a, b²}.
func TestR8(t *testing.T) {
	g := game(t, "0.75", 30)
	q, err := g.Quotient()
	if err != nil {
		t.Fatal(err)
	}
	if q.Order() != 8 {
		t.Fatalf("0.75: order %d, want 8", q.Order())
	}
	mul := func(xs ...int) int {
		z := 0
		for _, x := range xs {
			z = q.Mul[z][x]
		}
		return z
	}
	found := false
	for a := range 8 {
		for b := range 8 {
			for c := range 8 {
				if mul(a, a) != 0 || mul(b, b, b) != b || mul(b, c) != mul(a, b) || mul(c, c) != mul(b, b) {
					continue
				}
				// a, b and c generate the 8 elements, and P is {a, b²}.
				gen := map[int]bool{}
				for i := range 2 {
					for j := range 3 {
						for k := range 2 {
							x := 0
							for range i {
								x = mul(x, a)
							}
							for range j {
								x = mul(x, b)
							}
							for range k {
								x = mul(x, c)
							}
							gen[x] = true
						}
					}
				}
				var p []int
				for x, isP := range q.P {
					if isP {
						p = append(p, x)
					}
				}
				want := []int{a, mul(b, b)}
				slices.Sort(want)
				if len(gen) == 8 && slices.Equal(p, want) {
					found = true
				}
			}
		}
	}
	if !found {
		t.Errorf("0.75's quotient is not R8 with P = {a, b²}: %v, P %v", q.Mul, q.P)
	}
	// And it decides every sum to total 16 as the search does.
	memo := map[string]bool{}
	partitions(16, 16, func(heaps []int) {
		if got, want := q.P[q.Of(heaps)], searchP(g.code, heaps, memo); got != want {
			t.Fatalf("0.75 %v: quotient %t, search %t", heaps, got, want)
		}
	})
}

// Nim (0.3333333333: take 1 to 10 from a heap): heap k has genus 0^120,
// 1^031 or k^{k, k XOR 2}, all tame, and the genus theory decides sums as
// Bouton's misère rule does (P when the nim-sum is 0 and some heap is 2
// or more, or all are 0 or 1 and the nim-sum is 1).
func TestNimGenera(t *testing.T) {
	g := game(t, "0.3333333333", 10)
	for k := 0; k <= 10; k++ {
		gen, err := g.GenusOf([]int{k})
		if err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprintf("%d^%d%d", k, k, k^2)
		switch k {
		case 0:
			want = "0^120"
		case 1:
			want = "1^031"
		case 8, 9, 10: // values past 9 in parentheses
			want = map[int]string{8: "8^8(10)", 9: "9^9(11)", 10: "10^(10)(8)"}[k]
		}
		if gen.String() != want || !gen.Tame() {
			t.Errorf("nim heap %d: genus %s (tame %t), want %s", k, gen, gen.Tame(), want)
		}
	}
	partitions(14, 10, func(heaps []int) {
		x, big := 0, false
		for _, h := range heaps {
			x ^= h
			big = big || h >= 2
		}
		bouton := big && x == 0 || !big && x == 1
		if p, err := g.TameOutcome(heaps); err != nil || p != bouton {
			t.Fatalf("nim %v: genus theory %t (%v), Bouton %t", heaps, p, err, bouton)
		}
	})
}

// Kayles' heaps 1 to 4 are tame (1^031, 2^20, 3^31, 1^031) and heap 5 is
// not: its genus is 4^146, restive (On Numbers and Games, ch. 12, on
// Kayles). The genus theory decides the sums of heaps below 5 as the
// search does and refuses the others; γ0 is 0 exactly for the heaps that
// are misère P-positions.
func TestKaylesGenera(t *testing.T) {
	g := game(t, "0.77", 16)
	firstWild := 0
	for h := 1; h <= 16; h++ {
		tame, err := g.TameHeap(h)
		if err != nil {
			t.Fatal(err)
		}
		if !tame && firstWild == 0 {
			firstWild = h
		}
		gen, _ := g.GenusOf([]int{h})
		if p, _ := g.IsP([]int{h}); p != (gen.Misere[0] == 0) {
			t.Errorf("heap %d: genus %s, misère P %t", h, gen, p)
		}
	}
	var genera []string
	for h := 1; h <= 5; h++ {
		gen, _ := g.GenusOf([]int{h})
		genera = append(genera, gen.String())
	}
	if firstWild != 5 || fmt.Sprint(genera) != "[1^031 2^20 3^31 1^031 4^146]" {
		t.Errorf("first wild heap %d, genera %v", firstWild, genera)
	}
	memo := map[string]bool{}
	partitions(18, 16, func(heaps []int) {
		p, err := g.TameOutcome(heaps)
		if slices.ContainsFunc(heaps, func(h int) bool { return h >= 5 }) {
			if !errors.Is(err, ErrWild) {
				t.Fatalf("%v: %v, want ErrWild", heaps, err)
			}
			return
		}
		if want := searchP(g.code, heaps, memo); err != nil || p != want {
			t.Fatalf("%v: genus theory %t (%v), search %t", heaps, p, err, want)
		}
	})
}

// A quotient past the budget keeps the certified quotient of the heaps
// below, and says where it stopped; a cancelled context stops the search.
func TestLimits(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	c, _ := octal.Parse("0.77")
	// Cancelled before it starts: New (which computes the nim-values)
	// or the quotient says so.
	g, err := New(ctx, c, 30)
	if err == nil {
		_, err = g.Quotient()
	}
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	// A budget too small for the growth at heap 9: the quotient of the
	// heaps to 8 stands, certified, with the error.
	small, _ := New(context.Background(), c, 12)
	small.SetLimit(50)
	q, err := small.Quotient()
	if !errors.Is(err, budget.ErrTooLarge) || q == nil || q.MaxHeap >= 12 || q.Order() < 2 {
		t.Errorf("small budget: %v, %+v", err, q)
	}
	if _, err := New(context.Background(), c, MaxHeap+1); err == nil {
		t.Error("heaps beyond MaxHeap accepted")
	}
	if _, err := game(t, "0.77", 5).IsP([]int{6}); err == nil {
		t.Error("a heap beyond the analysis accepted")
	}
}

// Misère Kayles to heap 40: the quotient grows at heaps 25 and 27 too (as
// trial products, Q × a cyclic monoid), to order 40 with 9 P-positions,
// and stays so (to heap 200, by cgt --octal 0.77 --misere -n 200; too long
// for a test). Sums with a heap from 25 to 40 and small heaps, some 40 to
// 60 tokens, are decided by the search alike.
func TestKaylesQuotient(t *testing.T) {
	if testing.Short() {
		t.Skip("a few seconds")
	}
	g := game(t, "0.77", 40)
	q, err := g.Quotient()
	if err != nil {
		t.Fatal(err)
	}
	np := 0
	for _, p := range q.P {
		if p {
			np++
		}
	}
	if q.Order() != 40 || np != 9 || !slices.Equal(q.Grew, []int{1, 2, 5, 9, 12, 25, 27}) {
		t.Errorf("Kayles to 40: order %d, %d P, grew at %v", q.Order(), np, q.Grew)
	}
	search := game(t, "0.77", 40)
	rng := rand.New(rand.NewPCG(25, 27))
	for range 150 {
		heaps := []int{25 + rng.IntN(16)}
		for total := heaps[0]; total < 40; {
			h := 1 + rng.IntN(12)
			heaps = append(heaps, h)
			total += h
		}
		p, err := search.IsP(heaps)
		if err != nil {
			t.Fatal(err)
		}
		if q.P[q.Of(heaps)] != p {
			t.Fatalf("%v: the quotient says P %t, the search %t", heaps, !p, p)
		}
	}
}

// Any code: the quotient of its heaps to 8, when the search's budget
// allows one, decides every sum of total size up to 10 as the search
// does, and so does the genus theory where it answers.
func FuzzQuotient(f *testing.F) {
	for _, s := range []string{"0.77", "0.75", "0.07", "4.7", "0.F", "0.6", "grundy", "0.3333"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := octal.Parse(s)
		if err != nil {
			return
		}
		g, err := New(context.Background(), c, 8)
		if err != nil {
			t.Fatal(err)
		}
		g.SetLimit(200_000)
		q, err := g.Quotient()
		if err != nil && !errors.Is(err, budget.ErrTooLarge) {
			t.Fatalf("%s: %v", s, err)
		}
		memo := map[string]bool{}
		partitions(10, 8, func(heaps []int) {
			want := searchP(c, heaps, memo)
			if slices.Max(append([]int{0}, heaps...)) <= q.MaxHeap && q.P[q.Of(heaps)] != want {
				t.Fatalf("%s %v: quotient %t, search %t", s, heaps, !want, want)
			}
			if p, err := g.TameOutcome(heaps); err == nil && p != want {
				t.Fatalf("%s %v: genus theory %t, search %t", s, heaps, p, want)
			} else if err != nil && !errors.Is(err, ErrWild) && !errors.Is(err, budget.ErrTooLarge) {
				t.Fatalf("%s %v: %v", s, heaps, err)
			}
		})
	})
}

// The other direction: sums of one class of Kayles' quotient (heaps to
// 30) must play alike with everything, so every sum of up to 28 tokens
// (18,460 of them, 28 classes) is played against every sum of up to 10
// (139), by the search: two sums of one class never differ. A quotient
// that merged classes the game tells apart would fail here.
func TestKaylesClassesPlayAlike(t *testing.T) {
	if testing.Short() {
		t.Skip("a few seconds")
	}
	g := game(t, "0.77", 30)
	q, err := g.Quotient()
	if err != nil {
		t.Fatal(err)
	}
	search := game(t, "0.77", 30)
	search.SetLimit(20_000_000)
	var tests [][]int
	partitions(10, 30, func(h []int) { tests = append(tests, slices.Clone(h)) })
	behaviour := map[int]string{}
	partitions(28, 30, func(heaps []int) {
		b := make([]byte, len(tests))
		for i, x := range tests {
			sum := append(slices.Clone(heaps), x...)
			slices.Sort(sum)
			p, err := search.IsP(sum)
			if err != nil {
				t.Fatal(err)
			}
			if p {
				b[i] = 1
			}
		}
		x := q.Of(heaps)
		if old, ok := behaviour[x]; ok && old != string(b) {
			t.Fatalf("%v is in class %s with sums that play otherwise", heaps, q.Names[x])
		}
		behaviour[x] = string(b)
	})
	if len(behaviour) < 28 {
		t.Errorf("%d classes met", len(behaviour))
	}
}

// searchValue is an independent misère nim-value: heaps of the code plus
// twos nim heaps of size 2 and ones of size 1; 1 with no move, else the
// mex of the options' values.
func searchValue(c octal.Code, heaps []int, twos, ones int, memo map[string]int) int {
	k := fmt.Sprint(heaps, twos, ones)
	if v, ok := memo[k]; ok {
		return v
	}
	seen := map[int]bool{}
	for i, h := range heaps {
		rest := append(slices.Clone(heaps[:i]), heaps[i+1:]...)
		c.Moves(h, func(left []int) {
			next := slices.DeleteFunc(append(slices.Clone(rest), left...), func(x int) bool { return x == 0 })
			slices.Sort(next)
			seen[searchValue(c, next, twos, ones, memo)] = true
		})
	}
	if twos > 0 {
		seen[searchValue(c, heaps, twos-1, ones+1, memo)] = true
		seen[searchValue(c, heaps, twos-1, ones, memo)] = true
	}
	if ones > 0 {
		seen[searchValue(c, heaps, twos, ones-1, memo)] = true
	}
	v := 0
	if len(seen) == 0 {
		v = 1
	}
	for seen[v] {
		v++
	}
	memo[k] = v
	return v
}

// Kayles' genera, heaps and sums, against the search above: γk is the
// misère value with k heaps of *2, the written γ are its first values, and
// from the last two on they alternate (as far as k = 9, beyond what the
// genus computes).
func TestGeneraAgainstSearch(t *testing.T) {
	g := game(t, "0.77", 12)
	memo := map[string]int{}
	for _, heaps := range [][]int{{1}, {2}, {3}, {4}, {5}, {6}, {7}, {8}, {9}, {10}, {11}, {12}, {3, 4}, {5, 7}, {1, 1, 2}} {
		gen, err := g.GenusOf(heaps)
		if err != nil {
			t.Fatal(err)
		}
		m := gen.Misere
		for k := range 10 {
			want := searchValue(g.code, heaps, k, 0, memo)
			got := 0
			if k < len(m) {
				got = m[k]
			} else {
				got = m[len(m)-2+(k-len(m))%2] // the last two alternate
			}
			if got != want {
				t.Fatalf("%v: genus %s gives γ%d = %d, the search %d", heaps, gen, k, got, want)
			}
		}
	}
}
