package prism_test

import (
	"context"
	"testing"

	"github.com/gamesolve/gamesolve/model/jani"
	"github.com/gamesolve/gamesolve/model/prism"
)

// Numeric literals with leading zeros, or a point with no digit before
// it, are the numbers they spell: JANI's JSON has no such literals, and
// they once reached its decoder as written ("invalid number literal").
// By hand: from 0, steps of 1 or 2 with probability 1/2 each, 7 reached
// or passed; P(reach exactly 7 or beyond) is 1, and P(hit 7) is the
// tribonacci-like f(7) with f(n) = (f(n-1)+f(n-2))/2, f(0)=1, f(1)=1/2:
// 1, 1/2, 3/4, 5/8, 11/16, 21/32, 43/64, 85/128.
func TestLeadingZeros(t *testing.T) {
	model := []byte("dtmc\nmodule m\n x : [0..10] init 000;\n [] x<007 -> 0.5 : (x'=x+01) + .5 : (x'=x+0002);\nendmodule\n")
	props := []byte("P=? [ F x>=007 ];\nP=? [ F x=7.0e0 ]")
	m, err := prism.Parse(model, props, nil, "zeros")
	if err != nil {
		t.Fatal(err)
	}
	res, err := m.Check(context.Background(), jani.Options{Exact: true})
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{"1", "85/128"} {
		if got := res.Properties[i].Exact.RatString(); got != want {
			t.Errorf("property %d: %s, want %s", i+1, got, want)
		}
	}
}
