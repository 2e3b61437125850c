package pig

import (
	"fmt"
	"math/big"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/solver"
)

// MaxTarget bounds the target (the states grow as its cube).
const MaxTarget = 1000

// State is a position: the scores, the current turn total, and whose turn
// it is. Won is set (with Turn the winner) for the two terminal states.
type State struct {
	Score [2]int16
	Total int16
	Turn  int8
	Won   bool
}

// String implements fmt.Stringer.
func (s State) String() string {
	if s.Won {
		return fmt.Sprintf("player %d won", s.Turn)
	}
	return fmt.Sprintf("scores %d-%d, turn total %d, player %d to act", s.Score[0], s.Score[1], s.Total, s.Turn)
}

// Rules are Pig's rules for the engine.
type Rules struct {
	target int
	all    bool
}

// ReachAll makes the engine explore every pair of scores, reachable in play
// or not (a score of 1 never is), so that policies are complete tables.
func (r *Rules) ReachAll() { r.all = true }

// Seeds implements engine.Seeder: with ReachAll, every pair of scores with
// player 0 to roll.
func (r *Rules) Seeds() []State {
	if !r.all {
		return nil
	}
	seeds := make([]State, 0, r.target*r.target)
	for i := range r.target {
		for j := range r.target {
			seeds = append(seeds, State{Score: [2]int16{int16(i), int16(j)}})
		}
	}
	return seeds
}

// New returns the rules for a target from 1 to MaxTarget.
func New(target int) (*Rules, error) {
	if target < 1 || target > MaxTarget {
		return nil, solver.Invalidf("pig: target must be from 1 to %d, got %d", MaxTarget, target)
	}
	return &Rules{target: target}, nil
}

// Target is the score that wins.
func (r *Rules) Target() int { return r.target }

// Players implements engine.Rules.
func (r *Rules) Players() int { return 2 }

// Start implements engine.Rules: player 0 to roll, all zero.
func (r *Rules) Start() State { return State{} }

var (
	sixth = big.NewRat(1, 6)
	one   = big.NewRat(1, 1)
	zero  = new(big.Rat)
	// Rewards count rolls.
	rollReward = big.NewRat(1, 1)
)

// Hold and Roll are the action names.
const (
	Roll = "roll"
	Hold = "hold"
)

// Expand implements engine.Rules.
func (r *Rules) Expand(s State, n *engine.Node[State]) error {
	if s.Won {
		if s.Turn == 0 {
			n.Terminal(one, zero)
		} else {
			n.Terminal(zero, one)
		}
		return nil
	}
	me := s.Turn
	n.Decide(int(me))
	var outs [6]engine.Outcome[State]
	pass := State{Score: s.Score, Turn: 1 - me}
	outs[0] = engine.Outcome[State]{P: sixth, To: pass, Reward: rollReward}
	for face := int16(2); face <= 6; face++ {
		to := s
		to.Total += face
		if int(s.Score[me])+int(to.Total) >= r.target {
			to = State{Won: true, Turn: me}
		}
		outs[face-1] = engine.Outcome[State]{P: sixth, To: to, Reward: rollReward}
	}
	n.Action(Roll, outs[:]...)
	if s.Total > 0 {
		held := State{Score: s.Score, Turn: 1 - me}
		held.Score[me] += s.Total
		n.Action(Hold, engine.Outcome[State]{P: one, To: held})
	}
	return nil
}

// Index implements engine.Indexer: (scores, turn total, turn) numbered
// densely, the two terminal states last.
func (r *Rules) Index(s State) (int, bool) {
	t := r.target
	if s.Won {
		return 2*t*t*t + int(s.Turn), true
	}
	if int(s.Score[0]) >= t || int(s.Score[1]) >= t || int(s.Total) >= t || s.Score[0] < 0 || s.Score[1] < 0 || s.Total < 0 {
		return 0, false
	}
	return ((int(s.Turn)*t+int(s.Score[0]))*t+int(s.Score[1]))*t + int(s.Total), true
}

// State implements engine.Tierer: the state Index numbers i.
func (r *Rules) State(i int) (State, bool) {
	t := r.target
	switch {
	case i < 0 || i >= r.IndexLimit():
		return State{}, false
	case i >= 2*t*t*t:
		return State{Won: true, Turn: int8(i - 2*t*t*t)}, true
	}
	s := State{Total: int16(i % t)}
	i /= t
	s.Score[1] = int16(i % t)
	i /= t
	s.Score[0] = int16(i % t)
	s.Turn = int8(i / t)
	return s, true
}

// Tier implements engine.Tierer: the sum of the scores, which holding
// raises and nothing lowers; the won states come after every sum.
func (r *Rules) Tier(s State) int {
	if s.Won {
		return 2 * r.target
	}
	return int(s.Score[0]) + int(s.Score[1])
}

// Shard implements tiered.Sharder: the two scores, which only holding
// changes (and holding leaves the tier); rolls and pigs keep them.
func (r *Rules) Shard(s State) uint64 {
	return uint64(s.Score[0])*uint64(r.target) + uint64(s.Score[1])
}

// IndexLimit implements engine.Indexer.
func (r *Rules) IndexLimit() int { return 2*r.target*r.target*r.target + 2 }

// SizeHint implements engine.Sizer (sizes, for two players).
func (r *Rules) SizeHint() (states, actions, outcomes int) { return sizes(2, r.target) }

// sizes counts the states, actions and outcomes of Pig for n players to
// target t. A score is 0 or from 2 up (totals banked are at least 2), so
// each player's score takes t-1 values; the mover's turn total is 0 or
// from 2 up to below what would win; every state rolls (six outcomes),
// and holds when its total is not 0; the n won states end the game.
func sizes(n, t int) (states, actions, outcomes int) {
	totals, holds := 0, 0 // over the mover's scores
	for s := 0; s < t; s++ {
		if s == 1 {
			continue
		}
		more := max(0, t-s-2) // totals 2 … t-s-1
		totals += 1 + more
		holds += more
	}
	others := 1
	for range n - 1 {
		others *= t - 1
	}
	playing := n * others * totals
	held := n * others * holds
	return playing + n, playing + held, 6*playing + held
}
