package load

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"strings"

	"github.com/gamesolve/gamesolve/extensive"
	"github.com/gamesolve/gamesolve/model"
	"github.com/gamesolve/gamesolve/model/jani"
	"github.com/gamesolve/gamesolve/model/prism"
	"github.com/gamesolve/gamesolve/solver"
)

// Format is a model file's format, as Model.Format and the outputs name it.
type Format string

// The formats. Sniff tells EFG from NFG by the text where it can; Load
// takes the game's own form (Game.Strategic) as final.
const (
	JSON  Format = "json"
	JANI  Format = "jani"
	PRISM Format = "prism"
	EFG   Format = "efg"
	NFG   Format = "nfg"
)

// Gambit reports whether f is one of Gambit's two forms.
func (f Format) Gambit() bool { return f == EFG || f == NFG }

// Source is a model file to read.
type Source struct {
	// Name is the file's name, or "" for text without one (standard
	// input, a posted body); Sniff reads its extension.
	Name string
	Data []byte
	// Consts gives a JANI or PRISM model's open constants as
	// "N=16,MAX=2" (jani.ParseConsts); for the other formats it must be
	// empty.
	Consts string
	// Props is a PRISM model's properties (a .props file's text); the
	// other formats carry their own.
	Props string
}

// Model is a model file, read: exactly one of Plain, JANI (also for a
// PRISM model) and Game is set.
type Model struct {
	Plain  *model.Model
	JANI   *jani.Model
	Game   *extensive.Game
	Format Format
}

// ErrConstsNotJANI is returned when constants are given for a model in
// gamesolve's format or Gambit's, which have none.
var ErrConstsNotJANI = errors.New("load: constants apply to JANI and PRISM models only")

// ErrPropsNotPRISM is returned when properties are given for a model that
// is not in the PRISM language.
var ErrPropsNotPRISM = errors.New("load: properties files apply to PRISM models only")

// ConstsError is a malformed list of constants ("N=16,MAX=2"), told apart
// from an error in the model file so that a caller can name its flag.
type ConstsError struct{ Err error }

func (e *ConstsError) Error() string { return "const: " + e.Err.Error() }

// Unwrap returns the underlying error.
func (e *ConstsError) Unwrap() error { return e.Err }

var bom = []byte("\xef\xbb\xbf")

// Sniff tells a model file's format from its name's extension, or where
// that says nothing, from its text (see the package documentation).
func Sniff(name string, data []byte) Format {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".jani":
		return JANI
	case ".prism", ".pm", ".nm", ".sm", ".smg":
		return PRISM
	case ".efg":
		if gambitForm(data) == NFG {
			return NFG
		}
		return EFG
	case ".nfg":
		if gambitForm(data) == EFG {
			return EFG
		}
		return NFG
	case ".json":
		if f := gambitForm(data); f != "" {
			return f
		}
		return jsonForm(data)
	}
	if f := gambitForm(data); f != "" {
		return f
	}
	if t := text(data); len(t) > 0 && t[0] == '{' {
		return jsonForm(data)
	}
	return PRISM
}

// text is data without a byte-order mark and leading white space.
func text(data []byte) []byte {
	return bytes.TrimLeft(bytes.TrimPrefix(data, bom), " \t\r\n")
}

// jsonForm tells JANI from gamesolve's JSON format by JANI's top-level
// key.
func jsonForm(data []byte) Format {
	if jani.IsJANI(data) {
		return JANI
	}
	return JSON
}

// gambitForm is EFG or NFG for a text that starts as one (or is Gambit's
// XML document holding one), else "".
func gambitForm(data []byte) Format {
	t := text(data)
	switch {
	case bytes.HasPrefix(t, []byte("EFG")):
		return EFG
	case bytes.HasPrefix(t, []byte("NFG")):
		return NFG
	case !bytes.HasPrefix(t, []byte("<?xml")) && !bytes.HasPrefix(t, []byte("<gambit:document")):
		return ""
	case bytes.Contains(t, []byte("<efgfile>")):
		return EFG
	case bytes.Contains(t, []byte("<nfgfile>")):
		return NFG
	}
	return ""
}

// Load reads a model file in the format Sniff tells.
//
// A PRISM model is read under ctx: the reader stops when ctx ends, and Load
// returns once it has, so that a server's slot holds the work until it is
// over. The readers of gamesolve's JSON, of JANI and of Gambit's files
// cannot stop halfway; they run aside, and when ctx ends first Load returns
// ctx's error at once and leaves them to finish unobserved: their work is
// linear in the text, which model.ReadText and the server's body limit
// bound (a second for 4 MB).
func Load(ctx context.Context, src Source) (*Model, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	format := Sniff(src.Name, src.Data)
	if format == PRISM {
		m, err := load(ctx, src, format)
		if cerr := ctx.Err(); cerr != nil && err != nil {
			return nil, cerr
		}
		return m, err
	}
	type result struct {
		m   *Model
		err error
	}
	done := make(chan result, 1) // buffered: an abandoned read never blocks
	go func() {
		m, err := load(ctx, src, format)
		done <- result{m, err}
	}()
	select {
	case r := <-done:
		return r.m, r.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func load(ctx context.Context, src Source, format Format) (*Model, error) {
	data := src.Data
	if len(bytes.TrimSpace(bytes.TrimPrefix(data, bom))) == 0 {
		return nil, solver.Invalidf("the model file is empty")
	}
	if strings.TrimSpace(src.Props) != "" && format != PRISM {
		return nil, ErrPropsNotPRISM
	}
	if (format == JSON || format.Gambit()) && strings.TrimSpace(src.Consts) != "" {
		return nil, ErrConstsNotJANI
	}
	switch format {
	case EFG, NFG:
		g, err := extensive.Read(bytes.TrimPrefix(data, bom))
		if err != nil {
			return nil, err
		}
		if g.Strategic {
			return &Model{Game: g, Format: NFG}, nil
		}
		return &Model{Game: g, Format: EFG}, nil
	case JSON:
		m, err := model.Parse(data)
		if err != nil {
			return nil, err
		}
		return &Model{Plain: m, Format: JSON}, nil
	}
	cm, err := jani.ParseConsts(src.Consts)
	if err != nil {
		return nil, &ConstsError{err}
	}
	if format == PRISM {
		name := strings.TrimSuffix(filepath.Base(src.Name), filepath.Ext(src.Name))
		if src.Name == "" {
			name = "model" // posted, without a file name
		}
		m, err := prism.ParseContext(ctx, data, []byte(src.Props), cm, name)
		if err != nil {
			return nil, err
		}
		return &Model{JANI: m, Format: PRISM}, nil
	}
	m, err := jani.Parse(data, cm)
	if err != nil {
		return nil, err
	}
	return &Model{JANI: m, Format: JANI}, nil
}
