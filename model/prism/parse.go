package prism

import (
	"slices"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/model/jani"
)

// The abstract syntax of the PRISM language (prismmodelchecker.org,
// manual: The PRISM Language), as far as this reader goes.

type expr struct {
	// op is "num" (name holds the literal), "bool" (name "true" or
	// "false"), "id", "label" (a quoted label, in properties), "call"
	// (name the function), "neg", "!", "?:", or a binary operator: + - *
	// / = != < <= > >= & | <=> =>. Properties add "P", "R" and "S" (see
	// props.go), and "filter" (name the function, args the property and
	// the states, if given).
	op   string
	name string
	args []*expr
	at   pos
	prop *propOp // for P, R and S, and for "strategy" and "nash"
	// tb is the time bound of a temporal operator (op X, F, G, U, W or
	// R, in a path formula), if it has one.
	tb *timeBound
	// height is the length of the longest path from here to a leaf (0
	// for a leaf), bounded by maxNesting so that the recursive passes
	// over the tree cannot exhaust the stack.
	height int
}

// maxNesting bounds how deeply an expression nests, counted both as the
// parser's recursion (parentheses, unary operators, ?:) and as the height
// of the tree it builds (a sum of many terms is a chain as tall as it is
// long). Every later pass over the tree recurses, and a goroutine whose
// stack overflows kills the whole process, a server included.
const maxNesting = 1000

// node sets e's height from its arguments' and refuses a tree taller than
// maxNesting.
func node(e *expr) (*expr, error) { return over(e, e.args) }

// over is node for a tree whose parts below e are subs (nil for none).
func over(e *expr, subs []*expr) (*expr, error) {
	for _, a := range subs {
		if a != nil {
			e.height = max(e.height, a.height+1)
		}
	}
	if e.height > maxNesting {
		return nil, errorf(e.at, "the expression is nested more than %d deep (a sum of more than %d terms counts as that deep)", maxNesting, maxNesting)
	}
	return e, nil
}

type constDecl struct {
	name, typ string // typ: int, double, bool
	value     *expr  // nil: left open, given with --const
	at        pos
}

type varDecl struct {
	name   string
	isBool bool
	lo, hi *expr
	init   *expr // nil: the lower bound (false)
	at     pos
}

type assign struct {
	name string
	val  *expr
	at   pos
}

type update struct {
	prob    *expr // nil: 1
	assigns []assign
}

type command struct {
	action  string // "" for none
	guard   *expr
	updates []update
	at      pos
}

type module struct {
	name string
	vars []*varDecl
	cmds []*command
	at   pos
	// A renamed copy: base and the renaming, resolved after parsing.
	base   string
	rename map[string]string
}

type rewardItem struct {
	trans  bool   // a transition reward ([action] guard : value)
	action string // its action, "" for unlabelled commands
	guard  *expr
	val    *expr
	at     pos
}

type rewardStruct struct {
	name  string // "" if unnamed
	items []rewardItem
	at    pos
}

type named struct {
	name string
	e    *expr
	at   pos
}

type modelAST struct {
	typ      string // dtmc or mdp
	typAt    pos
	consts   []*constDecl
	formulas []named
	labels   []named
	globals  []*varDecl
	modules  []*module
	init     *expr
	rewards  []*rewardStruct
	players  []*player
}

// player is a player block of a game: the modules whose unlabelled
// commands and the actions whose commands it controls.
type player struct {
	name    string
	modules []string
	actions []string
	at      pos
}

type parser struct {
	// toks are the tokens lexed so far, i the next one's index; lexer
	// reads more as they are asked for, and err is its error, which the
	// parser sees as the end of the text and reports first (it is the
	// first thing wrong in the text).
	toks  []token
	i     int
	src   string
	lexer *lexer
	err   error
	// depth counts the expressions being read, one inside another.
	depth int
	// path is true inside a path formula, where parentheses may hold
	// temporal operators; nash inside a nonzero-sum query, whose P and R
	// operators have no relation (<<p1:p2>>max=? (P[F a] + P[F b])).
	path, nash bool
	// guard stops a parse whose context ends or whose memory outgrows
	// the budget.
	guard *budget.Guard
}

// enter counts one more level of nesting, refusing more than maxNesting;
// leave takes it back.
func (p *parser) enter() error {
	if p.depth++; p.depth > maxNesting {
		return p.fail(p.peek(), "the expression is nested more than %d deep", maxNesting)
	}
	return p.guard.Tick(1)
}

