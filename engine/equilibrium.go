package engine

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"slices"

	"github.com/gamesolve/gamesolve/numeric"
)

// Equilibria of components in which several players decide inside a cycle
// and no reduction to one objective holds (doc.go, "Equilibria"): find a
// stationary profile by value iteration on the n-player Bellman operator,
// evaluate it, and certify it by one best-response solve per player; where
// a player can gain, it switches to its best response and the profile is
// certified again.

// errStall is returned by cycle when the two-player reduction does not hold
// in a component after all (a player prefers endless play, or both can
// keep play going): the equilibrium method takes over.
var errStall = errors.New("the two-player reduction does not apply")

// eqRounds bounds the rounds of best responses per component.
const eqRounds = 64

// eqGame is a component's local game: states in comp order, each with its
// actions (in tie order; one for states without a choice), each action
// with its outcomes inside the component and P exit values.
type eqGame struct {
	owner    []int     // deciding player, or -1
	actStart []int32   // per local state
	act      []int32   // per action: its index at its state
	outStart []int32   // per action
	outTo    []int32   // local state
	outP     []float64 // probability
	exit     []float64 // per action, P values: Σ p·value over outcomes leaving
	leaves   []bool    // per action: an outcome leaves the component
	lo, hi   float64   // least and greatest exit value of any player, and 0
}

func (r *run[S, T, F]) eqGame(comp []uint32) *eqGame {
	g, f, P := r.g, r.f, r.np
	e := &eqGame{actStart: []int32{0}, outStart: []int32{0}}
	var order [64]int
	add := func(v uint32, a int) {
		o0, o1 := r.actionOutcomes(v, a)
		base := len(e.exit)
		e.exit = append(e.exit, make([]float64, P)...)
		leaves := false
		for o := o0; o < o1; o++ {
			w := g.to[o]
			if rid := g.reward.at(o); rid != 0 && r.rwt != nil {
				for j := range P {
					e.exit[base+j] += float64(r.rwt[j]) * r.ratF[g.prob.at(o)] * r.ratF[rid]
				}
			}
			if l := r.local[w]; l >= 0 {
				e.outTo = append(e.outTo, l)
				e.outP = append(e.outP, r.ratF[g.prob.at(o)])
				continue
			}
			leaves = true
			p := r.ratF[g.prob.at(o)]
			for j := range P {
				x := f.Float64(r.vals[int(w)*P+j])
				e.exit[base+j] += p * x
				e.lo, e.hi = math.Min(e.lo, x), math.Max(e.hi, x)
			}
		}
		e.act = append(e.act, int32(a))
		e.leaves = append(e.leaves, leaves)
		e.outStart = append(e.outStart, int32(len(e.outTo)))
	}
	for _, v := range comp {
		if r.deciding(v) {
			e.owner = append(e.owner, r.owner(v))
			for _, a := range r.tieOrder(v, order[:0]) {
				add(v, a)
			}
		} else {
			e.owner = append(e.owner, -1)
			add(v, int(r.choice[v]))
		}
		e.actStart = append(e.actStart, int32(len(e.act)))
	}
	return e
}

// q is player p's value of action a under values V (P per local state).
func (e *eqGame) q(a int32, p, P int, V []float64) float64 {
	s := e.exit[int(a)*P+p]
	for o := e.outStart[a]; o < e.outStart[a+1]; o++ {
		s += e.outP[o] * V[int(e.outTo[o])*P+p]
	}
	return s
}

