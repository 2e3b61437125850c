package numeric

import (
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"
)

// ErrSyntax is wrapped by ParseRat errors for malformed numbers.
//
// Parse errors describe the text only, without a package prefix ("\"x\" is
// not a number: ..."): callers put them in their own context.
var ErrSyntax = errors.New("malformed number")

// syntaxErrorf is an error wrapping ErrSyntax without repeating its text.
func syntaxErrorf(format string, args ...any) error {
	return &syntaxError{fmt.Sprintf(format, args...)}
}

type syntaxError struct{ msg string }

// Error implements error.
func (e *syntaxError) Error() string { return e.msg }

// Is reports whether target is ErrSyntax, for errors.Is.
func (e *syntaxError) Is(target error) bool { return target == ErrSyntax }

// MaxNumberLen bounds the length of a number ParseRat accepts, so that a
// hostile input cannot make the parser (or later exact arithmetic) explode:
// a decimal may have this many digits, and each side of a fraction one more,
// so that the "p/q" form of any accepted decimal (10^200 has 201 digits) is
// accepted back.
const MaxNumberLen = 200

// ParseRat parses a non-negative rational exactly. Accepted forms are an
// integer ("3"), a decimal ("0.3", ".5", "2."), and a fraction of two
// integers ("1/3"). Digits are always decimal: there are no base prefixes,
// signs or exponents, so "010/3" is 10/3, never an octal 8/3. It is
// ParseNumber without the sign and the exponent, for flags and lists.
func ParseRat(s string) (*big.Rat, error) { return parse(s, false) }

// MaxExponent bounds the exponent ParseNumber accepts ("1e-300" and
// "1e999" are fine; "1e100000" would be a number of 100,000 digits).
const MaxExponent = 999

// ParseNumber parses a number of a model file exactly: ParseRat's forms
// with an optional minus sign, and a decimal with an optional exponent
// ("-1.5e-3", "2E+10") as JSON writes numbers. It is the one grammar of
// numbers in gamesolve's inputs; "0x1e5", "1_000" and "Inf" are not
// numbers. Errors wrap ErrSyntax and name the limit passed: at most
// MaxNumberLen digits, |exponent| ≤ MaxExponent.
func ParseNumber(s string) (*big.Rat, error) { return parse(s, true) }

// parse is ParseRat, and with signed the sign and exponent of ParseNumber.
func parse(s string, signed bool) (*big.Rat, error) {
	tooLong := func(n int) error {
		return syntaxErrorf("%s has %d digits, more than the %d allowed", Shorten(s, 24), n, MaxNumberLen)
	}
	if len(s) > 2*MaxNumberLen+16 {
		return nil, syntaxErrorf("%s has %d characters, more than a number of at most %d digits", Shorten(s, 24), len(s), MaxNumberLen)
	}
	bad := func(why string) error { return syntaxErrorf("%s is not a number: %s", Shorten(s, 40), why) }
	if s == "" {
		return nil, bad("empty")
	}
	body, neg := s, false
	if signed && body[0] == '-' {
		body, neg = body[1:], true
	}
	if n, d, ok := small(body); ok {
		if neg {
			n = -n
		}
		return new(big.Rat).SetFrac64(n, d), nil
	}
	var r *big.Rat
	if num, den, ok := strings.Cut(body, "/"); ok {
		if !allDigits(num) || !allDigits(den) {
			return nil, bad("a fraction is two integers p/q")
		}
		if n := max(len(num), len(den)); n > MaxNumberLen+1 {
			return nil, tooLong(n)
		}
		d, _ := new(big.Int).SetString(den, 10)
		if d.Sign() == 0 {
			return nil, bad("zero denominator")
		}
		n, _ := new(big.Int).SetString(num, 10)
		r = new(big.Rat).SetFrac(n, d)
	} else {
		mant, exp := body, 0
		if i := strings.IndexAny(body, "eE"); i >= 0 && signed {
			mant = body[:i]
			e := body[i+1:]
			if e != "" && (e[0] == '+' || e[0] == '-') {
				e = e[1:]
			}
			if !allDigits(e) {
				return nil, bad("an exponent is e or E, an optional sign and digits")
			}
			if len(e) > 4 {
				return nil, syntaxErrorf("%s has an exponent beyond ±%d", Shorten(s, 40), MaxExponent)
			}
			exp, _ = strconv.Atoi(body[i+1:])
			if exp > MaxExponent || exp < -MaxExponent {
				return nil, syntaxErrorf("%s has an exponent beyond ±%d", Shorten(s, 40), MaxExponent)
			}
		}
		whole, frac, _ := strings.Cut(mant, ".")
		if whole == "" && frac == "" {
			return nil, bad("no digits")
		}
		if (whole != "" && !allDigits(whole)) || (frac != "" && !allDigits(frac)) {
			why := "expected digits with at most one decimal point, or p/q"
			if signed {
				why = "expected digits with at most one decimal point and an exponent, or p/q"
			}
			return nil, bad(why)
		}
		if n := len(whole) + len(frac); n > MaxNumberLen {
			return nil, tooLong(n)
		}
		n, _ := new(big.Int).SetString(whole+frac, 10)
		exp -= len(frac)
		ten := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(max(exp, -exp))), nil)
		if exp >= 0 {
			r = new(big.Rat).SetInt(n.Mul(n, ten))
		} else {
			r = new(big.Rat).SetFrac(n, ten)
		}
	}
	if neg {
		r.Neg(r)
	}
	return r, nil
}

