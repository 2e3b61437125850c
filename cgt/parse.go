package cgt

import (
	"context"
	"errors"
	"fmt"
	"github.com/gamesolve/gamesolve/numeric"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ErrSyntax is wrapped by Parse errors for malformed notation.
var ErrSyntax = errors.New("cgt: syntax error")

// MaxExpressionLen bounds Parse's input.
const MaxExpressionLen = 10000

// maxDepth bounds nesting of braces and parentheses.
const maxDepth = 200

// Parse reads a game in CGSuite notation:
//
//	expr    = term { ("+" | "-" | "±" | "+-") term }
//	term    = ("-" | "±" | "+-") term | "(" expr ")" | "{" braces "}" | atom
//	          ("-" directly before a number negates the number only:
//	          -1^ is -1 + ^, as CGSuite prints it; -(1^) is -1v)
//	atom    = [number] [ups] [star]          e.g. 3/4, *, *3, ^, v3, 1/2^*
//	number  = digits ["/" digits] | digits "." digits
//	ups     = "^"... | "^" digits | "v"... | "v" digits
//	star    = "*" [digits]
//	braces  = options separated by "," and runs of "|": the longest run
//	          splits Left from Right ({3||2|1} is {3|{2|1}})
//
// "+-" always means ±, so x+-y is x ± y; write x + -y for a difference.
// Numbers must be dyadic: 1/3 is not a short game and is an error.
func Parse(s string) (Game, error) { return ParseContext(context.Background(), s) }

// ParseContext is Parse that stops with ctx's error when ctx ends.
func ParseContext(ctx context.Context, s string) (Game, error) {
	if len(s) > MaxExpressionLen {
		return 0, fmt.Errorf("%w: expression longer than %d characters", ErrSyntax, MaxExpressionLen)
	}
	toks, err := lex(s)
	if err != nil {
		return 0, err
	}
	p := &parser{toks: toks}
	g, err := lockedCtx(ctx, func() Game {
		g := p.expr(0)
		if p.err == nil && p.peek().kind != tEOF {
			p.fail("unexpected %s", p.peek())
		}
		return g
	})
	if err != nil {
		return 0, err
	}
	if p.err != nil {
		return 0, p.err
	}
	return g, nil
}

type tokKind int

const (
	tEOF tokKind = iota
	tAtom
	tPlus
	tMinus
	tPM
	tComma
	tBars
	tLBrace
	tRBrace
	tLParen
	tRParen
)

type token struct {
	kind tokKind
	text string
	bars int
	pos  int
}

// String implements fmt.Stringer.
func (t token) String() string {
	if t.kind == tEOF {
		return "end of input"
	}
	return fmt.Sprintf("%s at %d", numeric.Shorten(t.text, 40), t.pos+1)
}

func lex(s string) ([]token, error) {
	var toks []token
	for i := 0; i < len(s); {
		c := s[i]
		start := i
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
			continue
		case c == '+' && i+1 < len(s) && s[i+1] == '-':
			toks = append(toks, token{kind: tPM, text: "+-", pos: start})
			i += 2
		case strings.HasPrefix(s[i:], "±"):
			toks = append(toks, token{kind: tPM, text: "±", pos: start})
			i += len("±")
		case c == '+':
			toks = append(toks, token{kind: tPlus, text: "+", pos: start})
			i++
		case c == '-':
			toks = append(toks, token{kind: tMinus, text: "-", pos: start})
			i++
		case c == ',':
			toks = append(toks, token{kind: tComma, text: ",", pos: start})
			i++
		case c == '|':
			for i < len(s) && s[i] == '|' {
				i++
			}
			toks = append(toks, token{kind: tBars, text: s[start:i], bars: i - start, pos: start})
		case c == '{':
			toks = append(toks, token{kind: tLBrace, text: "{", pos: start})
			i++
		case c == '}':
			toks = append(toks, token{kind: tRBrace, text: "}", pos: start})
			i++
		case c == '(':
			toks = append(toks, token{kind: tLParen, text: "(", pos: start})
			i++
		case c == ')':
			toks = append(toks, token{kind: tRParen, text: ")", pos: start})
			i++
		case isAtomChar(c):
			for i < len(s) && isAtomChar(s[i]) {
				i++
			}
			toks = append(toks, token{kind: tAtom, text: s[start:i], pos: start})
		default:
			r, _ := utf8.DecodeRuneInString(s[i:])
			return nil, fmt.Errorf("%w: unexpected character %q at %d (expressions use digits, * ^ v, { | }, + - and parentheses)", ErrSyntax, r, utf8.RuneCountInString(s[:i])+1)
		}
	}
	return append(toks, token{kind: tEOF, pos: len(s)}), nil
}

