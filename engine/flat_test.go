package engine

import (
	"context"
	"errors"
	"math/big"
	"testing"
)

// flatRules are rules held as a FlatGame, expanded from it too.
type flatRules struct {
	f     FlatGame
	start int32
}

func (r *flatRules) Players() int              { return 1 }
func (r *flatRules) Start() int32              { return r.start }
func (r *flatRules) Flat() FlatGame            { return r.f }
func (r *flatRules) Index(s int32) (int, bool) { return int(s), s >= 0 && int(s) < len(r.f.Owner) }
func (r *flatRules) IndexLimit() int           { return len(r.f.Owner) }
func (r *flatRules) Expand(s int32, n *Node[int32]) error {
	f := &r.f
	if f.Owner[s] == Terminal {
		for _, v := range f.Pay[f.PayStart[s]:f.PayStart[s+1]] {
			n.Terminal(f.Vals[v])
		}
		return nil
	}
	n.Decide(int(f.Owner[s]))
	for a := f.ActStart[s]; a < f.ActStart[s+1]; a++ {
		var outs []Outcome[int32]
		for o := f.OutStart[a]; o < f.OutStart[a+1]; o++ {
			outs = append(outs, Outcome[int32]{P: f.Vals[f.Prob[o]], To: int32(f.To[o])})
		}
		n.Action(f.Names[f.ActName[a]], outs...)
	}
	return nil
}

// shifted numbers its states one up: not the arrays' numbering.
type shifted struct{ flatRules }

func (r *shifted) Index(s int32) (int, bool) { return int(s) + 1, s >= 0 && int(s) < len(r.f.Owner) }
func (r *shifted) IndexLimit() int           { return len(r.f.Owner) }

// Three states: 0 decides between going to 1 for sure and a coin between
// 1 and 2; 1 and 2 are terminals. to lists the targets of the outcomes
// (go, coin heads, coin tails); half is the coin's probability.
func threeStates(to [3]uint32, half *big.Rat) FlatGame {
	return FlatGame{
		Owner:    []int16{0, Terminal, Terminal},
		ActStart: []uint32{0, 2, 2, 2},
		ActName:  []uint32{0, 1},
		Names:    []string{"go", "coin"},
		OutStart: []uint32{0, 1, 3},
		To:       to[:],
		Prob:     []uint32{1, 2, 2},
		Reward:   []uint32{0, 0, 0},
		PayStart: []uint32{0, 0, 1, 2},
		Pay:      []uint32{3, 1},
		Vals:     []*big.Rat{new(big.Rat), big.NewRat(1, 1), half, big.NewRat(1, 3)},
	}
}

// adopt shares arrays numbered as exploration numbers states, renumbers
// others, leaves out states play never reaches, and leaves to explore
// anything it would refuse or change.
func TestAdopt(t *testing.T) {
	t.Parallel()
	half := big.NewRat(1, 2)
	r := &flatRules{f: threeStates([3]uint32{1, 1, 2}, half)}
	g, ok, _ := adopt[int32](t.Context(), r, Options{}, 8)
	if !ok || &g.to[0] != &r.f.To[0] || g.reached != 3 {
		t.Fatalf("in order: adopted %t, shared %t", ok, ok && &g.to[0] == &r.f.To[0])
	}
	// Listed 0, 2, 1 where play reaches 0, 1, 2: renumbered.
	r = &flatRules{f: threeStates([3]uint32{2, 2, 1}, half)}
	r.f.PayStart, r.f.Pay = []uint32{0, 0, 1, 2}, []uint32{1, 3}
	g, ok, _ = adopt[int32](t.Context(), r, Options{}, 8)
	if !ok || &g.to[0] == &r.f.To[0] || g.states[1] != 2 || g.to[0] != 1 || g.rats.vals[g.pay[g.payStart[1]]].Cmp(big.NewRat(1, 3)) != 0 {
		t.Fatalf("out of order: adopted %t, %+v", ok, g)
	}
	// State 2 unreached: left out.
	r = &flatRules{f: threeStates([3]uint32{1, 1, 1}, half)}
	if g, ok, _ = adopt[int32](t.Context(), r, Options{}, 8); !ok || g.reached != 2 || len(g.owner) != 2 {
		t.Fatalf("unreached: adopted %t", ok)
	}
	// A coin of 1/3 and 1/3: explore refuses it, so adopt leaves it.
	r = &flatRules{f: threeStates([3]uint32{1, 1, 2}, big.NewRat(1, 3))}
	if _, ok, _ = adopt[int32](t.Context(), r, Options{}, 8); ok {
		t.Error("a sum of 2/3 adopted")
	}
	if _, err := explore[int32](t.Context(), r, Options{}, 8, false); err == nil {
		t.Error("explore took a sum of 2/3")
	}
	// An Index that is not the arrays' numbering: left to explore.
	if _, ok, _ = adopt[int32](t.Context(), &shifted{flatRules{f: threeStates([3]uint32{1, 1, 2}, half)}}, Options{}, 8); ok {
		t.Error("rules whose Index is not the arrays' numbering adopted")
	}
	// Malformed arrays are left to explore too.
	r = &flatRules{f: threeStates([3]uint32{1, 1, 7}, half)}
	if _, ok, _ = adopt[int32](t.Context(), r, Options{}, 8); ok {
		t.Error("a target out of range adopted")
	}
	// A cancelled context stops it, in order or not.
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	for _, to := range [][3]uint32{{1, 1, 2}, {2, 2, 1}} {
		r = &flatRules{f: threeStates(to, half)}
		if _, _, err := adopt[int32](ctx, r, Options{}, 8); !errors.Is(err, context.Canceled) {
			t.Errorf("%v cancelled: %v", to, err)
		}
	}
}
