package engine

import (
	"context"
	"fmt"
	"math/big"

	"github.com/gamesolve/gamesolve/internal/hugepage"
	"github.com/gamesolve/gamesolve/numeric"
)

// Flat is implemented by rules that hold the whole game as flat arrays
// already, states numbered from 0 (a model file). When the numbering is
// the one exploration gives (the start 0, then every state in the order
// the outcomes of the states before it first reach it, none left out),
// the engine adopts the arrays as its graph, shared and not copied,
// without expanding a state; otherwise it explores the rules as any
// others. The rules must also be an Indexer of those numbers (Index(s) =
// s), and the arrays must not change.
type Flat interface {
	Flat() FlatGame
}

// FlatGame is a game as arrays, states numbered from 0.
type FlatGame struct {
	Owner    []int16  // per state: a player (from 0), Chance or Terminal
	ActStart []uint32 // state i's actions are ActStart[i]..ActStart[i+1]
	ActName  []uint32 // per action: index into Names; a chance move is ""
	Names    []string // distinct
	OutStart []uint32 // action a's outcomes are OutStart[a]..OutStart[a+1]
	To       []uint32 // per outcome: the state
	Prob     []uint32 // per outcome: index into Vals
	Reward   []uint32 // per outcome: index into Vals, 0 for none
	PayStart []uint32 // terminal i's payoffs are Pay[PayStart[i]:PayStart[i+1]]
	Pay      []uint32 // index into Vals
	// Vals are the values, 0 and 1 first. Equal values should share one
	// index: two indices of one value cost only sharing, not correctness.
	Vals []*big.Rat
}

// adopt returns the graph of flat rules whose arrays are numbered as
// exploration would number them (Flat), sharing the arrays. It checks what
// explore checks; ok false (with nothing wrong said) leaves the rules to
// explore, which expands them state by state and says what is wrong where
// something is: a state out of order, a sum that is not exactly 1 (explore
// renormalizes or refuses), any malformed array.
//
// Its passes are linear in the arrays, and check the context every
// adoptCheck states (err: the context's error, when it stops).
func adopt[S comparable](ctx context.Context, rules Rules[S], opt Options, valueBytes float64) (g *graph[S], ok bool, err error) {
	fl, ok := rules.(Flat)
	if !ok {
		return nil, false, nil
	}
	ix, ok := rules.(Indexer[S])
	if !ok {
		return nil, false, nil
	}
	if _, ok := rules.(TieBreaker[S]); ok {
		return nil, false, nil
	}
	if sd, ok := rules.(Seeder[S]); ok && len(sd.Seeds()) > 0 {
		return nil, false, nil
	}
	start, ok := any(rules.Start()).(int32)
	if !ok || start != 0 {
		return nil, false, nil
	}
	f := fl.Flat()
	n := len(f.Owner)
	players := rules.Players()
	if n == 0 || n > 1<<31-1 || ix.IndexLimit() != n || !f.wellFormed(players) {
		return nil, false, nil
	}
	for _, s := range []int{0, n / 2, n - 1} {
		// The states are found by the rules' Index: it must be the
		// arrays' numbering.
		if i, ok := ix.Index(any(int32(s)).(S)); !ok || i != s {
			return nil, false, nil
		}
	}
	if graphBytes[S](players, valueBytes, n, len(f.ActName), len(f.To), 4) > float64(opt.memory()) {
		return nil, false, nil // explore refuses with the estimate
	}
	prob := make([]bool, len(f.Vals))
	for i, v := range f.Vals {
		prob[i] = numeric.IsProbability(v)
	}
	// Number the states as exploration does: the start, then each state
	// when an outcome first reaches it. A model written by Export is
	// numbered so already, and its arrays are shared as they are.
	pos := hugepage.Make[uint32](n, n) // 1 + the engine's number, 0 for unreached
	order := hugepage.Make[int32](1, n)
	pos[0] = 1
	identity := true
	for i := 0; i < len(order); i++ {
		if err := stopped(ctx, i); err != nil {
			return nil, false, err
		}
		s := order[i]
		for a := f.ActStart[s]; a < f.ActStart[s+1]; a++ {
			for _, t := range f.To[f.OutStart[a]:f.OutStart[a+1]] {
				if pos[t] == 0 {
					pos[t] = uint32(len(order)) + 1
					identity = identity && t == uint32(len(order))
					order = append(order, int32(t))
				}
			}
		}
	}
	identity = identity && len(order) == n
	sum := new(big.Rat)
	sums := newSumCache()
	var key []byte
	for a := range f.ActName {
		if err := stopped(ctx, a); err != nil {
			return nil, false, err
		}
		key = key[:0]
		for o := f.OutStart[a]; o < f.OutStart[a+1]; o++ {
			pid := f.Prob[o]
			if !prob[pid] {
				return nil, false, nil
			}
			key = append(key, byte(pid), byte(pid>>8), byte(pid>>16), byte(pid>>24))
		}
		if sums.known(key) {
			continue
		}
		sum.SetInt64(0)
		for o := f.OutStart[a]; o < f.OutStart[a+1]; o++ {
			sum.Add(sum, f.Vals[f.Prob[o]])
		}
		if sum.Cmp(f.Vals[1]) != 0 {
			return nil, false, nil
		}
		sums.found(key)
	}
	rats := newRatTable() // its 0 and 1 are the arrays' (wellFormed)
	rats.vals, rats.prob = f.Vals, prob
	g = &graph[S]{
		players: players, reached: len(order), states: any(order).([]S),
		dense: pos, indexer: ix, index: map[S]uint32{}, names: f.Names, nameID: map[string]uint32{},
		rats: rats,
	}
	g.describeBy(rules)
	if identity {
		g.owner, g.actStart, g.actName, g.outStart = f.Owner, f.ActStart, idColumn{wide: f.ActName}, f.OutStart
		g.to, g.prob, g.reward, g.payStart, g.pay = f.To, idColumn{wide: f.Prob}, idColumn{wide: f.Reward}, f.PayStart, f.Pay
	} else {
		if err := renumber(ctx, &f, g, order, pos); err != nil {
			return nil, false, err
		}
	}
	opt.Report(int64(n), -1)
	return g, true, nil
}

