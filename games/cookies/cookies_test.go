package cookies

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/gamesolve/gamesolve/solver"
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
		got, err := Count(context.Background(), N, solver.Options{})
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
		got, err := Count(context.Background(), N, solver.Options{})
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
		got, err := Count(context.Background(), N, solver.Options{})
		if err != nil || got.Cmp(big.NewInt(want)) != 0 {
			t.Errorf("C(%d) = %v (%v), want %d", N, got, err, want)
		}
	}
	if testing.Short() {
		return
	}
	for _, N := range []int{300, 500} {
		got, err := Count(context.Background(), N, solver.Options{})
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
		if _, err := Count(context.Background(), N, solver.Options{}); err == nil {
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
		if got := pN(N); got.Cmp(big.NewInt(int64(n))) != 0 {
			t.Errorf("p(%d) = %v, enumeration %d", N, got, n)
		}
	}
	if got := pN(100).String(); got != "190569292" {
		t.Errorf("p(100) = %s", got)
	}
	if got := pN(1000).String(); got != "24061467864032622473692149727991" {
		t.Errorf("p(1000) = %s", got)
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

// addMod and sumMod agree with big integers modulo p, for every length
// up to 40 (the vectorised loops and their tails) and the largest
// residues.
func TestAddMod(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, p := range primes(new(big.Int).Lsh(big.NewInt(1), 200)) {
		bp := new(big.Int).SetUint64(p)
		for n := range 40 {
			dst, src := make([]uint64, n), make([]uint64, n)
			for i := range dst {
				dst[i], src[i] = rng.Uint64N(p), rng.Uint64N(p)
				if i%5 == 0 {
					dst[i], src[i] = p-1, p-1-uint64(i%2)
				}
			}
			want := make([]*big.Int, n)
			for i := range dst {
				want[i] = new(big.Int).Add(new(big.Int).SetUint64(dst[i]), new(big.Int).SetUint64(src[i]))
				want[i].Mod(want[i], bp)
			}
			if s := sumMod(src, p); s != new(big.Int).Mod(sumBig(src), bp).Uint64() {
				t.Errorf("p=%d n=%d: sumMod %d", p, n, s)
			}
			addMod(dst, src, p)
			for i := range dst {
				if want[i].Uint64() != dst[i] {
					t.Errorf("p=%d n=%d cell %d: %d, want %v", p, n, i, dst[i], want[i])
				}
			}
		}
	}
}

func sumBig(xs []uint64) *big.Int {
	s := new(big.Int)
	for _, x := range xs {
		s.Add(s, new(big.Int).SetUint64(x))
	}
	return s
}

// primes are distinct primes below 2^62 whose product exceeds the bound.
func TestPrimes(t *testing.T) {
	bound := pN(20000)
	ps := primes(bound)
	prod := big.NewInt(1)
	for i, p := range ps {
		bp := new(big.Int).SetUint64(p)
		if p >= 1<<62 || !bp.ProbablyPrime(30) || (i > 0 && p >= ps[i-1]) {
			t.Errorf("prime %d: %d", i, p)
		}
		prod.Mul(prod, bp)
	}
	if prod.Cmp(bound) <= 0 {
		t.Errorf("product of %d primes %v ≤ p(20000)", len(ps), prod)
	}
}

// Cancelling a count stops it and returns the context's error: the context
// is cancelled from the first progress report.
func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, err := Count(ctx, 3000, solver.Options{Progress: func(done, total int64) { cancel() }})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("%v, want context.Canceled", err)
	}
	// So does p(N), which takes seconds for the largest N.
	if _, err := partitionCount(ctx, 1000); !errors.Is(err, context.Canceled) {
		t.Errorf("p(N): %v, want context.Canceled", err)
	}
	// A pair over thousands of rows stops within them: it looks at the
	// context every 1024 rows, not only between pairs.
	pl := planFor(t, 3000)
	c := pl.newCounter()
	defer c.free()
	c.reset(pl, primes(pN(3000))[0])
	pr := slices.MinFunc(pl.pairs[pl.lead:], func(x, y pair) int { return x.a - y.a })
	if c.addPair(ctx, pr) {
		t.Errorf("pair %v: not stopped by the cancelled context", pr)
	}
	if !c.addPair(context.Background(), pr) {
		t.Error("a pair stopped without a cancelled context")
	}
}

