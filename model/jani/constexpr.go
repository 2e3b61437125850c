package jani

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"
)

// A constant's value given outside the model (--const N=2*K+1, p=1/3) is
// an expression in PRISM's syntax over numbers, true and false, and the
// constants defined before it: ?: => | & ! = != < <= > >= + - * / and
// unary minus, with PRISM's precedence, parentheses, and the functions
// min, max, pow, mod, floor, ceil, abs and log. It is read into JANI's
// JSON form and compiled as the model's own constants are, so the value
// is exact and typed the same way.

// maxConstDepth bounds how deeply a given value nests.
const maxConstDepth = 200

// constExpr reads s into a JANI expression (decoded JSON: maps,
// json.Number, strings for names, bools).
func constExpr(s string) (any, error) {
	if !utf8.ValidString(s) {
		return nil, fmt.Errorf("the value is not valid UTF-8")
	}
	c := &constParser{src: s}
	c.next()
	v, err := c.ite(0)
	if err != nil {
		return nil, err
	}
	if c.tok != "" {
		return nil, c.fail("expected an operator or the end, found %q", c.tok)
	}
	return v, nil
}

type constParser struct {
	src string
	i   int    // the next byte
	tok string // the current token; "" at the end
	at  int    // its column, from 1
	num bool   // tok is a number
}

func (c *constParser) fail(format string, a ...any) error {
	return fmt.Errorf("column %d: %s", c.at, fmt.Sprintf(format, a...))
}

// constOps are the operators, longest first.
var constOps = []string{"=>", "<=", ">=", "!=", "&", "|", "!", "=", "<", ">", "+", "-", "*", "/", "?", ":", "(", ")", ","}

func (c *constParser) next() {
	for c.i < len(c.src) && (c.src[c.i] == ' ' || c.src[c.i] == '\t') {
		c.i++
	}
	c.at, c.num = c.i+1, false
	if c.i == len(c.src) {
		c.tok = ""
		return
	}
	s, n := c.src[c.i:], 0
	isDigit := func(b byte) bool { return b >= '0' && b <= '9' }
	isLetter := func(b byte) bool { return b == '_' || b|0x20 >= 'a' && b|0x20 <= 'z' }
	switch {
	case isDigit(s[0]) || s[0] == '.' && len(s) > 1 && isDigit(s[1]):
		for n < len(s) && isDigit(s[n]) {
			n++
		}
		if n < len(s) && s[n] == '.' {
			for n++; n < len(s) && isDigit(s[n]); n++ {
			}
		}
		if n < len(s) && (s[n] == 'e' || s[n] == 'E') {
			m := n + 1
			if m < len(s) && (s[m] == '+' || s[m] == '-') {
				m++
			}
			if m < len(s) && isDigit(s[m]) {
				for n = m; n < len(s) && isDigit(s[n]); n++ {
				}
			}
		}
		c.num = true
	case isLetter(s[0]):
		for n < len(s) && (isLetter(s[n]) || isDigit(s[n])) {
			n++
		}
	default:
		for _, op := range constOps {
			if strings.HasPrefix(s, op) {
				n = len(op)
				break
			}
		}
		if n == 0 {
			r, _ := utf8.DecodeRuneInString(s)
			c.tok = string(r)
			n = len(c.tok)
		}
	}
	c.tok = s[:n]
	c.i += n
}

func (c *constParser) expect(tok string) error {
	if c.tok != tok {
		return c.fail("expected %q, found %s", tok, c.found())
	}
	c.next()
	return nil
}

func (c *constParser) found() string {
	if c.tok == "" {
		return "the end"
	}
	return fmt.Sprintf("%q", c.tok)
}

func binaryOp(op string, l, r any) map[string]any {
	return map[string]any{"op": op, "left": l, "right": r}
}

// constLevels are the left-associative binary operators from | up, each
// with its JANI name; "!" sits between & and the equalities.
var constLevels = [][][2]string{
	{{"|", "∨"}}, {{"&", "∧"}}, {{"=", "="}, {"!=", "≠"}},
	{{"<", "<"}, {"<=", "≤"}, {">", ">"}, {">=", "≥"}}, {{"+", "+"}, {"-", "-"}}, {{"*", "*"}, {"/", "/"}},
}

