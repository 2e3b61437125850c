package prism_test

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/gamesolve/gamesolve/model/jani"
	"github.com/gamesolve/gamesolve/model/prism"
)

// casesDir holds PRISM's and PRISM-games' regression cases with their
// published results (GPL-2.0 test data, kept outside the repository).
const casesDir = "../../../shared/prism/cases"

type caseFile struct {
	Model      string            `json:"model"`
	Props      string            `json:"props"`
	Type       string            `json:"type"`
	Consts     map[string]string `json:"consts"`
	States     int               `json:"states"`
	Properties []struct {
		Index    int             `json:"index"`
		Text     string          `json:"text"`
		Kind     string          `json:"kind"`
		Expected json.RawMessage `json:"expected"`
	} `json:"properties"`
}

// Every case of ../shared/prism whose constructs the reader supports gives
// the published state count and values: exact equality where the result
// was published as a fraction, 1e-6 relative otherwise, true/false for
// thresholds. Constructs not supported yet are listed, and must fail with
// a message that says so; none may give a wrong answer.
func TestPRISMCases(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join(casesDir, "*", "expected.json"))
	if len(paths) == 0 {
		if os.Getenv("CI") != "" {
			t.Fatalf("no cases in %s", casesDir)
		}
		t.Skipf("no cases in %s", casesDir)
	}
	sort.Strings(paths)
	checked, total := 0, 0
	unsupported := map[string]int{}
	for _, path := range paths {
		dir := filepath.Dir(path)
		var c caseFile
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(raw, &c); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		total += len(c.Properties)
		mb, err := os.ReadFile(filepath.Join(dir, c.Model))
		if err != nil {
			t.Fatal(err)
		}
		pb, err := os.ReadFile(filepath.Join(dir, c.Props))
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(dir)
		// Each property alone: one that is not supported must not keep
		// the others from being checked.
		props := splitProps(string(pb))
		for _, want := range c.Properties {
			if want.Index > props.len() {
				t.Fatalf("%s: property %d of %d", name, want.Index, props.len())
			}
			one := props.with(want.Index - 1)
			m, err := prism.Parse(mb, []byte(one), c.Consts, name)
			if err == nil && len(m.Properties()) != 1 {
				t.Fatalf("%s %d: %d properties", name, want.Index, len(m.Properties()))
			}
			var res *jani.Result
			if err == nil {
				res, err = m.Check(context.Background(), jani.Options{Exact: true})
			}
			if err != nil {
				if why := notSupported(err); why != "" {
					unsupported[why]++
					continue
				}
				t.Errorf("%s %d %s: %v", name, want.Index, want.Text, err)
				continue
			}
			if res.States != c.States {
				t.Errorf("%s: %d states, PRISM builds %d", name, res.States, c.States)
			}
			got := res.Properties[0]
			if got.Skipped != "" {
				unsupported["JANI subset: "+got.Skipped]++
				continue
			}
			if msg := compare(got, want.Expected); msg != "" {
				t.Errorf("%s %d %s: %s", name, want.Index, want.Text, msg)
				continue
			}
			checked++
		}
	}
	t.Logf("%d of %d published properties checked", checked, total)
	var why []string
	for w := range unsupported {
		why = append(why, w)
	}
	sort.Strings(why)
	for _, w := range why {
		t.Logf("not supported yet (%d): %s", unsupported[w], w)
	}
	if checked < 100 {
		t.Errorf("only %d properties checked", checked)
	}
}

// notSupported returns the construct an error names as not supported, or
// "" for any other error.
func notSupported(err error) string {
	s := err.Error()
	if errors.Is(err, jani.ErrUnsupported) || strings.Contains(s, "not supported") {
		if i := strings.Index(s, ": "); i >= 0 {
			// Drop the position, keep the construct.
			parts := strings.Split(s, ": ")
			return parts[len(parts)-1]
		}
		return s
	}
	return ""
}

func compare(got jani.PropertyResult, raw json.RawMessage) string {
	var b bool
	if json.Unmarshal(raw, &b) == nil {
		if got.Holds == nil || *got.Holds != b {
			return "holds " + fmtHolds(got.Holds) + ", want " + string(raw)
		}
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		if s == "Infinity" {
			if !got.Infinite {
				return "finite, want infinity"
			}
			return ""
		}
		want, ok := new(big.Rat).SetString(s)
		if !ok {
			return "bad expected value " + s
		}
		if got.Exact == nil || got.Exact.Cmp(want) != 0 {
			return "exact " + ratString(got.Exact) + ", want " + s
		}
		return ""
	}
	var x float64
	if err := json.Unmarshal(raw, &x); err != nil {
		return "bad expected value " + string(raw)
	}
	if got.Infinite {
		return "infinite, want " + string(raw)
	}
	if d := math.Abs(got.Value - x); d > 1e-6*math.Abs(x) && d > 1e-9 {
		return "value " + ratString(got.Exact) + ", want " + string(raw)
	}
	return ""
}

func fmtHolds(h *bool) string {
	if h == nil {
		return "nil"
	}
	if *h {
		return "true"
	}
	return "false"
}

func ratString(r *big.Rat) string {
	if r == nil {
		return "nil"
	}
	return r.RatString()
}

// propsText is a properties file split into its declarations and its
// properties, in order.
type propsText struct {
	decls []string
	props []string
}

// splitProps splits a properties file at the semicolons that end its
// statements (outside comments and quotes).
func splitProps(src string) propsText {
	var out propsText
	var cur strings.Builder
	inQuote := false
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case !inQuote && strings.HasPrefix(src[i:], "//"):
			for i < len(src) && src[i] != '\n' {
				i++
			}
			cur.WriteByte('\n')
			continue
		case c == '"':
			inQuote = !inQuote
		case c == ';' && !inQuote:
			out.add(cur.String())
			cur.Reset()
			continue
		}
		cur.WriteByte(c)
	}
	out.add(cur.String())
	return out
}

func (p *propsText) add(s string) {
	s = strings.TrimSpace(s)
	switch {
	case s == "":
	case strings.HasPrefix(s, "const ") || strings.HasPrefix(s, "label ") || strings.HasPrefix(s, "formula "):
		p.decls = append(p.decls, s)
	default:
		p.props = append(p.props, s)
	}
}

func (p propsText) len() int { return len(p.props) }

// with is the file with only property i.
func (p propsText) with(i int) string {
	return strings.Join(append(append([]string(nil), p.decls...), p.props[i]), ";\n") + ";\n"
}