func (p *parser) leave() { p.depth-- }

// Error is an error at a place in the model or its properties; Parse
// and ToJANI return it wrapped (errors.As finds it).
type Error struct {
	// File is "" for the model and "properties" for the properties; Line
	// and Col count from 1 (a tab is eight columns).
	File      string
	Line, Col int
	Msg       string
	// Unsupported is true for PRISM that gamesolve reads but does not
	// compute (a property is then skipped, the others checked).
	Unsupported bool
}

func (e *Error) Error() string { return pos{e.File, e.Line, e.Col}.String() + ": " + e.Msg }

// Is makes an Unsupported error jani.ErrUnsupported to errors.Is.
func (e *Error) Is(target error) bool { return e.Unsupported && target == jani.ErrUnsupported }

// newParser returns a parser of src, lexed as it goes.
func newParser(g *budget.Guard, src, file string) *parser {
	return &parser{src: src, lexer: newLexer(g, src, file), guard: g}
}

// fill lexes up to token n, or to the end of the text.
func (p *parser) fill(n int) {
	for len(p.toks) <= n {
		if k := len(p.toks); k > 0 && p.toks[k-1].kind == tEOF {
			return
		}
		t, err := p.lexer.next()
		if err != nil {
			p.err = err
			t = token{kind: tEOF, at: pos{p.lexer.file, p.lexer.line, p.lexer.col}, off: p.lexer.i, end: p.lexer.i}
		}
		p.toks = append(p.toks, t)
	}
}

// compact drops the tokens already read: a declaration read whole needs
// none of them again (spell reads the tokens of one property, after its
// last compact), and a model of a million commands need not hold all its
// tokens at once.
func (p *parser) compact() {
	n := copy(p.toks, p.toks[p.i:])
	clear(p.toks[n:])
	p.toks, p.i = p.toks[:n], 0
}

// failed returns the lexer's error, if any, before err.
func (p *parser) failed(err error) error {
	if p.err != nil {
		return p.err
	}
	return err
}

func (p *parser) peek() token { return p.peekAt(0) }
func (p *parser) peekAt(k int) token {
	p.fill(p.i + k)
	if p.i+k < len(p.toks) {
		return p.toks[p.i+k]
	}
	return p.toks[len(p.toks)-1]
}
func (p *parser) next() token {
	t := p.peek()
	if t.kind != tEOF {
		p.i++
	}
	return t
}

// fail is an error at t, or t's own where t begins no token.
func (p *parser) fail(t token, format string, a ...any) error {
	if t.kind == tBad {
		return errorf(t.at, "%s", t.text)
	}
	return errorf(t.at, format, a...)
}

// is reports whether the next token is the operator or keyword s.
func (p *parser) is(s string) bool {
	t := p.peek()
	return (t.kind == tOp || t.kind == tIdent) && t.text == s
}

func (p *parser) accept(s string) bool {
	if p.is(s) {
		p.next()
		return true
	}
	return false
}

// expect consumes the given operators or keywords, in order.
func (p *parser) expect(ops ...string) error {
	for _, s := range ops {
		if t := p.peek(); !p.is(s) {
			return p.fail(t, "expected %q, found %s", s, t)
		}
		p.next()
	}
	return nil
}

// sum reads an additive expression: a step bound or a threshold (P>=1-p
// [ ... ]), which stops before a comparison.
func (p *parser) sum() (*expr, error) { return p.binary(len(levels) - 2) }

func (p *parser) ident(what string) (token, error) {
	t := p.peek()
	if t.kind != tIdent || keywords[t.text] {
		return t, p.fail(t, "expected %s, found %s", what, t)
	}
	return p.next(), nil
}

// keywords are the PRISM language's reserved words.
var keywords = map[string]bool{
	"A": true, "bool": true, "clock": true, "const": true, "ctmc": true, "C": true, "double": true, "dtmc": true,
	"E": true, "endinit": true, "endinvariant": true, "endmodule": true, "endobservables": true, "endplayer": true,
	"endrewards": true, "endsystem": true, "false": true, "formula": true, "filter": true, "func": true, "F": true,
	"global": true, "G": true, "init": true, "invariant": true, "I": true, "int": true, "label": true, "max": true,
	"mdp": true, "min": true, "module": true, "X": true, "nondeterministic": true, "observable": true,
	"observables": true, "of": true, "Pmax": true, "Pmin": true, "P": true, "pomdp": true, "popta": true,
	"probabilistic": true, "prob": true, "pta": true, "rate": true, "rewards": true, "Rmax": true, "Rmin": true,
	"R": true, "S": true, "stochastic": true, "system": true, "true": true, "U": true, "W": true, "smg": true,
	"player": true,
}

