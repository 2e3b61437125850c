package extensive

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/solver"
)

// maxMatrixText bounds the text ParseMatrix reads.
const maxMatrixText = 1 << 20

// ParseMatrix reads a two-player matrix game written inline: rows
// separated by ";", cells by spaces. A cell is the row player's payoff (the
// column player gets its negative: a zero-sum game), or "a,b" for the row
// and the column player's payoffs (a bimatrix game); the cells are all of
// one kind. Numbers are integers, decimals or fractions p/q, signed. rows
// and cols name the strategies (nil: r1, r2, … and c1, c2, …).
//
//	ParseMatrix("0 -1 1; 1 0 -1; -1 1 0", nil, nil) // rock–paper–scissors
//	ParseMatrix("3,3 0,5; 5,0 1,1", nil, nil)       // prisoner's dilemma
func ParseMatrix(text string, rows, cols []string) (*Game, error) {
	if len(text) > maxMatrixText {
		return nil, solver.Invalidf("matrix: the text has %d bytes, more than %d", len(text), maxMatrixText)
	}
	var cells [][][]*big.Rat
	bi := -1 // unknown, 0 zero-sum, 1 bimatrix
	for i, line := range strings.Split(text, ";") {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			return nil, solver.Invalidf("matrix: row %d is empty", i+1)
		}
		var row [][]*big.Rat
		for j, f := range fields {
			parts := strings.Split(f, ",")
			kind := 0
			if len(parts) == 2 {
				kind = 1
			}
			if len(parts) > 2 || bi >= 0 && kind != bi {
				return nil, solver.Invalidf("matrix: row %d, column %d: %s: every cell is one payoff (zero-sum) or every cell is two, as 3,-1", i+1, j+1, numeric.Shorten(f, 24))
			}
			bi = kind
			var u []*big.Rat
			for _, s := range parts {
				v, err := signedRat(s)
				if err != nil {
					return nil, solver.Invalidf("matrix: row %d, column %d: %v", i+1, j+1, err)
				}
				u = append(u, v)
			}
			if kind == 0 {
				u = append(u, new(big.Rat).Neg(u[0]))
			}
			row = append(row, u)
		}
		if len(cells) > 0 && len(row) != len(cells[0]) {
			return nil, solver.Invalidf("matrix: row %d has %d cells, row 1 has %d", i+1, len(row), len(cells[0]))
		}
		cells = append(cells, row)
	}
	m, n := len(cells), len(cells[0])
	name := func(given []string, prefix string, k int, who string) ([]string, error) {
		if given == nil {
			out := make([]string, k)
			for i := range out {
				out[i] = fmt.Sprint(prefix, i+1)
			}
			return out, nil
		}
		if len(given) != k {
			return nil, solver.Invalidf("matrix: %d names for the %s player's %d strategies", len(given), who, k)
		}
		return given, nil
	}
	rows, err := name(rows, "r", m, "row")
	if err != nil {
		return nil, err
	}
	if cols, err = name(cols, "c", n, "column"); err != nil {
		return nil, err
	}
	var payoffs [][]*big.Rat
	for j := range n {
		for i := range m {
			payoffs = append(payoffs, cells[i][j])
		}
	}
	return Strategic("matrix game", []string{"row", "column"}, [][]string{rows, cols}, payoffs)
}

// signedRat parses an optionally signed integer, decimal or fraction.
func signedRat(s string) (*big.Rat, error) {
	neg := strings.HasPrefix(s, "-")
	if i := strings.IndexByte(s, '/'); i >= 0 {
		num, err := numeric.ParseRat(strings.TrimPrefix(s[:i], "-"))
		if err != nil {
			return nil, err
		}
		den, err := numeric.ParseRat(s[i+1:])
		if err != nil || den.Sign() == 0 || !num.IsInt() || !den.IsInt() {
			return nil, fmt.Errorf("%s is not a fraction of integers", numeric.Shorten(s, 24))
		}
		num.Quo(num, den)
		if neg {
			num.Neg(num)
		}
		return num, nil
	}
	return numeric.ParseNumber(s)
}
