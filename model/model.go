package model

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"math/big"
	"os"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/internal/hugepage"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/solver"
)

// Model is a parsed model: engine rules whose states are indices into
// the list of states. It is held in flat arrays, a few bytes per state,
// action and outcome, and is never modified once built. It numbers its own
// states (engine.Indexer) and tells their number (engine.Sizer). It is not
// an engine.Forker: its Expand only copies from arrays, and expanding it on
// several goroutines measured slower (rooms, a million states: 3.0 s
// against 2.1 s to solve).
type Model struct {
	players int
	names   []string // the players' names, where the file gives them
	start   int32
	// State i's id is idText[idEnd[i]:idEnd[i+1]]; slots is an
	// open-addressing hash table of states by id, kept while the model
	// is built.
	idText []byte
	idEnd  []uint32
	slots  []uint64
	seed   maphash.Seed
	owner  []int16 // a player, engine.Chance or engine.Terminal
	// State i's actions are actStart[i]..actStart[i+1] (one, named "",
	// for a chance move); action a's outcomes are
	// outStart[a]..outStart[a+1]; terminal i's payoffs are
	// pay[payStart[i]:payStart[i+1]].
	actStart []uint32
	actName  []uint32 // index into actNames
	actNames []string
	outStart []uint32
	to       []uint32
	prob     []uint32 // index into vals
	reward   []uint32 // index into vals; 0 (the value 0) is no reward
	payStart []uint32
	pay      []uint32   // index into vals
	vals     []*big.Rat // by their texts, 0 and 1 first; every 0 is vals[0]
	discount *big.Rat   // "discount", or nil
	tier     []int32    // each state's "tier"; nil where the states give none
}

// Discount returns the model's discount γ in (0, 1) ("discount"), or nil
// where the file gives none: engine.Discounter, so that engine.Solve
// discounts by it. The value is the model's own: do not modify it.
func (m *Model) Discount() *big.Rat { return m.discount }

// Players implements engine.Rules.
func (m *Model) Players() int { return m.players }

// PlayerNames returns the players' names, where the file names them
// ("players": ["A", "B"]), else nil. The slice is the model's own.
func (m *Model) PlayerNames() []string { return m.names }

// Start implements engine.Rules.
func (m *Model) Start() int32 { return m.start }

// Expand implements engine.Rules.
func (m *Model) Expand(s int32, n *engine.Node[int32]) error {
	var buf [16]engine.Outcome[int32]
	switch owner := int(m.owner[s]); owner {
	case engine.Terminal:
		var pb [8]*big.Rat
		pay := pb[:0]
		for _, v := range m.pay[m.payStart[s]:m.payStart[s+1]] {
			pay = append(pay, m.vals[v])
		}
		n.Terminal(pay...)
	case engine.Chance:
		n.Chance(m.outcomes(m.actStart[s], buf[:0])...)
	default:
		n.Decide(owner)
		for a := m.actStart[s]; a < m.actStart[s+1]; a++ {
			n.Action(m.actNames[m.actName[a]], m.outcomes(a, buf[:0])...)
		}
	}
	return nil
}

// outcomes appends action a's outcomes to buf.
func (m *Model) outcomes(a uint32, buf []engine.Outcome[int32]) []engine.Outcome[int32] {
	for k := m.outStart[a]; k < m.outStart[a+1]; k++ {
		o := engine.Outcome[int32]{P: m.vals[m.prob[k]], To: int32(m.to[k])}
		if r := m.reward[k]; r != 0 {
			o.Reward = m.vals[r]
		}
		buf = append(buf, o)
	}
	return buf
}

// Index implements engine.Indexer: states are numbered already.
func (m *Model) Index(s int32) (int, bool) { return int(s), s >= 0 && int(s) < len(m.owner) }

// IndexLimit implements engine.Indexer.
func (m *Model) IndexLimit() int { return len(m.owner) }

// Flat implements engine.Flat: the model's arrays are the engine's, so a
// model whose states are listed in the order play first reaches them (as
// Export writes them) is solved without expanding a state.
func (m *Model) Flat() engine.FlatGame {
	return engine.FlatGame{Owner: m.owner, ActStart: m.actStart, ActName: m.actName, Names: m.actNames, OutStart: m.outStart,
		To: m.to, Prob: m.prob, Reward: m.reward, PayStart: m.payStart, Pay: m.pay, Vals: m.vals}
}

// SizeHint implements engine.Sizer: the states, actions and outcomes
// listed (those play reaches are usually all of them).
func (m *Model) SizeHint() (states, actions, outcomes int) {
	return len(m.owner), len(m.actName), len(m.to)
}