// parseModel reads a model file.
func parseModel(g *budget.Guard, src string) (*modelAST, error) {
	p := newParser(g, src, "")
	m, err := p.model()
	if err != nil {
		return nil, p.failed(err)
	}
	return m, p.failed(nil)
}

func (p *parser) model() (*modelAST, error) {
	m := &modelAST{}
	for p.compact(); p.peek().kind != tEOF; p.compact() {
		t := p.peek()
		if t.kind != tIdent {
			return nil, p.fail(t, "expected a declaration (const, formula, label, global, module, rewards, init), found %s", t)
		}
		switch t.text {
		case "dtmc", "probabilistic", "mdp", "nondeterministic":
			if m.typ != "" {
				return nil, p.fail(t, "a second model type (the first is at %s)", m.typAt)
			}
			p.next()
			m.typ, m.typAt = map[string]string{"dtmc": "dtmc", "probabilistic": "dtmc", "mdp": "mdp", "nondeterministic": "mdp"}[t.text], t.at
		case "smg":
			if m.typ != "" {
				return nil, p.fail(t, "a second model type (the first is at %s)", m.typAt)
			}
			p.next()
			m.typ, m.typAt = "smg", t.at
		case "ctmc", "stochastic", "pta", "pomdp", "popta", "csg", "tsg":
			return nil, p.fail(t, "model type %s is not supported (dtmc, mdp and smg are)", t.text)
		case "const":
			c, err := p.constDecl()
			if err != nil {
				return nil, err
			}
			m.consts = append(m.consts, c)
		case "formula":
			f, err := p.formulaDecl()
			if err != nil {
				return nil, err
			}
			m.formulas = append(m.formulas, f)
		case "label":
			l, err := p.labelDecl()
			if err != nil {
				return nil, err
			}
			m.labels = append(m.labels, l)
		case "global":
			p.next()
			v, err := p.varDecl()
			if err != nil {
				return nil, err
			}
			m.globals = append(m.globals, v)
		case "module":
			mod, err := p.module()
			if err != nil {
				return nil, err
			}
			m.modules = append(m.modules, mod)
		case "init":
			p.next()
			if m.init != nil {
				return nil, p.fail(t, "a second init ... endinit block")
			}
			e, err := p.expr()
			if err != nil {
				return nil, err
			}
			if err := p.expect("endinit"); err != nil {
				return nil, err
			}
			m.init = e
		case "rewards":
			r, err := p.rewards()
			if err != nil {
				return nil, err
			}
			m.rewards = append(m.rewards, r)
		case "player":
			pl, err := p.player()
			if err != nil {
				return nil, err
			}
			m.players = append(m.players, pl)
		case "system":
			return nil, p.fail(t, "system ... endsystem (process-algebra composition) is not supported: every module runs in parallel, synchronising on shared actions")
		default:
			return nil, p.fail(t, "expected a declaration (const, formula, label, global, module, rewards, init), found %s", t)
		}
	}
	if m.typ == "" {
		// PRISM's default for a file without a type is an MDP.
		m.typ = "mdp"
	}
	return m, nil
}

func (p *parser) player() (*player, error) {
	p.next() // player
	n, err := p.ident("a player name")
	if err != nil {
		return nil, err
	}
	pl := &player{name: n.text, at: n.at}
	for !p.accept("endplayer") {
		switch t := p.peek(); {
		case p.is("["):
			a, err := p.action()
			if err != nil {
				return nil, err
			}
			if a == "" {
				return nil, p.fail(t, "player %s: an action in brackets needs a name", pl.name)
			}
			pl.actions = append(pl.actions, a)
		case t.kind == tIdent && !keywords[t.text]:
			p.next()
			pl.modules = append(pl.modules, t.text)
		default:
			return nil, p.fail(t, "player %s: expected a module, an [action] or endplayer, found %s", pl.name, t)
		}
		p.accept(",")
	}
	return pl, nil
}

