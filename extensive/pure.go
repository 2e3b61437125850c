package extensive

import (
	"context"
	"fmt"
	"math/big"

	"github.com/gamesolve/gamesolve/budget"
)

// MaxPureWork bounds the work of PureEquilibrium: the number of pure
// profiles times the nodes evaluated for each.
const MaxPureWork = 2e8

// PureEquilibrium searches the pure behaviour profiles (one action at each
// information set) for a Nash equilibrium, certified by exact best
// responses, and returns the first found in lexicographic order (the
// information sets in file order, the first varying slowest, actions in
// file order), or nil when it has proved there is none. It refuses, with
// budget.ErrTooLarge, a game whose profiles times nodes pass MaxPureWork.
// It serves any number of players; with three or more, mixed equilibria
// can be irrational, and pure ones are what can be given exactly.
func PureEquilibrium(ctx context.Context, g *Game) (pr *Profile, profiles float64, err error) {
	sf, err := g.checked()
	if err != nil {
		return nil, 0, err
	}
	var sets []int
	profiles = 1
	for i, I := range g.Infosets {
		if I.Player != Chance {
			sets = append(sets, i)
			profiles *= float64(len(I.Actions))
		}
	}
	if w := profiles * float64(len(g.Nodes)); w > MaxPureWork {
		return nil, profiles, fmt.Errorf("extensive: a search of the %.3g pure profiles over %d nodes (%.3g node visits) is more than the %.0e allowed: %w", profiles, len(g.Nodes), w, MaxPureWork, budget.ErrTooLarge)
	}
	one, zero := big.NewRat(1, 1), new(big.Rat)
	beh := make([][]*big.Rat, len(g.Infosets))
	choice := make([]int, len(sets))
	set := func() {
		for k, i := range sets {
			row := make([]*big.Rat, len(g.Infosets[i].Actions))
			for a := range row {
				row[a] = zero
			}
			row[choice[k]] = one
			beh[i] = row
		}
	}
	for n := 0; ; n++ {
		if n%256 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, profiles, fmt.Errorf("extensive: %w", err)
			}
		}
		set()
		cand := &Profile{Behavior: beh, Reached: make([]bool, len(g.Infosets))}
		if err := g.certify(ctx, sf, cand); err != nil {
			return nil, profiles, err
		}
		if cand.Equilibrium() {
			return cand, profiles, nil
		}
		// The next profile: the last set varies fastest.
		k := len(sets) - 1
		for k >= 0 {
			choice[k]++
			if choice[k] < len(g.Infosets[sets[k]].Actions) {
				break
			}
			choice[k] = 0
			k--
		}
		if k < 0 {
			return nil, profiles, nil
		}
		beh = make([][]*big.Rat, len(g.Infosets))
	}
}
