package cli

import (
	"encoding/csv"
	"os"

	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/spf13/cobra"
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

// float formats a float64 for text output: at full precision, or with
// --digits D to D decimals. JSON always carries full precision.
func (e *env) float(x float64) string {
	if e.digits >= 0 {
		return strconv.FormatFloat(x, 'f', e.digits, 64)
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}

// methodFlag reads --method: fast (false) or general (true).
func methodFlag(s string) (general bool, err error) {
	switch s {
	case "fast":
		return false, nil
	case "general":
		return true, nil
	}
	return false, fmt.Errorf("--method %q: want fast or general", s)
}

// maxPolicyEntries bounds the policy that --policy prints, in text or
// JSON, the same for every command; --csv FILE writes a policy of any size.
const maxPolicyEntries = 100_000

// checkPolicySize refuses a --policy printout over maxPolicyEntries.
func checkPolicySize(cmd *cobra.Command, entries float64) error {
	if entries > maxPolicyEntries {
		return &usageError{fmt.Sprintf("%s: --policy would print %.0f entries, more than %d; write them with --csv FILE instead", cmd.Name(), entries, maxPolicyEntries), helpOf(cmd)}
	}
	return nil
}

// writeCSV writes rows to path as CSV ("-" is not accepted: stdout carries
// the result).
func writeCSV(path string, rows [][]string) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("--csv: %w", err)
	}
	w := csv.NewWriter(f)
	if err := w.WriteAll(rows); err != nil {
		f.Close()
		return &writeError{err}
	}
	if err := f.Close(); err != nil {
		return &writeError{err}
	}
	return nil
}

// gridCSV is a table with a header row and column: corner, column labels
// 1..cols, and for each row its label and cells.
func gridCSV(corner string, rows, cols int, rowLabel func(i int) string, colLabel func(j int) string, cell func(i, j int) string) [][]string {
	out := make([][]string, 0, rows+1)
	head := []string{corner}
	for j := range cols {
		head = append(head, colLabel(j))
	}
	out = append(out, head)
	for i := range rows {
		row := make([]string, 0, cols+1)
		row = append(row, rowLabel(i))
		for j := range cols {
			row = append(row, cell(i, j))
		}
		out = append(out, row)
	}
	return out
}
