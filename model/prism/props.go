package prism

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gamesolve/gamesolve/budget"
)

// PRISM's property language (manual: Property Specification), as far as
// this reader goes: P, R and S operators at the top of a property.

var propOps = map[string]bool{"P": true, "Pmin": true, "Pmax": true, "R": true, "Rmin": true, "Rmax": true, "S": true}

type propOp struct {
	kind   string // P, R or S
	opt    string // min, max or ""
	cmp    string // "=?" for a query, else >=, >, <= or <
	bound  *expr  // the threshold
	reward *expr  // R{"name"} or R{index}; nil for the first
	path   *pathFormula
	at     pos
	text   string
	// coalition, for a game: the players of <<p1,p2>> (nil: none given).
	coalition []string
}

type pathFormula struct {
	op          string // F, G, X, U; for rewards F, C, I, S
	left, right *expr  // U: left U right; F, G, X: right
	bound       *expr  // an upper step bound (F<=k, U<k, C<=k, I=k)
	strict      bool   // < rather than <=
	at          pos
}

type propDecl struct {
	name string // "" if unnamed
	e    *expr
	text string
	at   pos
}

type propsAST struct {
	consts   []*constDecl
	labels   []named
	formulas []named
	props    []propDecl
}

// parseProps reads a properties file: constants, labels and formulas, and
// properties, each optionally named ("name": P=? [ F "done" ]) and
// optionally ended by a semicolon.
func parseProps(g *budget.Guard, src string) (*propsAST, error) {
	p := newParser(g, src, "properties")
	a, err := p.props()
	if err != nil {
		return nil, p.failed(err)
	}
	return a, p.failed(nil)
}

func (p *parser) props() (*propsAST, error) {
	a := &propsAST{}
	for p.compact(); p.peek().kind != tEOF; p.compact() {
		t := p.peek()
		switch {
		case p.accept(";"):
		case p.is("const"):
			c, err := p.constDecl()
			if err != nil {
				return nil, err
			}
			a.consts = append(a.consts, c)
		case p.is("label"):
			l, err := p.labelDecl()
			if err != nil {
				return nil, err
			}
			a.labels = append(a.labels, l)
		case p.is("formula"):
			f, err := p.formulaDecl()
			if err != nil {
				return nil, err
			}
			a.formulas = append(a.formulas, f)
		default:
			d := propDecl{at: t.at}
			if t.kind == tString && p.peekAt(1).text == ":" {
				p.next()
				p.next()
				d.name = t.text
			}
			start := p.i
			e, err := p.expr()
			if err != nil {
				return nil, err
			}
			d.e, d.text = e, p.spell(start, p.i)
			a.props = append(a.props, d)
			// The semicolon after a property is optional, as PRISM reads
			// its own example files (one property a line, none ended): a
			// property ends where its expression can go no further, and
			// what follows must begin the next one.
		}
	}
	return a, nil
}

// spell is the source text of tokens, white space runs (line breaks,
// comments aside) made single spaces.
func (p *parser) spell(from, to int) string {
	if to <= from {
		return ""
	}
	return strings.Join(strings.Fields(p.src[p.toks[from].off:p.toks[to-1].end]), " ")
}

