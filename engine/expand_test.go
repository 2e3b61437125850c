package engine_test

import (
	"context"
	"crypto/sha256"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"testing"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/numeric"
)

// forking are rules over a pseudo-random graph of n states, with scratch
// that Expand writes (so the race detector sees forks that share it), and
// a state that fails or panics.
type forking struct {
	n       int
	scratch []int
	fail    int // Expand of this state errs (-1: none)
	panics  bool
	forks   *int
	wide    int // if set, chance states have this many outcomes
}

var probs = []*big.Rat{big.NewRat(1, 2), big.NewRat(1, 3), big.NewRat(1, 6)}

func (r *forking) Players() int { return 2 }
func (r *forking) Start() int   { return 0 }
func (r *forking) Fork() engine.Rules[int] {
	*r.forks++
	c := *r
	c.scratch = make([]int, 4)
	return &c
}

func (r *forking) Expand(s int, n *engine.Node[int]) error {
	if s == r.fail {
		if r.panics {
			panic(fmt.Sprintf("state %d", s))
		}
		return fmt.Errorf("no rule for state %d", s)
	}
	next := func(k int) int {
		r.scratch[k%4] = (s*7919 + k*104729 + 13) % r.n
		return r.scratch[k%4]
	}
	outs := func(a int) []engine.Outcome[int] {
		return []engine.Outcome[int]{{P: probs[0], To: next(3 * a)}, {P: probs[1], To: next(3*a + 1), Reward: probs[2]}, {P: probs[2], To: next(3*a + 2)}}
	}
	switch {
	case r.wide > 0 && s%3 == 0:
		o := make([]engine.Outcome[int], r.wide)
		p := big.NewRat(1, int64(r.wide))
		for k := range o {
			o[k] = engine.Outcome[int]{P: p, To: next(k)}
		}
		n.Chance(o...)
	case s%97 == 5:
		n.Terminal(big.NewRat(int64(s%5), 1), new(big.Rat))
	case s%3 == 0:
		n.Chance(outs(0)...)
	default:
		n.Decide(s % 2)
		for a := range 1 + s%3 {
			n.Action(fmt.Sprintf("a%d", a), outs(a)...)
		}
	}
	return nil
}

// dump returns the explored graph's number of states and a digest of its
// text: states in their order, each with its owner, payoff and actions.
func dump(G *engine.Graph[int]) (int, string) {
	h := sha256.New()
	var b []byte
	var outs []engine.Outcome[int]
	var pay []*big.Rat
	text := map[*big.Rat]string{} // the graph interns its numbers
	rat := func(x *big.Rat) string {
		t, ok := text[x]
		if !ok {
			t = x.RatString()
			text[x] = t
		}
		return t
	}
	for i := range G.States() {
		b = fmt.Appendf(b, "%d %s %d", G.State(i), G.Name(i), G.Owner(i))
		for _, p := range G.Payoff(i, pay) {
			b = append(b, ' ')
			b = append(b, rat(p)...)
		}
		b = append(b, ':')
		for a := range G.Actions(i) {
			var name string
			name, outs = G.Action(i, a, outs)
			b = append(b, ' ')
			b = append(b, name...)
			for _, o := range outs {
				b = append(b, ' ')
				b = append(b, rat(o.P)...)
				b = append(b, '>')
				b = strconv.AppendInt(b, int64(o.To), 10)
				if o.Reward != nil {
					b = append(b, '+')
					b = append(b, rat(o.Reward)...)
				}
			}
		}
		b = append(b, '\n')
		h.Write(b)
		b = b[:0]
	}
	return G.States(), fmt.Sprintf("%x", h.Sum(nil))
}

// Expanding on forks numbers and describes every state as expanding alone
// does.
func TestParallelExploration(t *testing.T) {
	t.Parallel()
	explore := func(workers, n, wide, fail int, panics bool) (*engine.Graph[int], int, error) {
		forks := 0
		r := &forking{n: n, wide: wide, scratch: make([]int, 4), fail: fail, panics: panics, forks: &forks}
		opt := engine.Options{}
		opt.Workers = workers
		G, err := engine.Explore(context.Background(), r, opt)
		return G, forks, err
	}
	same := func(what string, n, wide int) *engine.Graph[int] {
		G1, forks1, err1 := explore(1, n, wide, -1, false)
		G2, forks2, err2 := explore(2, n, wide, -1, false)
		if err1 != nil || err2 != nil || forks1 != 0 || forks2 != 2 {
			t.Fatalf("%s: %v, %v; %d and %d forks", what, err1, err2, forks1, forks2)
		}
		n1, d1 := dump(G1)
		n2, d2 := dump(G2)
		if n1 < 4096+1024 {
			t.Fatalf("%s: only %d states, too few to expand in parallel", what, n1)
		}
		if n1 != n2 || d1 != d2 {
			t.Fatalf("%s: the graphs differ (%d and %d states)", what, n1, n2)
		}
		return G1
	}
	G := same("narrow", 12000, 0)
	// Wide states: batches stop at their limit of outcomes, and the
	// explorer expands the states left itself.
	same("wide", 6000, 2400)
	// A failing state far into the exploration: the same first error.
	late := G.State(G.States() / 2)
	for _, panics := range []bool{false, true} {
		_, _, e1 := explore(1, 12000, 0, late, panics)
		_, _, e2 := explore(2, 12000, 0, late, panics)
		if e1 == nil || e2 == nil || e1.Error() != e2.Error() {
			t.Errorf("panics %t: alone %v, two workers %v", panics, e1, e2)
		}
		if want := fmt.Sprintf("state %d", late); e1 == nil || !strings.Contains(e1.Error(), want) || panics != strings.Contains(e1.Error(), "panicked") {
			t.Errorf("panics %t: %v", panics, e1)
		}
	}
}

// offSum is a one-player game whose state 0 has a good action "a" and an
// action "b" whose probabilities add up to 3/2.
type offSum struct{}

func (offSum) Players() int { return 1 }
func (offSum) Start() int   { return 0 }
func (offSum) Expand(s int, n *engine.Node[int]) error {
	if s != 0 {
		n.Terminal(big.NewRat(int64(s), 1))
		return nil
	}
	half := big.NewRat(1, 2)
	n.Decide(0)
	n.Action("a", engine.Outcome[int]{P: big.NewRat(1, 1), To: 1})
	n.Action("b", engine.Outcome[int]{P: half, To: 1}, engine.Outcome[int]{P: half, To: 2}, engine.Outcome[int]{P: half, To: 3})
	return nil
}

// placed is offSum with a Placer that knows where each action is written.
type placed struct{ offSum }

func (placed) Place(s, a int) string { return fmt.Sprintf("line %d", 10*s+a+7) }

// A malformed action is named with its place in the rules' source, when
// the rules have a Placer, whether the graph is kept or not.
func TestPlacer(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		rules engine.Rules[int]
		want  string
	}{
		{offSum{}, `engine: state 0: action "b": probabilities sum to 3/2, not 1`},
		{placed{}, `engine: state 0: action "b" (line 8): probabilities sum to 3/2, not 1`},
	} {
		_, err := engine.Explore(context.Background(), c.rules, engine.Options{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Explore %T: %v, want %q", c.rules, err, c.want)
		}
		for _, leanFrom := range []int{0, engine.NoLean} {
			opt := engine.Tuned(engine.Options{}, engine.LeanFrom(leanFrom))
			_, err = engine.Solve[int, float64](context.Background(), numeric.Float{}, c.rules, opt)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("Solve %T (lean from %d): %v, want %q", c.rules, leanFrom, err, c.want)
			}
		}
	}
}
