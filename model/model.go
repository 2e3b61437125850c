package model

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"strings"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/solver"
)

// Model is a parsed model: engine rules whose states are indices into
// States.
type Model struct {
	players int
	names   []string // the players' names, where the file gives them
	start   int32
	ids     []string
	states  []state
	index   map[string]int32
}

type state struct {
	owner   int
	payoff  []*big.Rat
	names   []string
	actions [][]engine.Outcome[int32]
}

// Players implements engine.Rules.
func (m *Model) Players() int { return m.players }

// PlayerNames returns the players' names, where the file names them
// ("players": ["A", "B"]), else nil. The slice is the model's own.
func (m *Model) PlayerNames() []string { return m.names }

// Start implements engine.Rules.
func (m *Model) Start() int32 { return m.start }

// Expand implements engine.Rules.
func (m *Model) Expand(s int32, n *engine.Node[int32]) error {
	st := &m.states[s]
	switch st.owner {
	case engine.Terminal:
		n.Terminal(st.payoff...)
	case engine.Chance:
		n.Chance(st.actions[0]...)
	default:
		n.Decide(st.owner)
		for a, outs := range st.actions {
			n.Action(st.names[a], outs...)
		}
	}
	return nil
}

// Describe implements engine.Describer: a state is named by its id.
func (m *Model) Describe(s int32) string { return fmt.Sprintf("%q", cut(m.ids[s])) }

// maxEcho is the most of an id, a name or a number a message repeats, in
// characters.
const maxEcho = 60

// cut shortens s to maxEcho characters, with "…".
func cut(s string) string {
	if c, ok := numeric.Cut(s, maxEcho); ok {
		return c + "…"
	}
	return s
}

// ID returns the id of state s.
func (m *Model) ID(s int32) string { return m.ids[s] }

// State returns what state s is: its owner (a player, engine.Chance or
// engine.Terminal), a terminal's payoffs, and the names and outcomes of its
// actions (one unnamed action for a chance state). The slices are the
// model's own: do not modify them.
func (m *Model) State(s int32) (owner int, payoff []*big.Rat, names []string, actions [][]engine.Outcome[int32]) {
	st := &m.states[s]
	return st.owner, st.payoff, st.names, st.actions
}

// NumStates is the number of states listed (reachable or not).
func (m *Model) NumStates() int { return len(m.states) }

// bytesPerByte estimates the memory of a parsed model and its float
// solution per byte of model text. Measured peaks (float solve, whole
// process): a chain of coin flips 14.5 bytes a byte (39 MB), decisions of
// three actions 9.8 (47 MB), long ids 6.0 (91 MB), comments 4.6 (30 MB; a
// comment is checked and dropped, where it was kept as a map and cost 24).
// Exact values have no size a text can foretell (a chain of 500,000 coin
// flips holds 15 GB of them): there the engine's guard stops the solve
// when the budget runs out (budget.Guard).
const bytesPerByte = 20

// MaxSize bounds the text Read accepts from any reader, whatever the budget.
const MaxSize = 4 << 30

// Read parses a model from r, refusing it before parsing when its text
// alone shows it would not fit the memory budget.
func Read(r io.Reader) (*Model, error) {
	return readWithin(r, budget.Available())
}

func readWithin(r io.Reader, avail uint64) (*Model, error) {
	data, err := readText(r, avail)
	if err != nil {
		return nil, err
	}
	return Parse(data)
}

// ReadText reads a model's text, refusing (budget.ErrTooLarge) text too
// large to solve within the memory budget. It serves every model format.
func ReadText(r io.Reader) ([]byte, error) { return readText(r, budget.Available()) }

func readText(r io.Reader, avail uint64) ([]byte, error) {
	limit := min(int64(avail/bytesPerByte), MaxSize)
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, fmt.Errorf("model: reading: %w", err)
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("model: %w: the model text is over %s; solving it needs about %d bytes per byte of text, %s available",
			budget.ErrTooLarge, budget.Bytes(float64(limit)), bytesPerByte, budget.Bytes(float64(avail)))
	}
	return data, nil
}

type fileJSON struct {
	Players json.RawMessage `json:"players"`
	Start   *string         `json:"start"`
	States  []stateJSON     `json:"states"`
	Comment skip            `json:"comment"`
}

