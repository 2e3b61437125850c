package pig

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"strings"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/solver"
)

// MaxPlayers is the most players Many takes.
const MaxPlayers = 6

// ManyState is a position of Pig with any number of players: every
// player's score, the turn total, and whose turn it is. Won is set (with
// Turn the winner) for the terminal states.
type ManyState struct {
	Score [MaxPlayers]int16
	Total int16
	Turn  int8
	Won   bool
}

// Many are Pig's rules for 2 to MaxPlayers players, who take turns in the
// order 0, 1, …, n-1, 0, …; the one who reaches the target wins (payoff 1,
// the others 0). With two players they are Rules in another state type
// (the tests check that both solve alike); Rules stays the faster choice
// there.
type Many struct {
	players, target int
	all             bool
}

// NewMany returns the rules for players from 2 to MaxPlayers and a target
// from 1 to MaxTarget.
func NewMany(players, target int) (*Many, error) {
	if players < 2 || players > MaxPlayers {
		return nil, solver.Invalidf("pig: players must be from 2 to %d, got %d", MaxPlayers, players)
	}
	if target < 1 || target > MaxTarget {
		return nil, solver.Invalidf("pig: target must be from 1 to %d, got %d", MaxTarget, target)
	}
	return &Many{players: players, target: target}, nil
}

// String implements fmt.Stringer.
func (s ManyState) String() string {
	if s.Won {
		return fmt.Sprintf("player %d won", s.Turn)
	}
	var b strings.Builder
	b.WriteString("scores ")
	for i, x := range s.Score {
		if i > 0 {
			if x == 0 && allZero(s.Score[i:]) {
				break
			}
			b.WriteByte('-')
		}
		fmt.Fprint(&b, x)
	}
	fmt.Fprintf(&b, ", turn total %d, player %d to act", s.Total, s.Turn)
	return b.String()
}

func allZero(s []int16) bool {
	for _, x := range s {
		if x != 0 {
			return false
		}
	}
	return true
}

// Target is the score that wins; Players implements engine.Rules.
func (r *Many) Target() int  { return r.target }
func (r *Many) Players() int { return r.players }

// Start implements engine.Rules: player 0 to roll, all zero.
func (r *Many) Start() ManyState { return ManyState{} }

// ReachAll makes the engine explore every tuple of scores, reachable in
// play or not, so that policies are complete tables.
func (r *Many) ReachAll() { r.all = true }

// Seeds implements engine.Seeder: with ReachAll, every tuple of scores with
// player 0 to roll.
func (r *Many) Seeds() []ManyState {
	if !r.all {
		return nil
	}
	var seeds []ManyState
	var s ManyState
	var fill func(i int)
	fill = func(i int) {
		if i == r.players {
			seeds = append(seeds, s)
			return
		}
		for x := range r.target {
			s.Score[i] = int16(x)
			fill(i + 1)
		}
		s.Score[i] = 0
	}
	fill(0)
	return seeds
}

// Expand implements engine.Rules.
func (r *Many) Expand(s ManyState, n *engine.Node[ManyState]) error {
	if s.Won {
		var pay [MaxPlayers]*big.Rat
		for i := range r.players {
			pay[i] = zero
		}
		pay[s.Turn] = one
		n.Terminal(pay[:r.players]...)
		return nil
	}
	me := s.Turn
	n.Decide(int(me))
	next := (me + 1) % int8(r.players)
	var outs [6]engine.Outcome[ManyState]
	outs[0] = engine.Outcome[ManyState]{P: sixth, To: ManyState{Score: s.Score, Turn: next}, Reward: rollReward}
	for face := int16(2); face <= 6; face++ {
		to := s
		to.Total += face
		if int(s.Score[me])+int(to.Total) >= r.target {
			to = ManyState{Won: true, Turn: me}
		}
		outs[face-1] = engine.Outcome[ManyState]{P: sixth, To: to, Reward: rollReward}
	}
	n.Action(Roll, outs[:]...)
	if s.Total > 0 {
		held := ManyState{Score: s.Score, Turn: next}
		held.Score[me] += s.Total
		n.Action(Hold, engine.Outcome[ManyState]{P: one, To: held})
	}
	return nil
}

// Index implements engine.Indexer: (turn, scores, turn total) numbered
// densely, the terminal states last.
func (r *Many) Index(s ManyState) (int, bool) {
	t, n := r.target, r.players
	if s.Won {
		return n*r.pow(n+1) + int(s.Turn), true
	}
	i := int(s.Turn)
	for p := range n {
		if s.Score[p] < 0 || int(s.Score[p]) >= t {
			return 0, false
		}
		i = i*t + int(s.Score[p])
	}
	if s.Total < 0 || int(s.Total) >= t {
		return 0, false
	}
	return i*t + int(s.Total), true
}

