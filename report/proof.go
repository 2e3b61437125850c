package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"

	"github.com/gamesolve/gamesolve/solver"
)

// Proof says whether a float answer holds to the engine's precision. The
// engine proves every float value it computes (engine/doc.go, "Float
// mode") or re-solves it exactly; only a component too large for that
// leaves values it could not prove, and the answer must then say so. The
// exit status stays 0: the numbers are the best the float pass found.
type Proof struct {
	// Unproven is true when some value may be off by more than the
	// precision; UnprovenBound is then the largest proven distance from
	// the true value (null when none is known).
	Unproven      bool     `json:"unproven,omitempty"`
	UnprovenBound *float64 `json:"unproven_bound,omitempty"`
}

// proofOf is the Proof of an engine answer with n unproven components and
// the given bound (+Inf for none known).
func proofOf(n int, bound float64) Proof {
	if n == 0 {
		return Proof{}
	}
	p := Proof{Unproven: true}
	if !math.IsInf(bound, 0) && !math.IsNaN(bound) {
		p.UnprovenBound = &bound
	}
	return p
}

// warning is the Proof's text: one line, or nothing when proven.
func (p Proof) warning() string {
	if !p.Unproven {
		return ""
	}
	if p.UnprovenBound == nil {
		return "warning: not proven to the float precision, and no error bound is known (a component too large or too slow to re-solve exactly; --exact gives the exact answer)"
	}
	return fmt.Sprintf("warning: not proven to the float precision: values may be off by up to %.3g (a component too large or too slow to re-solve exactly; --exact gives the exact answer)", *p.UnprovenBound)
}

// write adds the warning line to b, if there is one.
func (p Proof) write(b *bytes.Buffer) {
	if w := p.warning(); w != "" {
		b.WriteString(w)
		b.WriteByte('\n')
	}
}

// fits refuses, in float mode, a value beyond float64's range: float
// arithmetic has lost it (a payoff of 1e400 reads as +Inf, and a reward of
// 1e999 times a probability of 0 as NaN). Exact mode keeps the exact value
// and prints the float as null.
func fits(x float64, exact bool, what string) error {
	if exact || !(math.IsInf(x, 0) || math.IsNaN(x)) {
		return nil
	}
	return fmt.Errorf("%w: %s is beyond the range of a float64 (about ±1.8e308); solve with --exact for the exact value", solver.ErrInvalid, what)
}

// JSONFloat is a float64 that JSON writes as null where it is beyond
// float64's range. Only exact mode keeps such a value, with its exact value
// beside it; float mode refuses it (fits).
type JSONFloat float64

// MarshalJSON implements json.Marshaler.
func (x JSONFloat) MarshalJSON() ([]byte, error) {
	if math.IsInf(float64(x), 0) || math.IsNaN(float64(x)) {
		return []byte("null"), nil
	}
	return json.Marshal(float64(x))
}

// JSONFloats are float64s written as JSONFloat each. A []float64 is
// assignable to it and from it.
type JSONFloats []float64

// MarshalJSON implements json.Marshaler.
func (xs JSONFloats) MarshalJSON() ([]byte, error) {
	if xs == nil {
		return []byte("null"), nil
	}
	b := []byte{'['}
	for i, x := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		e, err := JSONFloat(x).MarshalJSON()
		if err != nil {
			return nil, err
		}
		b = append(b, e...)
	}
	return append(b, ']'), nil
}

// floatText is float(x), or a note where x is beyond float64's range.
func floatText(float Float, x float64) string {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return "(beyond float64)"
	}
	return float(x)
}
