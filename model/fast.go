package model

import (
	"encoding/json"
	"strconv"
	"sync/atomic"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// parseFast reads a model file's text straight into a Model, as
// encoding/json, checkKeys and build together would, without reflection
// and without holding the decoded states: each state goes to the builder
// as soon as it is read, and its slices are reused for the next. It takes
// only the plain case, text that the slow reader accepts too, and reports
// ok false at anything else (an unknown or repeated key, a null, an escape
// it does not decode itself, a syntax error, "players" after "states", a
// model the builder refuses): Parse then reads the text the slow way,
// whose messages say what is wrong. So both readers accept exactly the
// same files, into the same models (FuzzFastDecode compares them).
func parseFast(data []byte) (m *Model, ok bool) {
	p := &fastDec{d: data}
	var players []byte
	var start *string
	var discount number
	var b *builder
	ok = p.object(modelKeys, func(k int) bool {
		switch k {
		case 0: // players: kept as text
			p.ws()
			from := p.i
			if !p.skip(0) {
				return false
			}
			players = p.d[from:p.i]
			return true
		case 1:
			s, ok := p.str()
			start = &s
			return ok
		case 2:
			if players == nil {
				return false
			}
			var err error
			if b, err = newBuilder(data, players, hints{}); err != nil {
				return false
			}
			return p.states(b)
		case 4:
			return p.number(&discount)
		}
		return p.skip(0)
	})
	if !ok || b == nil {
		return nil, false
	}
	if p.ws(); p.i != len(p.d) {
		return nil, false
	}
	m, err := b.finish(start, discount)
	return m, err == nil
}

// batchStates is the most states the decoder hands the builder at a time.
// A batch never grows: the states' pointers point into its slots.
const batchStates = 1024

// batch is states the decoder has read, for the builder. Each state's
// pointers (stateJSON's fields are pointers, for encoding/json) point into
// its slot, and its arrays into the batch's scratch; a batch is reused
// once built.
type batch struct {
	slots []slot
	end   int // the text's offset after the last state
	outs  []outcomeRaw
	acts  []actionJSON
	pay   []number
	names []string
}

type slot struct {
	s       stateJSON
	player  int
	actions []actionJSON
	chance  []outcomeRaw
	payoff  []number
	tier    int64
}

// states reads the array of states. The builder works on another
// goroutine, a batch behind the decoder: decoding and building each take
// about half the time.
func (p *fastDec) states(b *builder) bool {
	from := p.i
	free, full := make(chan *batch, 3), make(chan *batch, 3)
	// A small model gets small batches: a slot per 64 bytes of text (a
	// wrong guess only changes how often the builder is handed one).
	size := min(batchStates, max(16, (len(p.d)-from)/64))
	for range cap(free) {
		free <- &batch{slots: make([]slot, 0, size)}
	}
	var failed atomic.Bool
	built := make(chan bool, 1)
	go func() {
		n, ok := 0, true
		for bt := range full {
			for k := range bt.slots {
				if ok && b.state(&bt.slots[k].s) != nil {
					ok = false
					failed.Store(true)
				}
			}
			if ok && b.flush() != nil {
				ok = false
				failed.Store(true)
			}
			if n += len(bt.slots); ok && n >= reserveAfter && n-len(bt.slots) < reserveAfter {
				b.reserve(bt.end-from, len(p.d)-from)
			}
			free <- bt
		}
		built <- ok
	}()
	bt := <-free
	p.use(bt)
	ok := p.array(func() bool {
		if len(bt.slots) == cap(bt.slots) {
			p.keep(bt)
			full <- bt
			if failed.Load() {
				return false
			}
			bt = <-free
			p.use(bt)
		}
		bt.slots = append(bt.slots, slot{})
		return p.state(&bt.slots[len(bt.slots)-1])
	})
	if ok {
		p.keep(bt)
		full <- bt
	}
	close(full)
	return <-built && ok
}

// use starts filling batch bt.
func (p *fastDec) use(bt *batch) {
	bt.slots = bt.slots[:0]
	p.outs, p.acts, p.pay, p.names = bt.outs[:0], bt.acts[:0], bt.pay[:0], bt.names[:0]
}

// keep ends filling batch bt, which keeps the scratch's memory.
func (p *fastDec) keep(bt *batch) {
	bt.end = p.i
	bt.outs, bt.acts, bt.pay, bt.names = p.outs, p.acts, p.pay, p.names
}

// reserveAfter is the number of states read before the model's arrays
// are sized for the rest of the text, by what those states took.
const reserveAfter = 4096

type fastDec struct {
	d []byte
	i int
	// A batch's arrays are gathered in scratch, reused from batch to
	// batch: the builder copies what it keeps.
	outs  []outcomeRaw
	names []string
	// text holds strings with escapes, decoded, for the whole parse: a
	// transient one is viewed there (a target may wait in the builder
	// until every state is listed). Old arrays are never written, so
	// views stay valid as it grows.
	text []byte
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
			from := len(p.text)
			var ok bool
			if p.text, ok = unescape(p.text, p.d[start+1:p.i-1]); !ok {
				// What unescape leaves (a lone surrogate, invalid UTF-8),
				// decoded as encoding/json decodes it.
				p.text = p.text[:from]
				var s string
				if json.Unmarshal(p.d[start:p.i], &s) != nil {
					return "", false
				}
				p.text = append(p.text, s...)
			}
			b := p.text[from:len(p.text):len(p.text)]
			if view {
				return unsafe.String(unsafe.SliceData(b), len(b)), true
			}
			return string(b), true
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

// unescape appends the JSON string body s, decoded, to dst. It decodes
// the escapes and valid UTF-8, and reports ok false at anything whose
// decoding has rules of its own in encoding/json (a surrogate escape,
// invalid UTF-8), which the caller leaves to it.
func unescape(dst, s []byte) ([]byte, bool) {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\\':
			if i+1 >= len(s) {
				return dst, false
			}
			switch e := s[i+1]; e {
			case '"', '\\', '/':
				dst = append(dst, e)
			case 'b':
				dst = append(dst, '\b')
			case 'f':
				dst = append(dst, '\f')
			case 'n':
				dst = append(dst, '\n')
			case 'r':
				dst = append(dst, '\r')
			case 't':
				dst = append(dst, '\t')
			case 'u':
				if i+6 > len(s) {
					return dst, false
				}
				r, err := strconv.ParseUint(string(s[i+2:i+6]), 16, 16)
				if err != nil || utf16.IsSurrogate(rune(r)) {
					return dst, false
				}
				dst = utf8.AppendRune(dst, rune(r))
				i += 6
				continue
			default:
				return dst, false
			}
			i += 2
		case c < utf8.RuneSelf:
			dst = append(dst, c)
			i++
		default:
			r, n := utf8.DecodeRune(s[i:])
			if r == utf8.RuneError && n == 1 {
				return dst, false
			}
			dst = append(dst, s[i:i+n]...)
			i += n
		}
	}
	return dst, true
}

