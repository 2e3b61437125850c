package race

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/numeric"
)

func solveFloat(t testing.TB, g Game, opt Options) *Result[float64] {
	t.Helper()
	r, err := Solve[float64](context.Background(), numeric.Float{}, g, opt)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func solveExact(t testing.TB, g Game, opt Options) *Result[*big.Rat] {
	t.Helper()
	r, err := Solve(context.Background(), numeric.Exact{}, g, opt)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func olympiad(n int) Game {
	return Game{CoinTarget: n, ChooserTarget: n, First: Chooser}
}

// Published checkpoints: Project Euler 232 and the olympiad's samples.
func TestCheckpoints(t *testing.T) {
	if got := solveFloat(t, PE232(100), Options{}).Win; fmt.Sprintf("%.8f", got) != "0.83648556" {
		t.Errorf("PE 232 target 100 = %.10f, want 0.83648556", got)
	}
	for _, tt := range []struct {
		n    int
		want string
	}{{1, "0.666667"}, {4, "0.673185"}, {10, "0.704883"}} {
		if got := fmt.Sprintf("%.6f", solveFloat(t, olympiad(tt.n), Options{}).Win); got != tt.want {
			t.Errorf("olympiad n=%d: %s, want %s", tt.n, got, tt.want)
		}
	}
}

// The seed's worked state: (a,b) = (1,2), chooser to move: F = 2/5 with T = 2,
// and F(1,1) = 2/3.
func TestWorkedState(t *testing.T) {
	r := solveExact(t, Game{CoinTarget: 1, ChooserTarget: 2, First: Chooser}, Options{Policy: true})
	if r.Win.Cmp(big.NewRat(2, 5)) != 0 {
		t.Errorf("F(1,2) = %v, want 2/5", r.Win)
	}
	if got := r.Policy.At(1, 2); got != 2 {
		t.Errorf("T at (1,2) = %d, want 2", got)
	}
	if got := r.Policy.At(1, 1); got != 1 {
		t.Errorf("T at (1,1) = %d, want 1", got)
	}
	r = solveExact(t, Game{CoinTarget: 1, ChooserTarget: 1, First: Chooser}, Options{})
	if r.Win.Cmp(big.NewRat(2, 3)) != 0 {
		t.Errorf("F(1,1) = %v, want 2/3", r.Win)
	}
}

// valueIteration solves the game with both turns as explicit states by
// Gauss-Seidel value iteration, independent of the closed form.
func valueIteration(g Game) float64 {
	g, _ = g.normalized()
	A, B := g.CoinTarget, g.ChooserTarget
	p, _ := g.Coin.P.Float64()
	F := make([][]float64, A+1) // chooser to move
	G := make([][]float64, A+1) // coin to move
	for a := range F {
		F[a], G[a] = make([]float64, B+1), make([]float64, B+1)
	}
	// val returns the chooser's value at (a,b) with the given mover.
	val := func(tab [][]float64, a, b int) float64 {
		switch {
		case b <= 0:
			return 1
		case a <= 0:
			return 0
		}
		return tab[a][b]
	}
	for iter := 0; iter < 100000; iter++ {
		change := 0.0
		for a := 1; a <= A; a++ {
			for b := 1; b <= B; b++ {
				gv := p*val(F, a-g.Coin.Gain, b) + (1-p)*val(F, a, b)
				best := math.Inf(-1)
				for _, m := range g.Menu {
					q, _ := m.P.Float64()
					best = math.Max(best, q*val(G, a, b-m.Gain)+(1-q)*gv)
				}
				change = math.Max(change, math.Abs(best-F[a][b])+math.Abs(gv-G[a][b]))
				F[a][b], G[a][b] = best, gv
			}
		}
		if change < 1e-15 {
			break
		}
	}
	if g.First == Chooser {
		return F[A][B]
	}
	return G[A][B]
}

func mustMenu(t testing.TB, s string) []Gamble {
	m, err := ParseMenu(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func mustGamble(t testing.TB, s string) Gamble {
	g, err := ParseGamble(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// variants covers the seeds and the generalisations.
func variants(t testing.TB) []Game {
	var games []Game
	for n := 1; n <= 9; n++ {
		games = append(games, PE232(n), olympiad(n))
	}
	games = append(games,
		Game{CoinTarget: 7, ChooserTarget: 4},
		Game{CoinTarget: 3, ChooserTarget: 11, First: Chooser},
		Game{CoinTarget: 8, ChooserTarget: 8, Coin: mustGamble(t, "1/3:2")},
		Game{CoinTarget: 9, ChooserTarget: 6, Coin: mustGamble(t, "0.7:3"), First: Chooser},
		Game{CoinTarget: 6, ChooserTarget: 9, Menu: mustMenu(t, "0.9:1,1/3:3,0.2:5")},
		Game{CoinTarget: 5, ChooserTarget: 5, Coin: mustGamble(t, "1:1"), Menu: mustMenu(t, "1/2:1,1/2:1,1:1")},
		Game{CoinTarget: 10, ChooserTarget: 7, Coin: mustGamble(t, "1/10:1"), Menu: mustMenu(t, "1/7:4,3/5:1,1/100:20")},
	)
	return games
}

func TestAgainstValueIteration(t *testing.T) {
	for _, g := range variants(t) {
		want := valueIteration(g)
		got := solveFloat(t, g, Options{}).Win
		if math.Abs(got-want) > 1e-9 {
			t.Errorf("%+v: closed form %v, value iteration %v", g, got, want)
		}
	}
}

func TestExactAgreesWithFloat(t *testing.T) {
	games := append(variants(t), PE232(40), olympiad(35))
	for _, g := range games {
		fl := solveFloat(t, g, Options{Policy: true})
		ex := solveExact(t, g, Options{Policy: true})
		if e, _ := ex.Win.Float64(); math.Abs(fl.Win-e) > 1e-12 {
			t.Errorf("%+v: float %v, exact %v", g, fl.Win, e)
		}
		for a := 1; a <= g.CoinTarget; a++ {
			for b := 1; b <= g.ChooserTarget; b++ {
				if fl.Policy.At(a, b) != ex.Policy.At(a, b) {
					t.Errorf("%+v: policy at (%d,%d): float %d, exact %d", g, a, b, fl.Policy.At(a, b), ex.Policy.At(a, b))
				}
			}
		}
	}
}

// The policy's choice must be the first argmax of the one-step values,
// computed from a table of F built by solving every sub-game separately.
func TestPolicyIsArgmax(t *testing.T) {
	games := []Game{
		PE232(8),
		{CoinTarget: 6, ChooserTarget: 9, Menu: mustMenu(t, "0.9:1,1/3:3,0.2:5,1/3:3")},
		{CoinTarget: 6, ChooserTarget: 6, Coin: mustGamble(t, "1/3:2")},
	}
	for _, g := range games {
		full := solveExact(t, g, Options{Policy: true})
		gn := full.Game
		F := func(a, b int) *big.Rat {
			switch {
			case b <= 0:
				return big.NewRat(1, 1)
			case a <= 0:
				return new(big.Rat)
			}
			sub := gn
			sub.CoinTarget, sub.ChooserTarget, sub.First = a, b, Chooser
			return solveExact(t, sub, Options{}).Win
		}
		p := gn.Coin.P
		for a := 1; a <= gn.CoinTarget; a++ {
			for b := 1; b <= gn.ChooserTarget; b++ {
				G := func(bb int) *big.Rat { // G(a, bb)
					if bb <= 0 {
						return big.NewRat(1, 1)
					}
					x := new(big.Rat).Mul(p, F(a-gn.Coin.Gain, bb))
					return x.Add(x, new(big.Rat).Mul(new(big.Rat).Sub(big.NewRat(1, 1), p), F(a, bb)))
				}
				gHere := G(b)
				bestIdx, best := 0, (*big.Rat)(nil)
				for i, m := range gn.Menu {
					v := new(big.Rat).Mul(m.P, G(b-m.Gain))
					v.Add(v, new(big.Rat).Mul(new(big.Rat).Sub(big.NewRat(1, 1), m.P), gHere))
					if best == nil || v.Cmp(best) > 0 {
						best, bestIdx = v, i+1
					}
				}
				if got := full.Policy.At(a, b); got != bestIdx {
					t.Errorf("%+v (%d,%d): policy %d, argmax %d", gn, a, b, got, bestIdx)
				}
				// The one-step value at the argmax is F itself.
				if best.Cmp(F(a, b)) != 0 {
					t.Errorf("(%d,%d): argmax value %v != F %v", a, b, best, F(a, b))
				}
			}
		}
	}
}

// The pipeline must give identical results with one and two workers.
func TestWorkersAgree(t *testing.T) {
	games := []Game{PE232(300), {CoinTarget: 200, ChooserTarget: 250, Coin: mustGamble(t, "1/3:3"), First: Chooser}}
	for _, g := range games {
		one := solveFloat(t, g, Options{Workers: 1, Policy: true})
		two := solveFloat(t, g, Options{Workers: 2, Policy: true})
		three := solveFloat(t, g, Options{Workers: 3})
		if one.Win != two.Win || one.Win != three.Win {
			t.Errorf("%+v: 1 worker %v, 2 workers %v, 3 workers %v", g, one.Win, two.Win, three.Win)
		}
		for i := range one.Policy.choice {
			if one.Policy.choice[i] != two.Policy.choice[i] {
				t.Fatalf("%+v: policies differ at %d", g, i)
			}
		}
	}
	ex1 := solveExact(t, PE232(30), Options{Workers: 1})
	ex2 := solveExact(t, PE232(30), Options{Workers: 2})
	if ex1.Win.Cmp(ex2.Win) != 0 {
		t.Errorf("exact: %v vs %v", ex1.Win, ex2.Win)
	}
}

func TestProgress(t *testing.T) {
	var calls int
	var last int64
	solveFloat(t, PE232(50), Options{Progress: func(done, total int64) {
		calls++
		if done != last+1 || total != 50 {
			t.Errorf("progress %d/%d after %d", done, total, last)
		}
		last = done
	}})
	if calls != 50 {
		t.Errorf("%d progress calls, want 50", calls)
	}
}

func TestInvalid(t *testing.T) {
	half := big.NewRat(1, 2)
	bad := []Game{
		{CoinTarget: 0, ChooserTarget: 5},
		{CoinTarget: 5, ChooserTarget: -1},
		{CoinTarget: 5, ChooserTarget: 5, First: 7},
		{CoinTarget: 5, ChooserTarget: 5, Coin: Gamble{P: new(big.Rat), Gain: 1}},
		{CoinTarget: 5, ChooserTarget: 5, Coin: Gamble{P: half, Gain: 0}},
		{CoinTarget: 5, ChooserTarget: 5, Menu: []Gamble{}},
		{CoinTarget: 5, ChooserTarget: 5, Menu: []Gamble{{P: big.NewRat(3, 2), Gain: 1}}},
		{CoinTarget: MaxTarget + 1, ChooserTarget: 5},
	}
	for _, g := range bad {
		if _, err := Solve[float64](context.Background(), numeric.Float{}, g, Options{}); !errors.Is(err, ErrInvalid) {
			t.Errorf("%+v: err = %v, want ErrInvalid", g, err)
		}
	}
	for _, g := range []Game{PE232(1 << 20), PE232(MaxTarget)} {
		if _, err := Solve[float64](context.Background(), numeric.Float{}, g, Options{}); !errors.Is(err, budget.ErrTooLarge) {
			t.Errorf("target %d: err = %v, want ErrTooLarge", g.CoinTarget, err)
		}
	}
	if _, err := Solve(context.Background(), numeric.Exact{}, PE232(5000), Options{}); !errors.Is(err, budget.ErrTooLarge) {
		t.Errorf("exact 5000: err = %v, want ErrTooLarge", err)
	}
	// A policy table of 2^32 bytes against a 1 GiB budget.
	g, _ := PE232(1 << 16).normalized()
	if err := estimate(g, false, true).CheckWithin(1 << 30); !errors.Is(err, budget.ErrTooLarge) {
		t.Errorf("policy 2^16: err = %v, want ErrTooLarge", err)
	}
	if err := estimate(g, false, false).CheckWithin(1 << 30); err != nil {
		t.Errorf("2^16 without policy: %v", err)
	}
}

func TestParse(t *testing.T) {
	for _, s := range []string{"", "1/2", "1/2:0", "0:1", "2:1", "1/2:x", "1/2:1,", ",1/2:1", "1/2:-1", "1/2:1:1"} {
		if _, err := ParseMenu(s); !errors.Is(err, ErrInvalid) {
			t.Errorf("ParseMenu(%q) err = %v, want ErrInvalid", s, err)
		}
	}
	m := mustMenu(t, "1/2:1, 0.25:2")
	if len(m) != 2 || m[1].P.Cmp(big.NewRat(1, 4)) != 0 || m[1].Gain != 2 || m[0].String() != "1/2:1" {
		t.Errorf("ParseMenu = %v", m)
	}
	if p, err := ParsePlayer("chooser"); err != nil || p != Chooser {
		t.Error("ParsePlayer(chooser)")
	}
	if _, err := ParsePlayer("alice"); err == nil {
		t.Error("ParsePlayer(alice) accepted")
	}
	d := DoublingMenu(100)
	if len(d) != 8 || d[7].Gain != 128 || d[7].P.Cmp(big.NewRat(1, 256)) != 0 {
		t.Errorf("DoublingMenu(100) = %v", d)
	}
	if len(DoublingMenu(1)) != 1 {
		t.Error("DoublingMenu(1)")
	}
}

func FuzzParseMenu(f *testing.F) {
	for _, s := range []string{"1/2:1,1/4:2", "0.3:7", "", "1:1,", "1/0:1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMenu(s)
		if err != nil {
			return
		}
		for _, g := range m {
			if validGamble(g) != nil {
				t.Fatalf("ParseMenu(%q) accepted invalid gamble %v", s, g)
			}
		}
	})
}

func TestExactEstimate(t *testing.T) {
	g, _ := PE232(100).normalized()
	e := estimate(g, true, false)
	if e.Seconds < 0.1 || e.Seconds > 2 {
		t.Errorf("target 100 estimated at %v s", e.Seconds)
	}
	g, _ = PE232(400).normalized()
	if estimate(g, true, false).CheckWithin(1<<40) != nil {
		t.Error("exact target 400 refused")
	}
}

// The guards count every array and every row: a huge coin target against a
// tiny chooser target is refused up front, not after minutes or an
// out-of-memory death.
func TestGuardsCountRows(t *testing.T) {
	// With the skewed kernel (coin gain 1) a row of one or three columns
	// costs about 50 ns, so 2^30 such rows are a minute's work; forty
	// columns are not, nor are short rows through the float kernel (coin
	// gain 2).
	for _, g := range []Game{
		{CoinTarget: 1 << 30, ChooserTarget: 40},
		{CoinTarget: 1 << 30, ChooserTarget: 3, Coin: Gamble{P: big.NewRat(1, 2), Gain: 2}},
	} {
		_, err := Solve[float64](context.Background(), numeric.Float{}, g, Options{})
		if !errors.Is(err, budget.ErrTooLarge) {
			t.Errorf("%+v: %v", g, err)
		}
	}
	// Measured: the skewed kernel 4.6 s, the float kernel 44 s; memory
	// follows the rows in flight (doneRing), not the 10^8 rows: 14 MB for
	// the whole process.
	for _, skew := range []bool{true, false} {
		useSkew = skew && skewVector
		least := 44.0
		if useSkew {
			least = 4.6
		}
		e, err := EstimateFor(Game{CoinTarget: 100_000_000, ChooserTarget: 1}, false, false)
		if err != nil || e.Bytes > 1<<20 || e.Seconds < least {
			t.Errorf("skew %v, coin target 10^8: %+v %v (it takes %v s and a few kB besides the process)", useSkew, e, err, least)
		}
		// The float kernel takes about 14 minutes at 75000, the skewed one
		// about 15 at 300000 (here estimated at 2.5 times the measured rate).
		target := 75000
		if useSkew {
			target = 300000
		}
		e, _ = EstimateFor(PE232(target), false, false)
		if err := e.CheckWithin(1 << 40); !errors.Is(err, budget.ErrTooLarge) || !strings.Contains(err.Error(), "minutes (limit 10 minutes)") {
			t.Errorf("skew %v, target %d: %v", useSkew, target, err)
		}
	}
	useSkew = skewVector
	if _, err := EstimateFor(PE232(0), false, false); !errors.Is(err, ErrInvalid) {
		t.Errorf("EstimateFor(target 0): %v", err)
	}
}

func TestPolicyAtPanicsClearly(t *testing.T) {
	r := solveExact(t, PE232(3), Options{Policy: true})
	for _, ab := range [][2]int{{0, 0}, {4, 1}, {1, 4}, {-1, 2}} {
		func() {
			defer func() {
				msg := fmt.Sprint(recover())
				if !strings.HasPrefix(msg, "race: Policy.At(") {
					t.Errorf("At(%d, %d) panicked with %q", ab[0], ab[1], msg)
				}
			}()
			r.Policy.At(ab[0], ab[1])
		}()
	}
}

// The float64 kernel gives the generic loop's results bit for bit: the win
// probability and the whole policy. (The skewed kernel, which takes over
// where the coin gains 1, is off here; TestSkewKernel covers it.)
func TestFloatKernel(t *testing.T) {
	useSkew = false
	defer func() { useSkew = skewVector }()
	games := []Game{
		PE232(1), PE232(50), PE232(300),
		{CoinTarget: 120, ChooserTarget: 77, First: Chooser},
		{CoinTarget: 200, ChooserTarget: 150, Coin: Gamble{P: big.NewRat(1, 3), Gain: 2}, Menu: []Gamble{{big.NewRat(9, 10), 1}, {big.NewRat(1, 4), 3}, {big.NewRat(1, 16), 8}}},
	}
	for _, g := range games {
		for _, workers := range []int{1, 2, 3} {
			useFloatKernel = true
			fast := solveFloat(t, g, Options{Policy: true, Workers: workers})
			useFloatKernel = false
			generic := solveFloat(t, g, Options{Policy: true, Workers: workers})
			useFloatKernel = true
			if math.Float64bits(fast.Win) != math.Float64bits(generic.Win) {
				t.Errorf("%+v, %d workers: kernel %v, generic %v", g, workers, fast.Win, generic.Win)
			}
			if !slices.Equal(fast.Policy.choice, generic.Policy.choice) {
				t.Errorf("%+v, %d workers: policies differ", g, workers)
			}
		}
	}
}

// The exact kernel gives exactly the generic loop's value and policy.
func TestExactKernel(t *testing.T) {
	games := []Game{
		PE232(1), PE232(2), PE232(30),
		{CoinTarget: 25, ChooserTarget: 17, First: Chooser},
		{CoinTarget: 20, ChooserTarget: 30, Coin: Gamble{P: big.NewRat(1, 3), Gain: 2}, Menu: []Gamble{{big.NewRat(9, 10), 1}, {big.NewRat(1, 4), 3}, {big.NewRat(1, 16), 8}}},
		{CoinTarget: 9, ChooserTarget: 9, Coin: Gamble{P: big.NewRat(1, 1), Gain: 1}, Menu: []Gamble{{big.NewRat(1, 1), 1}, {big.NewRat(1, 2), 3}, {big.NewRat(1, 2), 3}}},
	}
	for _, g := range games {
		for _, workers := range []int{1, 2, 3} {
			useExactKernel = true
			fast := solveExact(t, g, Options{Policy: true, Workers: workers})
			useExactKernel = false
			generic := solveExact(t, g, Options{Policy: true, Workers: workers})
			useExactKernel = true
			if fast.Win.Cmp(generic.Win) != 0 {
				t.Errorf("%+v, %d workers: kernel %v, generic %v", g, workers, fast.Win, generic.Win)
			}
			if !slices.Equal(fast.Policy.choice, generic.Policy.choice) {
				t.Errorf("%+v, %d workers: policies differ", g, workers)
			}
		}
	}
}

// The skewed kernel, vectorised and in plain Go, gives the float kernel's
// and the generic loop's bits and policy: tables narrower than the eight
// lanes and not a multiple of them, both first movers, menus out of order
// and with tied gambles, one to three workers.
func TestSkewKernel(t *testing.T) {
	half, quarter := big.NewRat(1, 2), big.NewRat(1, 4)
	games := []Game{
		PE232(1), PE232(7), PE232(8), PE232(9), PE232(100), PE232(301),
		{CoinTarget: 3, ChooserTarget: 40, First: Chooser},
		{CoinTarget: 61, ChooserTarget: 5},
		{CoinTarget: 70, ChooserTarget: 130, Coin: Gamble{P: big.NewRat(1, 3), Gain: 1}, Menu: []Gamble{{big.NewRat(1, 16), 8}, {big.NewRat(9, 10), 1}, {quarter, 3}}},
		{CoinTarget: 45, ChooserTarget: 45, Coin: Gamble{P: half, Gain: 1}, Menu: []Gamble{{half, 1}, {half, 1}, {quarter, 2}, {quarter, 2}, {big.NewRat(1, 1), 1}}},
	}
	defer func() { useSkew, useFloatKernel = skewVector, true }()
	for _, g := range games {
		for _, workers := range []int{1, 2, 3} {
			opt := Options{Policy: true, Workers: workers}
			hasVector := skewVector
			var first *Result[float64]
			for _, r := range []struct {
				name                 string
				skew, kernel, vector bool
			}{
				{"generic", false, false, false},
				{"float kernel", false, true, false},
				{"skewed, plain Go", true, true, false},
				{"skewed, vectorised", true, true, true},
			} {
				if r.vector && !hasVector {
					continue
				}
				useSkew, useFloatKernel, skewVector = r.skew, r.kernel, r.vector
				got := solveFloat(t, g, opt)
				skewVector = hasVector
				if first == nil {
					first = got
					continue
				}
				if math.Float64bits(got.Win) != math.Float64bits(first.Win) || !slices.Equal(got.Policy.choice, first.Policy.choice) || !slices.Equal(got.Policy.win, first.Policy.win) {
					t.Errorf("%+v, %d workers: %s differs from the generic loop (%v, %v)", g, workers, r.name, got.Win, first.Win)
				}
			}
		}
	}
}

// The zero Gamble (Game.Coin's default) prints without a panic.
func TestGambleString(t *testing.T) {
	if got := fmt.Sprint(Gamble{}, Gamble{P: big.NewRat(1, 3), Gain: 2}); got != "default 1/3:2" {
		t.Errorf("got %q", got)
	}
}

// Cancelling a solve stops every worker and returns the context's error,
// in the skewed kernel, the float kernel and the generic loop alike: the
// context is cancelled from the first progress report.
func TestCancel(t *testing.T) {
	defer func() { useSkew, useFloatKernel = skewVector, true }()
	for _, mode := range []struct{ skew, kernel bool }{{true, true}, {false, true}, {false, false}} {
		useSkew, useFloatKernel = mode.skew, mode.kernel
		for _, workers := range []int{1, 2, 3} {
			ctx, cancel := context.WithCancel(context.Background())
			_, err := Solve[float64](ctx, numeric.Float{}, PE232(3000), Options{Workers: workers, Progress: func(done, total int64) { cancel() }})
			cancel()
			if !errors.Is(err, context.Canceled) {
				t.Errorf("skew %v, kernel %v, %d workers: %v, want context.Canceled", mode.skew, mode.kernel, workers, err)
			}
		}
	}
}

// A race a billion rows long (the slower kernels: 67 million) and three
// columns wide takes memory for the rows in flight only, and stops at its deadline (before, it allocated 8
// bytes a row up front, 8.6 GB, and looked at the clock only after that:
// 50 s past a 3 s timeout). Each kernel: the skewed one (coin gain 1),
// the float loop (gain 2), and the generic loop.
func TestLongThinRace(t *testing.T) {
	defer func(s, f bool) { useSkew, useFloatKernel = s, f }(useSkew, useFloatKernel)
	for _, c := range []struct {
		name       string
		rows, gain int
		skew, fast bool
	}{{"skewed", 1 << 30, 1, true, true}, {"float kernel", 1 << 26, 2, false, true}, {"generic", 1 << 26, 1, false, false}} {
		useSkew, useFloatKernel = c.skew && skewVector, c.fast
		g := Game{CoinTarget: c.rows, ChooserTarget: 3, Coin: Gamble{P: big.NewRat(1, 2), Gain: c.gain}}
		e, err := EstimateFor(g, false, false)
		if err != nil || e.Bytes > 1<<20 {
			t.Errorf("%s: estimate %+v %v, want under 1 MB", c.name, e, err)
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		_, err = Solve[float64](ctx, numeric.Float{}, g, Options{Workers: 2})
		cancel()
		runtime.ReadMemStats(&after)
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("%s: %v, want the deadline", c.name, err)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<24 {
			t.Errorf("%s: allocated %d bytes", c.name, alloc)
		}
	}
}