type stateJSON struct {
	ID      string        `json:"id"`
	Player  *int          `json:"player"`
	Actions *[]actionJSON `json:"actions"`
	Chance  *[]outcomeRaw `json:"chance"`
	Payoff  *[]number     `json:"payoff"`
	Comment skip          `json:"comment"`
}

type actionJSON struct {
	Name     *string      `json:"name"`
	Outcomes []outcomeRaw `json:"outcomes"`
	Comment  skip         `json:"comment"`
}

// outcomeRaw fields are values, not pointers: a million-state model has
// millions of outcomes, and every pointer is an allocation. An empty To is
// a missing one (ids are never empty).
type outcomeRaw struct {
	P       number `json:"p"`
	To      string `json:"to"`
	Reward  number `json:"reward"`
	Comment skip   `json:"comment"`
}

// skip is a value that is checked as JSON and then dropped: a comment,
// which may be a large object, costs no memory.
type skip struct{}

// UnmarshalJSON implements json.Unmarshaler.
func (*skip) UnmarshalJSON([]byte) error { return nil }

// decodeError describes a decoding error with its line and column.
func decodeError(data []byte, err error) string {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return fmt.Sprintf("%s: %v", position(data, se.Offset-1), err)
	case errors.As(err, &te):
		what := te.Field
		if what == "" {
			what = "a value"
		}
		return fmt.Sprintf("%s: %s: want %v, not a JSON %s", position(data, te.Offset-1), what, te.Type, te.Value)
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return fmt.Sprintf("%s: the text ends inside the model object", position(data, int64(len(data))))
	}
	// An unknown key: the text is valid JSON, so the key walker can say
	// where.
	if kerr := checkKeys(data, nil); kerr != nil {
		return kerr.Error()
	}
	return err.Error()
}

// position is "line L, column C" (from 1; columns in bytes) of a byte
// offset.
func position(data []byte, off int64) string {
	off = min(max(off, 0), int64(len(data)))
	line := 1 + bytes.Count(data[:off], []byte{'\n'})
	col := off - int64(bytes.LastIndexByte(data[:off], '\n'))
	return fmt.Sprintf("line %d, column %d", line, col)
}

// decodeSlow decodes a model file's text with encoding/json and checks its
// keys (checkKeys).
func decodeSlow(data []byte) (*fileJSON, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var f fileJSON
	if err := dec.Decode(&f); err != nil {
		return nil, solver.Invalidf("model: %s", decodeError(data, err))
	}
	if dec.More() {
		return nil, solver.Invalidf("model: text after the model object")
	}
	// null decodes into nothing; the key walker takes an object.
	if t := bytes.TrimLeft(data, " \t\r\n"); len(t) == 0 || t[0] != '{' {
		return nil, solver.Invalidf("model: %s: the model is a JSON object {\"players\": …}", position(data, int64(len(data)-len(t))))
	}
	ids := make([]string, len(f.States))
	for i, st := range f.States {
		ids[i] = st.ID
	}
	if err := checkKeys(data, ids); err != nil {
		return nil, solver.Invalidf("model: %v", err)
	}
	return &f, nil
}

// players reads "players": a count, or a list of the players' names
// (then the count is their number). Errors give the value's place.
func players(data []byte, raw json.RawMessage) (n int, names []string, err error) {
	if len(raw) > 0 && raw[0] == '[' {
		if json.Unmarshal(raw, &names) == nil {
			return len(names), names, nil
		}
	} else if json.Unmarshal(raw, &n) == nil {
		return n, nil, nil
	}
	return 0, nil, fmt.Errorf(`%s: "players" must be an integer, or a list of the players' names (strings)`, position(data, valueOffset(data, "players")))
}

// stateOffset is the byte offset of state i (from 0) in the model's
// "states" (the text is valid JSON).
func stateOffset(data []byte, i int) int64 {
	off := valueOffset(data, "states")
	dec := json.NewDecoder(bytes.NewReader(data[off:]))
	if _, err := dec.Token(); err != nil { // [
		return off
	}
	for k := 0; dec.More(); k++ {
		at := dec.InputOffset()
		// InputOffset is before the separator and spaces: skip them.
		for int(off+at) < len(data) && bytes.IndexByte([]byte(" \t\r\n,"), data[off+at]) >= 0 {
			at++
		}
		if k == i {
			return off + at
		}
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			break
		}
	}
	return off
}

