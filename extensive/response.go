package extensive

import (
	"context"
	"fmt"
	"math/big"
	"slices"
)

// noPlayer is a player number of nobody, not even chance.
const noPlayer = -2

// certify fills in the profile's values, reached sets, and every player's
// gain from an exact best response.
func (g *Game) certify(ctx context.Context, sf *seqForm, pr *Profile) error {
	P := len(g.Players)
	pr.Values = make([]*big.Rat, P)
	for p := range pr.Values {
		pr.Values[p] = new(big.Rat)
	}
	reach := g.reachProbs(pr.Behavior, noPlayer)
	for v, node := range g.Nodes {
		if node.Infoset >= 0 && reach[v].Sign() > 0 {
			pr.Reached[node.Infoset] = true
		}
		if node.Outcome < 0 || reach[v].Sign() == 0 {
			continue
		}
		for p, u := range g.Outcomes[node.Outcome].Payoffs {
			pr.Values[p].Add(pr.Values[p], new(big.Rat).Mul(reach[v], u))
		}
	}
	pr.Gains = make([]*big.Rat, P)
	pr.Exploitability = new(big.Rat)
	for p := range P {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("extensive: %w", err)
		}
		best, _ := g.bestResponse(sf, pr.Behavior, p)
		pr.Gains[p] = best.Sub(best, pr.Values[p])
		if pr.Gains[p].Cmp(pr.Exploitability) > 0 {
			pr.Exploitability.Set(pr.Gains[p])
		}
	}
	return nil
}

// reachProbs returns, for each node, the probability that chance and
// every player but skip (noPlayer: every player) play to it under beh.
func (g *Game) reachProbs(beh [][]*big.Rat, skip int) []*big.Rat {
	reach := make([]*big.Rat, len(g.Nodes))
	reach[0] = big.NewRat(1, 1)
	for v, node := range g.Nodes {
		if node.Infoset < 0 {
			continue
		}
		I := g.Infosets[node.Infoset]
		for a, c := range node.Children {
			switch {
			case I.Player == skip:
				reach[c] = reach[v]
			case I.Player == Chance:
				reach[c] = new(big.Rat).Mul(reach[v], I.Probs[a])
			case reach[v].Sign() == 0 || beh[node.Infoset][a].Sign() == 0:
				reach[c] = new(big.Rat)
			default:
				reach[c] = new(big.Rat).Mul(reach[v], beh[node.Infoset][a])
			}
		}
	}
	return reach
}

// bestResponse returns player p's best-response value against the others'
// behaviour strategies, and a best pure response (an action per p's
// information set, -1 elsewhere). It works on p's sequences: V(σ) is what
// p collects, weighted by the others' and chance's probabilities, at nodes
// whose p-sequence is σ, plus the best action's V at each information set
// that σ leads to. Sets are numbered after their parent sequence (prefix
// order), so a pass from the last set to the first sees every child
// sequence complete before its parent.
func (g *Game) bestResponse(sf *seqForm, beh [][]*big.Rat, p int) (*big.Rat, []int) {
	P := sf.players
	w := g.reachProbs(beh, p)
	V := make([]*big.Rat, sf.n[p])
	for s := range V {
		V[s] = new(big.Rat)
	}
	t := new(big.Rat)
	for v, node := range g.Nodes {
		if node.Outcome < 0 || w[v].Sign() == 0 {
			continue
		}
		u := g.Outcomes[node.Outcome].Payoffs[p]
		s := sf.at[v*P+p]
		V[s].Add(V[s], t.Mul(w[v], u))
	}
	choice := make([]int, len(g.Infosets))
	var sets []int
	for i, I := range g.Infosets {
		choice[i] = -1
		if I.Player == p {
			sets = append(sets, i)
		}
	}
	// Decreasing first sequence: children before parents.
	slices.SortFunc(sets, func(a, b int) int { return sf.first[b] - sf.first[a] })
	for _, i := range sets {
		best := 0
		for a := 1; a < len(g.Infosets[i].Actions); a++ {
			if V[sf.first[i]+a].Cmp(V[sf.first[i]+best]) > 0 {
				best = a
			}
		}
		choice[i] = best
		V[sf.parent[i]].Add(V[sf.parent[i]], V[sf.first[i]+best])
	}
	return V[0], choice
}
