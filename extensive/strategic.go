package extensive

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/solver"
)

// bytesPerProfile is the memory a profile's leaf and its share of the
// tree take, about (two nodes and an outcome).
const bytesPerProfile = 250

// maxPlayers bounds the players of a normal-form game.
const maxPlayers = 1000

// Strategic returns the normal-form game in which player p chooses among
// strategies[p], all at once: as a tree, player 1 moves first and each
// later player in one information set that does not see the earlier
// moves. payoffs[k] is the payoff vector of profile k, numbered as Gambit
// numbers them: the first player's strategy varies fastest.
func Strategic(title string, players []string, strategies [][]string, payoffs [][]*big.Rat) (*Game, error) {
	n := len(players)
	if n > maxPlayers {
		return nil, solver.Invalidf("extensive: %d players, more than the %d allowed", n, maxPlayers)
	}
	if n == 0 || len(strategies) != n {
		return nil, solver.Invalidf("extensive: %d players with %d strategy lists", n, len(strategies))
	}
	profiles := 1
	for p, s := range strategies {
		if len(s) == 0 {
			return nil, solver.Invalidf("extensive: player %d has no strategies", p+1)
		}
		profiles *= len(s)
		if profiles > MaxNodes {
			return nil, solver.Invalidf("extensive: more than %d strategy profiles", MaxNodes)
		}
	}
	est := budget.Estimate{What: fmt.Sprintf("extensive: a strategic game of %d profiles", profiles), Bytes: float64(profiles) * bytesPerProfile}
	if err := est.Check(); err != nil {
		return nil, err
	}
	if len(payoffs) != profiles {
		return nil, solver.Invalidf("extensive: %d payoff vectors for %d strategy profiles", len(payoffs), profiles)
	}
	g := &Game{Title: title, Players: slices.Clone(players), Strategic: true}
	for p, s := range strategies {
		g.Infosets = append(g.Infosets, Infoset{Player: p, Actions: slices.Clone(s), Number: 1})
	}
	for k, u := range payoffs {
		g.Outcomes = append(g.Outcomes, Outcome{Payoffs: u, Number: k + 1})
	}
	// Depth first: player p's node, in profile k so far.
	var add func(p, k, stride int) int
	add = func(p, k, stride int) int {
		v := len(g.Nodes)
		if p == n {
			g.Nodes = append(g.Nodes, Node{Infoset: -1, Outcome: k})
			return v
		}
		g.Nodes = append(g.Nodes, Node{Infoset: p, Outcome: -1, Children: make([]int, len(strategies[p]))})
		for a := range strategies[p] {
			c := add(p+1, k+a*stride, stride*len(strategies[p]))
			g.Nodes[v].Children[a] = c
		}
		return v
	}
	add(0, 0, 1)
	if err := g.Check(); err != nil {
		return nil, err
	}
	return g, nil
}

// NormalForm returns the game's strategic form: each player's pure
// strategies (an action at each of its information sets, named by the
// actions joined with "/", the sets in file order) and each profile's
// expected payoffs, chance included. A game that is strategic already is
// returned as it is. It refuses a form of more than MaxNodes profiles or
// whose payoffs take more than MaxPureWork node visits.
func (g *Game) NormalForm() (*Game, error) {
	if g.Strategic {
		return g, nil
	}
	if err := g.Check(); err != nil {
		return nil, err
	}
	P := len(g.Players)
	sets := make([][]int, P)
	strategies := make([][]string, P)
	profiles := 1.0
	for p := range P {
		n := 1.0
		for i, I := range g.Infosets {
			if I.Player == p {
				sets[p] = append(sets[p], i)
				n *= float64(len(I.Actions))
			}
		}
		profiles *= n
		if profiles > MaxNodes || profiles*float64(len(g.Nodes)) > MaxPureWork {
			return nil, solver.Invalidf("extensive: the strategic form has more than %.3g profiles over %d nodes, more than can be written", profiles, len(g.Nodes))
		}
		for k := range int(n) {
			var names []string
			rest := k
			for _, i := range sets[p] {
				a := rest % len(g.Infosets[i].Actions)
				rest /= len(g.Infosets[i].Actions)
				names = append(names, g.Infosets[i].Actions[a])
			}
			strategies[p] = append(strategies[p], strings.Join(names, "/"))
		}
	}
	one, zero := big.NewRat(1, 1), new(big.Rat)
	payoffs := make([][]*big.Rat, int(profiles))
	choice := make([]int, P)
	beh := make([][]*big.Rat, len(g.Infosets))
	for k := range payoffs {
		rest := k
		for p := range P {
			choice[p] = rest % len(strategies[p])
			rest /= len(strategies[p])
			r := choice[p]
			for _, i := range sets[p] {
				n := len(g.Infosets[i].Actions)
				row := make([]*big.Rat, n)
				for a := range row {
					row[a] = zero
				}
				row[r%n] = one
				r /= n
				beh[i] = row
			}
		}
		reach := g.reachProbs(beh, noPlayer)
		u := make([]*big.Rat, P)
		for p := range u {
			u[p] = new(big.Rat)
		}
		for v, node := range g.Nodes {
			if node.Outcome < 0 || reach[v].Sign() == 0 {
				continue
			}
			for p, x := range g.Outcomes[node.Outcome].Payoffs {
				u[p].Add(u[p], new(big.Rat).Mul(reach[v], x))
			}
		}
		payoffs[k] = u
	}
	nf, err := Strategic(g.Title, g.Players, strategies, payoffs)
	if err != nil {
		return nil, err
	}
	nf.Comment = g.Comment
	return nf, nil
}

// TwoPlayerEquilibrium returns one exact Nash equilibrium of any
// two-player game: by Lemke–Howson on a strategic game, and by Lemke's
// algorithm on the sequence form on a tree (SequenceLemke), certified by
// exact best responses.
func TwoPlayerEquilibrium(ctx context.Context, g *Game) (*Profile, error) {
	if len(g.Players) != 2 {
		return nil, ErrNotBimatrix
	}
	if g.Strategic {
		return LemkeHowson(ctx, g)
	}
	return SequenceLemke(ctx, g)
}
