package numeric

import (
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"
)

type noTicks struct{}

func (noTicks) Tick(int) error { return nil }

// randomSystem builds an n×n system whose off-diagonal entries are −(a
// random share of the row's weight) and whose diagonal is the row's weight
// plus a positive exit, the shape of a Markov chain's (I − P) x = b with rows
// scaled to integers; density is the chance of each off-diagonal entry.
func randomSystem(rng *rand.Rand, n int, density float64, cols int, bBits int) *IntSystem {
	s := &IntSystem{N: n, Start: []int32{0}}
	for i := range n {
		var sum int64
		for j := range n {
			if j == i || rng.Float64() >= density {
				continue
			}
			v := 1 + rng.Int64N(9)
			s.Col = append(s.Col, int32(j))
			s.Val = append(s.Val, -v)
			sum += v
		}
		s.Col = append(s.Col, int32(i))
		s.Val = append(s.Val, sum+1+rng.Int64N(3))
		s.Start = append(s.Start, int32(len(s.Col)))
	}
	for range cols {
		b := make([]*big.Int, n)
		for i := range b {
			v := big.NewInt(rng.Int64N(1 << 20))
			b[i] = v.Lsh(v, uint(max(0, bBits-20)))
		}
		s.B = append(s.B, b)
	}
	return s
}

// gaussRat solves s over the rationals by Gauss–Jordan elimination with
// pivot search: the independent check.
func gaussRat(s *IntSystem, col int) []*big.Rat {
	n := s.N
	a := make([][]*big.Rat, n)
	for i := range a {
		a[i] = make([]*big.Rat, n+1)
		for j := range a[i] {
			a[i][j] = new(big.Rat)
		}
		for e := s.Start[i]; e < s.Start[i+1]; e++ {
			a[i][s.Col[e]].Add(a[i][s.Col[e]], big.NewRat(s.Val[e], 1))
		}
		a[i][n].SetInt(s.B[col][i])
	}
	t := new(big.Rat)
	for k := range n {
		p := k
		for a[p][k].Sign() == 0 {
			p++
		}
		a[k], a[p] = a[p], a[k]
		for i := range n {
			if i == k || a[i][k].Sign() == 0 {
				continue
			}
			f := new(big.Rat).Quo(a[i][k], a[k][k])
			for j := k; j <= n; j++ {
				a[i][j].Sub(a[i][j], t.Mul(f, a[k][j]))
			}
		}
	}
	x := make([]*big.Rat, n)
	for i := range x {
		x[i] = new(big.Rat).Quo(a[i][n], a[i][i])
	}
	return x
}

func TestSolveRationalAgainstGauss(t *testing.T) {
	for _, tc := range []struct {
		n       int
		density float64
		bBits   int
	}{
		{1, 0, 4}, {2, 1, 4}, {5, 0.5, 10}, {12, 0.3, 64}, {30, 0.1, 200}, {40, 0.9, 8}, {60, 0.05, 1000},
	} {
		t.Run(fmt.Sprintf("n=%d,density=%g,bits=%d", tc.n, tc.density, tc.bBits), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(tc.n), uint64(tc.bBits)))
			s := randomSystem(rng, tc.n, tc.density, 2, tc.bBits)
			for j := range s.B {
				for _, v := range s.B[j] {
					v.Add(v, big.NewInt(rng.Int64N(1000)))
					if rng.IntN(2) == 0 {
						v.Neg(v)
					}
				}
			}
			num, den, err := SolveRational(s, noTicks{})
			if err != nil {
				t.Fatal(err)
			}
			for j := range s.B {
				want := gaussRat(s, j)
				for i := range want {
					got := new(big.Rat).SetFrac(num[j][i], den[j])
					if got.Cmp(want[i]) != 0 {
						t.Fatalf("column %d, x[%d] = %v, want %v", j, i, got, want[i])
					}
				}
			}
		})
	}
}

func TestSolveRationalSingular(t *testing.T) {
	// x − y = 1, y − x = 1: singular modulo every prime.
	s := &IntSystem{N: 2, Start: []int32{0, 2, 4}, Col: []int32{0, 1, 0, 1}, Val: []int64{1, -1, -1, 1},
		B: [][]*big.Int{{big.NewInt(1), big.NewInt(1)}}}
	if _, _, err := SolveRational(s, noTicks{}); !errors.Is(err, ErrNotModular) {
		t.Fatalf("err = %v, want ErrNotModular", err)
	}
}

