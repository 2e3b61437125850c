package report

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

// Input is a model file, read in any of the formats: gamesolve's own
// (Plain), or JANI, or the PRISM language (read into JANI's form, with
// Format "prism"), or a Gambit game (.efg or .nfg: Game).
type Input struct {
	Plain  *model.Model
	JANI   *jani.Model
	Game   *extensive.Game
	Format string // "json", "jani", "prism", "efg" or "nfg"
}

// Source is a model file to read. ParseInput is the one reader of model
// files: the solve and plot commands and the server's POST /api/solve all
// use it.
type Source struct {
	// Name is the file's name: its extension tells the format (.jani;
	// .prism, .pm, .nm for PRISM), else the text does.
	Name string
	Data []byte
	// Consts gives a JANI or PRISM model's open constants as
	// "N=16,MAX=2" (jani.ParseConsts); for gamesolve's format it must be
	// empty.
	Consts string
	// Props is a PRISM model's properties (a .props file's text); other
	// formats carry their own.
	Props string
}

// ErrConstsNotJANI is returned when constants are given for a model in
// gamesolve's format, which has none.
var ErrConstsNotJANI = errors.New("constants apply to JANI and PRISM models only")

// ErrPropsNotPRISM is returned when properties are given for a model that
// is not in the PRISM language.
var ErrPropsNotPRISM = errors.New("properties files apply to PRISM models only")

// ConstsError is a malformed list of constants ("N=16,MAX=2"), told apart
// from an error in the model file so that a command can name its flag.
type ConstsError struct{ Err error }

func (e *ConstsError) Error() string { return "const: " + e.Err.Error() }

// Unwrap returns the underlying error.
func (e *ConstsError) Unwrap() error { return e.Err }

// IsPRISM reports whether a file is in the PRISM language: by its name's
// extension, or, without one, by text that is neither a JSON object nor a
// Gambit game.
func IsPRISM(name string, data []byte) bool {
	switch filepath.Ext(name) {
	case ".prism", ".pm", ".nm", ".sm", ".smg":
		return true
	case "":
		t := bytes.TrimLeft(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")), " \t\r\n")
		return len(t) > 0 && t[0] != '{' && !IsGambit(name, data)
	}
	return false
}

// IsGambit reports whether a file is a Gambit game: by its name's
// extension (.efg, .nfg), or by text that starts with EFG or NFG (or is
// a gambit:document that holds one).
func IsGambit(name string, data []byte) bool {
	switch filepath.Ext(name) {
	case ".efg", ".nfg":
		return true
	case ".prism", ".pm", ".nm", ".sm", ".smg", ".jani":
		return false
	}
	t := bytes.TrimLeft(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")), " \t\r\n")
	return bytes.HasPrefix(t, []byte("EFG")) || bytes.HasPrefix(t, []byte("NFG")) ||
		(bytes.HasPrefix(t, []byte("<?xml")) || bytes.HasPrefix(t, []byte("<gambit:document"))) &&
			(bytes.Contains(t, []byte("<efgfile>")) || bytes.Contains(t, []byte("<nfgfile>")))
}

// ParseInput parses a model file's text.
//
// A PRISM model is read under ctx: the reader stops when ctx ends, and
// ParseInput returns once it has, so that a server's slot holds the work
// until it is over. The readers of gamesolve's JSON and of JANI cannot
// stop halfway; they run aside, and when ctx ends first ParseInput returns
// ctx's error at once and leaves them to finish unobserved: their work is
// linear in the text, which model.ReadText and the server's body limit
// bound (a second for 4 MB).
func ParseInput(ctx context.Context, src Source) (*Input, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if IsPRISM(src.Name, src.Data) {
		in, err := parseInput(ctx, src)
		if cerr := ctx.Err(); cerr != nil && err != nil {
			return nil, cerr
		}
		return in, err
	}
	type result struct {
		in  *Input
		err error
	}
	done := make(chan result, 1) // buffered: an abandoned parse never blocks
	go func() {
		in, err := parseInput(ctx, src)
		done <- result{in, err}
	}()
	select {
	case r := <-done:
		return r.in, r.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func parseInput(ctx context.Context, src Source) (*Input, error) {
	if len(bytes.TrimSpace(bytes.TrimPrefix(src.Data, []byte("\xef\xbb\xbf")))) == 0 {
		return nil, solver.Invalidf("the model file is empty")
	}
	isPRISM := IsPRISM(src.Name, src.Data)
	if strings.TrimSpace(src.Props) != "" && !isPRISM {
		return nil, ErrPropsNotPRISM
	}
	if IsGambit(src.Name, src.Data) {
		if strings.TrimSpace(src.Consts) != "" {
			return nil, ErrConstsNotJANI
		}
		g, err := extensive.Read(bytes.TrimPrefix(src.Data, []byte("\xef\xbb\xbf")))
		if err != nil {
			return nil, err
		}
		format := "efg"
		if g.Strategic {
			format = "nfg"
		}
		return &Input{Game: g, Format: format}, nil
	}
	if !isPRISM && filepath.Ext(src.Name) != ".jani" {
		// A valid model file is read at once, without looking through
		// its text for JANI's keys first (a third of a second in a
		// million states); the general reader, whose messages say what
		// is wrong, takes the rest that is not JANI.
		m, ok := model.ParsePlain(src.Data)
		if ok || !jani.IsJANI(src.Data) {
			if strings.TrimSpace(src.Consts) != "" {
				return nil, ErrConstsNotJANI
			}
			if !ok {
				var err error
				if m, err = model.ParseGeneral(src.Data); err != nil {
					return nil, err
				}
			}
			return &Input{Plain: m, Format: "json"}, nil
		}
	}
	// A JANI or PRISM model.
	cm, err := jani.ParseConsts(src.Consts)
	if err != nil {
		return nil, &ConstsError{err}
	}
	if isPRISM {
		name := strings.TrimSuffix(filepath.Base(src.Name), filepath.Ext(src.Name))
		if src.Name == "" {
			name = "model" // posted, without a file name
		}
		m, err := prism.ParseContext(ctx, src.Data, []byte(src.Props), cm, name)
		if err != nil {
			return nil, err
		}
		return &Input{JANI: m, Format: "prism"}, nil
	}
	m, err := jani.Parse(src.Data, cm)
	if err != nil {
		return nil, err
	}
	return &Input{JANI: m, Format: "jani"}, nil
}