// profile runs value iteration on the n-player Bellman operator from 0
// (the payoff of endless play: after t sweeps V is the value of the game
// cut off after t moves, with ties by the rule), and returns its greedy
// profile (an action per local state, as an index into e.act), the tie
// rule settled where play could loop.
func (r *run[S, T, F]) eqProfile(e *eqGame, comp []uint32) []int32 {
	P := r.np
	n := len(e.owner)
	V := make([]float64, n*P)
	sigma := make([]int32, n)
	for i := range sigma {
		sigma[i] = e.actStart[i]
	}
	work := (len(e.outTo) + len(e.act)) * P
	maxSweeps := r.opt.MaxSweeps
	if maxSweeps <= 0 {
		maxSweeps = 1_000_000
	}
	maxSweeps = min(maxSweeps, max(1000, 100_000_000/max(work, 1)))
	scale := math.Max(1, e.hi-e.lo)
	calm := 0
	for sweep := 1; sweep <= maxSweeps; sweep++ {
		changed, delta := false, 0.0
		for i := n - 1; i >= 0; i-- {
			best := e.actStart[i]
			if p := e.owner[i]; p >= 0 {
				bv := e.q(best, p, P, V)
				for a := best + 1; a < e.actStart[i+1]; a++ {
					if x := e.q(a, p, P, V); preferFloat(r.tol, false, x, bv) {
						best, bv = a, x
					}
				}
			}
			if best != sigma[i] {
				sigma[i], changed = best, true
			}
			for j := range P {
				x := e.q(best, j, P, V)
				delta = math.Max(delta, math.Abs(x-V[i*P+j]))
				V[i*P+j] = x
			}
		}
		if changed || delta > 1e-13*scale {
			calm = 0
		} else if calm++; calm >= 3 {
			break
		}
		if r.chain.guard.Tick(work) != nil {
			break // the caller's next check reports it
		}
	}
	// Every action within the tie tolerance of the best is a best action;
	// the rule picks among them where play could loop.
	s := settle{key: comp, tick: r.chain.guard.Tick, tStart: []int32{0}}
	for a := range e.act {
		s.to = append(s.to, e.outTo[e.outStart[a]:e.outStart[a+1]]...)
		s.tStart = append(s.tStart, int32(len(s.to)))
	}
	s.leaves = e.leaves
	for i := range n {
		var cands []int32
		if p := e.owner[i]; p >= 0 {
			bv := e.q(sigma[i], p, P, V)
			for a := e.actStart[i]; a < e.actStart[i+1]; a++ {
				if TiedFloat(r.tol, e.q(a, p, P, V), bv) {
					cands = append(cands, a)
				}
			}
		}
		s.cands = append(s.cands, cands)
	}
	s.apply(sigma)
	return sigma
}

// deviation is the most a player gains by deviating from a profile.
type deviation struct {
	player int
	gain   float64 // in float64, for messages
	at     uint32  // the state where it gains most
}

