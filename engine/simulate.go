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
			a = uint32(r.choice[v])
		}
		act := g.actStart[v] + a
		lo, hi := g.outStart[act], g.outStart[act+1]
		u := rng.Float64()
		o := hi - 1
		for k := lo; k < hi; k++ {
			u -= r.probF[g.prob.at(k)]
			if u < 0 {
				o = k
				break
			}
		}
		play.Reward += r.probF[g.reward.at(o)]
		v = g.to[o]
		play.Steps++
	}
	return play
}
