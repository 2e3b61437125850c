package extensive

import (
	"fmt"
	"math/big"

	"github.com/gamesolve/gamesolve/solver"
)

// Chance is the player of a chance event.
const Chance = -1

// Limits on a game's tree, checked by Check, so that a hostile file or
// rules cannot exhaust the stack or the memory of the solvers: the deepest
// path and the number of nodes.
const (
	MaxDepth = 100_000
	MaxNodes = 50_000_000
)

// Game is a finite extensive-form game: a tree whose inner nodes belong to
// a player or to chance, partitioned into information sets (chance nodes
// into events), with outcomes (a payoff per player) on any node; a path's
// payoff is the sum of the outcomes along it, as Gambit reads them.
//
// A normal-form game is the tree in which each player moves once, each in
// one information set, without seeing the others' moves.
type Game struct {
	Title   string
	Comment string
	Players []string // the players' names; player p is Players[p]
	// Nodes[0] is the root; the nodes are in prefix order (a node before
	// its children, children in action order).
	Nodes    []Node
	Infosets []Infoset
	Outcomes []Outcome
	// Strategic marks a game read from a normal form (or built as one):
	// its writer then writes .nfg.
	Strategic bool
}

// Node is one node of the tree.
type Node struct {
	Label string
	// Infoset indexes Game.Infosets (a chance node's event, a player
	// node's information set), or is -1 at a terminal node.
	Infoset int
	// Children, one per action of the information set, in action order.
	Children []int
	// Outcome indexes Game.Outcomes, or is -1 for none.
	Outcome int
}

// Infoset is an information set of a player, or a chance event.
type Infoset struct {
	Player  int // from 0, or Chance
	Label   string
	Actions []string
	// Probs are the actions' probabilities at a chance event (nil for a
	// player's set).
	Probs []*big.Rat
	// Number is the set's number in its player's numbering (in a .efg
	// file, the number after the player), from 1.
	Number int
}

// Outcome is a payoff for every player, in the order of Game.Players.
type Outcome struct {
	Label   string
	Payoffs []*big.Rat
	Number  int // in a .efg file, from 1
}

// Terminal reports whether node n is a leaf.
func (g *Game) Terminal(n int) bool { return g.Nodes[n].Infoset < 0 }

// Sizes are the counts a user compares with other tools: nodes, terminal
// nodes, every player's information sets and sequences (the empty
// sequence included), and chance events.
type Sizes struct {
	Nodes, Terminals, Chance int
	Infosets, Sequences      []int
}

// Sizes counts the game's parts.
func (g *Game) Sizes() Sizes {
	s := Sizes{Nodes: len(g.Nodes), Infosets: make([]int, len(g.Players)), Sequences: make([]int, len(g.Players))}
	for p := range s.Sequences {
		s.Sequences[p] = 1
	}
	for _, I := range g.Infosets {
		if I.Player == Chance {
			s.Chance++
			continue
		}
		s.Infosets[I.Player]++
		s.Sequences[I.Player] += len(I.Actions)
	}
	for i := range g.Nodes {
		if g.Terminal(i) {
			s.Terminals++
		}
	}
	return s
}

// InfosetName names information set i for messages: "player 1's
// information set 3 ("J, after bet")", numbered as a .efg file numbers
// them.
func (g *Game) InfosetName(i int) string {
	I := g.Infosets[i]
	who := "chance event"
	if I.Player != Chance {
		who = fmt.Sprintf("player %d's information set", I.Player+1)
	}
	if I.Label != "" {
		return fmt.Sprintf("%s %d (%q)", who, I.Number, I.Label)
	}
	return fmt.Sprintf("%s %d", who, I.Number)
}

// Check validates the game: the tree (every node reached once, from the
// root, in prefix order, within MaxDepth and MaxNodes), the information
// sets (one player each, the same actions at every node), the chance
// probabilities (positive, summing to 1), the payoffs (one per player),
// and perfect recall: all nodes of an information set follow the same own
// moves of its player. Errors wrap solver.ErrInvalid and name the part.
func (g *Game) Check() error {
	_, err := g.checked()
	return err
}

