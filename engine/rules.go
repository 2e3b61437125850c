package engine

import "math/big"

// Chance and Terminal are the owners of states in which no player decides;
// players are numbered from 0.
const (
	Chance   = -1
	Terminal = -2
)

// Outcome is one possible result of an action or a chance move: with
// probability P the game moves to To, and Reward (nil means 0) is collected
// on the way. Rewards are what expected totals count: turns, dishes, rolls.
// The engine keeps the pointers: do not modify a *big.Rat once passed (pass
// the same one again freely; shared values are cheapest).
type Outcome[S comparable] struct {
	P      *big.Rat
	To     S
	Reward *big.Rat
}

// Rules describe a game to the engine. States are comparable Go values;
// the engine explores those reachable from Start.
type Rules[S comparable] interface {
	// Players is the number of players, at least 1.
	Players() int
	// Start is the state play begins in.
	Start() S
	// Expand describes state s by calling exactly one of n.Terminal,
	// n.Chance, or n.Decide followed by one n.Action per action. It returns
	// an error for a state that cannot be described; the engine wraps it.
	Expand(s S, n *Node[S]) error
}

// TieBreaker is implemented by rules that supply their own tie rule. Among
// actions whose values tie for the deciding player, the one with the lowest
// TieRank is chosen. Without it, the action listed first wins a tie.
type TieBreaker[S comparable] interface {
	TieRank(s S, action int) int
}

// Seeder is implemented by rules that want states solved even where play
// from Start never reaches them (to print a complete policy table, say):
// Solve explores from Start and then from every seed.
type Seeder[S comparable] interface {
	Seeds() []S
}

// Indexer is implemented by rules that can number their states densely
// themselves: Index(s) returns a distinct integer in [0, IndexLimit()) for
// each state it knows (ok false for others). The engine then finds states
// in an array instead of a hash map, which is faster for millions of
// states; IndexLimit() should be within a small factor of the number of
// states, since the array takes 4 bytes per index.
type Indexer[S comparable] interface {
	Index(s S) (i int, ok bool)
	IndexLimit() int
}

// Sizer is implemented by rules that know about how large their game is
// before it is explored (a model file lists its states): the numbers of
// states, actions (a chance move is one) and outcomes. The engine then
// sizes its arrays once instead of growing them by copying. A wrong hint
// costs only memory or growth, never a wrong answer.
type Sizer interface {
	SizeHint() (states, actions, outcomes int)
}

// Discounter is implemented by rules that carry their own discount, as a
// model file's "discount" (doc.go, "Discounted games"): Solve discounts by
// Discount() unless it is nil, as by Options.Discount, which must then be
// nil or the same. A Graph explored from such rules remembers it, and the
// analyses that take no discount (Analyze, AnalyzeBounded, LongRun)
// refuse that graph rather than answer the undiscounted question.
type Discounter interface {
	Discount() *big.Rat
}

// Describer is implemented by rules whose states have a name for messages
// and reports; without it states are formatted with fmt's %v.
type Describer[S comparable] interface {
	Describe(s S) string
}

// Placer is implemented by rules written in a source of their own (a model
// file): Place says where action a of state s is written there, for
// example a command's line and column, so that a message about a malformed
// action can point at it. It is called only to report an error, and
// returns "" where it cannot say.
type Placer[S comparable] interface {
	Place(s S, action int) string
}

// Node is what Expand fills in. Its slices are reused from state to state,
// so rules can describe millions of states without allocating.
type Node[S comparable] struct {
	owner   int
	set     bool
	payoff  []*big.Rat
	names   []string
	ends    []int // ends[a]: end of action a's outcomes in outs
	outs    []Outcome[S]
	invalid string
}

func (n *Node[S]) reset() {
	n.owner, n.set, n.invalid = 0, false, ""
	n.payoff, n.names, n.ends, n.outs = n.payoff[:0], n.names[:0], n.ends[:0], n.outs[:0]
}

func (n *Node[S]) kind(owner int) {
	if n.set {
		n.invalid = "described twice (Terminal, Chance and Decide are exclusive)"
	}
	n.owner, n.set = owner, true
}

// Terminal ends the game with one payoff per player.
func (n *Node[S]) Terminal(payoff ...*big.Rat) {
	n.kind(Terminal)
	n.payoff = append(n.payoff, payoff...)
}

// Chance makes the state a chance move with the given outcomes, whose
// probabilities must sum to 1.
func (n *Node[S]) Chance(outcomes ...Outcome[S]) {
	n.kind(Chance)
	n.outs = append(n.outs, outcomes...)
	n.names = append(n.names, "")
	n.ends = append(n.ends, len(n.outs))
}

// Decide makes player (from 0) the one to act; one or more calls of Action
// follow.
func (n *Node[S]) Decide(player int) { n.kind(player) }

// Action adds an action of the deciding player. Its outcomes' probabilities
// must sum to 1. The order of actions is the default tie order.
func (n *Node[S]) Action(name string, outcomes ...Outcome[S]) {
	if !n.set || n.owner < 0 {
		n.invalid = "Action without Decide"
		return
	}
	n.outs = append(n.outs, outcomes...)
	n.names = append(n.names, name)
	n.ends = append(n.ends, len(n.outs))
}
