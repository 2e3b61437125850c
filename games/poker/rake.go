package poker

import (
	"math/big"

	"github.com/gamesolve/gamesolve/extensive"
)

// Rake makes g a game with a house rake: a player who wins keeps only the
// share keep (in (0, 1)) of what it wins, and a loser pays in full. The
// payoffs then no longer add up to 0, so the game is general-sum. It
// changes g's outcomes in place and returns g.
func Rake(g *extensive.Game, keep *big.Rat) *extensive.Game {
	for k := range g.Outcomes {
		for p, u := range g.Outcomes[k].Payoffs {
			if u.Sign() > 0 {
				g.Outcomes[k].Payoffs[p] = new(big.Rat).Mul(u, keep)
			}
		}
	}
	g.Title += " with a rake"
	return g
}