// equilibrium solves component k by a certified stationary equilibrium.
// seed, if not nil, is the profile to start from (action per state of
// comp, as at r.choice); otherwise value iteration finds one.
func (r *run[S, T, F]) equilibrium(k int, comp []uint32, players []int, seed []int32) (Method, error) {
	g, f, P := r.g, r.f, r.np
	for i, v := range comp {
		r.local[v] = int32(i)
	}
	if seed == nil {
		e := r.eqGame(comp)
		sigma := r.eqProfile(e, comp)
		seed = make([]int32, len(comp))
		for i := range comp {
			seed[i] = e.act[sigma[i]]
		}
	}
	for _, v := range comp {
		r.local[v] = -1
	}
	for i, v := range comp {
		r.choice[v] = seed[i]
	}
	// In float mode a player "gains" when it gains more than the
	// precision allows (relative to the spread of the payoffs).
	lo, hi := 0.0, 0.0
	for _, v := range comp {
		o0, o1 := g.outStart[g.actStart[v]], g.outStart[g.actStart[v+1]]
		for o := o0; o < o1; o++ {
			if w := g.to[o]; r.comps.of[w] != int32(k) {
				for j := range P {
					x := f.Float64(r.vals[int(w)*P+j])
					lo, hi = math.Min(lo, x), math.Max(hi, x)
				}
			}
		}
	}
	target := r.opt.precision() * math.Max(1, hi-lo)
	br := make([]int32, len(comp))
	var worst deviation
	for round := 0; round < eqRounds; round++ {
		var worstBR []int32
		var err error
		if worst, worstBR, err = r.certify(k, comp, players, target, br); err != nil {
			return 0, err
		}
		if worst.player < 0 {
			r.st.equilibria++
			return Equilibrium, nil
		}
		for i, v := range comp {
			if r.deciding(v) && r.owner(v) == worst.player {
				r.choice[v] = worstBR[i]
			}
		}
	}
	if !f.Exact() && len(comp) <= r.opt.exactStates() {
		profile := make([]int32, len(comp))
		for i, v := range comp {
			profile[i] = r.choice[v]
		}
		m, done, err := r.resolveExact(k, comp, 0, func(ex *run[S, *big.Rat, numeric.Exact]) (Method, error) {
			return ex.equilibrium(k, comp, players, profile)
		})
		if done || err != nil {
			return m, err
		}
	}
	// The best responses cycle: search every pure stationary profile,
	// where there are few enough.
	found, total, err := r.searchEquilibrium(k, comp, players, target, br)
	switch {
	case err != nil:
		return 0, err
	case found:
		r.st.equilibria++
		return Equilibrium, nil
	case total <= eqSearchProfiles:
		return 0, fmt.Errorf("engine: component %d (%d states, including %s): %w: the game has no pure stationary equilibrium: in each of its %.0f profiles in which each player always takes the same action in a state, some player gains by deviating (a randomized choice, modelled as a chance state, or making endless play cost something can give it one)",
			k, len(comp), g.name(comp[0]), ErrUnsupported, total)
	}
	count := fmt.Sprintf("%.0f", total)
	if total >= 1e12 {
		count = fmt.Sprintf("%.3g", total)
	}
	return 0, fmt.Errorf("engine: component %d (%d states, including %s): %w: no certified stationary equilibrium after %d rounds of best responses: player %d still gains %.3g by deviating at %s, and the component's %s pure stationary profiles are more than the %d searched one by one; the game may have no equilibrium in which each player always takes the same action in a state, the only kind the engine computes (making endless play cost something, or modelling a randomized choice as a chance state, can give it one)",
		k, len(comp), g.name(comp[0]), ErrUnsupported, eqRounds, worst.player, worst.gain, g.name(worst.at), count, eqSearchProfiles)
}

// certify evaluates the profile at r.choice and solves each player's best
// response to it: worst is the player who gains most by deviating (player
// -1 when none gains: in float mode, none beyond target), and worstBR its
// best response (br is scratch of len(comp)). With rewards counted,
// endless play is an infinite reward, which the side paying it (rwt < 0)
// leaves for any best response.
func (r *run[S, T, F]) certify(k int, comp []uint32, players []int, target float64, br []int32) (worst deviation, worstBR []int32, err error) {
	if err := r.ctx.Err(); err != nil {
		return worst, nil, fmt.Errorf("engine: %w", err)
	}
	r.solveChain(comp, r.choice)
	endless := uint32(0)
	hasEndless := false
	if r.rwt != nil {
		for _, v := range comp {
			if r.inf[v] {
				endless, hasEndless = v, true
				break
			}
		}
	}
	worst = deviation{player: -1}
	for _, p := range players {
		d, err := r.bestResponse(k, comp, p, br)
		if err != nil {
			return worst, nil, err
		}
		if hasEndless && r.rwt[p] < 0 {
			d = deviation{player: p, gain: math.Inf(1), at: endless}
		}
		if d.player >= 0 && (r.f.Exact() || d.gain > target) {
			if worst.player < 0 || d.gain > worst.gain {
				worst = d
				worstBR = append(worstBR[:0], br...)
			}
		}
	}
	return worst, worstBR, nil
}

// eqSearchProfiles is the most pure stationary profiles of a component
// that searchEquilibrium tries one by one: each costs an evaluation and a
// best response per player.
const eqSearchProfiles = 4096

