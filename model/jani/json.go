package jani

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
)

// obj is a decoded JSON object with the path that led to it, for messages.
type obj struct {
	m    map[string]any
	path string
}

// asObj returns v as an object, or an error naming what was expected.
func asObj(v any, path string) (obj, error) {
	m, ok := v.(map[string]any)
	if !ok {
		return obj{}, fmt.Errorf("%s: want an object, got %s", path, describe(v))
	}
	return obj{m, path}, nil
}

// keys rejects keys outside allowed; "comment" is allowed everywhere.
// unsupported names keys that JANI has but this reader does not.
func (o obj) keys(allowed ...string) error {
	for k := range o.m {
		if k == "comment" || slices.Contains(allowed, k) {
			continue
		}
		return fmt.Errorf("%s: %q is not supported", o.path, k)
	}
	return nil
}

func (o obj) has(k string) bool { _, ok := o.m[k]; return ok }

func (o obj) str(k string) (string, error) {
	v, ok := o.m[k]
	if !ok {
		return "", fmt.Errorf("%s: missing %q", o.path, k)
	}
	s, ok := v.(string)
	if !ok {
		return "", fmt.Errorf("%s: %q: want a string, got %s", o.path, k, describe(v))
	}
	return s, nil
}

// optStr returns the string at k, or "" when k is absent.
func (o obj) optStr(k string) (string, error) {
	if !o.has(k) {
		return "", nil
	}
	return o.str(k)
}

func (o obj) obj(k string) (obj, error) {
	v, ok := o.m[k]
	if !ok {
		return obj{}, fmt.Errorf("%s: missing %q", o.path, k)
	}
	return asObj(v, o.path+"."+k)
}

// list returns the array at k (empty when absent and optional).
func (o obj) list(k string, optional bool) ([]any, error) {
	v, ok := o.m[k]
	if !ok {
		if optional {
			return nil, nil
		}
		return nil, fmt.Errorf("%s: missing %q", o.path, k)
	}
	l, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("%s: %q: want an array, got %s", o.path, k, describe(v))
	}
	return l, nil
}

// describe names a JSON value's kind for messages.
func describe(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "a Boolean"
	case json.Number:
		return "the number " + x.String()
	case string:
		if len(x) > 40 {
			x = x[:40] + "…"
		}
		return fmt.Sprintf("the string %q", x)
	case []any:
		return "an array"
	case map[string]any:
		if op, ok := x["op"].(string); ok {
			return fmt.Sprintf("an %q expression", op)
		}
		return "an object"
	}
	return fmt.Sprintf("%T", v)
}

// decode parses JSON text with numbers kept as text, so that they can be
// read exactly. A UTF-8 byte-order mark may come first.
func decode(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(bytes.TrimPrefix(data, []byte("\ufeff"))))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("malformed JSON: %w", err)
	}
	if dec.More() {
		return nil, fmt.Errorf("malformed JSON: text after the model")
	}
	return v, nil
}

// IsJANI reports whether data is a JSON object with a top-level
// "jani-version" key: a JANI model rather than gamesolve's own format. It
// looks only at top-level keys, skipping their values.
func IsJANI(data []byte) bool {
	// The key without its quote: '"' is common in JSON and slows the
	// scan, 'j' is rare (82 MB of a JSON model: 32 ms with it, 4 ms
	// without).
	if !bytes.Contains(data, []byte("jani-version")) {
		return false
	}
	dec := json.NewDecoder(bytes.NewReader(bytes.TrimPrefix(data, []byte("\ufeff"))))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return false
	}
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return false
		}
		if k == "jani-version" {
			return true
		}
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return false
		}
	}
	return false
}
