package extensive

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/solver"
)

// token kinds of Gambit's file formats.
const (
	tEOF = iota
	tString
	tWord // a bare word or number
	tOpen
	tClose
	tComma
)

type token struct {
	kind      int
	text      string
	line, col int
}

// lexer reads Gambit's tokens: quoted strings (with \" and \\ escapes),
// braces, commas, and bare words (keywords and numbers) between
// whitespace.
type lexer struct {
	src       string
	pos       int
	line, col int
	format    string // "efg" or "nfg", for messages
	peeked    *token
}

func newLexer(src, format string) *lexer {
	return &lexer{src: src, line: 1, col: 1, format: format}
}

func (lx *lexer) errorf(t token, format string, args ...any) error {
	return solver.Invalidf("%s: %d:%d: %s", lx.format, t.line, t.col, fmt.Sprintf(format, args...))
}

func (lx *lexer) advance(n int) {
	for _, r := range lx.src[lx.pos : lx.pos+n] {
		if r == '\n' {
			lx.line, lx.col = lx.line+1, 1
		} else {
			lx.col++
		}
	}
	lx.pos += n
}

func (lx *lexer) peek() (token, error) {
	if lx.peeked == nil {
		t, err := lx.scan()
		if err != nil {
			return t, err
		}
		lx.peeked = &t
	}
	return *lx.peeked, nil
}

func (lx *lexer) next() (token, error) {
	t, err := lx.peek()
	lx.peeked = nil
	return t, err
}

func (lx *lexer) scan() (token, error) {
	for lx.pos < len(lx.src) && strings.IndexByte(" \t\r\n\v\f", lx.src[lx.pos]) >= 0 {
		lx.advance(1)
	}
	t := token{line: lx.line, col: lx.col}
	if lx.pos == len(lx.src) {
		return t, nil
	}
	switch c := lx.src[lx.pos]; c {
	case '{':
		t.kind = tOpen
		lx.advance(1)
	case '}':
		t.kind = tClose
		lx.advance(1)
	case ',':
		t.kind = tComma
		lx.advance(1)
	case '"':
		var b strings.Builder
		i := lx.pos + 1
		for {
			if i >= len(lx.src) {
				return t, lx.errorf(t, "the text ends inside a quoted string")
			}
			ch := lx.src[i]
			if ch == '"' {
				break
			}
			if ch == '\\' && i+1 < len(lx.src) && (lx.src[i+1] == '"' || lx.src[i+1] == '\\') {
				i++
				ch = lx.src[i]
			}
			b.WriteByte(ch)
			i++
		}
		t.kind, t.text = tString, b.String()
		if !utf8.ValidString(t.text) {
			return t, lx.errorf(t, "a string is not valid UTF-8")
		}
		lx.advance(i + 1 - lx.pos)
	default:
		i := lx.pos
		for i < len(lx.src) && strings.IndexByte(" \t\r\n\v\f{}\",", lx.src[i]) < 0 {
			i++
		}
		t.kind, t.text = tWord, lx.src[lx.pos:i]
		lx.advance(i - lx.pos)
	}
	return t, nil
}

// describe names a token for messages.
func describe(t token) string {
	switch t.kind {
	case tEOF:
		return "the end of the text"
	case tString:
		return numeric.Shorten(t.text, 24)
	case tOpen:
		return "{"
	case tClose:
		return "}"
	case tComma:
		return ","
	}
	return numeric.Shorten(t.text, 24)
}

func (lx *lexer) expect(kind int, what string) (token, error) {
	t, err := lx.next()
	if err != nil {
		return t, err
	}
	if t.kind != kind {
		return t, lx.errorf(t, "want %s, found %s", what, describe(t))
	}
	return t, nil
}

func (lx *lexer) keyword(word string) error {
	t, err := lx.next()
	if err != nil {
		return err
	}
	if t.kind != tWord || t.text != word {
		return lx.errorf(t, "want %s, found %s", word, describe(t))
	}
	return nil
}

// integer reads a non-negative integer of at most 9 digits.
func (lx *lexer) integer(what string) (int, token, error) {
	t, err := lx.next()
	if err != nil {
		return 0, t, err
	}
	if t.kind != tWord {
		return 0, t, lx.errorf(t, "want %s, found %s", what, describe(t))
	}
	n, err := strconv.Atoi(t.text)
	if err != nil || n < 0 || len(t.text) > 9 {
		return 0, t, lx.errorf(t, "want %s (a whole number below 10^9), found %s", what, describe(t))
	}
	return n, t, nil
}

// number reads a rational: an integer, a decimal (with an exponent) or a
// fraction p/q, signed.
func (lx *lexer) number(what string) (*big.Rat, token, error) {
	t, err := lx.next()
	if err != nil {
		return nil, t, err
	}
	if t.kind != tWord {
		return nil, t, lx.errorf(t, "want %s, found %s", what, describe(t))
	}
	r, err := signedRat(t.text)
	if err != nil {
		return nil, t, lx.errorf(t, "want %s, found %s", what, describe(t))
	}
	return r, t, nil
}

// quote writes s as a Gambit string.
func quote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}