// IsProbability reports whether r lies in (0, 1]. A big.Rat is kept in
// lowest terms with a positive denominator, so that is 0 < num <= den:
// one comparison of integers, where r.Cmp(1) would multiply.
func IsProbability(r *big.Rat) bool {
	return r.Sign() > 0 && r.Num().Cmp(r.Denom()) <= 0
}

// ParseProbability parses a probability in (0, 1] exactly.
func ParseProbability(s string) (*big.Rat, error) {
	r, err := ParseRat(s)
	if err != nil {
		return nil, err
	}
	if !IsProbability(r) {
		return nil, fmt.Errorf("probability %s is outside (0, 1]", Shorten(s, 40))
	}
	return r, nil
}

// small reads the numbers most files hold, an integer p, a fraction p/q
// or a decimal w.f with at most 18 digits in each integer (so no int64
// overflows), into n/d without big.Int's parsing: d is not 0. Anything
// else (ok false) is left to the general parser, and its messages.
func small(s string) (n, d int64, ok bool) {
	digits := func(s string) (v int64, ok bool) {
		if s == "" || len(s) > 18 {
			return 0, false
		}
		for i := 0; i < len(s); i++ {
			c := s[i]
			if c < '0' || c > '9' {
				return 0, false
			}
			v = 10*v + int64(c-'0')
		}
		return v, true
	}
	if i := strings.IndexByte(s, '/'); i >= 0 {
		n, ok1 := digits(s[:i])
		d, ok2 := digits(s[i+1:])
		return n, d, ok1 && ok2 && d != 0
	}
	if i := strings.IndexByte(s, '.'); i >= 0 {
		w, f := s[:i], s[i+1:]
		if w == "" || f == "" || len(w)+len(f) > 18 {
			return 0, 0, false
		}
		wv, ok1 := digits(w)
		fv, ok2 := digits(f)
		d = 1
		for range f {
			d *= 10
		}
		return wv*d + fv, d, ok1 && ok2
	}
	n, ok = digits(s)
	return n, 1, ok
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// MaxListLen bounds the entries ParseProbabilities accepts.
const MaxListLen = 1 << 16

// ParseProbabilities reads a comma-separated list of probabilities in
// (0, 1], each a decimal or p/q, spaces around entries allowed:
// "0.25, 1/2, 1". Errors name the 1-based entry.
func ParseProbabilities(s string) ([]*big.Rat, error) {
	return ParseList(s, MaxListLen, ParseProbability)
}

// ParseList reads a comma-separated list of at most max entries, each read
// by parse after trimming spaces. Errors name the 1-based entry; an empty
// or over-long list is an error wrapping ErrSyntax. Every list the tool
// reads (skills, menus, probabilities) goes through it.
func ParseList[T any](s string, max int, parse func(string) (T, error)) ([]T, error) {
	if strings.TrimSpace(s) == "" {
		return nil, syntaxErrorf("empty list")
	}
	parts := strings.Split(s, ",")
	if len(parts) > max {
		return nil, syntaxErrorf("%d entries, at most %d", len(parts), max)
	}
	out := make([]T, len(parts))
	for i, part := range parts {
		v, err := parse(strings.TrimSpace(part))
		if err != nil {
			return nil, fmt.Errorf("entry %d: %w", i+1, err)
		}
		out[i] = v
	}
	return out, nil
}

// Shorten quotes s for a message, cutting it to about n characters with
// "…" so that a long bad input is not echoed whole. It cuts between
// characters, never inside one.
func Shorten(s string, n int) string {
	c, cut := Cut(s, n)
	if cut {
		return strconv.Quote(c) + "…"
	}
	return strconv.Quote(s)
}

// Cut returns s, or its first n characters when it has more, and whether
// it cut. Every input a message echoes goes through it (or Shorten).
func Cut(s string, n int) (string, bool) {
	count := 0
	for i := range s {
		if count == n {
			return s[:i], true
		}
		count++
	}
	return s, false
}
