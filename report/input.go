package report

import (
	"errors"
	"path/filepath"
	"strings"

	"github.com/gamesolve/gamesolve/model"
	"github.com/gamesolve/gamesolve/model/jani"
)

// Input is a model file, read in either format: gamesolve's own (Plain) or
// JANI. ParseInput is the one reader of model files: the solve and plot
// commands and the server's POST /api/solve all use it.
type Input struct {
	Plain *model.Model
	JANI  *jani.Model
}

// ErrConstsNotJANI is returned when constants are given for a model that is
// not JANI.
var ErrConstsNotJANI = errors.New("constants apply to JANI models only")

// ConstsError is a malformed list of constants ("N=16,MAX=2"), told apart
// from an error in the model file so that a command can name its flag.
type ConstsError struct{ Err error }

func (e *ConstsError) Error() string { return "const: " + e.Err.Error() }

// Unwrap returns the underlying error.
func (e *ConstsError) Unwrap() error { return e.Err }

// ParseInput parses a model file's text. It is JANI when name ends in
// ".jani" or the text is a JANI object (jani.IsJANI), else gamesolve's
// format. consts gives a JANI model's open constants as "N=16,MAX=2"
// (jani.ParseConsts); for the other format it must be empty.
func ParseInput(name string, data []byte, consts string) (*Input, error) {
	if filepath.Ext(name) == ".jani" || jani.IsJANI(data) {
		cm, err := jani.ParseConsts(consts)
		if err != nil {
			return nil, &ConstsError{err}
		}
		m, err := jani.Parse(data, cm)
		if err != nil {
			return nil, err
		}
		return &Input{JANI: m}, nil
	}
	if strings.TrimSpace(consts) != "" {
		return nil, ErrConstsNotJANI
	}
	m, err := model.Parse(data)
	if err != nil {
		return nil, err
	}
	return &Input{Plain: m}, nil
}
