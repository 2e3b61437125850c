package model

import (
	"fmt"
	"strconv"

	"github.com/gamesolve/gamesolve/numeric"
)

// encoding/json matches keys without regard to case and keeps the last of
// two equal keys. A model file is read strictly instead: after decoding,
// checkKeys walks the text once more and refuses a key that is not
// spelled exactly as documented ("Payoff", "ID") and a key given twice,
// naming the state. Comments are skipped whole: they may hold anything.

// keySets are the keys of each kind of object in a model file.
var keySets = map[string]map[string]bool{
	"model":   {"players": true, "start": true, "states": true, "comment": true, "discount": true},
	"state":   {"id": true, "player": true, "actions": true, "chance": true, "payoff": true, "tier": true, "comment": true},
	"action":  {"name": true, "outcomes": true, "comment": true},
	"outcome": {"p": true, "to": true, "reward": true, "comment": true},
}

// children says what the array under a key of an object holds.
var children = map[string]string{"states": "state", "actions": "action", "outcomes": "outcome", "chance": "outcome"}

// keyWalker walks JSON text already known to be valid.
type keyWalker struct {
	data  []byte
	pos   int
	ids   []string // state ids, by index, for messages (nil: not known)
	state int      // index of the state being walked, or -1
	id    string   // its id, once walked past, where ids is nil
}

// checkKeys checks the keys of a decoded model's text; ids are its states'
// ids in file order.
func checkKeys(data []byte, ids []string) error {
	w := &keyWalker{data: data, ids: ids, state: -1}
	w.space()
	return w.object("model")
}

func (w *keyWalker) space() {
	for w.pos < len(w.data) {
		switch w.data[w.pos] {
		case ' ', '\t', '\n', '\r':
			w.pos++
		default:
			return
		}
	}
}

// where names the object being walked.
func (w *keyWalker) where(kind string) string {
	if w.state >= 0 && w.state < len(w.ids) {
		return fmt.Sprintf("state %s", numeric.Shorten(w.ids[w.state], 40))
	}
	if w.state >= 0 && w.id != "" {
		return fmt.Sprintf("state %s", numeric.Shorten(w.id, 40))
	}
	if kind == "model" {
		return "the model object"
	}
	return fmt.Sprintf("state %d (counting from 1)", w.state+1)
}

// object walks an object of the given kind ("" for any: a comment).
func (w *keyWalker) object(kind string) error {
	w.pos++ // {
	seen := map[string]bool{}
	for {
		w.space()
		if w.data[w.pos] == '}' {
			w.pos++
			return nil
		}
		if w.data[w.pos] == ',' {
			w.pos++
			w.space()
		}
		at := w.pos
		key := w.str()
		w.space()
		w.pos++ // :
		w.space()
		if kind != "" {
			if !keySets[kind][key] {
				return fmt.Errorf("%s: %s: unknown key %s (keys are spelled exactly as documented, in lower case)", position(w.data, int64(at)), w.where(kind), numeric.Shorten(key, 40))
			}
			if seen[key] {
				return fmt.Errorf("%s: %s: key %s is given twice", position(w.data, int64(at)), w.where(kind), numeric.Shorten(key, 40))
			}
			seen[key] = true
		}
		if kind == "state" && key == "id" && w.data[w.pos] == '"' {
			save := w.pos
			w.id = w.str()
			w.pos = save
		}
		var err error
		switch {
		case kind == "" || key == "comment":
			err = w.value("")
		case numberKeys[key]:
			err = w.number(kind, key)
		case key == "payoff" && w.data[w.pos] == '[':
			err = w.numbers(kind, key)
		case children[key] != "" && w.data[w.pos] == '[':
			err = w.array(children[key])
		default:
			err = w.value("")
		}
		if err != nil {
			return err
		}
	}
}

// numberKeys are the keys whose values are numbers ("payoff": a list of
// them): a JSON number or a string (number.UnmarshalJSON, whose error
// encoding/json gives no place).
var numberKeys = map[string]bool{"p": true, "reward": true, "discount": true}

// number walks the value of key, which must be a JSON number or a string.
func (w *keyWalker) number(kind, key string) error {
	if c := w.data[w.pos]; c != '"' && c != '-' && (c < '0' || c > '9') {
		at := w.pos
		what := "a JSON " + map[byte]string{'{': "object", '[': "array", 'n': "null", 't': "true", 'f': "false"}[c]
		return fmt.Errorf("%s: %s: %q: want a number or a string, not %s", position(w.data, int64(at)), w.where(kind), key, what)
	}
	return w.value("")
}

// numbers walks an array of numbers, the value of key.
func (w *keyWalker) numbers(kind, key string) error {
	w.pos++ // [
	for {
		w.space()
		switch w.data[w.pos] {
		case ']':
			w.pos++
			return nil
		case ',':
			w.pos++
			w.space()
		}
		if err := w.number(kind, key); err != nil {
			return err
		}
	}
}

// array walks an array whose objects are of the given kind.
func (w *keyWalker) array(kind string) error {
	w.pos++ // [
	for i := 0; ; i++ {
		w.space()
		if w.data[w.pos] == ']' {
			w.pos++
			return nil
		}
		if w.data[w.pos] == ',' {
			w.pos++
			w.space()
		}
		if kind == "state" {
			w.state, w.id = i, ""
		}
		if err := w.value(kind); err != nil {
			return err
		}
		if kind == "state" {
			w.state = -1
		}
	}
}

// value walks any value; objects are of the given kind.
func (w *keyWalker) value(kind string) error {
	switch w.data[w.pos] {
	case '{':
		return w.object(kind)
	case '[':
		return w.array("")
	case '"':
		w.str()
	default:
		for w.pos < len(w.data) {
			switch w.data[w.pos] {
			case ',', '}', ']', ' ', '\t', '\n', '\r':
				return nil
			}
			w.pos++
		}
	}
	return nil
}

// str reads a string at pos and returns it unquoted (a key with an escape
// is decoded; other strings are only skipped past, but decoded as well).
func (w *keyWalker) str() string {
	start := w.pos
	w.pos++
	escaped := false
	for w.data[w.pos] != '"' {
		if w.data[w.pos] == '\\' {
			escaped = true
			w.pos++
		}
		w.pos++
	}
	w.pos++
	raw := w.data[start+1 : w.pos-1]
	if !escaped {
		return string(raw)
	}
	s, err := strconv.Unquote(`"` + string(raw) + `"`)
	if err != nil {
		return string(raw) // JSON escapes strconv does not know: compare raw
	}
	return s
}
