package report

import (
	"context"
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
//
// Parsing tens of megabytes takes seconds and cannot stop halfway, so it
// runs aside: when ctx is done first, ParseInput returns ctx's error at
// once and the parse finishes unobserved (its work is bounded by the text,
// which model.ReadText and the server's body limit bound in turn).
func ParseInput(ctx context.Context, name string, data []byte, consts string) (*Input, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	type result struct {
		in  *Input
		err error
	}
	done := make(chan result, 1) // buffered: an abandoned parse never blocks
	go func() {
		in, err := parseInput(name, data, consts)
		done <- result{in, err}
	}()
	select {
	case r := <-done:
		return r.in, r.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func parseInput(name string, data []byte, consts string) (*Input, error) {
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
