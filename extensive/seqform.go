package extensive

import (
	"math/big"

	"github.com/gamesolve/gamesolve/solver"
)

// seqForm is the game's sequence form (Koller, Megiddo and von Stengel
// 1996; von Stengel 1996): a player's sequence is the list of its own
// moves on the path to a node, which with perfect recall is fixed by the
// last one, (information set, action). Sequence 0 of every player is the
// empty one.
type seqForm struct {
	players int
	n       []int // sequences per player
	// first[i] is the sequence of action 0 at player information set i
	// (action a's is first[i]+a), parent[i] the player's sequence that
	// leads to i; both -1 at chance events.
	first, parent []int
	// at[v*players+p] is player p's sequence at node v.
	at []int32
	// up[v] is node v's parent (-1 at the root) and move[v] the action
	// that led to it.
	up, move []int32
	// reach[v] is the product of the chance probabilities to node v.
	reach []*big.Rat
}

// sequences builds the sequence form and checks perfect recall. The nodes
// are in prefix order, so a parent always comes before its children.
func (g *Game) sequences() (*seqForm, error) {
	P := len(g.Players)
	sf := &seqForm{
		players: P,
		n:       make([]int, P),
		first:   make([]int, len(g.Infosets)),
		parent:  make([]int, len(g.Infosets)),
		at:      make([]int32, len(g.Nodes)*P),
		up:      make([]int32, len(g.Nodes)),
		move:    make([]int32, len(g.Nodes)),
		reach:   make([]*big.Rat, len(g.Nodes)),
	}
	for p := range sf.n {
		sf.n[p] = 1
	}
	for i := range sf.first {
		sf.first[i], sf.parent[i] = -1, -1
	}
	sf.up[0], sf.move[0] = -1, -1
	sf.reach[0] = big.NewRat(1, 1)
	for v := range g.Nodes {
		node := g.Nodes[v]
		if node.Infoset < 0 {
			continue
		}
		I := &g.Infosets[node.Infoset]
		own := -1
		if I.Player != Chance {
			own = int(sf.at[v*P+I.Player])
			switch {
			case sf.first[node.Infoset] < 0:
				sf.first[node.Infoset] = sf.n[I.Player]
				sf.parent[node.Infoset] = own
				sf.n[I.Player] += len(I.Actions)
			case sf.parent[node.Infoset] != own:
				return nil, solver.Invalidf("extensive: %s lacks perfect recall: its nodes follow different earlier moves of the player (node %d among them)", g.InfosetName(node.Infoset), v)
			}
		}
		for a, c := range node.Children {
			copy(sf.at[c*P:c*P+P], sf.at[v*P:v*P+P])
			sf.up[c], sf.move[c] = int32(v), int32(a)
			sf.reach[c] = sf.reach[v]
			if I.Player == Chance {
				sf.reach[c] = new(big.Rat).Mul(sf.reach[v], I.Probs[a])
			} else {
				sf.at[c*P+I.Player] = int32(sf.first[node.Infoset] + a)
			}
		}
	}
	for i, I := range g.Infosets {
		if I.Player != Chance && sf.first[i] < 0 {
			return nil, solver.Invalidf("extensive: %s has no nodes", g.InfosetName(i))
		}
	}
	return sf, nil
}