// Describe implements engine.Describer: a state is named by its id.
func (m *Model) Describe(s int32) string { return fmt.Sprintf("%q", cut(m.ID(s))) }

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

// State returns what state s is: its owner (a player, engine.Chance or
// engine.Terminal), a terminal's payoffs, and the names and outcomes of its
// actions (one unnamed action for a chance state). The values are the
// model's own: do not modify them.
func (m *Model) State(s int32) (owner int, payoff []*big.Rat, names []string, actions [][]engine.Outcome[int32]) {
	owner = int(m.owner[s])
	for _, v := range m.pay[m.payStart[s]:m.payStart[s+1]] {
		payoff = append(payoff, m.vals[v])
	}
	for a := m.actStart[s]; a < m.actStart[s+1]; a++ {
		if owner >= 0 {
			names = append(names, m.actNames[m.actName[a]])
		}
		actions = append(actions, m.outcomes(a, nil))
	}
	return owner, payoff, names, actions
}

// NumStates is the number of states listed (reachable or not).
func (m *Model) NumStates() int { return len(m.owner) }

// bytesPerByte estimates the memory of a parsed model and its float
// solution per byte of model text, with half as much again to spare.
// Measured peaks (float solve, whole process, the streaming reader): a
// chain of 500,000 coin flips 3.5 bytes a byte (157 MiB), 500,000
// decisions of three actions 2.9 (290 MiB), 200,000 ids of 100 characters
// 2.2 (104 MiB), 200,000 comments 3.6 (115 MiB), the million-state rooms
// of BenchmarkMillionStates 3.6 to 3.9 (466 to 503 MiB); the reader that
// decoded the whole file first took 10.6, 11.7, 3.9, 6.4 and 8.2. Exact
// values have no size a text can foretell (a chain of 500,000 coin flips
// holds 15 GB of them): there the engine's guard stops the solve when the
// budget runs out (budget.Guard).
const bytesPerByte = 6

// slowBytesPerByte is bytesPerByte for the general reader (encoding/json
// and the builder), which decodes the whole text before building: 11.7 a
// byte measured, with room to spare.
const slowBytesPerByte = 16

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
	// A regular file is read into one buffer of its size (and a little
	// room to see that it ends there): io.ReadAll's doublings touch twice
	// the memory, and fresh memory is slow. The buffer is made, not grown
	// (bytes.Buffer.Grow clears it in one stretch the collector cannot
	// interrupt, and its mark workers spun waiting: 1 s on a 135 MB file).
	var data []byte
	if size, ok := fileSize(r); ok {
		data = hugepage.Make[byte](0, int(min(size, limit))+512)
		if size <= limit && size >= parallelRead {
			data = readParts(r.(*os.File), data[:size])
		}
	}
	lr := io.LimitReader(r, limit+1-int64(len(data)))
	for {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
		n, err := lr.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("model: reading: %w", err)
		}
	}
	if int64(len(data)) > limit {
		if limit == 0 {
			return nil, fmt.Errorf("model: %w: solving a model needs about %d bytes per byte of its text; %s", budget.ErrTooLarge, bytesPerByte, budget.Room(avail))
		}
		return nil, fmt.Errorf("model: %w: the model text is over %s; solving it needs about %d bytes per byte of text, %s",
			budget.ErrTooLarge, budget.Bytes(float64(limit)), bytesPerByte, budget.Room(avail))
	}
	return data, nil
}

// parallelRead is the size from which a file is read in parts at once.
const parallelRead = 8 << 20

// readParts reads the file f, of len(buf) bytes when it was looked at, into
// buf in four parts at once, and returns buf with f's offset after it, for
// the caller to read what follows (a file that grew meanwhile). The parts
// fault in the buffer's fresh pages on both cores: 135 MB took 0.29 s
// instead of 0.45–0.62 s here. If any part fails (the file shrank, say),
// it returns buf emptied, f's offset still at 0, for the caller to read it
// all again, one read after another.
func readParts(f *os.File, buf []byte) []byte {
	const parts = 4
	n := len(buf)
	var failed atomic.Bool
	var wg sync.WaitGroup
	for i := range parts {
		lo, hi := n*i/parts, n*(i+1)/parts
		wg.Go(func() {
			if _, err := f.ReadAt(buf[lo:hi], int64(lo)); err != nil {
				failed.Store(true)
			}
		})
	}
	wg.Wait()
	// ReadAt leaves the offset at 0.
	if failed.Load() {
		return buf[:0]
	}
	if _, err := f.Seek(int64(n), io.SeekStart); err != nil {
		return buf[:0]
	}
	return buf
}