// valueOffset is the byte offset of the value of the model object's key
// (the text is valid JSON).
func valueOffset(data []byte, key string) int64 {
	dec := json.NewDecoder(bytes.NewReader(data))
	if _, err := dec.Token(); err != nil { // {
		return 0
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return 0
		}
		if k, _ := t.(string); k == key {
			off := dec.InputOffset()
			for off < int64(len(data)) && bytes.IndexByte([]byte(" \t\r\n:"), data[off]) >= 0 {
				off++
			}
			return off
		}
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			return 0
		}
	}
	return 0
}

// number is a JSON number or a string holding a decimal or p/q, kept as
// text and read exactly; set tells a given number from a missing one.
type number struct {
	text string
	set  bool
}

// UnmarshalJSON implements json.Unmarshaler: a JSON number or a string.
func (n *number) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*n = number{s, true}
		return nil
	}
	if len(b) == 0 || !(b[0] == '-' || b[0] >= '0' && b[0] <= '9') {
		return fmt.Errorf("want a number or a string")
	}
	*n = number{string(b), true}
	return nil
}

// rat reads the number exactly, by numeric.ParseNumber: a signed decimal
// with an optional exponent, an integer, or p/q. Spaces around it are
// allowed in a string.
func (n number) rat() (*big.Rat, error) {
	return numeric.ParseNumber(strings.TrimSpace(n.text))
}