// checked is Check, returning the sequence form it built on the way, so
// that a solver that needs it builds it once.
func (g *Game) checked() (*seqForm, error) {
	if len(g.Players) == 0 {
		return nil, solver.Invalidf("extensive: the game has no players")
	}
	if len(g.Nodes) == 0 {
		return nil, solver.Invalidf("extensive: the game has no nodes")
	}
	if len(g.Nodes) > MaxNodes {
		return nil, solver.Invalidf("extensive: %d nodes, more than the %d allowed", len(g.Nodes), MaxNodes)
	}
	for i, I := range g.Infosets {
		if I.Player < Chance || I.Player >= len(g.Players) {
			return nil, solver.Invalidf("extensive: %s belongs to player %d of %d", g.InfosetName(i), I.Player+1, len(g.Players))
		}
		if len(I.Actions) == 0 {
			return nil, solver.Invalidf("extensive: %s has no actions", g.InfosetName(i))
		}
		if I.Player != Chance {
			continue
		}
		if len(I.Probs) != len(I.Actions) {
			return nil, solver.Invalidf("extensive: %s has %d actions and %d probabilities", g.InfosetName(i), len(I.Actions), len(I.Probs))
		}
		sum := new(big.Rat)
		for a, p := range I.Probs {
			if p == nil || p.Sign() < 0 {
				return nil, solver.Invalidf("extensive: %s: action %q has a negative probability", g.InfosetName(i), I.Actions[a])
			}
			sum.Add(sum, p)
		}
		if sum.Cmp(big.NewRat(1, 1)) != 0 {
			return nil, solver.Invalidf("extensive: %s: the probabilities sum to %s, not 1", g.InfosetName(i), sum.RatString())
		}
	}
	for o, out := range g.Outcomes {
		if len(out.Payoffs) != len(g.Players) {
			return nil, solver.Invalidf("extensive: outcome %d has %d payoffs for %d players", out.Number, len(out.Payoffs), len(g.Players))
		}
		for _, v := range out.Payoffs {
			if v == nil {
				return nil, solver.Invalidf("extensive: outcome %d has a missing payoff", o+1)
			}
		}
	}
	// The tree, in prefix order, without recursion: each node is the next
	// one after its parent's earlier subtrees.
	type frame struct{ node, child int }
	stack := []frame{{0, 0}}
	next := 1
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		n := &g.Nodes[top.node]
		if top.child == 0 {
			if err := g.checkNode(top.node); err != nil {
				return nil, err
			}
		}
		if top.child == len(n.Children) {
			stack = stack[:len(stack)-1]
			continue
		}
		c := n.Children[top.child]
		top.child++
		if c != next {
			return nil, solver.Invalidf("extensive: node %d's child %d is node %d, not %d: the nodes must be in prefix order, each reached once", top.node, top.child, c, next)
		}
		next++
		if len(stack) >= MaxDepth {
			return nil, solver.Invalidf("extensive: the tree is deeper than %d", MaxDepth)
		}
		stack = append(stack, frame{c, 0})
	}
	if next != len(g.Nodes) {
		return nil, solver.Invalidf("extensive: %d of %d nodes are not reached from the root", len(g.Nodes)-next, len(g.Nodes))
	}
	return g.sequences()
}

// checkNode checks one node's own fields.
func (g *Game) checkNode(i int) error {
	n := g.Nodes[i]
	if n.Outcome < -1 || n.Outcome >= len(g.Outcomes) {
		return solver.Invalidf("extensive: node %d has outcome %d of %d", i, n.Outcome+1, len(g.Outcomes))
	}
	if n.Infoset < 0 {
		if len(n.Children) != 0 {
			return solver.Invalidf("extensive: terminal node %d has children", i)
		}
		return nil
	}
	if n.Infoset >= len(g.Infosets) {
		return solver.Invalidf("extensive: node %d has information set %d of %d", i, n.Infoset+1, len(g.Infosets))
	}
	if k := len(g.Infosets[n.Infoset].Actions); len(n.Children) != k {
		return solver.Invalidf("extensive: node %d of %s has %d children for %d actions", i, g.InfosetName(n.Infoset), len(n.Children), k)
	}
	return nil
}