func isAtomChar(c byte) bool {
	return c >= '0' && c <= '9' || c == '/' || c == '.' || c == '^' || c == 'v' || c == '*'
}

type parser struct {
	toks []token
	i    int
	err  error
}

func (p *parser) peek() token { return p.toks[p.i] }
func (p *parser) next() token {
	t := p.toks[p.i]
	if t.kind != tEOF {
		p.i++
	}
	return t
}

func (p *parser) fail(format string, args ...any) {
	if p.err == nil {
		p.err = fmt.Errorf("%w: %s", ErrSyntax, fmt.Sprintf(format, args...))
	}
}

func (p *parser) expr(depth int) Game {
	// The terms are read first and added after: a sum of many hot games is
	// refused before any work is spent on it.
	terms := []Game{p.term(depth)}
	for p.err == nil {
		switch p.peek().kind {
		case tPlus:
			p.next()
			terms = append(terms, p.term(depth))
		case tMinus:
			p.next()
			terms = append(terms, tab.neg(p.term(depth)))
		case tPM:
			p.next()
			terms[len(terms)-1] = tab.add2(terms[len(terms)-1], tab.pm(p.term(depth)))
		default:
			if hot := tab.hotTerms(terms); hot > MaxHotTerms {
				panic(tooLarge{fmt.Sprintf("a sum of %d hot games (games whose Left and Right stops differ, such as switches ±x): the canonical form of such a sum grows several times with each one, and more than %d take longer than the work bound", hot, MaxHotTerms)})
			}
			var g Game
			for _, t := range terms {
				g = tab.add2(g, t)
			}
			return g
		}
	}
	return 0
}

// MaxHotTerms bounds the hot games in one sum. Measured: sums of 12 random
// switches ±a/2^j take 0.6 s, of 13 more than the ten million steps of
// MaxWork (12 s before this bound refused them up front).
const MaxHotTerms = 12

// hotTerms counts the terms whose stops differ, a game and its negative
// cancelling (G + -G = 0, and a switch is its own negative).
func (t *table) hotTerms(terms []Game) int {
	count := map[Game]int{}
	for _, g := range terms {
		ls, rs := t.stops(g)
		if ls.Cmp(rs) == 0 {
			continue
		}
		if n := t.neg(g); count[n] > 0 {
			count[n]--
			continue
		}
		count[g]++
	}
	hot := 0
	for _, c := range count {
		hot += c
	}
	return hot
}

// pm returns ±x = {x | -x}.
func (t *table) pm(x Game) Game { return t.canon([]Game{x}, []Game{t.neg(x)}) }

func (p *parser) term(depth int) Game {
	if depth > maxDepth {
		p.fail("nested deeper than %d", maxDepth)
		return 0
	}
	if p.err != nil {
		return 0
	}
	t := p.next()
	switch t.kind {
	case tMinus:
		// "-1^" is (-1)+^, as CGSuite prints it: a minus sign directly
		// before a number belongs to the number only.
		if a := p.peek(); a.kind == tAtom && a.pos == t.pos+1 && a.text[0] >= '0' && a.text[0] <= '9' {
			p.next()
			g, err := atom(a.text, true)
			if err != nil {
				p.fail("%v at %d", err, a.pos+1)
			}
			return g
		}
		return tab.neg(p.term(depth + 1))
	case tPM:
		return tab.pm(p.term(depth + 1))
	case tLParen:
		g := p.expr(depth + 1)
		if p.err == nil && p.next().kind != tRParen {
			p.fail("missing ) for ( at %d", t.pos+1)
		}
		return g
	case tLBrace:
		return p.braces(t, depth+1)
	case tAtom:
		g, err := atom(t.text, false)
		if err != nil {
			p.fail("%v at %d", err, t.pos+1)
		}
		return g
	}
	p.fail("expected a game, found %s", t)
	return 0
}

// item is one option slot inside braces; empty slots stand for no option.
type item struct {
	g     Game
	empty bool
}

// braces reads the inside of {...}: options (expressions, possibly empty)
// and separators, then splits at the longest run of bars.
func (p *parser) braces(open token, depth int) Game {
	var items []item
	var seps []token
	for p.err == nil {
		k := p.peek().kind
		if k == tComma || k == tBars || k == tRBrace {
			items = append(items, item{empty: true})
		} else {
			items = append(items, item{g: p.expr(depth)})
		}
		if p.err != nil {
			return 0
		}
		t := p.next()
		switch t.kind {
		case tRBrace:
			return p.split(items, seps, open)
		case tComma, tBars:
			seps = append(seps, t)
		default:
			p.fail("expected , | or } in braces opened at %d, found %s", open.pos+1, t)
			return 0
		}
	}
	return 0
}

