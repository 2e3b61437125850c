package extensive_test

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/gamesolve/gamesolve/extensive"
)

// TestDegenerateExtremeEquilibria: von Stengel's degenerate 3×2 game
// (Handbook of Game Theory 3, ch. 45, fig. 2.3 shapes) has a segment of
// equilibria, row plays its first strategy while column mixes (1,0) to
// (2/3,1/3), and one isolated equilibrium ((0,1/3,2/3),(1/3,2/3)): three
// extreme equilibria. They follow from the best responses by hand: against
// (1,0) and (2/3,1/3) row's first strategy earns 3, as much as or more than
// the others (2 and 0; 3 and 2); column is indifferent against (1,0,0).
func TestDegenerateExtremeEquilibria(t *testing.T) {
	g, err := extensive.ParseMatrix("3,3 3,3; 2,2 5,6; 0,3 6,1", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	all, err := extensive.ExtremeEquilibria(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, pr := range all {
		got = append(got, fmt.Sprint(pr.Behavior[0], pr.Behavior[1], pr.Values))
	}
	want := []string{
		"[0/1 1/3 2/3] [1/3 2/3] [4/1 8/3]",
		"[1/1 0/1 0/1] [2/3 1/3] [3/1 3/1]",
		"[1/1 0/1 0/1] [1/1 0/1] [3/1 3/1]",
	}
	if !slices.Equal(got, want) {
		t.Fatalf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	lh, err := extensive.LemkeHowson(context.Background(), g)
	if err != nil || !lh.Equilibrium() || !slices.Contains(got, fmt.Sprint(lh.Behavior[0], lh.Behavior[1], lh.Values)) {
		t.Fatalf("Lemke–Howson gives %v (%v), not an extreme equilibrium", lh, err)
	}
}

// supportEquilibria finds the equilibria of a nondegenerate bimatrix game
// by support enumeration, written apart from the polytope code: for each
// pair of supports of equal size, the indifference equations, solved by
// Cramer-free elimination over the rationals, then the best-response check.
func supportEquilibria(A, B [][]int64) []string {
	m, n := len(A), len(A[0])
	var out []string
	for sr := 1; sr < 1<<m; sr++ {
		for sc := 1; sc < 1<<n; sc++ {
			I, J := bits(sr, m), bits(sc, n)
			if len(I) != len(J) {
				continue
			}
			// y on J makes row indifferent on I: Σ_j A[i][j] y_j = u, Σ y = 1.
			y := indiff(len(J), func(r, c int) int64 { return A[I[r]][J[c]] })
			x := indiff(len(I), func(r, c int) int64 { return B[I[c]][J[r]] })
			if x == nil || y == nil {
				continue
			}
			full := func(idx []int, v []*big.Rat, k int) []*big.Rat {
				out := make([]*big.Rat, k)
				for i := range out {
					out[i] = new(big.Rat)
				}
				for a, i := range idx {
					out[i] = v[a]
				}
				return out
			}
			xf, yf := full(I, x, m), full(J, y, n)
			ok := true
			for _, v := range append(slices.Clone(xf), yf...) {
				ok = ok && v.Sign() >= 0
			}
			pay := func(M [][]int64, i, j int) *big.Rat { return big.NewRat(M[i][j], 1) }
			rowVal := func(i int) *big.Rat {
				s := new(big.Rat)
				for j := range n {
					s.Add(s, new(big.Rat).Mul(pay(A, i, j), yf[j]))
				}
				return s
			}
			colVal := func(j int) *big.Rat {
				s := new(big.Rat)
				for i := range m {
					s.Add(s, new(big.Rat).Mul(pay(B, i, j), xf[i]))
				}
				return s
			}
			for i := range m {
				ok = ok && rowVal(i).Cmp(rowVal(I[0])) <= 0
			}
			for j := range n {
				ok = ok && colVal(j).Cmp(colVal(J[0])) <= 0
			}
			if ok {
				out = append(out, fmt.Sprint(xf, yf))
			}
		}
	}
	slices.Sort(out)
	return out
}

func bits(mask, k int) []int {
	var out []int
	for i := range k {
		if mask>>i&1 == 1 {
			out = append(out, i)
		}
	}
	return out
}

// indiff solves for v (k entries, summing to 1) with Σ_c M(r, c) v_c equal
// for every r, or returns nil when singular.
func indiff(k int, M func(r, c int) int64) []*big.Rat {
	// Unknowns v_0..v_{k-1}, u; rows: Σ_c M(r,c) v_c − u = 0, Σ v = 1.
	sys := make([][]*big.Rat, k+1)
	for r := range k {
		row := make([]*big.Rat, k+2)
		for c := range k {
			row[c] = big.NewRat(M(r, c), 1)
		}
		row[k], row[k+1] = big.NewRat(-1, 1), new(big.Rat)
		sys[r] = row
	}
	last := make([]*big.Rat, k+2)
	for c := range k {
		last[c] = big.NewRat(1, 1)
	}
	last[k], last[k+1] = new(big.Rat), big.NewRat(1, 1)
	sys[k] = last
	d := k + 1
	for c := range d {
		p := -1
		for r := c; r < d; r++ {
			if sys[r][c].Sign() != 0 {
				p = r
				break
			}
		}
		if p < 0 {
			return nil
		}
		sys[c], sys[p] = sys[p], sys[c]
		for r := range d {
			if r != c && sys[r][c].Sign() != 0 {
				f := new(big.Rat).Quo(sys[r][c], sys[c][c])
				for j := c; j <= d; j++ {
					sys[r][j].Sub(sys[r][j], new(big.Rat).Mul(f, sys[c][j]))
				}
			}
		}
	}
	v := make([]*big.Rat, k)
	for r := range k {
		v[r] = new(big.Rat).Quo(sys[r][d], sys[r][r])
	}
	return v
}

// TestRandomBimatrix compares ExtremeEquilibria with support enumeration
// on random games with payoffs from 0 to 999 (nondegenerate with
// near-certainty, and then the two must agree exactly), and checks that
// Lemke–Howson's answer is one of them.
func TestRandomBimatrix(t *testing.T) {
	t.Parallel()
	for seed := range uint64(60) {
		rng := rand.New(rand.NewPCG(seed, 7))
		m, n := 2+int(seed%3), 2+int(seed/3%3)
		A, B := make([][]int64, m), make([][]int64, m)
		var cells []string
		for i := range m {
			A[i], B[i] = make([]int64, n), make([]int64, n)
			var row []string
			for j := range n {
				A[i][j], B[i][j] = int64(rng.IntN(1000)), int64(rng.IntN(1000))
				row = append(row, fmt.Sprintf("%d,%d", A[i][j], B[i][j]))
			}
			cells = append(cells, strings.Join(row, " "))
		}
		g, err := extensive.ParseMatrix(strings.Join(cells, "; "), nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		all, err := extensive.ExtremeEquilibria(context.Background(), g)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, pr := range all {
			got = append(got, fmt.Sprint(pr.Behavior[0], pr.Behavior[1]))
		}
		slices.Sort(got)
		if want := supportEquilibria(A, B); !slices.Equal(got, want) {
			t.Fatalf("seed %d: polytopes\n%v\nsupports\n%v", seed, got, want)
		}
		lh, err := extensive.LemkeHowson(context.Background(), g)
		if err != nil || !slices.Contains(got, fmt.Sprint(lh.Behavior[0], lh.Behavior[1])) {
			t.Fatalf("seed %d: Lemke–Howson %v (%v)", seed, lh, err)
		}
	}
}

// TestGeneralSumExtensive solves random general-sum two-player games with
// chance and imperfect information through TwoPlayerEquilibrium (for a
// tree, Lemke on the sequence form), and checks the behaviour strategies
// by enumerated pure best responses.
func TestGeneralSumExtensive(t *testing.T) {
	t.Parallel()
	for seed := range uint64(60) {
		r := randRules{seed: seed, players: 2, obs: 1 + int(seed%2), depth: 3}
		g, err := extensive.Build(context.Background(), r)
		if err != nil {
			t.Fatal(err)
		}
		pr, err := extensive.TwoPlayerEquilibrium(context.Background(), g)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		vals := payoff(g, 0, pr.Behavior, -1, nil)
		for p := range 2 {
			if best := bruteBest(g, pr.Behavior, p, 1<<10); best != nil && best.Cmp(vals[p]) != 0 {
				t.Fatalf("seed %d: player %d gains %v", seed, p+1, new(big.Rat).Sub(best, vals[p]))
			}
		}
	}
}

// BenchmarkExtremeEquilibria enumerates a degenerate 6×6 game's extreme
// equilibria (payoffs in 0..2, so ties abound).
func BenchmarkExtremeEquilibria(b *testing.B) {
	rng := rand.New(rand.NewPCG(6, 6))
	var rows []string
	for range 6 {
		var row []string
		for range 6 {
			row = append(row, fmt.Sprintf("%d,%d", rng.IntN(3), rng.IntN(3)))
		}
		rows = append(rows, strings.Join(row, " "))
	}
	g, err := extensive.ParseMatrix(strings.Join(rows, "; "), nil, nil)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := extensive.ExtremeEquilibria(context.Background(), g); err != nil {
			b.Fatal(err)
		}
	}
}
