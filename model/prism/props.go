package prism

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gamesolve/gamesolve/budget"
)

// PRISM's property language (manual: Property Specification; PRISM-games:
// Property Specification), read whole: the P, R and S operators with
// every relation and min/max form, path formulas of X, F, G, U, W and R
// with any time bound, nested and in parentheses, reward contents C, C<=k,
// I=k, F, Fc, F0 and S, filters of both forms, the CTL quantifiers A and E,
// and the coalitions <<C>> and [[C]], over an operator, a Boolean
// combination of objectives, or a nonzero-sum sum (<<p1:p2>>max=?). The
// translation (tojani.go) says which of them it computes; the others are
// skipped one property at a time.

// propOps are the operator words: P, R and S, with min and max forms
// written together (Pmin, Rmaxmin).
var propOps = map[string]bool{"P": true, "R": true, "S": true}

func init() {
	for _, k := range []string{"P", "R"} {
		for _, o := range optimizers {
			propOps[k+o] = true
		}
	}
}

// optimizers are the words of min=? and max=? queries: one direction, or
// two for the nested games of PRISM-games' concurrent models.
var optimizers = []string{"min", "max", "minmin", "minmax", "maxmin", "maxmax"}

type propOp struct {
	kind   string // P, R or S
	opt    string // "", min, max, or a pair (minmax)
	cmp    string // "=?" for a query, else >=, >, <= or <
	bound  *expr  // the threshold
	reward *expr  // R{"name"} or R{index}; nil for the first
	// tree is P's path formula as written; path is R's and S's contents.
	tree   *expr
	path   *pathFormula
	filter *expr // an old-style filter: P=? [ F "a" {"init"}{max} ]
	at     pos
	text   string
	// coalition, for a game: the players of <<p1,p2>> (nil: none given);
	// dual is true for [[p1,p2]].
	coalition []string
	dual      bool
}

// timeBound is a temporal operator's bound: <=k, <k, >=k, >k or [a,b].
type timeBound struct {
	lower, upper             *expr
	lowerStrict, upperStrict bool
}

type pathFormula struct {
	op          string // F, G, U; for rewards F, Fc, F0, C, I, S; S for S's state formula
	left, right *expr  // U: left U right; F, G: right
	bound       *expr  // an upper step bound (F<=k, U<k, C<=k, I=k)
	strict      bool   // < rather than <=
	at          pos
}

