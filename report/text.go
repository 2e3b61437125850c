package report

import (
	"bytes"
	"fmt"
	"math/big"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gamesolve/gamesolve/engine"
)

// Float formats a float64 for text: the command line's --digits.
type Float func(float64) string

// Table writes rows of cells with right-aligned columns.
func Table(buf *bytes.Buffer, rows [][]string) {
	var width []int
	for _, r := range rows {
		for i, c := range r {
			if i >= len(width) {
				width = append(width, 0)
			}
			width[i] = max(width[i], len(c))
		}
	}
	for _, r := range rows {
		var line strings.Builder
		for i, c := range r {
			if i > 0 {
				line.WriteByte(' ')
			}
			line.WriteString(strings.Repeat(" ", width[i]-len(c)))
			line.WriteString(c)
		}
		buf.WriteString(strings.TrimRight(line.String(), " "))
		buf.WriteByte('\n')
	}
}

// MethodCounts lists, for JSON, how many components each method solved.
func MethodCounts(m map[engine.Method]int) map[string]int {
	out := map[string]int{}
	for k, v := range m {
		if v > 0 {
			out[k.String()] = v
		}
	}
	return out
}

// MethodsText is "value iteration 9797, elimination 4, direct 2", most
// used first.
func MethodsText(m map[engine.Method]int) string {
	var parts []string
	ms := engine.Methods()
	sort.SliceStable(ms, func(i, j int) bool { return m[ms[i]] > m[ms[j]] })
	for _, k := range ms {
		if m[k] > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", k, m[k]))
		}
	}
	return strings.Join(parts, ", ")
}

// conv turns a solver's value into its float64 and, in exact mode, its
// "p/q" form ("" in float mode).
type conv[T any] func(T) (float64, string)

func exactConv(x *big.Rat) (float64, string) {
	f, _ := x.Float64()
	return f, x.RatString()
}

func floatConv(x float64) (float64, string) { return x, "" }

// Printable returns a name from a model file for text output: as it is,
// or quoted with Go's escapes (strconv.Quote) when it holds a control or
// formatting character or is not UTF-8, so that an escape sequence or a
// right-to-left override in a state or action name never reaches the
// terminal.
func Printable(s string) string {
	if !utf8.ValidString(s) {
		return strconv.Quote(s)
	}
	for _, r := range s {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
			return strconv.Quote(s)
		}
	}
	return s
}
