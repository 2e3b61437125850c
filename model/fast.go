package model

import (
	"bytes"
	"encoding/json"
	"strconv"
	"unsafe"
)

// decodeFast decodes a model file's text into fileJSON as encoding/json
// and checkKeys together would, without reflection: a million-state file
// is read in a fraction of the time. It takes only the plain case, text
// that both accept, and reports ok false at anything else (an unknown or
// repeated key, a null, an escape it does not decode itself, a syntax
// error): Parse then reads the text the slow way, whose messages say what
// is wrong. So both readers accept exactly the same files, into the same
// values (FuzzFastDecode compares them).
func decodeFast(data []byte) (f *fileJSON, ok bool) {
	p := &fastDec{d: data}
	f = &fileJSON{}
	if !p.model(f) {
		return nil, false
	}
	p.ws()
	return f, p.i == len(p.d)
}

type fastDec struct {
	d []byte
	i int
	// Elements are gathered in scratch and then copied into a slice of
	// their exact number: one allocation per array, not one per doubling.
	outs []outcomeRaw
	acts []actionJSON
	pay  []number
}

func (p *fastDec) ws() {
	for p.i < len(p.d) {
		switch p.d[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

// next skips spaces and reports whether the next byte is c, taking it.
func (p *fastDec) next(c byte) bool {
	p.ws()
	if p.i < len(p.d) && p.d[p.i] == c {
		p.i++
		return true
	}
	return false
}

// peek is the next byte after spaces, or 0 at the end.
func (p *fastDec) peek() byte {
	p.ws()
	if p.i < len(p.d) {
		return p.d[p.i]
	}
	return 0
}

// str reads a string. Plain ASCII without escapes is taken as it is;
// anything else is decoded by encoding/json itself, so that escapes and
// invalid UTF-8 come out as they would there.
func (p *fastDec) str() (string, bool) { return p.string(false) }

// transient is str for a value Parse reads and drops (a number's text, a
// target id it looks up): plain text is not copied but viewed in place, an
// allocation less per outcome. The text outlives the parse and is never
// written to.
func (p *fastDec) transient() (string, bool) { return p.string(true) }

func (p *fastDec) string(view bool) (string, bool) {
	if p.peek() != '"' {
		return "", false
	}
	start := p.i
	p.i++
	plain := true
	for p.i < len(p.d) {
		c := p.d[p.i]
		switch {
		case c == '"':
			p.i++
			if plain {
				b := p.d[start+1 : p.i-1]
				if view {
					return unsafe.String(unsafe.SliceData(b), len(b)), true
				}
				return string(b), true
			}
			var s string
			if json.Unmarshal(p.d[start:p.i], &s) != nil {
				return "", false
			}
			return s, true
		case c < 0x20:
			return "", false
		case c == '\\':
			plain = false
			p.i += 2
			continue
		case c >= 0x80:
			plain = false
		}
		p.i++
	}
	return "", false
}

// key reads an object's key and its colon.
func (p *fastDec) key() (string, bool) {
	k, ok := p.str()
	return k, ok && p.next(':')
}

// object reads the members of an object, calling member for each key;
// keys must be in known and given once. The opening brace is read here.
func (p *fastDec) object(known []string, member func(k int) bool) bool {
	if !p.next('{') {
		return false
	}
	if p.next('}') {
		return true
	}
	var seen uint32
	for {
		k, ok := p.key()
		if !ok {
			return false
		}
		idx := -1
		for j, name := range known {
			if name == k {
				idx = j
				break
			}
		}
		if idx < 0 || seen&(1<<idx) != 0 {
			return false
		}
		seen |= 1 << idx
		if !member(idx) {
			return false
		}
		if p.next('}') {
			return true
		}
		if !p.next(',') {
			return false
		}
	}
}

// array reads an array, calling elem for each element.
func (p *fastDec) array(elem func() bool) bool {
	if !p.next('[') {
		return false
	}
	if p.next(']') {
		return true
	}
	for {
		if !elem() {
			return false
		}
		if p.next(']') {
			return true
		}
		if !p.next(',') {
			return false
		}
	}
}

// numberText reads a JSON number literal (the strict grammar) and returns
// its text.
func (p *fastDec) numberText() (string, bool) {
	p.ws()
	d, start := p.d, p.i
	i := p.i
	if i < len(d) && d[i] == '-' {
		i++
	}
	switch {
	case i < len(d) && d[i] == '0':
		i++
	case i < len(d) && d[i] >= '1' && d[i] <= '9':
		for i < len(d) && d[i] >= '0' && d[i] <= '9' {
			i++
		}
	default:
		return "", false
	}
	if i < len(d) && d[i] == '.' {
		i++
		if i >= len(d) || d[i] < '0' || d[i] > '9' {
			return "", false
		}
		for i < len(d) && d[i] >= '0' && d[i] <= '9' {
			i++
		}
	}
	if i < len(d) && (d[i] == 'e' || d[i] == 'E') {
		i++
		if i < len(d) && (d[i] == '+' || d[i] == '-') {
			i++
		}
		if i >= len(d) || d[i] < '0' || d[i] > '9' {
			return "", false
		}
		for i < len(d) && d[i] >= '0' && d[i] <= '9' {
			i++
		}
	}
	p.i = i
	return unsafe.String(&d[start], i-start), true // transient: viewed in place
}

// number reads a number field: a JSON number, or a string (number's
// UnmarshalJSON).
func (p *fastDec) number(n *number) bool {
	if p.peek() == '"' {
		s, ok := p.transient()
		*n = number{s, true}
		return ok
	}
	s, ok := p.numberText()
	*n = number{s, true}
	return ok
}

// skip reads any JSON value and drops it (a comment); deep nesting is
// left to the slow reader.
func (p *fastDec) skip(depth int) bool {
	if depth > 200 {
		return false
	}
	switch p.peek() {
	case '{':
		p.i++
		if p.next('}') {
			return true
		}
		for {
			if _, ok := p.key(); !ok || !p.skip(depth+1) {
				return false
			}
			if p.next('}') {
				return true
			}
			if !p.next(',') {
				return false
			}
		}
	case '[':
		return p.array(func() bool { return p.skip(depth + 1) })
	case '"':
		_, ok := p.str()
		return ok
	case 't':
		return p.word("true")
	case 'f':
		return p.word("false")
	case 'n':
		return p.word("null")
	}
	_, ok := p.numberText()
	return ok
}

func (p *fastDec) word(w string) bool {
	if len(p.d)-p.i >= len(w) && string(p.d[p.i:p.i+len(w)]) == w {
		p.i += len(w)
		return true
	}
	return false
}

var (
	modelKeys   = []string{"players", "start", "states", "comment"}
	stateKeys   = []string{"id", "player", "actions", "chance", "payoff", "comment"}
	actionKeys  = []string{"name", "outcomes", "comment"}
	outcomeKeys = []string{"p", "to", "reward", "comment"}
)

func (p *fastDec) model(f *fileJSON) bool {
	return p.object(modelKeys, func(k int) bool {
		switch k {
		case 0: // players: kept as text
			p.ws()
			start := p.i
			if !p.skip(0) {
				return false
			}
			f.Players = p.d[start:p.i]
			return true
		case 1:
			s, ok := p.str()
			f.Start = &s
			return ok
		case 2:
			// Room for as many states as the text has "id" keys, about:
			// a million states are not copied over and over as they grow.
			f.States = make([]stateJSON, 0, bytes.Count(p.d[p.i:], []byte(`"id"`)))
			return p.array(func() bool {
				f.States = append(f.States, stateJSON{})
				return p.state(&f.States[len(f.States)-1])
			})
		}
		return p.skip(0)
	})
}

func (p *fastDec) state(s *stateJSON) bool {
	return p.object(stateKeys, func(k int) bool {
		switch k {
		case 0:
			var ok bool
			s.ID, ok = p.str()
			return ok
		case 1:
			t, ok := p.numberText()
			if !ok {
				return false
			}
			n, err := strconv.Atoi(t) // a fraction or an exponent: the slow reader's message
			s.Player = &n
			return err == nil
		case 2:
			acts, ok := gather(p, &p.acts, p.action)
			s.Actions = &acts
			return ok
		case 3:
			outs, ok := p.outcomes()
			s.Chance = &outs
			return ok
		case 4:
			pay, ok := gather(p, &p.pay, p.number)
			s.Payoff = &pay
			return ok
		}
		return p.skip(0)
	})
}

func (p *fastDec) action(a *actionJSON) bool {
	return p.object(actionKeys, func(k int) bool {
		switch k {
		case 0:
			s, ok := p.str()
			a.Name = &s
			return ok
		case 1:
			var ok bool
			a.Outcomes, ok = p.outcomes()
			return ok
		}
		return p.skip(0)
	})
}

// outcomes reads a list of outcomes.
func (p *fastDec) outcomes() ([]outcomeRaw, bool) {
	return gather(p, &p.outs, func(o *outcomeRaw) bool {
		return p.object(outcomeKeys, func(k int) bool {
			switch k {
			case 0:
				return p.number(&o.P)
			case 1:
				var ok bool
				o.To, ok = p.transient()
				return ok
			case 2:
				return p.number(&o.Reward)
			}
			return p.skip(0)
		})
	})
}

// gather reads an array, each element by elem into a zero T, gathered in
// *scratch (reused from array to array; arrays using one scratch must not
// nest), and returns them in a slice of exactly their number: empty, not
// nil, for none, as encoding/json gives.
func gather[T any](p *fastDec, scratch *[]T, elem func(*T) bool) ([]T, bool) {
	*scratch = (*scratch)[:0]
	ok := p.array(func() bool {
		var x T
		ok := elem(&x)
		*scratch = append(*scratch, x)
		return ok
	})
	return append(make([]T, 0, len(*scratch)), *scratch...), ok
}
