package numeric

import (
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"
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
// signs or exponents, so "010/3" is 10/3, never an octal 8/3.
func ParseRat(s string) (*big.Rat, error) {
	tooLong := func() error {
		return syntaxErrorf("%s has more than %d digits", Shorten(s, 24), MaxNumberLen)
	}
	if len(s) > 2*MaxNumberLen+3 {
		return nil, tooLong()
	}
	bad := func(why string) error { return syntaxErrorf("%s is not a number: %s", Shorten(s, 40), why) }
	if s == "" {
		return nil, bad("empty")
	}
	if num, den, ok := strings.Cut(s, "/"); ok {
		if !allDigits(num) || !allDigits(den) {
			return nil, bad("a fraction is two integers p/q")
		}
		if len(num) > MaxNumberLen+1 || len(den) > MaxNumberLen+1 {
			return nil, tooLong()
		}
		d, _ := new(big.Int).SetString(den, 10)
		if d.Sign() == 0 {
			return nil, bad("zero denominator")
		}
		n, _ := new(big.Int).SetString(num, 10)
		return new(big.Rat).SetFrac(n, d), nil
	}
	whole, frac, _ := strings.Cut(s, ".")
	if whole == "" && frac == "" {
		return nil, bad("no digits")
	}
	if (whole != "" && !allDigits(whole)) || (frac != "" && !allDigits(frac)) {
		return nil, bad("expected digits with at most one decimal point, or p/q")
	}
	if len(whole)+len(frac) > MaxNumberLen {
		return nil, tooLong()
	}
	n, _ := new(big.Int).SetString(whole+frac, 10)
	d := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(len(frac))), nil)
	return new(big.Rat).SetFrac(n, d), nil
}

// ParseProbability parses a probability in (0, 1] exactly.
func ParseProbability(s string) (*big.Rat, error) {
	r, err := ParseRat(s)
	if err != nil {
		return nil, err
	}
	if r.Sign() <= 0 || r.Cmp(big.NewRat(1, 1)) > 0 {
		return nil, fmt.Errorf("probability %s is outside (0, 1]", Shorten(s, 40))
	}
	return r, nil
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
	if utf8.RuneCountInString(s) <= n {
		return strconv.Quote(s)
	}
	cut := 0
	for i := range s {
		if cut >= n {
			return strconv.Quote(s[:i]) + "…"
		}
		cut++
	}
	return strconv.Quote(s)
}