func TestSolveRationalTooLarge(t *testing.T) {
	s := &IntSystem{N: 1, Start: []int32{0, 1}, Col: []int32{0}, Val: []int64{1 << 40},
		B: [][]*big.Int{{big.NewInt(1)}}}
	if _, _, err := SolveRational(s, noTicks{}); !errors.Is(err, ErrNotModular) {
		t.Fatalf("err = %v, want ErrNotModular", err)
	}
}

type stopAfter struct{ n int }

var errStop = errors.New("stop")

func (s *stopAfter) Tick(n int) error {
	s.n -= n
	if s.n < 0 {
		return errStop
	}
	return nil
}

func TestSolveRationalStops(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	s := randomSystem(rng, 200, 0.5, 1, 8)
	for i := range s.B[0] {
		s.B[0][i] = big.NewInt(int64(i))
	}
	if _, _, err := SolveRational(s, &stopAfter{1000}); !errors.Is(err, errStop) {
		t.Fatalf("err = %v, want the ticker's error", err)
	}
}

func TestLiftPrimes(t *testing.T) {
	for _, p := range liftPrimes {
		if !new(big.Int).SetUint64(p).ProbablyPrime(20) || p >= 1<<31 {
			t.Errorf("%d is not a prime below 2^31", p)
		}
	}
	q := newModP(liftPrimes[0])
	for _, x := range []uint64{0, 1, q.p - 1, q.p, q.p + 1, 1 << 62, (q.p - 1) * (q.p - 1), ^uint64(0)} {
		if got, want := q.reduce(x), x%q.p; got != want {
			t.Errorf("reduce(%d) = %d, want %d", x, got, want)
		}
	}
	for _, a := range []uint64{1, 2, 12345, q.p - 1} {
		if q.mul(a, q.inv(a)) != 1 {
			t.Errorf("inv(%d) wrong", a)
		}
	}
}