// probOp reads P, R or S with its bound and path formula.
func (p *parser) probOp() (*expr, error) {
	t := p.next()
	start := p.i - 1
	var coalition []string
	if t.text == "<<" {
		for !p.accept(">>") {
			// A player by name, or by number from 1.
			n := p.peek()
			if n.kind != tNum {
				var err error
				if n, err = p.ident("a player"); err != nil {
					return nil, err
				}
			} else {
				p.next()
			}
			coalition = append(coalition, n.text)
			if !p.is(">>") {
				if err := p.expect(","); err != nil {
					return nil, err
				}
			}
		}
		if coalition == nil {
			coalition = []string{}
		}
		if t = p.next(); !propOps[t.text] || t.text == "S" {
			return nil, p.fail(t, "expected P or R after the coalition, found %s", t)
		}
	}
	o := &propOp{at: t.at, coalition: coalition}
	switch t.text {
	case "P", "Pmin", "Pmax":
		o.kind, o.opt = "P", t.text[1:]
	case "R", "Rmin", "Rmax":
		o.kind, o.opt = "R", t.text[1:]
		if t.text == "R" && p.accept("{") {
			r, err := p.expr()
			if err != nil {
				return nil, err
			}
			if r.op != "label" && r.op != "num" {
				return nil, p.fail(p.peek(), "a reward structure is named by a quoted name or a number: R{\"r\"} or R{1}")
			}
			o.reward = r
			if err := p.expect("}"); err != nil {
				return nil, err
			}
			if p.is("min") || p.is("max") {
				o.opt = p.next().text
			}
		}
	case "S":
		o.kind = "S"
	}
	switch {
	case p.is("="):
		if err := p.expect("=", "?"); err != nil {
			return nil, err
		}
		o.cmp = "=?"
	case p.is(">=") || p.is(">") || p.is("<=") || p.is("<"):
		o.cmp = p.next().text
		b, err := p.sum()
		if err != nil {
			return nil, err
		}
		o.bound = b
	default:
		return nil, p.fail(p.peek(), "expected =? or a bound (>=, >, <=, <) after %s, found %s", t.text, p.peek())
	}
	if err := p.expect("["); err != nil {
		return nil, err
	}
	path, err := p.path(o.kind)
	if err != nil {
		return nil, err
	}
	o.path = path
	if err := p.expect("]"); err != nil {
		return nil, err
	}
	o.text = p.spell(start, p.i)
	return &expr{op: o.kind, prop: o, at: t.at}, nil
}

// path reads a path formula (P), a reward formula (R) or a state formula
// (S).
func (p *parser) path(kind string) (*pathFormula, error) {
	t := p.peek()
	f := &pathFormula{at: t.at}
	if kind == "S" {
		e, err := p.expr()
		f.op, f.right = "S", e
		return f, err
	}
	if p.is("(") && slices.Contains([]string{"F", "G", "X", "C", "I"}, p.peekAt(1).text) {
		// A path formula in parentheses: [ (F "goal") ].
		p.next()
		f, err := p.path(kind)
		if err != nil {
			return nil, err
		}
		return f, p.expect(")")
	}
	if kind == "R" {
		switch {
		case p.is("S"):
			p.next()
			f.op = "S"
			return f, nil
		case p.is("C"):
			p.next()
			f.op = "C"
			if !p.is("<=") {
				return nil, p.fail(p.peek(), "C needs an upper bound: C<=k")
			}
			p.next()
			b, err := p.sum()
			f.bound = b
			return f, err
		case p.is("I"):
			p.next()
			f.op = "I"
			if err := p.expect("="); err != nil {
				return nil, err
			}
			b, err := p.sum()
			f.bound = b
			return f, err
		}
	}
	if p.is("F") || p.is("G") || p.is("X") {
		f.op = p.next().text
		if err := p.bound(f); err != nil {
			return nil, err
		}
		e, err := p.expr()
		f.right = e
		if err == nil && (p.is("U") || p.is("W") || p.is("R") || p.is("&") || p.is("|")) {
			return nil, p.fail(p.peek(), "LTL formulas (temporal operators combined) are not supported")
		}
		return f, err
	}
	if kind == "R" {
		return nil, p.fail(t, "expected a reward formula (F, C<=k, I=k or S), found %s", t)
	}
	l, err := p.expr()
	if err != nil {
		return nil, err
	}
	switch {
	case p.is("U"):
		p.next()
	case p.is("W") || p.is("R"):
		return nil, p.fail(p.peek(), "the %s operator is not supported (F, G, X and U are)", p.peek().text)
	default:
		return nil, p.fail(p.peek(), "expected a temporal operator (F, G, X, U), found %s", p.peek())
	}
	f.op, f.left = "U", l
	if err := p.bound(f); err != nil {
		return nil, err
	}
	r, err := p.expr()
	f.right = r
	return f, err
}

// bound reads an optional upper step bound: <=k or <k.
func (p *parser) bound(f *pathFormula) error {
	switch {
	case p.is("<=") || p.is("<"):
		f.strict = p.next().text == "<"
		b, err := p.sum()
		f.bound = b
		return err
	case p.is(">=") || p.is(">") || p.is("["):
		return p.fail(p.peek(), "lower and interval step bounds are not supported (only <=k and <k)")
	}
	return nil
}

// errorf is an error at a place.
func errorf(at pos, format string, a ...any) error {
	return &Error{at.file, at.line, at.col, fmt.Sprintf(format, a...)}
}
