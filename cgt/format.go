package cgt

import (
	"math/big"
	"strconv"
	"strings"
)

// String returns g in CGSuite notation: numbers ("3/4"), x + n·↑ + *m
// ("1/2^*", "^^", "v3*2"), switches ("±1", "2±1"), and otherwise
// {L|R} with slash bars for a lone nested option ({3||2|1}).
func (g Game) String() string {
	s, err := locked(func() string {
		tab.check(g)
		text, bars := tab.format(g)
		if bars > 0 {
			text = "{" + text + "}"
		}
		return text
	})
	if err != nil {
		return "<" + err.Error() + ">"
	}
	return s
}

func formatNumber(x *big.Rat) string { return x.RatString() }

func formatNus(v *nus) string {
	var b strings.Builder
	if v.x.Sign() != 0 || (v.n == 0 && v.m == 0) {
		b.WriteString(formatNumber(v.x))
	}
	n := v.n
	sym := "^"
	if n < 0 {
		n, sym = -n, "v"
	}
	switch {
	case n == 1:
		b.WriteString(sym)
	case n == 2:
		b.WriteString(sym + sym)
	case n > 2:
		b.WriteString(sym + strconv.Itoa(n))
	}
	switch {
	case v.m == 1:
		b.WriteString("*")
	case v.m > 1:
		b.WriteString("*" + strconv.Itoa(v.m))
	}
	return b.String()
}

// format returns g's notation and, for a bare {L|R} form, its bar count
// (0 for forms that need no braces to stand alone).
func (t *table) format(g Game) (string, int) {
	if x := t.nodes[g].num; x != nil {
		return formatNumber(x), 0
	}
	if v := t.recognize(g); v != nil {
		return formatNus(v), 0
	}
	gl, gr := t.options(g)
	// A switch between numbers, {a|b} with a > b: m ± d.
	if len(gl) == 1 && len(gr) == 1 && t.isNumber(gl[0]) && t.isNumber(gr[0]) {
		a, b := t.nodes[gl[0]].num, t.nodes[gr[0]].num
		m := new(big.Rat).Add(a, b)
		m.Quo(m, big.NewRat(2, 1))
		d := new(big.Rat).Sub(a, b)
		d.Quo(d, big.NewRat(2, 1))
		prefix := ""
		if m.Sign() != 0 {
			prefix = formatNumber(m)
		}
		return prefix + "±" + formatNumber(d), 0
	}
	side := func(opts []Game) (string, int) {
		if len(opts) == 1 {
			s, bars := t.format(opts[0])
			return s, bars
		}
		parts := make([]string, len(opts))
		for i, o := range opts {
			s, bars := t.format(o)
			if bars > 0 {
				s = "{" + s + "}"
			}
			parts[i] = s
		}
		return strings.Join(parts, ","), 0
	}
	ls, lb := side(gl)
	rs, rb := side(gr)
	bars := max(lb, rb) + 1
	return ls + strings.Repeat("|", bars) + rs, bars
}