// fileSize is the size of a regular file being read from its start.
func fileSize(r io.Reader) (int64, bool) {
	f, ok := r.(*os.File)
	if !ok {
		return 0, false
	}
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		return 0, false
	}
	if at, err := f.Seek(0, io.SeekCurrent); err != nil || at != 0 {
		return 0, false
	}
	return st.Size(), true
}

type fileJSON struct {
	Players json.RawMessage `json:"players"`
	Start   *string         `json:"start"`
	States  []stateJSON     `json:"states"`
	Comment skip            `json:"comment"`
	// Discount is Shapley's γ (engine.Options.Discount), if given.
	Discount number `json:"discount"`
}

type stateJSON struct {
	ID      string        `json:"id"`
	Player  *int          `json:"player"`
	Actions *[]actionJSON `json:"actions"`
	Chance  *[]outcomeRaw `json:"chance"`
	Payoff  *[]number     `json:"payoff"`
	Tier    *int64        `json:"tier"`
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
			what = "the model"
		}
		// Say what JSON is wanted, not which Go type holds it.
		want := te.Type.String()
		switch te.Type.Kind() {
		case reflect.Struct, reflect.Map:
			want = "a JSON object"
		case reflect.Slice, reflect.Array:
			want = "a JSON array"
		case reflect.String:
			want = "a JSON string"
		case reflect.Bool:
			want = "true or false"
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
			want = "a number"
		}
		return fmt.Sprintf("%s: %s: want %s, not a JSON %s", position(data, te.Offset-1), what, want, te.Value)
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

// Parse reads a model from its JSON text: a text that is plainly a valid
// model file by a fast reader, anything else by a general one whose errors
// say what is wrong and where. load.Load reads every format.
func Parse(data []byte) (*Model, error) { return parse(data, budget.Available) }

// parse is Parse within the memory budget avail tells.
func parse(data []byte, avail func() uint64) (*Model, error) {
	if m, ok := parsePlain(data); ok {
		return m, nil
	}
	return parseGeneral(data, avail)
}

// parseGeneral reads a model with the general reader, within the memory
// budget avail tells.
func parseGeneral(data []byte, avail func() uint64) (*Model, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	// Something the fast reader leaves to encoding/json and the key
	// walker, or a model the builder refuses: their messages say what and
	// where. They decode the whole text first, which takes more memory
	// than the text's estimate allows for.
	if need, avail := float64(len(data))*slowBytesPerByte, float64(avail()); need > avail {
		return nil, fmt.Errorf("model: %w: the model text (%s) is not one the fast reader takes (its keys plainly as documented, \"players\" before \"states\", no error), and the general reader needs about %d bytes per byte of it, %s",
			budget.ErrTooLarge, budget.Bytes(float64(len(data))), slowBytesPerByte, budget.Room(uint64(avail)))
	}
	if !utf8.Valid(data) {
		// encoding/json would read each bad byte as U+FFFD, and two ids
		// that differ there as one.
		bad := 0
		for bad < len(data) {
			r, n := utf8.DecodeRune(data[bad:])
			if r == utf8.RuneError && n <= 1 {
				break
			}
			bad += n
		}
		return nil, solver.Invalidf("model: %s: the text is not valid UTF-8 (byte 0x%02x)", position(data, int64(bad)), data[bad])
	}
	f, err := decodeSlow(data)
	if err != nil {
		return nil, err
	}
	return build(data, f)
}

// parsePlain reads a model from text that is plainly a valid model file,
// quickly; ok false means only that the text needs the general reader,
// whose errors say what is wrong with it.
func parsePlain(data []byte) (m *Model, ok bool) {
	if !utf8.Valid(data) {
		return nil, false // the general reader says where
	}
	return parseFast(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")))
}

// build builds a model from a decoded file.
func build(data []byte, f *fileJSON) (*Model, error) {
	var h hints
	h.states = len(f.States)
	for _, s := range f.States {
		if s.Actions != nil {
			for _, a := range *s.Actions {
				h.actions++
				h.outcomes += len(a.Outcomes)
			}
		}
		if s.Chance != nil {
			h.actions++
			h.outcomes += len(*s.Chance)
		}
	}
	b, err := newBuilder(data, f.Players, h)
	if err != nil {
		return nil, err
	}
	for i := range f.States {
		if err := b.state(&f.States[i]); err != nil {
			return nil, err
		}
	}
	return b.finish(f.Start, f.Discount)
}
