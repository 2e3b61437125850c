package prism

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/model/jani"
	"github.com/gamesolve/gamesolve/solver"
)

// Parse reads a PRISM model and its properties (props may be empty: a
// model without properties) and returns it as a JANI model, ready for
// Check, read by jani.ParseDocument from the translation's Go values (no
// JSON text between). consts gives the values of constants the files
// leave open (as with jani.Parse). name names the model in results. Errors name the line
// and column; they wrap solver.ErrInvalid.
func Parse(model, props []byte, consts map[string]string, name string) (*jani.Model, error) {
	return ParseContext(context.Background(), model, props, consts, name)
}

// ParseContext is Parse that stops, with ctx's error, when ctx ends, and
// with budget.ErrTooLarge when the text is too large to read within the
// memory budget (refused before reading) or reading it outgrows the budget.
//
// A property that cannot be read or translated costs only itself: the
// model keeps it, and jani's Check reports it as skipped (PRISM that
// gamesolve reads but does not compute) or with its error, beside the
// others' values. Errors in the model, or in the properties file's
// constants, labels and formulas, are errors of the whole.
func ParseContext(ctx context.Context, model, props []byte, consts map[string]string, name string) (*jani.Model, error) {
	doc, failed, err := translate(ctx, model, props, name, budget.Available())
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("prism: %w", err)
	}
	asDecoded(doc)
	m, err := jani.ParseDocument(doc, consts)
	if err != nil {
		return nil, placed(err)
	}
	for _, f := range failed {
		m.AddFailed(f.index, f.name, f.text, wrap(f.err))
	}
	return m, nil
}

// ToJANI translates a PRISM model and its properties into a JANI document
// (jani-spec.org) that other tools can read.
func ToJANI(model, props []byte, name string) ([]byte, error) {
	return ToJANIContext(context.Background(), model, props, name)
}

// BytesPerByte is the memory that reading a PRISM model takes, in bytes
// for each byte of its text (and its properties'), with room to spare:
// tokens, the syntax tree, the JANI document as Go values, and as text for
// ToJANI. ToJANIContext and ParseContext refuse a text that would not fit
// the memory budget. A model of 200,000 one-line commands
// ("[]x=0->(x'=0);") peaked at 322 bytes a byte (RSS, /usr/bin/time -v),
// the densest shape measured, when Parse still read the document as text.
const BytesPerByte = 400

// ToJANIContext is ToJANI that stops as ParseContext does.
//
// A JANI document holds every property or none: a property that cannot be
// read or translated is an error here, named by its place.
func ToJANIContext(ctx context.Context, model, props []byte, name string) ([]byte, error) {
	doc, failed, err := translate(ctx, model, props, name, budget.Available())
	if err != nil {
		return nil, err
	}
	if len(failed) > 0 {
		f := failed[0]
		more := ""
		if len(failed) > 1 {
			more = fmt.Sprintf(" (and %d more properties)", len(failed)-1)
		}
		return nil, wrap(&Error{File: f.err.File, Line: f.err.Line, Col: f.err.Col, Msg: f.err.Msg + more})
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

// asDecoded writes the Go ints of a translation as json.Number, in place,
// so that the document holds only what encoding/json decodes a JANI text
// into (jani.ParseDocument). The translation's size is bounded
// (maxTranslated, reuse), and so is this walk, shared parts included.
func asDecoded(v any) any {
	switch x := v.(type) {
	case int:
		return json.Number(strconv.Itoa(x))
	case obj:
		for k, y := range x {
			x[k] = asDecoded(y)
		}
	case arr:
		for i, y := range x {
			x[i] = asDecoded(y)
		}
	}
	return v
}

// translate reads a PRISM model and its properties into a JANI document,
// within avail bytes of memory.
func translate(ctx context.Context, model, props []byte, name string, avail uint64) (obj, []propFailure, error) {
	if n := float64(len(model) + len(props)); n*BytesPerByte > float64(avail) {
		return nil, nil, fmt.Errorf("prism: %w: reading %s of PRISM text takes about %d bytes per byte, %s",
			budget.ErrTooLarge, budget.Bytes(n), BytesPerByte, budget.Room(avail))
	}
	g := budget.NewGuard(ctx, 0)
	m, err := parseModel(g, string(model))
	if err != nil {
		return nil, nil, wrap(err)
	}
	ps := &propsAST{}
	if len(bytes.TrimSpace(props)) > 0 {
		if ps, err = parseProps(g, string(props)); err != nil {
			return nil, nil, wrap(err)
		}
	}
	doc, failed, err := toJANI(g, m, ps, name)
	if err != nil {
		return nil, nil, wrap(err)
	}
	if err := g.Check(); err != nil {
		return nil, nil, wrap(err)
	}
	return doc, failed, nil
}

// prismPlace finds the places the translation wrote in the JANI
// document's comments ("prism 4:2", on each edge, the command's, and each
// variable), as the JANI reader's messages name them. Assignments have
// none: a comment each cost a sixth more memory on a model of short
// commands, and the JANI path after the place names the assignment.
var prismPlace = regexp.MustCompile(`\[prism (\d+):(\d+)\]`)

// placed is the JANI reader's error on the translation, an error such as
// an int variable assigned x/2 that the translation does not check: at
// the PRISM place of the command or variable the message names,
// with what is wrong, and the JANI path after it; without a place, as it
// is.
func placed(err error) error {
	msg := err.Error()
	all := prismPlace.FindAllStringSubmatchIndex(msg, -1)
	if len(all) == 0 {
		if strings.HasPrefix(msg, "jani: --const ") || strings.Contains(msg, "give it with --const") {
			// The command line's constants, not the translation.
			return solver.Invalidf("prism: %s", strings.TrimPrefix(msg, "jani: "))
		}
		return fmt.Errorf("prism: in the translation to JANI: %w", err)
	}
	last := all[len(all)-1]
	line, _ := strconv.Atoi(msg[last[2]:last[3]])
	col, _ := strconv.Atoi(msg[last[4]:last[5]])
	path, what, ok := strings.Cut(msg[last[1]:], ": ")
	if !ok {
		what, path = path, ""
	}
	where := strings.TrimPrefix(prismPlace.ReplaceAllString(msg[:last[0]], ""), "jani: ")
	where = strings.TrimSpace(strings.ReplaceAll(where+path, "  ", " "))
	return wrap(&Error{Line: line, Col: col, Msg: what + " (in the translation to JANI: " + where + ")", Unsupported: errors.Is(err, jani.ErrUnsupported)})
}

// wrap marks an error in the text as invalid input; the context's end and
// the memory budget are not, and keep their own errors.
func wrap(err error) error {
	if _, ok := err.(*Error); ok {
		return solver.Invalidf("prism: %w", err)
	}
	return fmt.Errorf("prism: %w", err)
}
