package engine

import (
	"math/rand/v2"

	"github.com/gamesolve/gamesolve/numeric"
)

// Play is one simulated game.
type Play struct {
	// Payoff is the terminal's payoff per player; all 0 if play did not end.
	Payoff []float64
	// Reward is the total reward collected.
	Reward float64
	// Steps is the number of moves made.
	Steps int
	// Ended is false if maxSteps ran out first.
	Ended bool
}

// Simulate plays one game from the start with every player following the
// solved policy and chance sampled with rng, for at most maxSteps moves.
// It is an independent check of the solution: averaged over many plays,
// payoffs and rewards converge to Value and Reward.
func (r *Result[S, T]) Simulate(rng *rand.Rand, maxSteps int) Play {
	g := r.g
	if r.probF == nil {
		r.probF = make([]float64, len(g.rats.vals))
		for i, q := range g.rats.vals {
			r.probF[i] = numeric.RatFloat64(q)
		}
	}
	play := Play{Payoff: make([]float64, r.Players)}
	if g.lean != nil {
		r.simulateLean(rng, maxSteps, &play)
		return play
	}
	v := uint32(0)
	for play.Steps < maxSteps {
		if g.owner[v] == Terminal {
			for i := range play.Payoff {
				play.Payoff[i] = r.probF[g.pay[g.payStart[v]+uint32(i)]]
			}
			play.Ended = true
			return play
		}
		a := uint32(0)
		if g.owner[v] >= 0 {
			a = uint32(r.chosen(v))
		}
		act := g.actStart[v] + a
		lo, hi := g.outStart[act], g.outStart[act+1]
		o := lo + uint32(draw(rng.Float64(), int(hi-lo), func(k int) float64 { return r.probF[g.prob.at(lo+uint32(k))] }))
		play.Reward += r.probF[g.reward.at(o)]
		v = g.to[o]
		play.Steps++
	}
	return play
}

// simulateLean is Simulate on a graph kept without its edges: each state
// is expanded again, with the chosen action's outcomes drawn by their
// probabilities as float64 (divided by their sum, which may differ from 1
// by rounding or, with Options.Renormalize, by more).
func (r *Result[S, T]) simulateLean(rng *rand.Rand, maxSteps int, play *Play) {
	r.expand.Lock()
	defer r.expand.Unlock()
	g := r.g
	var n Node[S]
	s := g.states[0]
	for play.Steps < maxSteps {
		v, ok := g.lookup(s)
		n.reset()
		if !ok || expandSafely(g.lean, s, &n) != nil {
			return // the rules changed since the solve: play stops
		}
		if n.owner == Terminal {
			for i := range min(len(play.Payoff), len(n.payoff)) {
				play.Payoff[i] = numeric.RatFloat64(n.payoff[i])
			}
			play.Ended = true
			return
		}
		a := 0
		if n.owner >= 0 {
			a = r.chosen(v)
		}
		if a >= len(n.ends) {
			return
		}
		lo := 0
		if a > 0 {
			lo = n.ends[a-1]
		}
		outs := n.outs[lo:n.ends[a]]
		total := 0.0
		for _, o := range outs {
			total += numeric.RatFloat64(o.P)
		}
		pick := outs[draw(rng.Float64()*total, len(outs), func(k int) float64 { return numeric.RatFloat64(outs[k].P) })]
		if pick.Reward != nil {
			play.Reward += numeric.RatFloat64(pick.Reward)
		}
		s = pick.To
		play.Steps++
	}
}

// draw returns the outcome, of n with probabilities p(0) … p(n-1), that
// u, uniform over [0, their sum), falls in: the last where rounding leaves
// u beyond them all.
func draw(u float64, n int, p func(k int) float64) int {
	for k := range n - 1 {
		if u -= p(k); u < 0 {
			return k
		}
	}
	return n - 1
}
