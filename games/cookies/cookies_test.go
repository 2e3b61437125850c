package cookies

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"
)

// closedForm is the seed's recurrence for the pile values, used only as a
// cross-check of the engine.
func closedForm(N int) []int64 {
	v := make([]int64, N+1)
	for n := 1; n <= N; n++ {
		if n%2 == 1 {
			if m := (n - 1) / 2; v[m] >= 0 {
				v[n] = 2*v[m] + 1
			}
		} else if m := (n - 2) / 2; v[m] <= 0 {
			v[n] = 2*v[m] - 1
		}
	}
	return v
}

func TestPileValuesMatchClosedForm(t *testing.T) {
	got, err := PileValues(context.Background(), 5000)
	if err != nil {
		t.Fatal(err)
	}
	if want := closedForm(5000); !slices.Equal(got, want) {
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("pile %d: engine %d, closed form %d", i, got[i], want[i])
			}
		}
	}
}

// evenWins searches the game tree: piles is a sorted multiset, oddToMove
// says who moves; the player without a move loses.
type searcher map[string]bool

func (m searcher) oddWins(piles []int, oddToMove bool) bool {
	key := fmt.Sprint(piles, oddToMove)
	if v, ok := m[key]; ok {
		return v
	}
	moved := false
	res := !oddToMove // no move: the mover loses
	for i, p := range piles {
		if i > 0 && piles[i-1] == p {
			continue
		}
		if oddToMove != (p%2 == 1) || p == 0 {
			continue
		}
		eat := 1
		if !oddToMove {
			eat = 2
		}
		next := append(slices.Clone(piles[:i]), piles[i+1:]...)
		if half := (p - eat) / 2; half > 0 {
			next = append(next, half, half)
		}
		slices.Sort(next)
		moved = true
		if m.oddWins(next, !oddToMove) == oddToMove {
			res = oddToMove
			break
		}
	}
	_ = moved
	m[key] = res
	return res
}

func partitions(n, maxPart int, prefix []int, visit func([]int)) {
	if n == 0 {
		visit(prefix)
		return
	}
	for p := min(n, maxPart); p >= 1; p-- {
		partitions(n-p, p, append(prefix, p), visit)
	}
}

// Brute force: search every partition's game tree for N ≤ 30, and check the
// theory (Even wins iff the sum of pile values ≤ 0) on each.
func TestBruteForce(t *testing.T) {
	vals := closedForm(30)
	s := searcher{}
	for N := 1; N <= 30; N++ {
		brute := 0
		partitions(N, N, nil, func(p []int) {
			q := slices.Clone(p)
			slices.Sort(q)
			even := !s.oddWins(q, true)
			var total int64
			for _, x := range q {
				total += vals[x]
			}
			if even != (total <= 0) {
				t.Errorf("N=%d %v: search says Even wins=%v, value sum %d", N, q, even, total)
			}
			if even {
				brute++
			}
		})
		got, err := Count(context.Background(), N)
		if err != nil {
			t.Fatal(err)
		}
		if got.Cmp(big.NewInt(int64(brute))) != 0 {
			t.Errorf("C(%d) = %v, brute force %d", N, got, brute)
		}
	}
}

// seedDP is the seed's (size, value) partition DP with plain big integers.
func seedDP(N int) *big.Int {
	v := closedForm(N)
	off := int64(N)
	dp := make([][]*big.Int, N+1)
	for s := range dp {
		dp[s] = make([]*big.Int, 2*N+1)
		for t := range dp[s] {
			dp[s][t] = new(big.Int)
		}
	}
	dp[0][off].SetInt64(1)
	for i := 1; i <= N; i++ {
		for s := i; s <= N; s++ {
			for t := range dp[s] {
				if u := int64(t) - v[i]; u >= 0 && u <= 2*off && dp[s-i][u].Sign() != 0 {
					dp[s][t].Add(dp[s][t], dp[s-i][u])
				}
			}
		}
	}
	total := new(big.Int)
	for t := int64(0); t <= off; t++ {
		total.Add(total, dp[N][t])
	}
	return total
}

func TestAgainstSeedDP(t *testing.T) {
	for _, N := range []int{1, 2, 5, 16, 37, 64, 100, 150} {
		got, err := Count(context.Background(), N)
		if err != nil {
			t.Fatal(err)
		}
		if want := seedDP(N); got.Cmp(want) != 0 {
			t.Errorf("C(%d) = %v, seed DP %v", N, got, want)
		}
	}
}

func TestCheckpoints(t *testing.T) {
	for N, want := range map[int]int64{5: 2, 16: 64} {
		got, err := Count(context.Background(), N)
		if err != nil || got.Cmp(big.NewInt(want)) != 0 {
			t.Errorf("C(%d) = %v (%v), want %d", N, got, err, want)
		}
	}
	if testing.Short() {
		return
	}
	for _, N := range []int{300, 500} {
		got, err := Count(context.Background(), N)
		if err != nil {
			t.Fatal(err)
		}
		if want := seedDP(N); got.Cmp(want) != 0 {
			t.Errorf("C(%d) = %v, seed DP %v", N, got, want)
		}
	}
}

func TestInvalid(t *testing.T) {
	for _, N := range []int{0, -1, MaxN + 1} {
		if _, err := Count(context.Background(), N); err == nil {
			t.Errorf("Count(%d) accepted", N)
		}
	}
	if _, err := PileValues(context.Background(), -1); err == nil {
		t.Error("PileValues(-1) accepted")
	}
}

// p(N) by the pentagonal recurrence against a plain partition count, and
// the published p(100) and p(1000).
func TestPartitions(t *testing.T) {
	for N := 0; N <= 40; N++ {
		n := 0
		partitionsOf(N, N, func() { n++ })
		if got := partitionCount(N); got.Cmp(big.NewInt(int64(n))) != 0 {
			t.Errorf("p(%d) = %v, enumeration %d", N, got, n)
		}
	}
	if got := partitionCount(100).String(); got != "190569292" {
		t.Errorf("p(100) = %s", got)
	}
	if got := partitionCount(1000).String(); got != "24061467864032622473692149727991" {
		t.Errorf("p(1000) = %s", got)
	}
	if limbsFor(5000) != 4 || limbsFor(1) != 1 {
		t.Errorf("limbsFor(5000) = %d, limbsFor(1) = %d", limbsFor(5000), limbsFor(1))
	}
}

func partitionsOf(n, maxPart int, visit func()) {
	if n == 0 {
		visit()
		return
	}
	for p := min(n, maxPart); p >= 1; p-- {
		partitionsOf(n-p, p, visit)
	}
}

// The unrolled widths add exactly like plain big integers.
func TestAddCells(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for L := 1; L <= 6; L++ {
		const cells = 7
		dst, src := make([]uint64, cells*L), make([]uint64, cells*L)
		for i := range dst {
			dst[i], src[i] = rng.Uint64()>>1, rng.Uint64()>>1 // no overflow out of the top word
		}
		want := make([]*big.Int, cells)
		for c := range cells {
			want[c] = new(big.Int).Add(toBig(dst[c*L:(c+1)*L]), toBig(src[c*L:(c+1)*L]))
		}
		addCells(dst, src, L)
		for c := range cells {
			if got := toBig(dst[c*L : (c+1)*L]); got.Cmp(want[c]) != 0 {
				t.Errorf("L=%d cell %d: %v, want %v", L, c, got, want[c])
			}
		}
	}
}