func (p *parser) constDecl() (*constDecl, error) {
	p.next() // const
	c := &constDecl{typ: "int"}
	switch {
	case p.accept("int"):
	case p.accept("double"):
		c.typ = "double"
	case p.accept("bool"):
		c.typ = "bool"
	case p.is("rate") || p.is("prob"):
		p.next()
		c.typ = "double"
	}
	n, err := p.ident("a constant name")
	if err != nil {
		return nil, err
	}
	c.name, c.at = n.text, n.at
	if p.accept("=") {
		if c.value, err = p.expr(); err != nil {
			return nil, err
		}
	}
	return c, p.expect(";")
}

func (p *parser) formulaDecl() (named, error) {
	p.next() // formula
	n, err := p.ident("a formula name")
	if err != nil {
		return named{}, err
	}
	if err := p.expect("="); err != nil {
		return named{}, err
	}
	e, err := p.expr()
	if err != nil {
		return named{}, err
	}
	return named{n.text, e, n.at}, p.expect(";")
}

func (p *parser) labelDecl() (named, error) {
	p.next() // label
	t := p.peek()
	if t.kind != tString {
		return named{}, p.fail(t, "expected a quoted label name, found %s", t)
	}
	p.next()
	if err := p.expect("="); err != nil {
		return named{}, err
	}
	e, err := p.expr()
	if err != nil {
		return named{}, err
	}
	return named{t.text, e, t.at}, p.expect(";")
}

func (p *parser) varDecl() (*varDecl, error) {
	n, err := p.ident("a variable name")
	if err != nil {
		return nil, err
	}
	v := &varDecl{name: n.text, at: n.at}
	if err := p.expect(":"); err != nil {
		return nil, err
	}
	switch {
	case p.accept("bool"):
		v.isBool = true
	case p.accept("["):
		if v.lo, err = p.expr(); err != nil {
			return nil, err
		}
		if err := p.expect(".."); err != nil {
			return nil, err
		}
		if v.hi, err = p.expr(); err != nil {
			return nil, err
		}
		if err := p.expect("]"); err != nil {
			return nil, err
		}
	case p.is("int") || p.is("clock") || p.is("double"):
		return nil, p.fail(p.peek(), "variable %s: only bounded integers ([lo..hi]) and bool are supported", v.name)
	default:
		return nil, p.fail(p.peek(), "expected a type ([lo..hi] or bool), found %s", p.peek())
	}
	if p.accept("init") {
		if v.init, err = p.expr(); err != nil {
			return nil, err
		}
	}
	return v, p.expect(";")
}

func (p *parser) module() (*module, error) {
	p.next() // module
	n, err := p.ident("a module name")
	if err != nil {
		return nil, err
	}
	m := &module{name: n.text, at: n.at}
	if p.accept("=") {
		b, err := p.ident("the module to rename")
		if err != nil {
			return nil, err
		}
		m.base, m.rename = b.text, map[string]string{}
		if err := p.expect("["); err != nil {
			return nil, err
		}
		for {
			from, err := p.ident("a name to rename")
			if err != nil {
				return nil, err
			}
			if err := p.expect("="); err != nil {
				return nil, err
			}
			to, err := p.ident("its new name")
			if err != nil {
				return nil, err
			}
			if _, dup := m.rename[from.text]; dup {
				return nil, p.fail(from, "%s is renamed twice", from.text)
			}
			m.rename[from.text] = to.text
			if !p.accept(",") {
				break
			}
		}
		return m, p.expect("]", "endmodule")
	}
	for p.compact(); !p.accept("endmodule"); p.compact() {
		t := p.peek()
		switch {
		case t.kind == tEOF:
			return nil, p.fail(t, "module %s: expected endmodule, found the end of the file", m.name)
		case p.is("["):
			c, err := p.command()
			if err != nil {
				return nil, err
			}
			m.cmds = append(m.cmds, c)
		default:
			v, err := p.varDecl()
			if err != nil {
				return nil, err
			}
			m.vars = append(m.vars, v)
		}
	}
	return m, nil
}

func (p *parser) action() (string, error) {
	if err := p.expect("["); err != nil {
		return "", err
	}
	a := ""
	if p.peek().kind == tIdent {
		t, err := p.ident("an action")
		if err != nil {
			return "", err
		}
		a = t.text
	}
	return a, p.expect("]")
}

