package numeric

import (
	"errors"
	"math"
	"math/big"
	"strings"
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
		// Whatever is printed of an accepted number parses back to the
		// same value, in both printed forms.
		for _, printed := range []string{r.String(), r.RatString()} {
			back, err := ParseRat(printed)
			if err != nil || back.Cmp(r) != 0 {
				t.Fatalf("round trip of %q via %q: %v, %v", s, printed, back, err)
			}
		}
	})
}

func TestParseProbabilities(t *testing.T) {
	got, err := ParseProbabilities("0.25, 1/2,1")
	if err != nil || len(got) != 3 || got[0].String() != "1/4" || got[1].String() != "1/2" || got[2].String() != "1/1" {
		t.Fatalf("got %v, %v", got, err)
	}
	for _, s := range []string{"", " ", "0.5,", "0.5,0", "1/2,3/2", "a"} {
		if _, err := ParseProbabilities(s); err == nil {
			t.Errorf("ParseProbabilities(%q) accepted", s)
		}
	}
}

// near is a loose float comparison for checking the fields agree.
func near(x, y float64) bool {
	return math.Abs(x-y) <= 1e-12*math.Max(1, math.Max(math.Abs(x), math.Abs(y)))
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
		{"neg", func() float64 { return fl.Neg(0, y) }, func() *big.Rat { return ex.Neg(ex.New(), q) }},
		{"abs", func() float64 { return fl.Abs(0, y) }, func() *big.Rat { return ex.Abs(ex.New(), q) }},
		{"lin2", func() float64 { return fl.Lin2(0, x, y, y, x) }, func() *big.Rat { return ex.Lin2(ex.New(), p, q, q, p) }},
		{"addmul", func() float64 { return fl.AddMul(0, x, y, x) }, func() *big.Rat { return ex.AddMul(ex.New(), p, q, p) }},
		{"one", func() float64 { return fl.One() }, func() *big.Rat { return ex.One() }},
		{"zero", func() float64 { return fl.Zero() }, func() *big.Rat { return ex.Zero() }},
	}
	for _, op := range ops {
		if !near(op.f(), ex.Float64(op.e())) {
			t.Errorf("%s: float %v, exact %v", op.name, op.f(), op.e())
		}
	}
	if fl.Cmp(x, y) != ex.Cmp(p, q) || fl.Sign(y) != ex.Sign(q) || fl.Sign(0) != 0 || ex.Sign(ex.Zero()) != 0 {
		t.Error("Cmp or Sign disagrees")
	}
	if ex.String(q) != "-5/11" || ex.String(ex.One()) != "1/1" || fl.String(0.1) != "0.1" {
		t.Errorf("String: %s %s %s", ex.String(q), ex.String(ex.One()), fl.String(0.1))
	}
	// Fresh values are never shared.
	o1, o2 := ex.One(), ex.One()
	o1.SetInt64(5)
	if o2.Cmp(big.NewRat(1, 1)) != 0 {
		t.Error("One() values are shared")
	}
	z := ex.Set(ex.New(), q) // aliasing: z is also y
	if got := ex.Lin2(z, p, p, q, z); got.Cmp(new(big.Rat).Add(new(big.Rat).Mul(p, p), new(big.Rat).Mul(q, q))) != 0 {
		t.Errorf("Lin2 with aliasing = %v", got)
	}
}

func TestParseNumber(t *testing.T) {
	tests := []struct {
		in   string
		want string // "" means an error is expected
	}{
		{"0.3", "3/10"},
		{"-1/3", "-1/3"},
		{"1e-3", "1/1000"},
		{"-2.5E+2", "-250/1"},
		{"9e-1", "9/10"},
		{"1e-300", "checked below"},
		{"1e999", "checked below"},
		{"0x1e5", ""},
		{"0b11e1", ""},
		{"1_000e0", ""},
		{"Inf", ""},
		{"NaN", ""},
		{"+1", ""},
		{"--1", ""},
		{"-", ""},
		{"1e", ""},
		{"1e+", ""},
		{"1e1000", ""},
		{"1e-1000", ""},
		{"1e00001", ""},
		{"1/2e3", ""},
		{".e1", ""},
		{"1.5e2.5", ""},
	}
	for _, tt := range tests {
		got, err := ParseNumber(tt.in)
		switch {
		case tt.in == "1e-300":
			want := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(300), nil))
			if err != nil || got.Cmp(want) != 0 {
				t.Errorf("ParseNumber(%q) = %v, %v", tt.in, got, err)
			}
		case tt.in == "1e999":
			want := new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(999), nil))
			if err != nil || got.Cmp(want) != 0 {
				t.Errorf("ParseNumber(%q) = %v, %v", tt.in, got, err)
			}
		case tt.want == "":
			if err == nil {
				t.Errorf("ParseNumber(%q) = %v, want error", tt.in, got)
			} else if !errors.Is(err, ErrSyntax) {
				t.Errorf("ParseNumber(%q) error %v does not wrap ErrSyntax", tt.in, err)
			}
		case err != nil:
			t.Errorf("ParseNumber(%q): %v", tt.in, err)
		case got.String() != tt.want:
			t.Errorf("ParseNumber(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
	// Errors name the limit passed.
	long := "0." + strings.Repeat("9", 300)
	if _, err := ParseNumber(long); err == nil || !strings.Contains(err.Error(), "has 301 digits, more than the 200 allowed") {
		t.Errorf("300 digits: %v", err)
	}
	if _, err := ParseNumber("1e5000"); err == nil || !strings.Contains(err.Error(), "exponent beyond ±999") {
		t.Errorf("exponent: %v", err)
	}
}

// FuzzParseNumber: whatever ParseNumber accepts, big.Rat's parser reads
// to the same value (it accepts more: bases, underscores), and what both
// read as a plain JSON number agrees.
func FuzzParseNumber(f *testing.F) {
	// The first are small: read without big.Int's parser (small).
	for _, s := range []string{"007/08", "-0.50", "123456789012345678/3", "1234567890123456789/3", "1/0", "5.", "0.3", "-1/3", "1e-3", "-2.5E+2", "0x1e5", "1_000e0", "1e999", ".5e1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseNumber(s)
		if err != nil {
			if !errors.Is(err, ErrSyntax) {
				t.Fatalf("%q: error %v does not wrap ErrSyntax", s, err)
			}
			if len(err.Error()) > 400 {
				t.Fatalf("%q: error of %d characters echoes the input", s, len(err.Error()))
			}
			return
		}
		// big.Rat reads the sides of a fraction with base prefixes ("08"
		// is a bad octal): give it the decimal sides without leading zeros.
		ref := s
		if num, den, ok := strings.Cut(s, "/"); ok {
			neg := strings.HasPrefix(num, "-")
			num = strings.TrimLeft(strings.TrimPrefix(num, "-"), "0")
			den = strings.TrimLeft(den, "0")
			if num == "" {
				num = "0"
			}
			if neg {
				num = "-" + num
			}
			ref = num + "/" + den
		}
		want, ok := new(big.Rat).SetString(ref)
		if !ok || want.Cmp(r) != 0 {
			t.Fatalf("ParseNumber(%q) = %v, big.Rat reads %v (%t)", s, r, want, ok)
		}
	})
}
