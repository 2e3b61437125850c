package extensive

import (
	"context"
	"fmt"
	"math/big"
	"slices"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/solver"
)

// Rules describe an extensive-form game in Go, as histories: the engine
// asks Expand about each history reachable from Start, and builds the
// tree. H is any type the rules like (a slice of moves, a struct); it is
// not compared.
type Rules[H any] interface {
	// Players names the players, at least one.
	Players() []string
	// Start is the empty history.
	Start() H
	// Expand describes history h by calling exactly one of m.Terminal,
	// m.Chance (then m.Outcome per outcome) or m.Decide (then m.Action
	// per action).
	Expand(h H, m *Move[H]) error
}

// Move is what Expand fills in.
type Move[H any] struct {
	kind    int // 0 unset, 1 terminal, 2 chance, 3 decision
	player  int
	infoset string
	payoffs []*big.Rat
	names   []string
	probs   []*big.Rat
	next    []H
	err     error
}

// Terminal ends play with one payoff per player.
func (m *Move[H]) Terminal(payoffs ...*big.Rat) {
	m.set(1)
	m.payoffs = append(m.payoffs[:0], payoffs...)
}

// Chance makes h a chance node; each m.Outcome adds one outcome.
func (m *Move[H]) Chance() { m.set(2) }

// Outcome adds a chance outcome with probability p, leading to next.
func (m *Move[H]) Outcome(name string, p *big.Rat, next H) {
	if m.kind != 2 {
		m.fail("Outcome without Chance")
		return
	}
	m.names, m.probs, m.next = append(m.names, name), append(m.probs, p), append(m.next, next)
}

// Decide makes player (from 0) move at h, in the information set named
// infoset: what the player knows there. Histories with the same player
// and infoset are indistinguishable to that player and must offer the
// same actions in the same order. The name is shown in strategy tables,
// so it should read like the game ("P1 holds J, after check–bet").
func (m *Move[H]) Decide(player int, infoset string) {
	m.set(3)
	m.player, m.infoset = player, infoset
}

// Action adds an action of the deciding player, leading to next.
func (m *Move[H]) Action(name string, next H) {
	if m.kind != 3 {
		m.fail("Action without Decide")
		return
	}
	m.names, m.next = append(m.names, name), append(m.next, next)
}

func (m *Move[H]) set(kind int) {
	if m.kind != 0 {
		m.fail("more than one of Terminal, Chance and Decide")
	}
	m.kind = kind
}

func (m *Move[H]) fail(msg string) {
	if m.err == nil {
		m.err = solver.Invalidf("extensive: %s", msg)
	}
}

func (m *Move[H]) reset() {
	var zero H
	m.kind, m.err = 0, nil
	m.payoffs, m.names, m.probs = m.payoffs[:0], m.names[:0], m.probs[:0]
	for i := range m.next {
		m.next[i] = zero
	}
	m.next = m.next[:0]
}

// bytesPerNode is about what a built node takes: the node, its share of
// the children, outcomes and information-set names.
const bytesPerNode = 200

// Build expands the rules into a checked Game, depth first, so that the
// nodes come in prefix order. It refuses trees of more than MaxNodes nodes
// or deeper than MaxDepth, and stops when ctx ends.
func Build[H any](ctx context.Context, r Rules[H]) (*Game, error) {
	g := &Game{Players: slices.Clone(r.Players())}
	if len(g.Players) == 0 {
		return nil, solver.Invalidf("extensive: the rules have no players")
	}
	type key struct {
		player int
		name   string
	}
	sets := map[key]int{}
	numbers := make([]int, len(g.Players)+1) // per player, chance last
	type item struct {
		h            H
		parent, slot int
		depth        int
	}
	stack := []item{{h: r.Start(), parent: -1}}
	var m Move[H]
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		v := len(g.Nodes)
		if v >= MaxNodes {
			return nil, solver.Invalidf("extensive: the game has more than %d nodes", MaxNodes)
		}
		if v%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("extensive: %w", err)
			}
		}
		if v > 0 && v%(1<<16) == 0 {
			// The tree so far, and as much again to solve it.
			est := budget.Estimate{What: fmt.Sprintf("extensive: a tree of more than %d nodes", v), Bytes: 2 * float64(v) * bytesPerNode}
			if err := est.Check(); err != nil {
				return nil, err
			}
		}
		if it.depth >= MaxDepth {
			return nil, solver.Invalidf("extensive: the game is deeper than %d", MaxDepth)
		}
		if it.parent >= 0 {
			g.Nodes[it.parent].Children[it.slot] = v
		}
		m.reset()
		if err := r.Expand(it.h, &m); err != nil {
			return nil, fmt.Errorf("extensive: node %d: %w", v, err)
		}
		if m.err != nil {
			return nil, fmt.Errorf("%w (node %d)", m.err, v)
		}
		node := Node{Infoset: -1, Outcome: -1}
		switch m.kind {
		case 0:
			return nil, solver.Invalidf("extensive: node %d: Expand described nothing", v)
		case 1:
			if len(m.payoffs) != len(g.Players) {
				return nil, solver.Invalidf("extensive: node %d: %d payoffs for %d players", v, len(m.payoffs), len(g.Players))
			}
			g.Outcomes = append(g.Outcomes, Outcome{Payoffs: slices.Clone(m.payoffs), Number: len(g.Outcomes) + 1})
			node.Outcome = len(g.Outcomes) - 1
		case 2:
			numbers[len(g.Players)]++
			g.Infosets = append(g.Infosets, Infoset{Player: Chance, Actions: slices.Clone(m.names), Probs: slices.Clone(m.probs), Number: numbers[len(g.Players)]})
			node.Infoset = len(g.Infosets) - 1
		case 3:
			if m.player < 0 || m.player >= len(g.Players) {
				return nil, solver.Invalidf("extensive: node %d: player %d of %d decides", v, m.player, len(g.Players))
			}
			k := key{m.player, m.infoset}
			i, ok := sets[k]
			if !ok {
				numbers[m.player]++
				g.Infosets = append(g.Infosets, Infoset{Player: m.player, Label: m.infoset, Actions: slices.Clone(m.names), Number: numbers[m.player]})
				i = len(g.Infosets) - 1
				sets[k] = i
			} else if !slices.Equal(g.Infosets[i].Actions, m.names) {
				return nil, solver.Invalidf("extensive: node %d: %s has actions %q here and %q before", v, g.InfosetName(i), m.names, g.Infosets[i].Actions)
			}
			node.Infoset = i
		}
		if node.Infoset >= 0 {
			if len(m.next) == 0 {
				return nil, solver.Invalidf("extensive: node %d has no actions", v)
			}
			node.Children = make([]int, len(m.next))
			for a := len(m.next) - 1; a >= 0; a-- {
				stack = append(stack, item{h: m.next[a], parent: v, slot: a, depth: it.depth + 1})
			}
		}
		g.Nodes = append(g.Nodes, node)
	}
	if err := g.Check(); err != nil {
		return nil, err
	}
	return g, nil
}
