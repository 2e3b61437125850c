package numeric

import (
	"errors"
	"math/big"
	"testing"
)

func TestParseRat(t *testing.T) {
	tests := []struct {
		in   string
		want string // "" means an error is expected
	}{
		{"0.3", "3/10"},
		{"1/3", "1/3"},
		{"3", "3/1"},
		{".5", "1/2"},
		{"2.", "2/1"},
		{"010/3", "10/3"}, // decimal, never octal
		{"0.25", "1/4"},
		{"6/4", "3/2"},
		{"0", "0/1"},
		{"", ""},
		{".", ""},
		{"1/0", ""},
		{"-1", ""},
		{"+1", ""},
		{"1e3", ""},
		{"0x10", ""},
		{"1/2/3", ""},
		{"1.2.3", ""},
		{"1/", ""},
		{"/2", ""},
		{"0.5/2", ""},
		{" 1", ""},
	}
	for _, tt := range tests {
		got, err := ParseRat(tt.in)
		if tt.want == "" {
			if err == nil {
				t.Errorf("ParseRat(%q) = %v, want error", tt.in, got)
			} else if !errors.Is(err, ErrSyntax) {
				t.Errorf("ParseRat(%q) error %v does not wrap ErrSyntax", tt.in, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseRat(%q): %v", tt.in, err)
			continue
		}
		if got.String() != tt.want {
			t.Errorf("ParseRat(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

func TestParseProbability(t *testing.T) {
	for _, s := range []string{"0", "1.5", "3/2", "0/7"} {
		if _, err := ParseProbability(s); err == nil {
			t.Errorf("ParseProbability(%q) accepted", s)
		}
	}
	for _, s := range []string{"1", "1/1", "0.0001", "2/3"} {
		if _, err := ParseProbability(s); err != nil {
			t.Errorf("ParseProbability(%q): %v", s, err)
		}
	}
}

func FuzzParseRat(f *testing.F) {
	for _, s := range []string{"0.3", "1/3", "3", ".5", "1/0", "", "9999999999999999999999.1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRat(s)
		if err != nil {
			return
		}
		if r.Sign() < 0 {
			t.Fatalf("ParseRat(%q) = %v is negative", s, r)
		}
		// A fraction's printed form must parse back to the same value.
		back, err := ParseRat(r.String())
		if err != nil || back.Cmp(r) != 0 {
			t.Fatalf("round trip of %q: %v, %v", s, back, err)
		}
	})
}

// The two fields must agree on every operation (up to rounding).
func TestFieldsAgree(t *testing.T) {
	a, b := big.NewRat(3, 7), big.NewRat(-5, 11)
	var fl Float
	var ex Exact
	x, y := fl.FromRat(0, a), fl.FromRat(0, b)
	p, q := ex.FromRat(ex.New(), a), ex.FromRat(ex.New(), b)
	ops := []struct {
		name string
		f    func() float64
		e    func() *big.Rat
	}{
		{"add", func() float64 { return fl.Add(0, x, y) }, func() *big.Rat { return ex.Add(ex.New(), p, q) }},
		{"sub", func() float64 { return fl.Sub(0, x, y) }, func() *big.Rat { return ex.Sub(ex.New(), p, q) }},
		{"mul", func() float64 { return fl.Mul(0, x, y) }, func() *big.Rat { return ex.Mul(ex.New(), p, q) }},
		{"quo", func() float64 { return fl.Quo(0, x, y) }, func() *big.Rat { return ex.Quo(ex.New(), p, q) }},
	}
	for _, op := range ops {
		if !fl.Tied(op.f(), ex.Float64(op.e())) {
			t.Errorf("%s: float %v, exact %v", op.name, op.f(), op.e())
		}
	}
	if fl.Cmp(x, y) != ex.Cmp(p, q) {
		t.Error("Cmp disagrees")
	}
	if !fl.Tied(0.1+0.2, 0.3) || fl.Tied(0.3, 0.3000001) {
		t.Error("Float.Tied tolerance wrong")
	}
	if ex.Tied(p, ex.Add(ex.New(), p, big.NewRat(1, 1<<62))) {
		t.Error("Exact.Tied must be equality")
	}
	if !fl.Better(0.5, 0.4) || fl.Better(0.4+1e-15, 0.4) || fl.Better(0.3, 0.4) {
		t.Error("Float.Better wrong")
	}
	if !ex.Better(p, q) || ex.Better(q, p) || ex.Better(p, p) {
		t.Error("Exact.Better wrong")
	}
	if got, want := fl.Lin2(0, x, y, y, x), ex.Float64(ex.Lin2(ex.New(), p, q, q, p)); !fl.Tied(got, want) {
		t.Errorf("Lin2: float %v, exact %v", got, want)
	}
	if got, want := fl.AddMul(0, x, y, x), ex.Float64(ex.AddMul(ex.New(), p, q, p)); !fl.Tied(got, want) {
		t.Errorf("AddMul: float %v, exact %v", got, want)
	}
	z := ex.Set(ex.New(), q) // aliasing: z is also y
	if got := ex.Lin2(z, p, p, q, z); got.Cmp(new(big.Rat).Add(new(big.Rat).Mul(p, p), new(big.Rat).Mul(q, q))) != 0 {
		t.Errorf("Lin2 with aliasing = %v", got)
	}
}
