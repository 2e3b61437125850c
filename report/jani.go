package report

import (
	"bytes"
	"context"
	"fmt"

	"github.com/gamesolve/gamesolve/model/jani"
)

// JANI is a checked JANI model: the solve command's JSON and text for one.
type JANI struct {
	Model  string `json:"model"`
	Type   string `json:"type"`
	States int    `json:"states"`
	// Renormalized counts the edges whose probabilities were divided by
	// their sum (--renormalize); absent when none were.
	Renormalized int `json:"renormalized,omitempty"`
	// Rounded names the first irrational power the model took, each
	// rounded to the nearest float64 (float mode); absent when none.
	Rounded    string         `json:"rounded,omitempty"`
	Properties []JANIProperty `json:"properties"`

	exact bool
}

// JANIProperty is one property. Value is a number, true or false for a
// Boolean threshold query (with the value compared as Quantity), and null
// when the property is skipped or infinite.
type JANIProperty struct {
	Name          string     `json:"name"`
	Text          string     `json:"text,omitempty"`
	Kind          string     `json:"kind"`
	Value         any        `json:"value"`
	ValueExact    *string    `json:"value_exact,omitempty"`
	Quantity      *JSONFloat `json:"quantity,omitempty"`
	QuantityExact *string    `json:"quantity_exact,omitempty"`
	Infinite      bool       `json:"infinite,omitempty"`
	Skipped       string     `json:"skipped,omitempty"`
	// Error says why the property could not be read or checked; the
	// others are computed all the same.
	Error string `json:"error,omitempty"`
	Proof
}

// Number returns a numeric property's value (ok false for a skipped,
// infinite or Boolean one).
func (p *JANIProperty) Number() (float64, bool) {
	v, ok := p.Value.(*JSONFloat)
	if !ok || v == nil {
		return 0, false
	}
	return float64(*v), true
}

// CheckJANI computes a JANI model's properties.
func CheckJANI(ctx context.Context, m *jani.Model, opt jani.Options) (*JANI, error) {
	res, err := m.Check(ctx, opt)
	if err != nil {
		return nil, err
	}
	out := &JANI{Model: res.Model, Type: res.Type, States: res.States, Renormalized: res.Renormalized, Rounded: res.Rounded, Properties: []JANIProperty{}, exact: opt.Exact}
	for _, p := range res.Properties {
		jp := JANIProperty{Name: p.Name, Text: p.Text, Kind: p.Kind, Infinite: p.Infinite && p.Holds == nil, Skipped: p.Skipped}
		if p.Err != nil {
			jp.Error = p.Err.Error()
		}
		if p.Unproven {
			jp.Proof = proofOf(1, p.Bound)
		}
		if p.Skipped == "" && p.Err == nil && !p.Infinite {
			if err := fits(p.Value, p.Exact != nil, fmt.Sprintf("property %q's value", p.Name)); err != nil {
				return nil, err
			}
			v := JSONFloat(p.Value)
			var exact *string
			if p.Exact != nil {
				s := p.Exact.RatString()
				exact = &s
			}
			if p.Holds != nil {
				jp.Quantity, jp.QuantityExact = &v, exact
			} else {
				jp.Value, jp.ValueExact = &v, exact
			}
		}
		if p.Holds != nil {
			jp.Value = *p.Holds
		}
		out.Properties = append(out.Properties, jp)
	}
	return out, nil
}

// Failed returns the properties that could not be read or checked.
func (r *JANI) Failed() []JANIProperty {
	var failed []JANIProperty
	for _, p := range r.Properties {
		if p.Error != "" {
			failed = append(failed, p)
		}
	}
	return failed
}

// Text writes the solve command's text for a JANI model.
func (r *JANI) Text(b *bytes.Buffer, float Float) {
	name := r.Model
	if name == "" {
		name = "(unnamed)"
	}
	fmt.Fprintf(b, "%s: %s, %d states\n", Printable(name), r.Type, r.States)
	head := []string{"property", "kind", "value"}
	if r.exact {
		head = append(head, "exact")
	}
	rows := [][]string{head}
	var skipped []JANIProperty
	for _, p := range r.Properties {
		switch {
		case p.Error != "":
			continue
		case p.Skipped != "":
			skipped = append(skipped, p)
			continue
		case p.Infinite:
			rows = append(rows, []string{Printable(p.Name), p.Kind, "infinite"})
			continue
		}
		var row []string
		if b, ok := p.Value.(bool); ok {
			row = []string{Printable(p.Name), p.Kind, fmt.Sprint(b)}
			if r.exact {
				row = append(row, "")
			}
		} else {
			x, _ := p.Number()
			row = []string{Printable(p.Name), p.Kind, floatText(float, x)}
			if p.ValueExact != nil {
				row = append(row, *p.ValueExact)
			}
		}
		rows = append(rows, row)
	}
	if len(rows) > 1 {
		b.WriteString("\n")
		Table(b, rows)
	}
	for _, p := range r.Properties {
		if w := p.warning(); w != "" {
			fmt.Fprintf(b, "%s: %s\n", Printable(p.Name), w)
		}
	}
	if r.Rounded != "" {
		fmt.Fprintf(b, "warning: the model takes irrational powers, such as %s, each rounded to the nearest float64: the values are those of the rounded model (--exact refuses it)\n", Printable(r.Rounded))
	}
	if r.Renormalized > 0 {
		fmt.Fprintf(b, "warning: the probabilities of %d edges did not sum to 1 and were divided by their sum (--renormalize)\n", r.Renormalized)
	}
	if len(skipped) > 0 {
		b.WriteString("\nskipped:\n")
		for _, p := range skipped {
			fmt.Fprintf(b, "  %s: %s\n", Printable(p.Name), Printable(p.Skipped))
		}
	}
	if failed := r.Failed(); len(failed) > 0 {
		b.WriteString("\nerrors:\n")
		for _, p := range failed {
			fmt.Fprintf(b, "  %s: %s\n", Printable(p.Name), Printable(p.Error))
		}
	}
}
