package report

import (
	"bytes"
	"context"
	"errors"
	"fmt"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/model/jani"
	"github.com/gamesolve/gamesolve/model/load"
)

// Request says what Solve computes for a model, whatever its format. An
// option that does not apply to the model's format is refused with a
// NotApplicableError rather than ignored.
type Request struct {
	// Exact computes in rational arithmetic.
	Exact bool
	// Choices keeps the action chosen in every decision state
	// (Model.Choices); Policy also shows it in the output. Both apply to
	// gamesolve's JSON format.
	Choices, Policy bool
	// Property, if not empty, computes only that JANI or PRISM property
	// (by name, or by position from 1).
	Property string
	// Iterations and All are a Gambit game's GameOptions.
	Iterations int
	All        bool
	// Engine passes workers, progress, limits and (JANI and PRISM only)
	// Renormalize to the solvers.
	Engine engine.Options
}

// Result is a solved model: a *Model (gamesolve's JSON format), a *JANI
// (JANI and PRISM) or an *Equilibrium (Gambit's formats). Each marshals to
// its command's JSON.
type Result interface {
	Text(b *bytes.Buffer, float Float)
}

// ErrNoProperties is returned for a PRISM model given no properties to
// compute (a JANI model carries its own).
var ErrNoProperties = errors.New("report: a PRISM model needs properties to compute")

// NotApplicableError is a Request option given for a model whose format
// it does not apply to.
type NotApplicableError struct {
	// Option is the Request field's name in lower case: "policy",
	// "choices", "property", "renormalize", "all".
	Option string
	Format load.Format
}

func (e *NotApplicableError) Error() string { return e.Named(e.Option) }

// Named is the error's message with the option called name (a caller's
// flag or parameter).
func (e *NotApplicableError) Named(name string) string {
	var applies string
	switch e.Option {
	case "policy", "choices":
		applies = "gamesolve's JSON models"
	case "property", "renormalize":
		applies = "JANI and PRISM models"
	default:
		applies = "Gambit games"
	}
	return fmt.Sprintf("%s applies to %s; this model is %s", name, applies, formatName[e.Format])
}

var formatName = map[load.Format]string{
	load.JSON:  "in gamesolve's JSON format",
	load.JANI:  "a JANI model",
	load.PRISM: "a PRISM model",
	load.EFG:   "a Gambit game (.efg), which answers its equilibrium",
	load.NFG:   "a Gambit game (.nfg), which answers its equilibrium",
}

// Solve answers a model read by load.Load: a JSON model's values (as
// SolveModel), a JANI or PRISM model's properties (CheckJANI), or a Gambit
// game's certified equilibrium (SolveGame).
func Solve(ctx context.Context, m *load.Model, req Request) (Result, error) {
	notFor := func(option string) error { return &NotApplicableError{Option: option, Format: m.Format} }
	switch {
	case m.Plain == nil && req.Policy:
		return nil, notFor("policy")
	case m.Plain == nil && req.Choices:
		return nil, notFor("choices")
	case m.JANI == nil && req.Property != "":
		return nil, notFor("property")
	case m.JANI == nil && req.Engine.Renormalize != 0:
		return nil, notFor("renormalize")
	case m.Game == nil && req.All:
		return nil, notFor("all")
	}
	// Each case returns its own error: a nil *Model in a Result would not
	// be a nil Result.
	switch {
	case m.Game != nil:
		r, err := SolveGame(ctx, m.Game, GameOptions{Exact: req.Exact, Iterations: req.Iterations, All: req.All, Progress: req.Engine.Progress})
		if err != nil {
			return nil, err
		}
		return r, nil
	case m.JANI != nil:
		if m.Format == load.PRISM && len(m.JANI.Properties()) == 0 {
			return nil, ErrNoProperties
		}
		r, err := CheckJANI(ctx, m.JANI, jani.Options{Exact: req.Exact, Property: req.Property, Engine: req.Engine})
		if err != nil {
			return nil, err
		}
		return r, nil
	}
	r, err := SolveModel(ctx, m.Plain, req)
	if err != nil {
		return nil, err
	}
	return r, nil
}