func BenchmarkSolveRationalDense(b *testing.B) {
	for _, n := range []int{100, 400} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(1, 2))
			s := randomSystem(rng, n, 1, 1, 8)
			for i := range s.B[0] {
				s.B[0][i] = big.NewInt(int64(i % 7))
			}
			for b.Loop() {
				if _, _, err := SolveRational(s, noTicks{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// RatDot's sums equal big.Rat's term by term, over denominators that
// divide each other, that do not, and signs of both kinds.
func TestRatDot(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	dens := []int64{1, 2, 3, 4, 6, 8, 10, 1 << 40, 7, 1000}
	r := func() *big.Rat {
		return big.NewRat(rng.Int64N(2001)-1000, dens[rng.IntN(len(dens))])
	}
	var d RatDot
	for trial := range 2000 {
		d.Reset()
		want := new(big.Rat)
		for range rng.IntN(12) {
			a, b := r(), r()
			switch rng.IntN(4) {
			case 0:
				d.Add(a)
				want.Add(want, a)
			case 1:
				d.Sub(a)
				want.Sub(want, a)
			case 2:
				d.AddMul(a, b)
				want.Add(want, new(big.Rat).Mul(a, b))
			default:
				d.SubMul(a, b)
				want.Sub(want, new(big.Rat).Mul(a, b))
			}
		}
		if got := d.Rat(new(big.Rat)); got.Cmp(want) != 0 {
			t.Fatalf("trial %d: %v, want %v", trial, got, want)
		}
	}
}

// RatDot's Cmp orders unreduced sums as big.Rat orders their values:
// equal values over different denominators (1/2 as 2/4 + 0), opposite
// signs, zero sums, the zero value, and a sum against itself.
func TestRatDotCmp(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	dens := []int64{1, 2, 3, 4, 6, 8, 1 << 40, 7}
	r := func() *big.Rat {
		return big.NewRat(rng.Int64N(21)-10, dens[rng.IntN(len(dens))])
	}
	sum := func(d *RatDot) *big.Rat {
		d.Reset()
		want := new(big.Rat)
		for range rng.IntN(4) {
			a, b := r(), r()
			if rng.IntN(2) == 0 {
				d.Add(a)
				want.Add(want, a)
			} else {
				d.AddMul(a, b)
				want.Add(want, new(big.Rat).Mul(a, b))
			}
		}
		return want
	}
	var d, e RatDot
	for trial := range 20000 {
		x, y := sum(&d), sum(&e)
		if got, want := d.Cmp(&e), x.Cmp(y); got != want {
			t.Fatalf("trial %d: %v vs %v: Cmp = %d, want %d", trial, x, y, got, want)
		}
		if got := d.Cmp(&d); got != 0 {
			t.Fatalf("trial %d: %v against itself: %d", trial, x, got)
		}
	}
	var zero RatDot
	d.Reset()
	d.AddMul(big.NewRat(1, 2), big.NewRat(1, 2))  // 1/4
	d.AddMul(big.NewRat(-1, 8), big.NewRat(2, 1)) // 1/4 - 1/4 = 0 over 4
	if got := d.Cmp(&zero); got != 0 {
		t.Errorf("0/4 against the zero value: %d", got)
	}
	d.Reset()
	d.Add(big.NewRat(1, 4))
	d.Add(big.NewRat(1, 4)) // 2/4
	e.Reset()
	e.Add(big.NewRat(1, 3))
	e.Add(big.NewRat(1, 6)) // 3/6
	if got := d.Cmp(&e); got != 0 {
		t.Errorf("2/4 against 3/6: %d", got)
	}
}

func BenchmarkRatDot(b *testing.B) {
	ps := []*big.Rat{big.NewRat(1, 2), big.NewRat(1, 4), big.NewRat(1, 4)}
	xs := []*big.Rat{big.NewRat(12345, 1<<20), big.NewRat(777, 1<<18), big.NewRat(5, 8)}
	b.Run("RatDot", func(b *testing.B) {
		var d RatDot
		z := new(big.Rat)
		for b.Loop() {
			d.Reset()
			for i := range ps {
				d.AddMul(ps[i], xs[i])
			}
			d.Rat(z)
		}
	})
	b.Run("big.Rat", func(b *testing.B) {
		z, t := new(big.Rat), new(big.Rat)
		for b.Loop() {
			z.SetInt64(0)
			for i := range ps {
				z.Add(z, t.Mul(ps[i], xs[i]))
			}
		}
	})
}

// A malformed system is an error, not an index panic; a nil Ticker is
// allowed.
func TestSolveRationalMalformed(t *testing.T) {
	one := []*big.Int{big.NewInt(1)}
	for name, s := range map[string]*IntSystem{
		"offsets":  {N: 1, Start: []int32{0}, B: [][]*big.Int{one}},
		"column":   {N: 1, Start: []int32{0, 1}, Col: []int32{3}, Val: []int64{1}, B: [][]*big.Int{one}},
		"values":   {N: 1, Start: []int32{0, 1}, Col: []int32{0}, B: [][]*big.Int{one}},
		"rhs":      {N: 1, Start: []int32{0, 1}, Col: []int32{0}, Val: []int64{1}, B: [][]*big.Int{{}}},
		"nil rhs":  {N: 1, Start: []int32{0, 1}, Col: []int32{0}, Val: []int64{1}, B: [][]*big.Int{{nil}}},
		"decrease": {N: 2, Start: []int32{0, 2, 1}, Col: []int32{0}, Val: []int64{1}},
	} {
		if _, _, err := SolveRational(s, nil); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	s := &IntSystem{N: 1, Start: []int32{0, 1}, Col: []int32{0}, Val: []int64{3}, B: [][]*big.Int{one}}
	num, den, err := SolveRational(s, nil)
	if err != nil || new(big.Rat).SetFrac(num[0][0], den[0]).Cmp(big.NewRat(1, 3)) != 0 {
		t.Errorf("3x = 1: %v %v %v", num, den, err)
	}
}

// RatDot's zero value is the sum 0 and ready to use.
func TestRatDotZeroValue(t *testing.T) {
	var d RatDot
	if got := d.Rat(new(big.Rat)); got.Sign() != 0 {
		t.Errorf("empty sum = %v", got)
	}
	var e RatDot
	e.AddMul(big.NewRat(1, 2), big.NewRat(2, 3))
	e.Add(big.NewRat(1, 6))
	if got := e.Rat(new(big.Rat)); got.Cmp(big.NewRat(1, 2)) != 0 {
		t.Errorf("1/2·2/3 + 1/6 = %v, want 1/2", got)
	}
}
