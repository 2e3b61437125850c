package prism

import (
	"fmt"
	"strings"
	"unicode/utf8"
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

// lex splits src into tokens, dropping comments (// to the end of the
// line, /* to */) and white space.
func lex(src, file string) ([]token, error) {
	var toks []token
	line, col := 1, 1
	i := 0
	advance := func(n int) {
		for _, r := range src[i : i+n] {
			switch r {
			case '\n':
				line, col = line+1, 1
			case '\r':
			case '\t':
				col += 8 // as PRISM counts a tab
			default:
				col++
			}
		}
		i += n
	}
	for i < len(src) {
		c := src[i]
		at := pos{file, line, col}
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
			advance(1)
		case strings.HasPrefix(src[i:], "//"):
			n := strings.IndexByte(src[i:], '\n')
			if n < 0 {
				n = len(src) - i
			}
			advance(n)
		case strings.HasPrefix(src[i:], "/*"):
			n := strings.Index(src[i+2:], "*/")
			if n < 0 {
				return nil, errorf(at, "a comment /* is not closed")
			}
			advance(n + 4)
		case isLetter(c):
			n := 1
			for i+n < len(src) && (isLetter(src[i+n]) || isDigit(src[i+n])) {
				n++
			}
			toks = append(toks, token{tIdent, src[i : i+n], at, i, i + n})
			advance(n)
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
			toks = append(toks, token{tNum, src[i : i+n], at, i, i + n})
			advance(n)
		case c == '"':
			n := strings.IndexAny(src[i+1:], "\"\n")
			if n < 0 || src[i+1+n] != '"' {
				return nil, errorf(at, "a quoted name is not closed on its line")
			}
			toks = append(toks, token{tString, src[i+1 : i+1+n], at, i, i + n + 2})
			advance(n + 2)
		default:
			matched := false
			for _, op := range ops {
				if strings.HasPrefix(src[i:], op) {
					toks = append(toks, token{tOp, op, at, i, i + len(op)})
					advance(len(op))
					matched = true
					break
				}
			}
			if !matched {
				r, _ := utf8.DecodeRuneInString(src[i:])
				return nil, errorf(at, "unexpected character %q", r)
			}
		}
	}
	return append(toks, token{tEOF, "", pos{file, line, col}, len(src), len(src)}), nil
}

func isLetter(c byte) bool { return c == '_' || (c|0x20 >= 'a' && c|0x20 <= 'z') }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
