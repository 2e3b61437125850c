package race

import (
	"context"
	"fmt"
	"math/big"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/numeric"
)

// State is a position of the race as engine rules: the points each player
// still needs and whether the coin player is to move. Over is set for the
// two terminal states, with Winner the player who won.
type State struct {
	Coin, Chooser int32
	CoinToMove    bool
	Over          bool
	Winner        Player
}

// Rules express a race for the general engine: player 0 is the coin player
// (chance only), player 1 the chooser. A chooser state folds the gamble and
// the coin player's following turn into one move, so a double miss returns
// to the same state: the engine's closed form for a self-loop, which is
// the recurrence's "F appears on both sides" (see the package doc).
type Rules struct {
	g     Game
	all   bool
	moves [][]move // per gamble: the four outcomes' probabilities
	coin  [2]*big.Rat
}

type move struct {
	p            *big.Rat
	scored, flip bool // the gamble succeeded; the coin came up
}

// NewRules validates the game and returns its rules.
func NewRules(game Game) (*Rules, error) {
	g, err := game.normalized()
	if err != nil {
		return nil, err
	}
	r := &Rules{g: g}
	p := g.Coin.P
	pMiss := new(big.Rat).Sub(big.NewRat(1, 1), p)
	r.coin = [2]*big.Rat{p, pMiss}
	for _, m := range g.Menu {
		qMiss := new(big.Rat).Sub(big.NewRat(1, 1), m.P)
		var mv []move
		for _, scored := range []bool{true, false} {
			q := m.P
			if !scored {
				q = qMiss
			}
			for _, flip := range []bool{true, false} {
				c := p
				if !flip {
					c = pMiss
				}
				if x := new(big.Rat).Mul(q, c); x.Sign() > 0 {
					mv = append(mv, move{p: x, scored: scored, flip: flip})
				}
			}
		}
		r.moves = append(r.moves, mv)
	}
	return r, nil
}

// Players implements engine.Rules.
func (r *Rules) Players() int { return 2 }

// Start implements engine.Rules.
func (r *Rules) Start() State {
	return State{Coin: int32(r.g.CoinTarget), Chooser: int32(r.g.ChooserTarget), CoinToMove: r.g.First == CoinPlayer}
}

// ReachAll makes the engine explore every chooser state, reachable in play
// or not, so that policies are complete tables.
func (r *Rules) ReachAll() { r.all = true }

// Seeds implements engine.Seeder: with ReachAll, every chooser state.
func (r *Rules) Seeds() []State {
	if !r.all {
		return nil
	}
	var seeds []State
	for a := 1; a <= r.g.CoinTarget; a++ {
		for b := 1; b <= r.g.ChooserTarget; b++ {
			seeds = append(seeds, State{Coin: int32(a), Chooser: int32(b)})
		}
	}
	return seeds
}

var zero, one = new(big.Rat), big.NewRat(1, 1)

func won(p Player) State { return State{Over: true, Winner: p} }

// Expand implements engine.Rules.
func (r *Rules) Expand(s State, n *engine.Node[State]) error {
	if s.Over {
		if s.Winner == Chooser {
			n.Terminal(zero, one)
		} else {
			n.Terminal(one, zero)
		}
		return nil
	}
	cg := int32(r.g.Coin.Gain)
	afterCoin := func(a, b int32, flip bool) State {
		if flip {
			a -= cg
		}
		if a <= 0 {
			return won(CoinPlayer)
		}
		return State{Coin: a, Chooser: b}
	}
	if s.CoinToMove {
		var outs []engine.Outcome[State]
		for i, flip := range []bool{true, false} {
			if r.coin[i].Sign() > 0 {
				outs = append(outs, engine.Outcome[State]{P: r.coin[i], To: afterCoin(s.Coin, s.Chooser, flip)})
			}
		}
		n.Chance(outs...)
		return nil
	}
	n.Decide(int(Chooser))
	var outs [4]engine.Outcome[State]
	for t, mv := range r.moves {
		k := 0
		gain := int32(r.g.Menu[t].Gain)
		for _, m := range mv {
			var to State
			switch {
			case m.scored && gain >= s.Chooser:
				to = won(Chooser)
			case m.scored:
				to = afterCoin(s.Coin, s.Chooser-gain, m.flip)
			default:
				to = afterCoin(s.Coin, s.Chooser, m.flip)
			}
			outs[k] = engine.Outcome[State]{P: m.p, To: to}
			k++
		}
		n.Action(fmt.Sprint(t+1), outs[:k]...)
	}
	return nil
}

// SolveGeneral solves the race with the general engine instead of the
// closed-form recurrence: the same values and policy, far slower. It is the
// independent check of Solve, and the command line's --method general.
func SolveGeneral[T any, F numeric.Field[T]](ctx context.Context, f F, game Game, opt engine.Options) (*Result[T], *engine.Result[State, T], error) {
	rules, err := NewRules(game)
	if err != nil {
		return nil, nil, err
	}
	if err := checkResources(rules.g, f.Exact(), false); err != nil {
		return nil, nil, err
	}
	if opt.Policy {
		rules.ReachAll()
	}
	res, err := engine.Solve[State, T](ctx, f, rules, opt)
	if err != nil {
		return nil, nil, err
	}
	out := &Result[T]{Game: rules.g, Win: res.Value(res.Start())[1]}
	if opt.Policy {
		A, B := rules.g.CoinTarget, rules.g.ChooserTarget
		pol := &Policy{CoinTarget: A, ChooserTarget: B, choice: make([]uint8, A*B)}
		if A*B <= MaxWinTable {
			pol.win = make([]float64, A*B)
		}
		for a := 1; a <= A; a++ {
			for b := 1; b <= B; b++ {
				s := State{Coin: int32(a), Chooser: int32(b)}
				if t, _, ok := res.Choice(s); ok {
					pol.choice[(a-1)*B+(b-1)] = uint8(t + 1)
				}
				if pol.win != nil && res.Lookup(s) {
					pol.win[(a-1)*B+(b-1)] = f.Float64(res.Value(s)[1])
				}
			}
		}
		out.Policy = pol
	}
	return out, res, nil
}