func (r *Many) pow(k int) int {
	x := 1
	for range k {
		x *= r.target
	}
	return x
}

// IndexLimit implements engine.Indexer.
func (r *Many) IndexLimit() int { return r.players*r.pow(r.players+1) + r.players }

// SizeHint implements engine.Sizer (sizes).
func (r *Many) SizeHint() (states, actions, outcomes int) { return sizes(r.players, r.target) }

// EstimateMany is what SolveMany needs: memory for the states (about 450
// bytes each in float mode, as two-player Pig, plus the index's 4 bytes per
// slot) and, in exact mode, time. Measured with three players on two
// cores: float, target 30 (1,029,387 states) 6.2 s and 466 MB, target 48
// 55 s and 3.2 GB; exact, target 10 1.0 s, 15 4.5 s, 20 16 s and 271 MB:
// about 15,000 states a second, so 12,000 is assumed.
func EstimateMany(players, target int, exact bool) budget.Estimate {
	t := float64(target)
	slots := float64(players) * math.Pow(t, float64(players+1))
	states := slots / 2 // a turn total below the target less the mover's score
	e := budget.Estimate{What: fmt.Sprintf("pig: %d players, target %d", players, target), Bytes: states*450 + slots*4}
	if exact {
		e.Bytes *= 4
		e.Seconds = states / 12000
		e.MaxSeconds = MaxExactSeconds
	}
	return e
}

// ManyResult is solved Pig with any number of players.
type ManyResult[T any] struct {
	Players, Target int
	// Win is each player's probability of winning from the start, all
	// playing the equilibrium.
	Win []T
	// Rolls is the expected number of rolls in the game.
	Rolls T
	// Engine is the engine's full solution.
	Engine *engine.Result[ManyState, T]
}

// SolveMany solves Pig with players from 2 to MaxPlayers. With opt.Policy
// every tuple of scores is solved, reachable in play or not. With three or
// more players every turn is a cycle in which all players decide (a 1
// passes the turn on), so each is solved by a certified equilibrium.
func SolveMany[T any, F numeric.Field[T]](ctx context.Context, f F, players, target int, opt engine.Options) (*ManyResult[T], error) {
	rules, err := NewMany(players, target)
	if err != nil {
		return nil, err
	}
	if err := EstimateMany(players, target, f.Exact()).Check(); err != nil {
		return nil, err
	}
	if opt.Policy {
		rules.ReachAll()
	}
	res, err := engine.Solve[ManyState, T](ctx, f, rules, opt)
	if err != nil {
		return nil, err
	}
	start := res.Start()
	rolls, _, _ := res.Reward(start)
	return &ManyResult[T]{Players: players, Target: target, Win: res.Value(start), Rolls: rolls, Engine: res}, nil
}

// HoldAt returns the smallest turn total at which the player to move
// holds with the given scores (the mover's first, then the players after
// it in turn order), or 0 if it never holds before reaching the target or
// the position was not solved. Player 0's states are used, or the same
// position with another player to move where player 0's is not solved:
// the rules are the same for every seat.
func (r *ManyResult[T]) HoldAt(scores []int) int {
	for k := 1; scores[0]+k < r.Target; k++ {
		s, ok := r.Find(scores, k)
		if !ok {
			continue
		}
		if _, name, ok := r.Engine.Choice(s); ok && name == Hold {
			return k
		}
	}
	return 0
}

// WinAt returns the probability that the player to move wins, with the
// given scores (the mover's first, then in turn order) and turn total.
func (r *ManyResult[T]) WinAt(scores []int, total int) (w T, ok bool) {
	s, ok := r.Find(scores, total)
	if !ok {
		return w, false
	}
	return r.Engine.Value(s)[s.Turn], true
}

// Find returns the solved state of a position given from the mover's
// seat: its scores (the mover's first, then in turn order) and the turn
// total; ok is false if it is over or was not solved.
func (r *ManyResult[T]) Find(scores []int, total int) (ManyState, bool) {
	n := r.Players
	if len(scores) != n || total < 0 || scores[0]+total >= r.Target {
		return ManyState{}, false
	}
	for _, x := range scores {
		if x < 0 || x >= r.Target {
			return ManyState{}, false
		}
	}
	for seat := range n {
		s := ManyState{Total: int16(total), Turn: int8(seat)}
		for i, x := range scores {
			s.Score[(seat+i)%n] = int16(x)
		}
		if r.Engine.Lookup(s) {
			return s, true
		}
	}
	return ManyState{}, false
}