// ite reads c ? a : b, right associative, and below it =>.
func (c *constParser) ite(depth int) (any, error) {
	if depth > maxConstDepth {
		return nil, c.fail("the value nests more than %d deep", maxConstDepth)
	}
	cond, err := c.implies(depth)
	if err != nil || c.tok != "?" {
		return cond, err
	}
	c.next()
	a, err := c.ite(depth + 1)
	if err != nil {
		return nil, err
	}
	if err := c.expect(":"); err != nil {
		return nil, err
	}
	b, err := c.ite(depth + 1)
	if err != nil {
		return nil, err
	}
	return map[string]any{"op": "ite", "if": cond, "then": a, "else": b}, nil
}

func (c *constParser) implies(depth int) (any, error) {
	l, err := c.binary(0, depth)
	if err != nil || c.tok != "=>" {
		return l, err
	}
	c.next()
	r, err := c.implies(depth + 1)
	if err != nil {
		return nil, err
	}
	return binaryOp("⇒", l, r), nil
}

func (c *constParser) binary(level, depth int) (any, error) {
	if depth > maxConstDepth {
		return nil, c.fail("the value nests more than %d deep", maxConstDepth)
	}
	if level == len(constLevels) {
		return c.unary(depth)
	}
	if level == 2 && c.tok == "!" {
		c.next()
		x, err := c.binary(2, depth+1)
		if err != nil {
			return nil, err
		}
		return map[string]any{"op": "¬", "exp": x}, nil
	}
	l, err := c.binary(level+1, depth)
	if err != nil {
		return nil, err
	}
	for terms := 0; ; terms++ {
		op := ""
		for _, o := range constLevels[level] {
			if c.tok == o[0] && !c.num {
				op = o[1]
			}
		}
		if op == "" {
			return l, nil
		}
		if terms > maxConstDepth {
			return nil, c.fail("the value has more than %d terms in a row", maxConstDepth)
		}
		c.next()
		r, err := c.binary(level+1, depth)
		if err != nil {
			return nil, err
		}
		l = binaryOp(op, l, r)
	}
}

func (c *constParser) unary(depth int) (any, error) {
	if depth > maxConstDepth {
		return nil, c.fail("the value nests more than %d deep", maxConstDepth)
	}
	if c.tok == "-" {
		c.next()
		x, err := c.unary(depth + 1)
		if err != nil {
			return nil, err
		}
		return binaryOp("-", json.Number("0"), x), nil
	}
	return c.primary(depth)
}

// constFuncs are the functions with their JANI names and arities (-1: two
// or more, folded left).
var constFuncs = map[string]struct {
	op    string
	arity int
}{
	"min": {"min", -1}, "max": {"max", -1}, "pow": {"pow", 2}, "mod": {"%", 2}, "log": {"log", 2},
	"floor": {"floor", 1}, "ceil": {"ceil", 1}, "abs": {"abs", 1},
}

func (c *constParser) primary(depth int) (any, error) {
	tok := c.tok
	switch {
	case tok == "":
		return nil, c.fail("expected a value, found the end")
	case c.num:
		c.next()
		if strings.HasPrefix(tok, ".") {
			tok = "0" + tok
		}
		return json.Number(tok), nil
	case tok == "(":
		c.next()
		x, err := c.ite(depth + 1)
		if err != nil {
			return nil, err
		}
		return x, c.expect(")")
	case tok == "true" || tok == "false":
		c.next()
		return tok == "true", nil
	}
	if f, ok := constFuncs[tok]; ok {
		at := c.at
		c.next()
		if err := c.expect("("); err != nil {
			return nil, err
		}
		var args []any
		for {
			a, err := c.ite(depth + 1)
			if err != nil {
				return nil, err
			}
			args = append(args, a)
			if c.tok != "," {
				break
			}
			c.next()
		}
		if err := c.expect(")"); err != nil {
			return nil, err
		}
		switch {
		case f.arity == -1 && len(args) < 2, f.arity > 0 && len(args) != f.arity:
			want := fmt.Sprint(f.arity)
			if f.arity == -1 {
				want = "two or more"
			}
			return nil, fmt.Errorf("column %d: %s takes %s arguments, not %d", at, tok, want, len(args))
		case f.arity == 1:
			return map[string]any{"op": f.op, "exp": args[0]}, nil
		}
		v := args[0]
		for _, a := range args[1:] {
			v = binaryOp(f.op, v, a)
		}
		return v, nil
	}
	if b := tok[0]; b == '_' || b|0x20 >= 'a' && b|0x20 <= 'z' {
		c.next()
		return tok, nil // a constant's name; compile looks it up
	}
	return nil, c.fail("expected a value, found %s", c.found())
}