// key reads an object's key and its colon.
func (p *fastDec) key() (string, bool) {
	k, ok := p.transient()
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
	modelKeys   = []string{"players", "start", "states", "comment", "discount"}
	stateKeys   = []string{"id", "player", "actions", "chance", "payoff", "comment", "tier"}
	actionKeys  = []string{"name", "outcomes", "comment"}
	outcomeKeys = []string{"p", "to", "reward", "comment"}
)

func (p *fastDec) state(st *slot) bool {
	s := &st.s
	return p.object(stateKeys, func(k int) bool {
		switch k {
		case 0:
			var ok bool
			s.ID, ok = p.transient()
			return ok
		case 1:
			t, ok := p.numberText()
			if !ok {
				return false
			}
			var err error
			st.player, err = strconv.Atoi(t) // a fraction or an exponent: the slow reader's message
			s.Player = &st.player
			return err == nil
		case 2:
			var ok bool
			st.actions, ok = gather(p, &p.acts, p.action)
			s.Actions = &st.actions
			return ok
		case 3:
			var ok bool
			st.chance, ok = p.outcomes()
			s.Chance = &st.chance
			return ok
		case 4:
			var ok bool
			st.payoff, ok = gather(p, &p.pay, p.number)
			s.Payoff = &st.payoff
			return ok
		case 6:
			t, ok := p.numberText()
			if !ok {
				return false
			}
			var err error
			st.tier, err = strconv.ParseInt(t, 10, 64) // not an integer: the slow reader's message
			s.Tier = &st.tier
			return err == nil
		}
		return p.skip(0)
	})
}

func (p *fastDec) action(a *actionJSON) bool {
	return p.object(actionKeys, func(k int) bool {
		switch k {
		case 0:
			s, ok := p.transient()
			p.names = append(p.names, s)
			a.Name = &p.names[len(p.names)-1] // stays valid as names grows: old arrays are not written
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

// gather reads an array, each element by elem into a zero T appended to
// *scratch (elem must not append to it), and returns them: a view of scratch (of capacity its length,
// so later appends never write into it), empty, not nil, for none, as
// encoding/json gives.
func gather[T any](p *fastDec, scratch *[]T, elem func(*T) bool) ([]T, bool) {
	from := len(*scratch)
	ok := p.array(func() bool {
		var zero T
		*scratch = append(*scratch, zero)
		return elem(&(*scratch)[len(*scratch)-1])
	})
	if len(*scratch) == from {
		return []T{}, ok
	}
	return (*scratch)[from:len(*scratch):len(*scratch)], ok
}