// searchEquilibrium tries the pure stationary profiles of component k one
// by one, when there are at most eqSearchProfiles of them (total), and
// stops at the first that certify finds no player can gain from, leaving
// it at r.choice. The profiles are taken in the tie rule's order: the
// states in comp's order, the first one's choice changing slowest, and
// each state's actions in its tie order, so the profile found keeps the
// preferred actions of the states first in that order where it can.
func (r *run[S, T, F]) searchEquilibrium(k int, comp []uint32, players []int, target float64, br []int32) (found bool, total float64, err error) {
	choices := make([][]int, len(comp))
	total = 1
	for i, v := range comp {
		if r.deciding(v) {
			choices[i] = r.tieOrder(v, nil)
			total *= float64(max(1, len(choices[i])))
		}
	}
	if total > eqSearchProfiles {
		return false, total, nil
	}
	digit := make([]int, len(comp))
	for {
		for i, v := range comp {
			if len(choices[i]) > 0 {
				r.choice[v] = int32(choices[i][digit[i]])
			}
		}
		worst, _, err := r.certify(k, comp, players, target, br)
		if err != nil {
			return false, total, err
		}
		if r.err != nil {
			return false, total, nil // an evaluation stopped; solveComponent reports it
		}
		if worst.player < 0 {
			return true, total, nil // its values are at r.vals, as certify left them
		}
		// The next profile: the last state's choice changes fastest.
		i := len(comp) - 1
		for ; i >= 0; i-- {
			if digit[i]+1 < len(choices[i]) {
				digit[i]++
				break
			}
			digit[i] = 0
		}
		if i < 0 {
			return false, total, nil
		}
	}
}

// bestResponse solves player p's best response to the profile at r.choice
// (whose values are at r.vals): the one-player problem in which the other
// players' actions are fixed, with its end components and "stay" as in
// any one-player cycle. It returns p's largest gain over the component
// (player -1 when p gains nothing at all; whether a float gain is beyond
// the precision is for the caller to judge), with br[i] p's best action at
// comp[i]; the profile's values and choices are left as they were.
func (r *run[S, T, F]) bestResponse(k int, comp []uint32, p int, br []int32) (deviation, error) {
	g, f, P := r.g, r.f, r.np
	n := len(comp)
	saved := make([]T, n*(P+1))
	savedInf := make([]bool, n)
	savedChoice := make([]int32, n)
	for i, v := range comp {
		for j := range P {
			saved[i*(P+1)+j] = f.Set(f.New(), r.vals[int(v)*P+j])
		}
		saved[i*(P+1)+P] = f.Set(f.New(), r.rew[v])
		savedInf[i], savedChoice[i] = r.inf[v], r.choice[v]
	}
	if r.fixed == nil {
		r.fixed = make([]bool, len(g.states))
	}
	free := false
	for _, v := range comp {
		if r.deciding(v) && r.owner(v) != p {
			r.fixed[v] = true
		}
		free = free || r.deciding(v)
	}
	d := deviation{player: -1}
	var err error
	if free {
		ends := r.st.ends
		if r.exitChoice(comp) {
			r.solveChain(comp, r.choice)
		} else {
			_, err = r.cycle(k, comp, p, -1)
		}
		r.st.ends = ends
		gain := f.New()
		for i, v := range comp {
			br[i] = r.choice[v]
			gain = f.Sub(gain, r.vals[int(v)*P+p], saved[i*(P+1)+p])
			x := f.Float64(gain)
			if f.Sign(gain) > 0 && (d.player < 0 || x > d.gain) {
				d = deviation{player: p, gain: x, at: v}
			}
		}
	}
	for i, v := range comp {
		r.fixed[v] = false
		for j := range P {
			r.vals[int(v)*P+j] = f.Set(r.vals[int(v)*P+j], saved[i*(P+1)+j])
		}
		r.rew[v] = f.Set(r.rew[v], saved[i*(P+1)+P])
		r.inf[v], r.choice[v] = savedInf[i], savedChoice[i]
	}
	return d, err
}

// sortedPlayers returns the players in ascending order.
func sortedPlayers(players []int) []int {
	s := slices.Clone(players)
	slices.Sort(s)
	return s
}