func (p *parser) command() (*command, error) {
	c := &command{at: p.peek().at}
	var err error
	if c.action, err = p.action(); err != nil {
		return nil, err
	}
	if c.guard, err = p.expr(); err != nil {
		return nil, err
	}
	if err := p.expect("->"); err != nil {
		return nil, err
	}
	for {
		var u update
		// "p : assignments", or assignments alone (probability 1). A
		// probability is told apart by the colon that follows it.
		if !p.is("true") && !(p.is("(") && p.peekAt(1).kind == tIdent && p.peekAt(2).text == "'") {
			if u.prob, err = p.expr(); err != nil {
				return nil, err
			}
			if err := p.expect(":"); err != nil {
				return nil, err
			}
		}
		if !p.accept("true") {
			for {
				if err := p.expect("("); err != nil {
					return nil, err
				}
				n, err := p.ident("a variable")
				if err != nil {
					return nil, err
				}
				if err := p.expect("'", "="); err != nil {
					return nil, err
				}
				e, err := p.expr()
				if err != nil {
					return nil, err
				}
				if err := p.expect(")"); err != nil {
					return nil, err
				}
				u.assigns = append(u.assigns, assign{n.text, e, n.at})
				if !p.accept("&") {
					break
				}
			}
		}
		c.updates = append(c.updates, u)
		if !p.accept("+") {
			break
		}
	}
	return c, p.expect(";")
}

func (p *parser) rewards() (*rewardStruct, error) {
	t := p.next() // rewards
	r := &rewardStruct{at: t.at}
	if s := p.peek(); s.kind == tString {
		p.next()
		r.name = s.text
	}
	for p.compact(); !p.accept("endrewards"); p.compact() {
		it := rewardItem{at: p.peek().at}
		if p.peek().kind == tEOF {
			return nil, p.fail(p.peek(), "expected endrewards, found the end of the file")
		}
		if p.is("[") {
			a, err := p.action()
			if err != nil {
				return nil, err
			}
			it.trans, it.action = true, a
		}
		var err error
		if it.guard, err = p.expr(); err != nil {
			return nil, err
		}
		if err := p.expect(":"); err != nil {
			return nil, err
		}
		if it.val, err = p.expr(); err != nil {
			return nil, err
		}
		if err := p.expect(";"); err != nil {
			return nil, err
		}
		r.items = append(r.items, it)
	}
	return r, nil
}

// Expressions, lowest precedence first: ?: => <=> | & ! (= !=) (< <= > >=)
// (+ -) (* /) unary minus.

func (p *parser) expr() (*expr, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer p.leave()
	c, err := p.implies()
	if err != nil || !p.is("?") {
		return c, err
	}
	at := p.next().at
	a, err := p.expr()
	if err != nil {
		return nil, err
	}
	if err := p.expect(":"); err != nil {
		return nil, err
	}
	b, err := p.expr()
	if err != nil {
		return nil, err
	}
	return node(&expr{op: "?:", args: []*expr{c, a, b}, at: at})
}

func (p *parser) implies() (*expr, error) {
	l, err := p.binary(0)
	if err != nil || !p.is("=>") {
		return l, err
	}
	at := p.next().at
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer p.leave()
	r, err := p.implies() // right associative
	if err != nil {
		return nil, err
	}
	return node(&expr{op: "=>", args: []*expr{l, r}, at: at})
}

// levels are the left-associative binary operators from <=> up to * and /;
// "!" sits between & and the equalities.
var levels = [][]string{{"<=>"}, {"|"}, {"&"}, {"=", "!="}, {"<", "<=", ">", ">="}, {"+", "-"}, {"*", "/"}}