// One pass at a time and passes side by side give the same C(N), with
// the progress reaching its total.
func TestPassesSideBySide(t *testing.T) {
	for _, n := range []int{1, 2, 7, 50, 300, 1000} {
		pl := planFor(t, n)
		ps := primes(pN(n))
		serial, err := pl.countSideBySide(context.Background(), ps, 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		var last, total int64
		side, err := pl.countSideBySide(context.Background(), ps, 3, func(d, tot int64) { last, total = d, tot })
		if err != nil || side.Cmp(serial) != 0 {
			t.Fatalf("N = %d: side by side %v (%v), one at a time %v", n, side, err, serial)
		}
		if last != total {
			t.Errorf("N = %d: progress ended at %d of %d", n, last, total)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := planFor(t, 2000).countSideBySide(ctx, primes(pN(2000)), 2, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

// Estimate's model of the first layout, N²/14 cells, is within a tenth of
// the layout newCounter makes.
func TestEstimate(t *testing.T) {
	for _, n := range []int{1000, 3000, 8000} {
		c := planFor(t, n).newCounter()
		model := float64(n) * float64(n) / 14
		if got := float64(c.firstCells()); got < 0.9*model || got > 1.1*model {
			t.Errorf("N = %d: %v cells, model %v", n, got, model)
		}
		c.free()
	}
}

// atOnce runs as many passes at once as keeps the cores busy to the end,
// no more than memory holds, and the fewest of equal speed.
func TestAtOnce(t *testing.T) {
	for _, c := range []struct{ passes, cores, fit, want int }{
		{9, 2, 9, 3}, // 3 rounds of 1.5 pass times; 9 at once ties
		{9, 2, 2, 2}, // memory for two: 5 rounds
		{9, 2, 1, 1},
		{6, 2, 9, 2},
		{5, 2, 9, 5}, // 2.5 pass times, against 3 with 2 or 3 at once
		{3, 2, 9, 3},
		{1, 2, 9, 1},
		{9, 1, 9, 1}, // one core: one pass at a time
		{9, 4, 9, 9}, // all at once: 2.25 pass times, against 2.5 with 5
		{9, 4, 5, 5}, // memory for five: 2 rounds of 1.25
		{19, 64, 64, 19},
	} {
		if got := atOnce(c.passes, c.cores, c.fit); got != c.want {
			t.Errorf("%d passes, %d cores, room for %d: %d at once, want %d", c.passes, c.cores, c.fit, got, c.want)
		}
	}
	if n, err := tablesFor(100, 9, 2); err != nil || n < 1 || n > 9 {
		t.Errorf("tablesFor(100, 9) = %d, %v", n, err)
	}
}

// planFor is the plan for N cookies.
func planFor(t *testing.T, N int) *plan {
	t.Helper()
	vals, err := PileValues(context.Background(), N)
	if err != nil {
		t.Fatal(err)
	}
	pl, err := newPlan(N, vals)
	if err != nil {
		t.Fatal(err)
	}
	return pl
}

// newPlan refuses values that do not pair, naming the pile.
func TestUnpaired(t *testing.T) {
	vals := closedForm(40)
	vals[9] = 2 // its partner, pile 11, is worth 1, not -2
	if _, err := newPlan(40, vals); err == nil || !strings.Contains(err.Error(), "pile") {
		t.Errorf("unpaired values: %v", err)
	}
	vals = closedForm(40)
	vals[10] = 0 // pile 9, worth 1, loses its partner
	if _, err := newPlan(40, vals); err == nil {
		t.Error("a pile without its partner accepted")
	}
}

// pN is p(N).
func pN(N int) *big.Int {
	p, err := partitionCount(context.Background(), N)
	if err != nil {
		panic(err)
	}
	return p
}

// countAll is C(N) for the plan's pairs, as Count counts it.
func (pl *plan) countAll(ctx context.Context) (*big.Int, error) {
	ps, workers, err := passes(ctx, pl.N, runtime.GOMAXPROCS(0))
	if err != nil {
		return nil, err
	}
	return pl.countSideBySide(ctx, ps, workers, nil)
}