// split builds {L|R} from items and the separators between them
// (len(seps) == len(items)-1): the unique longest run of bars divides Left
// from Right; a side with shorter runs is one nested game.
func (p *parser) split(items []item, seps []token, open token) Game {
	best, at := 0, -1
	for i, s := range seps {
		if s.kind != tBars {
			continue
		}
		switch {
		case s.bars > best:
			best, at = s.bars, i
		case s.bars == best:
			p.fail("ambiguous %s in braces opened at %d: two separators of %d bars", s, open.pos+1, best)
			return 0
		}
	}
	if at < 0 {
		p.fail("braces opened at %d have no |", open.pos+1)
		return 0
	}
	left := p.side(items[:at+1], seps[:at], open)
	right := p.side(items[at+1:], seps[at+1:], open)
	if p.err != nil {
		return 0
	}
	return tab.canon(left, right)
}

// side returns the options of one side: one nested game if it has bars,
// else its comma-separated options (a lone empty slot means none).
func (p *parser) side(items []item, seps []token, open token) []Game {
	for _, s := range seps {
		if s.kind == tBars {
			for _, t := range seps {
				if t.kind == tComma {
					p.fail("%s: mixing , and | on one side of a longer bar; use braces", t)
					return nil
				}
			}
			return []Game{p.split(items, seps, open)}
		}
	}
	if len(items) == 1 && items[0].empty {
		return nil
	}
	opts := make([]Game, 0, len(items))
	for i, it := range items {
		if it.empty {
			p.fail("empty option in braces opened at %d (item %d)", open.pos+1, i+1)
			return nil
		}
		opts = append(opts, it.g)
	}
	return opts
}

// atom reads [number][ups][star]; negative negates the number part.
func atom(s string, negative bool) (Game, error) {
	i := 0
	for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '/' || s[i] == '.') {
		i++
	}
	numText, rest := s[:i], s[i:]
	var g Game
	if numText != "" {
		x, err := parseNumber(numText)
		if err != nil {
			return 0, err
		}
		if negative {
			x.Neg(x)
		}
		g = tab.number(x)
	}
	if rest != "" && (rest[0] == '^' || rest[0] == 'v') {
		sym := rest[0]
		j := 0
		for j < len(rest) && rest[j] == sym {
			j++
		}
		n := j
		k := j
		for k < len(rest) && rest[k] >= '0' && rest[k] <= '9' {
			k++
		}
		if k > j {
			if j != 1 {
				return 0, fmt.Errorf("%s: write ^n or ^^, not both", numeric.Shorten(s, 40))
			}
			v, err := strconv.Atoi(rest[j:k])
			if err != nil || v > MaxUps {
				return 0, fmt.Errorf("%s: at most %d ups", numeric.Shorten(s, 40), MaxUps)
			}
			n = v
		}
		if n > MaxUps {
			return 0, fmt.Errorf("%s: at most %d ups", numeric.Shorten(s, 40), MaxUps)
		}
		if sym == 'v' {
			n = -n
		}
		g = tab.add2(g, tab.ups(n))
		rest = rest[k:]
	}
	if rest != "" && rest[0] == '*' {
		m := 1
		if len(rest) > 1 {
			v, err := strconv.Atoi(rest[1:])
			if err != nil || v < 0 {
				return 0, fmt.Errorf("%s: expected *n", numeric.Shorten(s, 40))
			}
			if v > MaxNimber {
				return 0, fmt.Errorf("%s: nimbers up to *%d", numeric.Shorten(s, 40), MaxNimber)
			}
			m = v
		}
		g = tab.add2(g, tab.nimber(m))
		rest = ""
	}
	if rest != "" || s == "" {
		return 0, fmt.Errorf("malformed %s", numeric.Shorten(s, 40))
	}
	return g, nil
}

// parseNumber reads digits, digits/digits or digits.digits
// (numeric.ParseRat's grammar); the value must be dyadic.
func parseNumber(s string) (*big.Rat, error) {
	x, err := numeric.ParseRat(s)
	if err != nil {
		return nil, err
	}
	if !dyadic(x) {
		return nil, fmt.Errorf("%s is not a dyadic rational, so not a short game", x.RatString())
	}
	return x, nil
}