type propDecl struct {
	name string // "" if unnamed
	e    *expr
	text string
	at   pos
	// err is why the property could not be read (e is then nil): the
	// others are read on, from the next line or semicolon (resync).
	err *Error
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
			if perr, ok := err.(*Error); ok && p.err == nil {
				d.err, d.text = perr, p.resync(start)
				a.props = append(a.props, d)
				continue
			} else if err != nil {
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

// resync skips a property that could not be read, from its first token
// (at from), to the next semicolon (read too) or the next token at the
// start of a later line, and returns its text, shortened past
// maxSpelled characters. Properties are written one a line or ended by
// semicolons, so the next one is read from there.
func (p *parser) resync(from int) string {
	first := p.toks[from]
	p.i = from + 1
	end := first.end
	for n := 1; ; n++ {
		t := p.peek()
		if t.kind == tEOF || t.kind == tOp && t.text == ";" || t.at.col == 1 && t.at.line > first.at.line {
			p.accept(";")
			break
		}
		end = t.end
		p.next()
		if n%4096 == 0 {
			p.compact() // a long line need not be held as tokens
		}
	}
	text := strings.Join(strings.Fields(p.src[first.off:end]), " ")
	if r := []rune(text); len(r) > maxSpelled {
		text = string(r[:maxSpelled]) + "…"
	}
	return text
}

// maxSpelled bounds the text kept of a property that could not be read.
const maxSpelled = 200

// spell is the source text of tokens, white space runs (line breaks,
// comments aside) made single spaces.
func (p *parser) spell(from, to int) string {
	if to <= from {
		return ""
	}
	return strings.Join(strings.Fields(p.src[p.toks[from].off:p.toks[to-1].end]), " ")
}

// probOp reads a P, R or S operator, with the coalition before it if
// given; after a coalition, also a Boolean combination of objectives (op
// "strategy") or a nonzero-sum query <<p1:p2>>max=? (θ1 + θ2) (op
// "nash").
func (p *parser) probOp() (*expr, error) {
	start := p.i
	t := p.peek()
	var coalition []string
	dual, nash := false, false
	if t.text == "<<" || t.text == "[" {
		var err error
		if coalition, dual, nash, err = p.coalition(); err != nil {
			return nil, err
		}
		if nash {
			// <<p1:p2>>max=? (θ1 + θ2): an equilibrium's optimum.
			o := &propOp{at: t.at, coalition: coalition}
			if !p.is("min") && !p.is("max") {
				return nil, p.fail(p.peek(), "expected min=? or max=? after a nonzero-sum coalition <<...:...>>, found %s", p.peek())
			}
			o.opt = p.next().text
			if err := p.expect("=", "?"); err != nil {
				return nil, err
			}
			was := p.nash
			p.nash = true
			x, err := p.unary()
			p.nash = was
			if err != nil {
				return nil, err
			}
			o.text = p.spell(start, p.i)
			return node(&expr{op: "nash", args: []*expr{x}, prop: o, at: t.at})
		}
		if n := p.peek(); n.kind != tIdent || !propOps[n.text] {
			// <<p1>> (P>=0.5 [ F "a" ] & R<=3 [ C<=5 ]): several
			// objectives at once.
			x, err := p.unary()
			if err != nil {
				return nil, err
			}
			o := &propOp{at: t.at, coalition: coalition, dual: dual, text: p.spell(start, p.i)}
			return node(&expr{op: "strategy", args: []*expr{x}, prop: o, at: t.at})
		}
	}
	t = p.next()
	o := &propOp{at: t.at, coalition: coalition, dual: dual, kind: t.text[:1], opt: t.text[1:]}
	if o.kind == "S" && o.opt != "" {
		return nil, p.fail(t, "S takes no min or max")
	}
	if o.kind == "R" && o.opt == "" && p.is("{") {
		p.next()
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
	}
	if o.kind != "S" && o.opt == "" {
		// P min=?, R{"r"}max=?, R{"r"} min max=?.
		for k := 0; k < 2 && (p.is("min") || p.is("max") || slices.Contains(optimizers[2:], p.peek().text)); k++ {
			o.opt += p.next().text
		}
		if o.opt != "" && !slices.Contains(optimizers, o.opt) {
			return nil, p.fail(t, "%s%s: expected min, max or a pair of them (minmax)", o.kind, o.opt)
		}
	}
	switch {
	case p.is("="):
		if err := p.expect("=", "?"); err != nil {
			return nil, err
		}
		o.cmp = "=?"
	case p.nash && p.is("["):
		// An objective of a nonzero-sum query: no relation.
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
	var err error
	switch o.kind {
	case "P":
		o.tree, err = p.inPath(p.temporal)
	case "R":
		o.path, err = p.rewardPath()
	case "S":
		var e *expr
		e, err = p.expr()
		o.path = &pathFormula{op: "S", right: e, at: o.at}
	}
	if err != nil {
		return nil, err
	}
	if p.is("{") {
		if o.filter, err = p.oldFilter(); err != nil {
			return nil, err
		}
	}
	if err := p.expect("]"); err != nil {
		return nil, err
	}
	o.text = p.spell(start, p.i)
	subs := []*expr{o.tree, o.bound, o.filter}
	if o.path != nil {
		subs = append(subs, o.path.left, o.path.right, o.path.bound)
	}
	return over(&expr{op: o.kind, prop: o, at: t.at}, subs)
}

// coalition reads <<p1,p2>>, [[p1,p2]] (dual) or <<p1:p2>> (nash): players
// by name, or by number from 1, possibly none.
func (p *parser) coalition() (players []string, dual, nash bool, err error) {
	closing := []string{">>"}
	if p.next().text == "[" {
		if err := p.expect("["); err != nil {
			return nil, false, false, err
		}
		closing, dual = []string{"]", "]"}, true
	}
	players = []string{}
	for !p.is(closing[0]) {
		n := p.peek()
		if n.kind != tNum {
			if n, err = p.ident("a player"); err != nil {
				return nil, false, false, err
			}
		} else {
			p.next()
		}
		players = append(players, n.text)
		switch {
		case p.is(closing[0]):
		case !dual && p.is(":"):
			p.next()
			nash = true
		default:
			if err := p.expect(","); err != nil {
				return nil, false, false, err
			}
		}
	}
	return players, dual, nash, p.expect(closing...)
}

// inPath reads with read inside a path formula, where parentheses may
// hold temporal operators ([ (!"a" U "b") ]).
func (p *parser) inPath(read func() (*expr, error)) (*expr, error) {
	was := p.path
	p.path = true
	defer func() { p.path = was }()
	return read()
}

// temporal reads a path formula: a U, W or R b, each side X, F or G of
// one, with optional time bounds, or a state formula.
func (p *parser) temporal() (*expr, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer p.leave()
	l, err := p.temporalUnary()
	if err != nil || !(p.is("U") || p.is("W") || p.is("R")) {
		return l, err
	}
	t := p.next()
	tb, err := p.timeBound()
	if err != nil {
		return nil, err
	}
	r, err := p.temporalUnary()
	if err != nil {
		return nil, err
	}
	return node(&expr{op: t.text, args: []*expr{l, r}, at: t.at, tb: tb})
}

func (p *parser) temporalUnary() (*expr, error) {
	if !p.is("X") && !p.is("F") && !p.is("G") {
		return p.expr()
	}
	t := p.next()
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer p.leave()
	tb, err := p.timeBound()
	if err != nil {
		return nil, err
	}
	x, err := p.temporalUnary()
	if err != nil {
		return nil, err
	}
	return node(&expr{op: t.text, args: []*expr{x}, at: t.at, tb: tb})
}

// timeBound reads an optional bound: <=k, <k, >=k, >k or [a,b].
func (p *parser) timeBound() (*timeBound, error) {
	var tb timeBound
	var err error
	switch {
	case p.is("<=") || p.is("<"):
		tb.upperStrict = p.next().text == "<"
		tb.upper, err = p.sum()
	case p.is(">=") || p.is(">"):
		tb.lowerStrict = p.next().text == ">"
		tb.lower, err = p.sum()
	case p.is("["):
		p.next()
		if tb.lower, err = p.sum(); err != nil {
			return nil, err
		}
		if err := p.expect(","); err != nil {
			return nil, err
		}
		if tb.upper, err = p.sum(); err != nil {
			return nil, err
		}
		err = p.expect("]")
	default:
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &tb, nil
}

// rewardPath reads the contents of R [ ... ]: F φ, Fc φ, F0 φ, C<=k, C,
// I=k or S, possibly in parentheses.
func (p *parser) rewardPath() (*pathFormula, error) {
	t := p.peek()
	f := &pathFormula{at: t.at}
	if p.is("(") && slices.Contains([]string{"F", "Fc", "F0", "C", "I", "S"}, p.peekAt(1).text) {
		p.next()
		f, err := p.rewardPath()
		if err != nil {
			return nil, err
		}
		return f, p.expect(")")
	}
	var err error
	switch {
	case p.is("F") || p.is("Fc") || p.is("F0"):
		f.op = p.next().text
		f.right, err = p.inPath(p.temporal)
	case p.is("C"):
		p.next()
		f.op = "C"
		if p.is("<=") {
			p.next()
			f.bound, err = p.sum()
		}
	case p.is("I"):
		p.next()
		f.op = "I"
		if err := p.expect("="); err != nil {
			return nil, err
		}
		f.bound, err = p.sum()
	case p.is("S"):
		p.next()
		f.op = "S"
	default:
		return nil, p.fail(t, "expected a reward formula (F, Fc, F0, C, C<=k, I=k or S), found %s", t)
	}
	return f, err
}

// oldFilter reads a filter inside an operator: {states}, then {min} or
// {max} any number of times (op "filter", name "" or the last of them).
func (p *parser) oldFilter() (*expr, error) {
	at := p.next().at
	states, err := p.expr()
	if err != nil {
		return nil, err
	}
	if err := p.expect("}"); err != nil {
		return nil, err
	}
	f := &expr{op: "filter", args: []*expr{nil, states}, at: at}
	for p.accept("{") {
		if !p.is("min") && !p.is("max") {
			return nil, p.fail(p.peek(), "expected {min} or {max} after a filter's states, found %s", p.peek())
		}
		f.name = p.next().text
		if err := p.expect("}"); err != nil {
			return nil, err
		}
	}
	return node(f)
}

// quantifier reads the CTL quantifiers E [ path ] and A [ path ].
func (p *parser) quantifier() (*expr, error) {
	t := p.next()
	if err := p.expect("["); err != nil {
		return nil, err
	}
	x, err := p.inPath(p.temporal)
	if err != nil {
		return nil, err
	}
	if err := p.expect("]"); err != nil {
		return nil, err
	}
	return node(&expr{op: t.text, args: []*expr{x}, at: t.at})
}

// errorf is an error at a place.
func errorf(at pos, format string, a ...any) error {
	return &Error{File: at.file, Line: at.line, Col: at.col, Msg: fmt.Sprintf(format, a...)}
}

// unsupportedf is errorf for PRISM that gamesolve reads but does not
// compute.
func unsupportedf(at pos, format string, a ...any) error {
	e := errorf(at, format, a...).(*Error)
	e.Unsupported = true
	return e
}
