package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"strings"
)

// emit writes either v as one JSON object or the text that text produces.
// Output is assembled in memory first, so a failure leaves stdout empty.
func emit(w io.Writer, asJSON bool, v any, text func(*bytes.Buffer)) error {
	var buf bytes.Buffer
	if asJSON {
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(v); err != nil {
			return fmt.Errorf("encoding JSON: %w", err)
		}
	} else {
		text(&buf)
	}
	if _, err := w.Write(buf.Bytes()); err != nil {
		return &writeError{err}
	}
	return nil
}

// ratString is the contract's exact form "p/q" (always with a denominator).
func ratString(r *big.Rat) string { return r.String() }

// float formats a float64 for text output at full precision.
func float(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// table writes rows of cells with right-aligned columns.
func table(buf *bytes.Buffer, rows [][]string) {
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
