package prism

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/gamesolve/gamesolve/model/jani"
	"github.com/gamesolve/gamesolve/solver"
)

// Parse reads a PRISM model and its properties (props may be empty: a
// model without properties) and returns it as a JANI model, ready for
// Check. consts gives the values of constants the files leave open (as
// with jani.Parse). name names the model in results. Errors name the line
// and column; they wrap solver.ErrInvalid.
func Parse(model, props []byte, consts map[string]string, name string) (*jani.Model, error) {
	doc, err := ToJANI(model, props, name)
	if err != nil {
		return nil, err
	}
	m, err := jani.Parse(doc, consts)
	if err != nil {
		return nil, fmt.Errorf("prism: in the translation to JANI: %w", err)
	}
	return m, nil
}

// ToJANI translates a PRISM model and its properties into a JANI document
// (jani-spec.org) that other tools can read.
func ToJANI(model, props []byte, name string) ([]byte, error) {
	m, err := parseModel(string(model))
	if err != nil {
		return nil, solver.Invalidf("prism: %w", err)
	}
	ps := &propsAST{}
	if len(bytes.TrimSpace(props)) > 0 {
		if ps, err = parseProps(string(props)); err != nil {
			return nil, solver.Invalidf("prism: %w", err)
		}
	}
	doc, err := toJANI(m, ps, name)
	if err != nil {
		return nil, solver.Invalidf("prism: %w", err)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	if err := enc.Encode(doc); err != nil {
		return nil, fmt.Errorf("prism: %w", err)
	}
	return b.Bytes(), nil
}
