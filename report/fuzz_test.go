package report_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/model"
	"github.com/gamesolve/gamesolve/report"
	"github.com/gamesolve/gamesolve/solver"
)

// FuzzSolve drives the whole solve of a model file, as the solve command
// does: parse, engine, the answer's JSON and text, in float and in exact
// mode, with a small budget and a short deadline. Whatever the text, there
// is no panic (nor a runtime out of memory, which kills the fuzzer); an
// error is one of the documented kinds, on one line; and where both modes
// answer, float equals exact to 1e-9 (relative, at least absolute) or says
// it is unproven.
func FuzzSolve(f *testing.F) {
	for _, path := range []string{"../docs/examples/die.json", "../docs/examples/duel.json", "../docs/examples/truel.json"} {
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
	}
	f.Add(`{"players":1,"start":"a","states":[{"id":"a","player":0,"actions":[{"name":"y","outcomes":[{"p":"2e-12","to":"lo"},{"p":"0.999999999998","to":"b"}]},{"name":"x","outcomes":[{"p":"1e-12","to":"hi"},{"p":"0.999999999999","to":"b"}]}]},{"id":"b","chance":[{"p":1,"to":"a"}]},{"id":"lo","payoff":[0.6]},{"id":"hi","payoff":[1]}]}`)
	f.Add(`{"players":2,"start":"a","states":[{"id":"a","player":0,"actions":[{"name":"go","outcomes":[{"p":"1/3","to":"w"},{"p":"2/3","to":"b"}]},{"name":"wait","outcomes":[{"p":1,"to":"b"}]}]},{"id":"b","player":1,"actions":[{"name":"go","outcomes":[{"p":"1/2","to":"l"},{"p":"1/2","to":"a"}]},{"name":"wait","outcomes":[{"p":1,"to":"a","reward":1}]}]},{"id":"w","payoff":[1,0]},{"id":"l","payoff":[0,1]}]}`)
	// No pure stationary equilibrium: refused.
	f.Add(`{"players":2,"start":"A","states":[{"id":"A","player":0,"actions":[{"name":"quit","outcomes":[{"p":1,"to":"QA"}]},{"name":"pass","outcomes":[{"p":1,"to":"B"}]}]},{"id":"B","player":1,"actions":[{"name":"quit","outcomes":[{"p":1,"to":"QB"}]},{"name":"pass","outcomes":[{"p":1,"to":"A"}]}]},{"id":"QA","payoff":[1,-2]},{"id":"QB","payoff":[2,-1]}]}`)
	f.Add(`{"players":1,"start":"a","states":[{"id":"a","chance":[{"p":"1/2","to":"b","reward":"1e999"},{"p":"1/2","to":"c"}]},{"id":"b","payoff":[1e400]},{"id":"c","payoff":["-1/3"]}]}`)
	f.Fuzz(func(t *testing.T, text string) {
		m, err := model.Parse([]byte(text))
		if err != nil {
			return
		}
		opt := engine.Options{Memory: 256 << 20, MaxStates: 500, MaxRounds: 200, MaxSweeps: 20000}
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		defer cancel()
		answers := [2]*report.Model{}
		for i, exact := range []bool{true, false} {
			r, err := report.SolveModel(ctx, m, report.Request{Exact: exact, Choices: true, Policy: true, Engine: opt})
			if err != nil {
				switch {
				case errors.Is(err, solver.ErrInvalid), errors.Is(err, budget.ErrTooLarge), errors.Is(err, engine.ErrUnsupported),
					errors.Is(err, context.DeadlineExceeded), strings.Contains(err.Error(), "did not settle"):
				default:
					t.Fatalf("exact=%t: undocumented error %v", exact, err)
				}
				if strings.Contains(err.Error(), "\n") {
					t.Fatalf("exact=%t: error of more than one line: %q", exact, err)
				}
				continue
			}
			if _, err := json.Marshal(r); err != nil {
				t.Fatalf("exact=%t: JSON: %v", exact, err)
			}
			var b bytes.Buffer
			r.Text(&b, func(x float64) string { return "x" })
			answers[i] = r
		}
		ex, fl := answers[0], answers[1]
		// Equilibria need not be unique, and float mode's tie tolerance
		// may certify another one than exact mode (engine's doc).
		if ex == nil || fl == nil || fl.Unproven || ex.Equilibria > 0 {
			return
		}
		for p := range ex.Values {
			x, y := ex.Values[p], fl.Values[p]
			if math.IsInf(x, 0) {
				continue // beyond float64: float mode refused, or it is exact
			}
			if math.Abs(x-y) > 1e-9*math.Max(1, math.Abs(x)) {
				t.Fatalf("player %d: exact %v (%s), float %v", p, x, ex.ValuesExact[p], y)
			}
		}
	})
}