// renumber fills g's arrays with the states reached, in the engine's
// order (pos: 1 + a state's number, 0 if unreached).
func renumber[S comparable](ctx context.Context, f *FlatGame, g *graph[S], order []int32, pos []uint32) error {
	acts, outs, pays := 0, 0, 0
	for _, s := range order {
		a0, a1 := f.ActStart[s], f.ActStart[s+1]
		acts += int(a1 - a0)
		outs += int(f.OutStart[a1] - f.OutStart[a0])
		pays += int(f.PayStart[s+1] - f.PayStart[s])
	}
	n := len(order)
	g.owner = hugepage.Make[int16](0, n)
	g.actStart, g.payStart = hugepage.Make[uint32](1, n+1), hugepage.Make[uint32](1, n+1)
	actName := hugepage.Make[uint32](0, acts)
	g.outStart = hugepage.Make[uint32](1, acts+1)
	g.to = hugepage.Make[uint32](0, outs)
	prob, reward := hugepage.Make[uint32](0, outs), hugepage.Make[uint32](0, outs)
	g.pay = hugepage.Make[uint32](0, pays)
	for i, s := range order {
		if err := stopped(ctx, i); err != nil {
			return err
		}
		g.owner = append(g.owner, f.Owner[s])
		for a := f.ActStart[s]; a < f.ActStart[s+1]; a++ {
			o0, o1 := f.OutStart[a], f.OutStart[a+1]
			for _, t := range f.To[o0:o1] {
				g.to = append(g.to, pos[t]-1)
			}
			prob = append(prob, f.Prob[o0:o1]...)
			reward = append(reward, f.Reward[o0:o1]...)
			actName = append(actName, f.ActName[a])
			g.outStart = append(g.outStart, uint32(len(g.to)))
		}
		g.pay = append(g.pay, f.Pay[f.PayStart[s]:f.PayStart[s+1]]...)
		g.actStart = append(g.actStart, uint32(len(actName)))
		g.payStart = append(g.payStart, uint32(len(g.pay)))
	}
	g.prob, g.reward, g.actName = idColumn{wide: prob}, idColumn{wide: reward}, idColumn{wide: actName}
	return nil
}

// adoptCheck is how many states adopt's passes take between looks at the
// context: a million-state model's renumbering takes 0.2 s.
const adoptCheck = 1 << 16

// stopped is the context's error at every adoptCheck-th step i of a pass.
func stopped(ctx context.Context, i int) error {
	if i%adoptCheck == 0 && ctx.Err() != nil {
		return fmt.Errorf("engine: %w", ctx.Err())
	}
	return nil
}

// wellFormed checks the arrays' shapes and ranges and each state's kind,
// as explore checks a Node.
func (f *FlatGame) wellFormed(players int) bool {
	n, acts, outs := len(f.Owner), len(f.ActName), len(f.To)
	if len(f.ActStart) != n+1 || len(f.PayStart) != n+1 || len(f.OutStart) != acts+1 ||
		len(f.Prob) != outs || len(f.Reward) != outs || len(f.Vals) < 2 ||
		f.ActStart[0] != 0 || f.ActStart[n] != uint32(acts) || f.OutStart[0] != 0 || f.OutStart[acts] != uint32(outs) ||
		f.PayStart[0] != 0 || f.PayStart[n] != uint32(len(f.Pay)) {
		return false
	}
	for _, v := range f.Vals {
		if v == nil {
			return false
		}
	}
	if f.Vals[0].Sign() != 0 || f.Vals[1].Cmp(big.NewRat(1, 1)) != 0 {
		return false
	}
	vals, names := uint32(len(f.Vals)), uint32(len(f.Names))
	for i, owner := range f.Owner {
		a0, a1, p0, p1 := f.ActStart[i], f.ActStart[i+1], f.PayStart[i], f.PayStart[i+1]
		if a1 < a0 || p1 < p0 || a1 > uint32(acts) || p1 > uint32(len(f.Pay)) {
			return false
		}
		switch {
		case owner == Terminal:
			if a1 != a0 || int(p1-p0) != players {
				return false
			}
		case owner == Chance:
			if a1 != a0+1 || p1 != p0 || f.ActName[a0] >= names || f.Names[f.ActName[a0]] != "" {
				return false
			}
		case owner >= 0 && int(owner) < players:
			if a1 == a0 || p1 != p0 {
				return false
			}
		default:
			return false
		}
	}
	for a, name := range f.ActName {
		if name >= names || f.OutStart[a+1] <= f.OutStart[a] || f.OutStart[a+1] > uint32(outs) {
			return false
		}
	}
	for o := range f.To {
		r := f.Reward[o]
		if f.To[o] >= uint32(n) || f.Prob[o] >= vals || r >= vals || r != 0 && f.Vals[r].Sign() == 0 {
			return false // explore keeps a reward of 0 as none (index 0)
		}
	}
	for _, p := range f.Pay {
		if p >= vals {
			return false
		}
	}
	return true
}