func (p *parser) binary(level int) (*expr, error) {
	if level == len(levels) {
		return p.unary()
	}
	if level == 3 && p.is("!") {
		at := p.next().at
		if err := p.enter(); err != nil {
			return nil, err
		}
		defer p.leave()
		x, err := p.binary(3)
		if err != nil {
			return nil, err
		}
		return node(&expr{op: "!", args: []*expr{x}, at: at})
	}
	l, err := p.binary(level + 1)
	if err != nil {
		return nil, err
	}
	for {
		t := p.peek()
		if t.kind != tOp || !contains(levels[level], t.text) {
			return l, nil
		}
		p.next()
		r, err := p.binary(level + 1)
		if err != nil {
			return nil, err
		}
		if l, err = node(&expr{op: t.text, args: []*expr{l, r}, at: t.at}); err != nil {
			return nil, err
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func (p *parser) unary() (*expr, error) {
	if !p.is("-") && !p.is("!") {
		return p.primary()
	}
	t := p.next()
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer p.leave()
	x, err := p.unary()
	if err != nil {
		return nil, err
	}
	op := "neg"
	if t.text == "!" {
		op = "!"
	}
	return node(&expr{op: op, args: []*expr{x}, at: t.at})
}

// functions are PRISM's built-in functions and their arities (-1: two or
// more).
var functions = map[string]int{"min": -1, "max": -1, "floor": 1, "ceil": 1, "round": 1, "pow": 2, "mod": 2, "log": 2}

func (p *parser) primary() (*expr, error) {
	t := p.peek()
	switch {
	case t.kind == tNum:
		p.next()
		return &expr{op: "num", name: t.text, at: t.at}, nil
	case t.kind == tString:
		p.next()
		return &expr{op: "label", name: t.text, at: t.at}, nil
	case p.is("("):
		p.next()
		read := p.expr
		if p.path {
			read = p.temporal
		}
		e, err := read()
		if err != nil {
			return nil, err
		}
		return e, p.expect(")")
	case p.is("true") || p.is("false"):
		p.next()
		return &expr{op: "bool", name: t.text, at: t.at}, nil
	case p.is("func"):
		p.next()
		if err := p.expect("("); err != nil {
			return nil, err
		}
		n := p.next()
		if _, ok := functions[n.text]; !ok || n.kind != tIdent {
			return nil, p.fail(n, "unknown function %s", n)
		}
		if err := p.expect(","); err != nil {
			return nil, err
		}
		return p.call(n)
	case t.kind == tIdent && functions[t.text] != 0 && p.peekAt(1).text == "(":
		p.next()
		p.next()
		return p.call(t)
	case t.kind == tIdent && propOps[t.text]:
		return p.probOp()
	case t.kind == tOp && (t.text == "<<" || t.text == "[" && p.peekAt(1).text == "["):
		return p.probOp()
	case t.kind == tIdent && t.text == "filter":
		return p.filter()
	case t.kind == tIdent && (t.text == "A" || t.text == "E") && p.peekAt(1).text == "[":
		return p.quantifier()
	case t.kind == tIdent && !keywords[t.text]:
		p.next()
		return &expr{op: "id", name: t.text, at: t.at}, nil
	}
	return nil, p.fail(t, "expected an expression, found %s", t)
}

// filter reads filter(fun, property) or filter(fun, property, states):
// op "filter", name the function, args the property and the states (if
// given). The translation says which it answers.
func (p *parser) filter() (*expr, error) {
	t := p.next()
	if err := p.expect("("); err != nil {
		return nil, err
	}
	fun := p.next() // min and max are also function names; +, & and | are operators
	if fun.kind != tIdent && !slices.Contains([]string{"+", "&", "|"}, fun.text) {
		return nil, p.fail(fun, "expected a filter function (min, max, avg, sum, forall, exists, ...), found %s", fun)
	}
	if err := p.expect(","); err != nil {
		return nil, err
	}
	args, err := p.args()
	if err != nil {
		return nil, err
	}
	if len(args) > 2 {
		return nil, p.fail(t, "filter takes a function, a property and the states, not %d arguments", len(args)+1)
	}
	return node(&expr{op: "filter", name: fun.text, args: args, at: t.at})
}

// call reads the arguments of a function, after its "(" (or "func(name,").
func (p *parser) call(name token) (*expr, error) {
	args, err := p.args()
	if err != nil {
		return nil, err
	}
	e, err := node(&expr{op: "call", name: name.text, args: args, at: name.at})
	if err != nil {
		return nil, err
	}
	switch n := functions[name.text]; {
	case n == -1 && len(e.args) < 2:
		return nil, p.fail(name, "%s takes two or more arguments", name.text)
	case n > 0 && len(e.args) != n:
		return nil, p.fail(name, "%s takes %d argument(s), not %d", name.text, n, len(e.args))
	}
	return e, nil
}

// args reads expressions separated by commas, and the ")" after them.
func (p *parser) args() ([]*expr, error) {
	var args []*expr
	for {
		a, err := p.expr()
		if err != nil {
			return nil, err
		}
		args = append(args, a)
		if !p.accept(",") {
			break
		}
	}
	return args, p.expect(")")
}
