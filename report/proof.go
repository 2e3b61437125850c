package report

import (
	"bytes"
	"fmt"
	"math"
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
		return "warning: not proven to the float precision, and no error bound is known (a component too large to re-solve exactly; --exact gives the exact answer)"
	}
	return fmt.Sprintf("warning: not proven to the float precision: values may be off by up to %.3g (a component too large to re-solve exactly; --exact gives the exact answer)", *p.UnprovenBound)
}

// write adds the warning line to b, if there is one.
func (p Proof) write(b *bytes.Buffer) {
	if w := p.warning(); w != "" {
		b.WriteString(w)
		b.WriteByte('\n')
	}
}