// Parse reads a model from its JSON text.
func Parse(data []byte) (*Model, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	f, ok := decodeFast(data)
	if !ok {
		// Something the fast reader leaves to encoding/json and the key
		// walker: their messages say what and where.
		var err error
		if f, err = decodeSlow(data); err != nil {
			return nil, err
		}
	}
	ids := make([]string, len(f.States))
	for i, st := range f.States {
		ids[i] = st.ID
	}
	// at is where an error lies: the state being read (cur, from 0), or
	// the value of a top-level key; found only when there is an error.
	cur, topKey := -1, ""
	bad := func(format string, a ...any) error {
		// Ids, names and numbers from the text are echoed cut short: a
		// 10,000-character id makes no better message.
		for i, x := range a {
			if s, ok := x.(string); ok {
				a[i] = cut(s)
			}
		}
		where := ""
		switch {
		case cur >= 0:
			where = position(data, stateOffset(data, cur)) + ": "
		case topKey != "":
			where = position(data, valueOffset(data, topKey)) + ": "
		}
		return solver.Invalidf("model: %s%s", where, fmt.Sprintf(format, a...))
	}
	if f.Players == nil {
		return nil, bad(`"players" is missing`)
	}
	nPlayers, names, err := players(data, f.Players)
	if err != nil {
		return nil, solver.Invalidf("model: %v", err)
	}
	topKey = "players"
	if nPlayers < 1 || nPlayers > 1<<10 {
		return nil, bad(`"players" must be an integer from 1 to %d, or a list of that many names`, 1<<10)
	}
	seen := map[string]bool{}
	for _, name := range names {
		switch {
		case strings.TrimSpace(name) == "":
			return nil, bad(`"players": a player's name is empty`)
		case seen[name]:
			return nil, bad(`"players": %q is named twice`, name)
		}
		seen[name] = true
	}
	topKey = ""
	if f.Start == nil {
		return nil, bad(`"start" is missing`)
	}
	if len(f.States) == 0 {
		return nil, bad(`"states" is missing or empty`)
	}
	if len(f.States) > 1<<31-1 {
		return nil, bad("too many states")
	}
	m := &Model{players: nPlayers, names: names, index: make(map[string]int32, len(f.States)), ids: ids, states: make([]state, len(f.States))}
	for i, s := range f.States {
		cur = i
		if s.ID == "" {
			return nil, bad("state %d (counting from 1) has no id", i+1)
		}
		if _, dup := m.index[s.ID]; dup {
			return nil, bad("state %q: duplicate id", s.ID)
		}
		m.index[s.ID] = int32(i)
	}
	cur, topKey = -1, "start"
	start, ok := m.index[*f.Start]
	if !ok {
		return nil, bad("start %q is not a state id", *f.Start)
	}
	m.start = start
	one := big.NewRat(1, 1)
	// Equal probabilities share one *big.Rat, so the engine's interning
	// sees one pointer per distinct value.
	shared := map[string]*big.Rat{}
	sum := new(big.Rat)
	// Distributions already checked to sum to 1, by their probabilities'
	// texts: models repeat a few distributions many times.
	checked := map[string]bool{}
	var key []byte
	// outcomes reads the outcomes of a chance move (action nil) or of an
	// action; what names it, in messages only.
	outcomes := func(id string, action *string, raw []outcomeRaw) ([]engine.Outcome[int32], error) {
		what := func() string {
			if action == nil {
				return "chance"
			}
			return fmt.Sprintf("action %q", *action)
		}
		if len(raw) == 0 {
			return nil, bad("state %q: %s has no outcomes", id, what())
		}
		outs := make([]engine.Outcome[int32], len(raw))
		key = key[:0]
		for _, o := range raw {
			key = append(key, o.P.text...)
			key = append(key, ',')
		}
		known := checked[string(key)]
		sum.SetInt64(0)
		for k, o := range raw {
			if !o.P.set || o.To == "" {
				return nil, bad("state %q: %s outcome %d needs \"p\" and \"to\"", id, what(), k+1)
			}
			p, ok := shared[o.P.text]
			if !ok {
				var err error
				if p, err = o.P.rat(); err != nil {
					return nil, bad("state %q: %s outcome %d: probability %v", id, what(), k+1, err)
				}
				if p.Sign() <= 0 || p.Cmp(one) > 0 {
					return nil, bad("state %q: %s outcome %d: probability %s is not in (0, 1]", id, what(), k+1, p.RatString())
				}
				shared[o.P.text] = p
			}
			if !known {
				sum.Add(sum, p)
			}
			to, ok := m.index[o.To]
			if !ok {
				return nil, bad("state %q: %s outcome %d: unknown target %q", id, what(), k+1, o.To)
			}
			outs[k] = engine.Outcome[int32]{P: p, To: to}
			if o.Reward.set {
				rw, ok := shared[o.Reward.text]
				if !ok {
					var err error
					if rw, err = o.Reward.rat(); err != nil {
						return nil, bad("state %q: %s outcome %d: reward %v", id, what(), k+1, err)
					}
					shared[o.Reward.text] = rw
				}
				outs[k].Reward = rw
			}
		}
		if !known {
			if sum.Cmp(one) != 0 {
				return nil, bad("state %q: %s: probabilities sum to %s, not 1", id, what(), sum.RatString())
			}
			if len(checked) < 1<<16 {
				checked[string(key)] = true
			}
		}
		return outs, nil
	}
	topKey = ""
	for i, s := range f.States {
		cur = i
		id := s.ID
		st := &m.states[i]
		kinds := 0
		for _, has := range []bool{s.Payoff != nil, s.Chance != nil, s.Player != nil || s.Actions != nil} {
			if has {
				kinds++
			}
		}
		if kinds != 1 {
			return nil, bad(`state %q: give exactly one of "payoff", "chance", or "player" with "actions"`, id)
		}
		switch {
		case s.Payoff != nil:
			st.owner = engine.Terminal
			if len(*s.Payoff) != m.players {
				return nil, bad("state %q: payoff has %d entries, want %d (one per player)", id, len(*s.Payoff), m.players)
			}
			for k, x := range *s.Payoff {
				r, err := x.rat()
				if err != nil {
					return nil, bad("state %q: payoff %d: %v", id, k+1, err)
				}
				st.payoff = append(st.payoff, r)
			}
		case s.Chance != nil:
			st.owner = engine.Chance
			outs, err := outcomes(id, nil, *s.Chance)
			if err != nil {
				return nil, err
			}
			st.actions = [][]engine.Outcome[int32]{outs}
		default:
			if s.Player == nil || s.Actions == nil {
				return nil, bad(`state %q: a decision needs both "player" and "actions"`, id)
			}
			if *s.Player < 0 || *s.Player >= m.players {
				return nil, bad("state %q: player %d out of range (players are 0 to %d)", id, *s.Player, m.players-1)
			}
			if len(*s.Actions) == 0 {
				return nil, bad("state %q: empty action list", id)
			}
			st.owner = *s.Player
			seen := map[string]bool{}
			for k, a := range *s.Actions {
				if a.Name == nil {
					return nil, bad("state %q: action %d has no name", id, k+1)
				}
				if seen[*a.Name] {
					return nil, bad("state %q: duplicate action name %q", id, *a.Name)
				}
				seen[*a.Name] = true
				outs, err := outcomes(id, a.Name, a.Outcomes)
				if err != nil {
					return nil, err
				}
				st.names = append(st.names, *a.Name)
				st.actions = append(st.actions, outs)
			}
		}
	}
	return m, nil
}
