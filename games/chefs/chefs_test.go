package chefs

import (
	"context"
	"errors"
	"fmt"
	"github.com/gamesolve/gamesolve/engine"
	"math"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/numeric"
)

func fib(t testing.TB, n int) []*big.Rat {
	t.Helper()
	s, err := Fibonacci(n)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func solveFloat(t testing.TB, skills []*big.Rat, opt Options) *Result[float64] {
	t.Helper()
	r, err := Solve[float64](context.Background(), numeric.Float{}, skills, opt)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func solveExact(t testing.TB, skills []*big.Rat, opt Options) *Result[*big.Rat] {
	t.Helper()
	r, err := Solve(context.Background(), numeric.Exact{}, skills, opt)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func rats(s ...string) []*big.Rat {
	out := make([]*big.Rat, len(s))
	for i, x := range s {
		out[i], _ = new(big.Rat).SetString(x)
	}
	return out
}

// Published checkpoints from the seed and Project Euler 481.
func TestCheckpoints(t *testing.T) {
	r := solveExact(t, rats("1/4", "1/2", "1"), Options{})
	if r.Win[0].Cmp(big.NewRat(29375, 100000)) != 0 {
		t.Errorf("W3(1) = %v, want 0.29375", r.Win[0])
	}
	r7 := solveFloat(t, fib(t, 7), Options{})
	want7 := []string{"0.08965042", "0.20775702", "0.15291406", "0.14554098", "0.15905291", "0.10261412", "0.14247050"}
	for i, w := range want7 {
		if got := fmt.Sprintf("%.8f", r7.Win[i]); got != w {
			t.Errorf("W7(%d) = %s, want %s", i+1, got, w)
		}
	}
	if got := fmt.Sprintf("%.8f", r7.Dishes); got != "42.28176050" {
		t.Errorf("E(7) = %s", got)
	}
	if got := fmt.Sprintf("%.8f", solveFloat(t, fib(t, 14), Options{}).Dishes); got != "729.12106947" {
		t.Errorf("E(14) = %s", got)
	}
}

// The seed's worked example: chef 1 and chef 2 shoot chef 3, chef 3 shoots 2.
func TestWorkedExamplePolicy(t *testing.T) {
	r := solveExact(t, rats("1/4", "1/2", "1"), Options{Policy: true})
	for chef, want := range map[int]int{1: 3, 2: 3, 3: 2} {
		if got, ok := r.Policy.Target(0b111, chef); !ok || got != want {
			t.Errorf("chef %d shoots %d (%v), want %d", chef, got, ok, want)
		}
	}
	if got, ok := r.Policy.Target(0b011, 2); !ok || got != 1 {
		t.Errorf("duel: chef 2 shoots %d", got)
	}
	for _, bad := range []struct {
		alive uint32
		chef  int
	}{{0b001, 1}, {0b011, 3}, {0b1011, 1}, {0b111, 0}} {
		if _, ok := r.Policy.Target(bad.alive, bad.chef); ok {
			t.Errorf("Target(%b, %d) accepted", bad.alive, bad.chef)
		}
	}
}

func TestByHand(t *testing.T) {
	r := solveExact(t, rats("2/7"), Options{})
	if r.Win[0].Cmp(big.NewRat(1, 1)) != 0 || r.Dishes.Sign() != 0 {
		t.Errorf("n=1: %v %v", r.Win, r.Dishes)
	}
	// Two chefs: chef 1 wins with p1 / (1 - b1 b2); dishes (1 + b1) / (1 - b1 b2).
	p1, p2 := big.NewRat(1, 3), big.NewRat(3, 5)
	b1 := new(big.Rat).Sub(big.NewRat(1, 1), p1)
	b2 := new(big.Rat).Sub(big.NewRat(1, 1), p2)
	den := new(big.Rat).Sub(big.NewRat(1, 1), new(big.Rat).Mul(b1, b2))
	w1 := new(big.Rat).Quo(p1, den)
	e := new(big.Rat).Quo(new(big.Rat).Add(big.NewRat(1, 1), b1), den)
	r = solveExact(t, []*big.Rat{p1, p2}, Options{})
	if r.Win[0].Cmp(w1) != 0 || r.Dishes.Cmp(e) != 0 {
		t.Errorf("n=2: W1 %v want %v, E %v want %v", r.Win[0], w1, r.Dishes, e)
	}
}

// reference is the seed's algorithm as written: a full n-vector for every
// (set, chef to act), sets by mask, no layering, no colex ranks.
type reference[T any] struct {
	w      map[[2]int][]T // (mask, chef) -> win vector
	d      map[[2]int]T
	target map[[2]int]int
}

func solveReference[T any, F numeric.Field[T]](f F, skills []*big.Rat) *reference[T] {
	n := len(skills)
	ref := &reference[T]{w: map[[2]int][]T{}, d: map[[2]int]T{}, target: map[[2]int]int{}}
	one := f.FromInt(f.New(), 1)
	p := make([]T, n)
	for i, s := range skills {
		p[i] = f.FromRat(f.New(), s)
	}
	nextAlive := func(mask, t int) int {
		for d := 1; d <= n; d++ {
			if c := (t + d) % n; mask&(1<<c) != 0 {
				return c
			}
		}
		panic("empty")
	}
	zeros := func() []T {
		v := make([]T, n)
		for i := range v {
			v[i] = f.New()
		}
		return v
	}
	for q := 1; q <= n; q++ {
		for M := 1; M < 1<<n; M++ {
			if bits.OnesCount(uint(M)) != q {
				continue
			}
			var members []int
			for c := range n {
				if M&(1<<c) != 0 {
					members = append(members, c)
				}
			}
			if q == 1 {
				v := zeros()
				v[members[0]] = f.Set(v[members[0]], one)
				ref.w[[2]int{M, members[0]}], ref.d[[2]int{M, members[0]}] = v, f.New()
				continue
			}
			// Choose targets by cyclic distance order, strict improvement only.
			A := make([][]T, q)
			C := make([]T, q)
			B := make([]T, q)
			for r, t := range members {
				var best T
				bestJ := -1
				for d := 1; d < n; d++ {
					j := (t + d) % n
					if M&(1<<j) == 0 {
						continue
					}
					sub := M &^ (1 << j)
					v := ref.w[[2]int{sub, nextAlive(sub, t)}][t]
					if bestJ < 0 || engine.Better(f, engine.DefaultTieTolerance, v, best) {
						best, bestJ = v, j
					}
				}
				ref.target[[2]int{M, t}] = bestJ
				sub := M &^ (1 << bestJ)
				U := ref.w[[2]int{sub, nextAlive(sub, t)}]
				V := ref.d[[2]int{sub, nextAlive(sub, t)}]
				A[r] = zeros()
				for i := range n {
					A[r][i] = f.Mul(A[r][i], p[t], U[i])
				}
				C[r] = f.Add(f.New(), one, f.Mul(f.New(), p[t], V))
				B[r] = f.Sub(f.New(), one, p[t])
			}
			// X_0 = Σ (Π_{i<r} b_i) A_r / (1 - Π b), then back-substitute.
			X := make([][]T, q)
			Y := make([]T, q)
			X[0], Y[0] = zeros(), f.New()
			prod := f.Set(f.New(), one)
			for r := range q {
				for i := range n {
					X[0][i] = f.Add(X[0][i], X[0][i], f.Mul(f.New(), prod, A[r][i]))
				}
				Y[0] = f.Add(Y[0], Y[0], f.Mul(f.New(), prod, C[r]))
				prod = f.Mul(f.New(), prod, B[r])
			}
			den := f.Sub(f.New(), one, prod)
			for i := range n {
				X[0][i] = f.Quo(X[0][i], X[0][i], den)
			}
			Y[0] = f.Quo(Y[0], Y[0], den)
			for r := q - 1; r >= 1; r-- {
				nx := (r + 1) % q
				X[r] = zeros()
				for i := range n {
					X[r][i] = f.Add(X[r][i], A[r][i], f.Mul(f.New(), B[r], X[nx][i]))
				}
				Y[r] = f.Add(f.New(), C[r], f.Mul(f.New(), B[r], Y[nx]))
			}
			for r, t := range members {
				ref.w[[2]int{M, t}], ref.d[[2]int{M, t}] = X[r], Y[r]
			}
		}
	}
	return ref
}

func randomSkills(rng *rand.Rand, n int) []*big.Rat {
	s := make([]*big.Rat, n)
	for i := range s {
		den := int64(rng.IntN(12) + 1)
		s[i] = big.NewRat(int64(rng.IntN(int(den)))+1, den)
	}
	return s
}

func skillSets(t testing.TB, maxN int) [][]*big.Rat {
	rng := rand.New(rand.NewPCG(481, 232))
	var sets [][]*big.Rat
	for n := 1; n <= maxN; n++ {
		sets = append(sets, fib(t, n), randomSkills(rng, n), randomSkills(rng, n))
	}
	// Equal skills force exact ties between targets.
	sets = append(sets, rats("1/2", "1/2", "1/2", "1/2"), rats("1", "1", "1", "1", "1"), rats("1/3", "1/3", "1/3", "1/3", "1/3", "1/3"))
	return sets
}

// The layered solver agrees with the seed's algorithm, values and targets in
// every state: exactly for n ≤ 7, and in float mode for n ≤ 10.
func TestAgainstReference(t *testing.T) {
	for _, sk := range skillSets(t, 7) {
		n := len(sk)
		ref := solveReference(numeric.Exact{}, sk)
		got := solveExact(t, sk, Options{Policy: true})
		full := [2]int{1<<n - 1, 0}
		for i := range n {
			if got.Win[i].Cmp(ref.w[full][i]) != 0 {
				t.Errorf("%v: W(%d) = %v, reference %v", sk, i+1, got.Win[i], ref.w[full][i])
			}
		}
		if got.Dishes.Cmp(ref.d[full]) != 0 {
			t.Errorf("%v: E = %v, reference %v", sk, got.Dishes, ref.d[full])
		}
		checkTargets(t, sk, ref.target, got.Policy)
	}
	for _, sk := range skillSets(t, 10) {
		n := len(sk)
		ref := solveReference[float64](numeric.Float{}, sk)
		got := solveFloat(t, sk, Options{Policy: true})
		full := [2]int{1<<n - 1, 0}
		for i := range n {
			if math.Abs(got.Win[i]-ref.w[full][i]) > 1e-12 {
				t.Errorf("%v: W(%d) = %v, reference %v", sk, i+1, got.Win[i], ref.w[full][i])
			}
		}
		if math.Abs(got.Dishes-ref.d[full]) > 1e-9*ref.d[full] {
			t.Errorf("%v: E = %v, reference %v", sk, got.Dishes, ref.d[full])
		}
		checkTargets(t, sk, ref.target, got.Policy)
	}
}

func checkTargets(t *testing.T, sk []*big.Rat, want map[[2]int]int, pol *Policy) {
	t.Helper()
	for key, w := range want {
		if tg, ok := pol.Target(uint32(key[0]), key[1]+1); !ok || tg != w+1 {
			t.Errorf("%v: state %b chef %d: target %d, reference %d", sk, key[0], key[1]+1, tg, w+1)
		}
	}
}

// Float and exact modes choose the same target in every state, and agree on
// the values; win probabilities sum to 1.
func TestFloatMatchesExact(t *testing.T) {
	for _, sk := range skillSets(t, 10) {
		n := len(sk)
		fl := solveFloat(t, sk, Options{Policy: true})
		ex := solveExact(t, sk, Options{Policy: true})
		sum := 0.0
		exSum := new(big.Rat)
		for i := range n {
			e, _ := ex.Win[i].Float64()
			if math.Abs(fl.Win[i]-e) > 1e-12 {
				t.Errorf("%v: W(%d) float %v exact %v", sk, i+1, fl.Win[i], e)
			}
			sum += fl.Win[i]
			exSum.Add(exSum, ex.Win[i])
		}
		if math.Abs(sum-1) > 1e-12 || exSum.Cmp(big.NewRat(1, 1)) != 0 {
			t.Errorf("%v: sum float %v, exact %v", sk, sum, exSum)
		}
		if e, _ := ex.Dishes.Float64(); math.Abs(fl.Dishes-e) > 1e-9*e {
			t.Errorf("%v: E float %v exact %v", sk, fl.Dishes, e)
		}
		for q := 2; q <= n; q++ {
			for i := range fl.Policy.target[q] {
				if fl.Policy.target[q][i] != ex.Policy.target[q][i] {
					t.Fatalf("%v: targets differ in layer %d at %d", sk, q, i)
				}
			}
		}
	}
}

func TestWorkersAgree(t *testing.T) {
	sk := fib(t, 15)
	one := solveFloat(t, sk, Options{Workers: 1})
	three := solveFloat(t, sk, Options{Workers: 3})
	for i := range one.Win {
		if one.Win[i] != three.Win[i] {
			t.Fatalf("W(%d): %v vs %v", i+1, one.Win[i], three.Win[i])
		}
	}
	if one.Dishes != three.Dishes {
		t.Fatal("dishes differ")
	}
}

func TestProgress(t *testing.T) {
	var last, total int64
	solveFloat(t, fib(t, 13), Options{Progress: func(done, tot int64) {
		if done <= last {
			t.Errorf("progress went from %d to %d", last, done)
		}
		last, total = done, tot
	}})
	if last != 1<<13-1 || total != 1<<13-1 {
		t.Errorf("progress ended at %d/%d", last, total)
	}
}

func TestSubsets(t *testing.T) {
	c := newBinomials()
	for q := 1; q <= 6; q++ {
		mask := c.unrank(0, q)
		for r := int64(0); r < c[9][q]; r++ {
			if got := c.rank(mask); got != r {
				t.Fatalf("rank(%b) = %d, want %d", mask, got, r)
			}
			if got := c.unrank(r, q); got != mask {
				t.Fatalf("unrank(%d) = %b, want %b", r, got, mask)
			}
			mask = nextSubset(mask)
		}
	}
}

func TestInvalid(t *testing.T) {
	for _, s := range []string{"", "0.5,", "0,0.5", "1.5", "1/0", "x", "0.5,,0.5", "-1/2"} {
		if _, err := ParseSkills(s); !errors.Is(err, ErrInvalid) {
			t.Errorf("ParseSkills(%q): %v", s, err)
		}
	}
	if sk, err := ParseSkills("0.25, 1/2,1"); err != nil || sk[0].Cmp(big.NewRat(1, 4)) != 0 {
		t.Errorf("ParseSkills: %v %v", sk, err)
	}
	for _, n := range []int{0, -1, MaxChefs + 1} {
		if _, err := Fibonacci(n); !errors.Is(err, ErrInvalid) {
			t.Errorf("Fibonacci(%d): %v", n, err)
		}
	}
	if _, err := Solve[float64](context.Background(), numeric.Float{}, rats("1/2", "0"), Options{}); !errors.Is(err, ErrInvalid) {
		t.Errorf("skill 0: %v", err)
	}
	if _, err := Solve[float64](context.Background(), numeric.Float{}, nil, Options{}); !errors.Is(err, ErrInvalid) {
		t.Errorf("no chefs: %v", err)
	}
	if _, err := Solve[float64](context.Background(), numeric.Float{}, fib(t, 31), Options{}); !errors.Is(err, budget.ErrTooLarge) {
		t.Errorf("n=31: %v", err)
	}
	if err := Estimate(24, false, false).check(4 << 30); !errors.Is(err, budget.ErrTooLarge) {
		t.Errorf("n=24 in 4 GiB: %v", err)
	}
	if err := Estimate(16, true, false).check(1 << 40); !errors.Is(err, budget.ErrTooLarge) {
		t.Errorf("exact n=16: %v", err)
	}
	if err := Estimate(12, true, false).check(20 << 30); err != nil {
		t.Errorf("exact n=12: %v", err)
	}
	// Huge fractions make exact values huge: the estimate follows the
	// skills, not just n (ten 99-digit skills ran past 300 s before).
	big99 := make([]*big.Rat, 10)
	for i := range big99 {
		n, _ := new(big.Int).SetString(strings.Repeat("7", 98)+strconv.Itoa(i), 10)
		d, _ := new(big.Int).SetString("1"+strings.Repeat("0", 99), 10)
		big99[i] = new(big.Rat).SetFrac(n, d)
	}
	if e := EstimateSkills(big99, true, false); e.Seconds < 300 {
		t.Errorf("ten 99-digit skills estimated at %.0f s; they run past 300 s", e.Seconds)
	}
	if _, err := Solve(context.Background(), numeric.Exact{}, append(big99, big99[:2]...), Options{}); !errors.Is(err, budget.ErrTooLarge) {
		t.Errorf("twelve 99-digit skills: %v", err)
	}
	if e := EstimateSkills(big99[:7], true, false); e.Seconds < 4 {
		t.Errorf("seven 99-digit skills estimated at %.1f s; they take 4.2 s", e.Seconds)
	}
	if e, f := EstimateSkills(fib(t, 10), true, false), Estimate(10, true, false); e != f {
		t.Errorf("Fibonacci skills: %+v vs %+v", e, f)
	}
	if err := Estimate(24, false, false).check(20 << 30); err != nil {
		t.Errorf("n=24 in 20 GiB: %v", err)
	}
}

func FuzzParseSkills(f *testing.F) {
	for _, s := range []string{"0.25,0.5,1", "1/3,1/2", "", "0", "1,1,1,1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sk, err := ParseSkills(s)
		if err != nil {
			return
		}
		if validate(sk) != nil {
			t.Fatalf("ParseSkills(%q) accepted invalid skills", s)
		}
	})
}

// The float64 kernel gives the generic code's results bit for bit: every
// win probability, the expected dishes and the whole policy.
func TestFloatKernel(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	cases := [][]*big.Rat{fib(t, 2), fib(t, 7), fib(t, 13), rats("1/4", "1/2", "1"), rats("1", "1", "1/3")}
	for range 8 {
		n := 3 + rng.IntN(8)
		skills := make([]*big.Rat, n)
		for i := range skills {
			skills[i] = big.NewRat(int64(1+rng.IntN(99)), 100)
		}
		cases = append(cases, skills)
	}
	for _, skills := range cases {
		for _, workers := range []int{1, 2} {
			useFloatKernel = true
			fast := solveFloat(t, skills, Options{Policy: true, Workers: workers})
			useFloatKernel = false
			generic := solveFloat(t, skills, Options{Policy: true, Workers: workers})
			useFloatKernel = true
			if math.Float64bits(fast.Dishes) != math.Float64bits(generic.Dishes) {
				t.Errorf("%v: dishes %v vs %v", skills, fast.Dishes, generic.Dishes)
			}
			for k := range fast.Win {
				if math.Float64bits(fast.Win[k]) != math.Float64bits(generic.Win[k]) {
					t.Errorf("%v: chef %d: %v vs %v", skills, k+1, fast.Win[k], generic.Win[k])
				}
			}
			for q := 2; q <= len(skills); q++ {
				if !slices.Equal(fast.Policy.target[q], generic.Policy.target[q]) {
					t.Errorf("%v: policies differ at %d survivors", skills, q)
				}
			}
		}
	}
}

// Cancelling a solve stops every worker and returns the context's error:
// the context is cancelled from the first progress report.
func TestCancel(t *testing.T) {
	for _, kernel := range []bool{true, false} {
		useFloatKernel = kernel
		ctx, cancel := context.WithCancel(context.Background())
		_, err := Solve[float64](ctx, numeric.Float{}, fib(t, 14), Options{Progress: func(done, total int64) { cancel() }})
		cancel()
		if !errors.Is(err, context.Canceled) {
			t.Errorf("kernel %v: %v, want context.Canceled", kernel, err)
		}
	}
	useFloatKernel = true
}
