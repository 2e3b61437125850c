package prism

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/gamesolve/gamesolve/budget"
)

// pos is a place in the source: line and column, from 1, in the model
// (file "") or the properties (file "properties"). A tab counts as eight
// columns, as in PRISM's messages; a CRLF line ending is one.
type pos struct {
	file      string
	line, col int
}

func (p pos) String() string {
	if p.file != "" {
		return fmt.Sprintf("%s %d:%d", p.file, p.line, p.col)
	}
	return fmt.Sprintf("%d:%d", p.line, p.col)
}

type tokKind int

const (
	tEOF tokKind = iota
	tIdent
	tNum    // an integer or decimal literal, kept as written
	tString // "a label or a name", without the quotes
	tOp     // punctuation and operators
	// tBad is a character that begins no token (text is the message): the
	// parser fails there (fail), and reading the next property of a
	// properties file goes on after it.
	tBad
)

type token struct {
	kind tokKind
	text string
	at   pos
	off  int // byte offset of the token's start; end is off+len(source text)
	end  int
}

func (t token) String() string {
	switch t.kind {
	case tEOF:
		return "the end of the file"
	case tString:
		return fmt.Sprintf("%q", t.text)
	}
	return fmt.Sprintf("%q", t.text)
}

// ops lists the multi-character operators first: the lexer takes the
// longest that matches.
var ops = []string{"<=>", "=>", "->", "<=", ">=", "!=", "..", "<<", ">>", "&", "|", "!", "=", "<", ">", "+", "-", "*", "/", "?", ":", ";", ",", "(", ")", "[", "]", "{", "}", "'"}

// lexer splits src into tokens, dropping comments (// to the end of the
// line, /* to */) and white space, one token at a time as the parser asks
// (so that a text the parser refuses early is not lexed to its end).
type lexer struct {
	src, file string
	i         int // the next byte
	line, col int
	guard     *budget.Guard // stops it when its context ends
}

func newLexer(g *budget.Guard, src, file string) *lexer {
	return &lexer{src: src, file: file, line: 1, col: 1, guard: g}
}

// advance moves past n bytes, counting lines and columns.
func (l *lexer) advance(n int) {
	for _, r := range l.src[l.i : l.i+n] {
		switch r {
		case '\n':
			l.line, l.col = l.line+1, 1
		case '\r':
		case '\t':
			l.col += 8 // as PRISM counts a tab
		default:
			l.col++
		}
	}
	l.i += n
}

// next returns the next token: tEOF at the end, and again after it.
func (l *lexer) next() (token, error) {
	src, i := l.src, l.i
	for i < len(src) {
		if err := l.guard.Tick(1); err != nil {
			return token{}, err
		}
		c := src[i]
		at := pos{l.file, l.line, l.col}
		tok := func(kind tokKind, text string, n int) (token, error) {
			t := token{kind, text, at, i, i + n}
			l.advance(n)
			return t, nil
		}
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
			l.advance(1)
		case strings.HasPrefix(src[i:], "//"):
			n := strings.IndexByte(src[i:], '\n')
			if n < 0 {
				n = len(src) - i
			}
			l.advance(n)
		case strings.HasPrefix(src[i:], "/*"):
			n := strings.Index(src[i+2:], "*/")
			if n < 0 {
				return token{}, errorf(at, "a comment /* is not closed")
			}
			l.advance(n + 4)
		case isLetter(c):
			n := 1
			for i+n < len(src) && (isLetter(src[i+n]) || isDigit(src[i+n])) {
				n++
			}
			return tok(tIdent, src[i:i+n], n)
		case isDigit(c) || (c == '.' && i+1 < len(src) && isDigit(src[i+1])):
			n := 0
			for i+n < len(src) && isDigit(src[i+n]) {
				n++
			}
			// A fraction, unless ".." (a range: [0..3]).
			if i+n+1 < len(src) && src[i+n] == '.' && src[i+n+1] != '.' {
				n++
				for i+n < len(src) && isDigit(src[i+n]) {
					n++
				}
			}
			if i+n < len(src) && (src[i+n] == 'e' || src[i+n] == 'E') {
				m := n + 1
				if i+m < len(src) && (src[i+m] == '+' || src[i+m] == '-') {
					m++
				}
				if i+m < len(src) && isDigit(src[i+m]) {
					for i+m < len(src) && isDigit(src[i+m]) {
						m++
					}
					n = m
				}
			}
			return tok(tNum, src[i:i+n], n)
		case c == '"':
			n := strings.IndexAny(src[i+1:], "\"\n")
			if n < 0 || src[i+1+n] != '"' {
				if n < 0 {
					n = len(src) - i - 1
				}
				return tok(tBad, "a quoted name is not closed on its line", n+1)
			}
			return tok(tString, src[i+1:i+1+n], n+2)
		default:
			for _, op := range ops {
				if strings.HasPrefix(src[i:], op) {
					return tok(tOp, op, len(op))
				}
			}
			r, n := utf8.DecodeRuneInString(src[i:])
			if r == utf8.RuneError && n <= 1 {
				return tok(tBad, fmt.Sprintf("the text is not valid UTF-8 (byte 0x%02x)", src[i]), 1)
			}
			return tok(tBad, fmt.Sprintf("unexpected character %q (names are ASCII letters, digits and _)", r), n)
		}
		i = l.i
	}
	return token{tEOF, "", pos{l.file, l.line, l.col}, len(src), len(src)}, nil
}

func isLetter(c byte) bool { return c == '_' || (c|0x20 >= 'a' && c|0x20 <= 'z') }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
