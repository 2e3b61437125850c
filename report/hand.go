package report

import (
	"fmt"
	"math/big"
	"math/rand/v2"

	"github.com/gamesolve/gamesolve/extensive"
	"github.com/gamesolve/gamesolve/solver"
)

// Hand is one position of a game of hidden information played against an
// equilibrium: at the player's turn, what it knows (its information set)
// and its actions with the probabilities the equilibrium gives them; at
// the end, everything that happened and the payoff.
type Hand struct {
	You  int  `json:"you"` // the player's number, from 1
	Over bool `json:"over"`
	// Infoset is the player's information set at its turn.
	Infoset string       `json:"infoset,omitempty"`
	Actions []ActionProb `json:"actions,omitempty"`
	// History lists every move, chance's and both players', once the hand
	// is over (none before: it would show hidden cards).
	History []string `json:"history,omitempty"`
	// Payoff is the player's payoff at the end.
	Payoff      *JSONFloat `json:"payoff,omitempty"`
	PayoffExact string     `json:"payoff_exact,omitempty"`
	// Value is the player's expected payoff under the equilibrium.
	Value      JSONFloat `json:"value"`
	ValueExact string    `json:"value_exact"`
}

// PlayHand replays a hand of g: chance and the other players draw their
// moves from a generator seeded with seed, the others following the
// equilibrium eq (SolveGame's for g); player you (from 1) plays moves, its
// actions' names in order. It stops at the player's next decision, or at
// the end. An unknown move is refused with solver.ErrInvalid.
func PlayHand(g *extensive.Game, eq *Equilibrium, you int, seed uint64, moves []string) (*Hand, error) {
	if you < 1 || you > len(g.Players) {
		return nil, solver.Invalidf("you=%d: want 1 to %d", you, len(g.Players))
	}
	beh := map[[2]int][]float64{}
	exact := map[[2]int][]string{}
	for _, s := range eq.Strategy {
		n := 1
		if s.Infoset != nil {
			n = *s.Infoset
		}
		probs, ex := make([]float64, len(s.Actions)), make([]string, len(s.Actions))
		for a, act := range s.Actions {
			probs[a], ex[a] = float64(act.Probability), act.ProbabilityExact
		}
		beh[[2]int{s.Player - 1, n}] = probs
		exact[[2]int{s.Player - 1, n}] = ex
	}
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	draw := func(probs []float64) int {
		u, acc := rng.Float64(), 0.0
		for a, p := range probs {
			acc += p
			if u < acc {
				return a
			}
		}
		return len(probs) - 1
	}
	h := &Hand{You: you, Value: JSONFloat(eq.Values[you-1]), ValueExact: eq.ValuesExact[you-1]}
	payoff := new(big.Rat)
	var history []string
	v, k := 0, 0
	for steps := 0; ; steps++ {
		if steps > extensive.MaxDepth {
			return nil, fmt.Errorf("report: a hand longer than %d moves", extensive.MaxDepth)
		}
		node := g.Nodes[v]
		if node.Outcome >= 0 {
			payoff.Add(payoff, g.Outcomes[node.Outcome].Payoffs[you-1])
		}
		if node.Infoset < 0 {
			if k < len(moves) {
				return nil, solver.Invalidf("moves: %d given, the hand ended after %d", len(moves), k)
			}
			f, _ := payoff.Float64()
			jf := JSONFloat(f)
			h.Over, h.History, h.Payoff, h.PayoffExact = true, history, &jf, payoff.RatString()
			return h, nil
		}
		I := g.Infosets[node.Infoset]
		var a int
		switch {
		case I.Player == extensive.Chance:
			probs := make([]float64, len(I.Probs))
			for i, p := range I.Probs {
				probs[i], _ = p.Float64()
			}
			a = draw(probs)
			history = append(history, I.Actions[a])
		case I.Player == you-1:
			probs, ex := beh[[2]int{I.Player, I.Number}], exact[[2]int{I.Player, I.Number}]
			if k == len(moves) {
				h.Infoset = I.Label
				for i, name := range I.Actions {
					h.Actions = append(h.Actions, ActionProb{Name: name, Probability: JSONFloat(probs[i]), ProbabilityExact: ex[i]})
				}
				return h, nil
			}
			a = -1
			for i, name := range I.Actions {
				if name == moves[k] {
					a = i
				}
			}
			if a < 0 {
				return nil, solver.Invalidf("moves: %q is not an action at %q (%v)", moves[k], I.Label, I.Actions)
			}
			k++
			history = append(history, fmt.Sprintf("%s: %s", g.Players[I.Player], I.Actions[a]))
		default:
			a = draw(beh[[2]int{I.Player, I.Number}])
			history = append(history, fmt.Sprintf("%s: %s", g.Players[I.Player], I.Actions[a]))
		}
		v = node.Children[a]
	}
}
