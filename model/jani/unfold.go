package jani

import (
	bin "encoding/binary"
	"fmt"

	"github.com/gamesolve/gamesolve/engine"
)

// Reward-bounded reachability (a path formula's reward-bounds): reach the
// goal at a moment when the reward accumulated so far is within the
// bounds, a lower one, an upper one, or both. The state space is
// unfolded: every state carries the reward accumulated on the way to it
// (rewards must be whole numbers, at least 0), and a state is a goal
// where the model's goal holds and its reward is within the bounds (a
// goal state reached with too little reward is passed through). Since
// the reward only grows, a transition that takes it past the upper bound
// leads to a sink that is never a goal, and without an upper bound the
// reward is kept at the lower bound once it reaches it (what is more
// makes no difference). The question on the unfolded model is an
// unbounded one; its size is the states times the larger bound, at most.

// rewardBound is a property's reward bound.
type rewardBound struct {
	exp   *expr
	acc   accum
	lower int64 // the least accumulated reward allowed (0: none)
	upper int64 // the largest accumulated reward allowed (-1: none; -2: none is)
	key   string
}

// within reports whether an accumulated reward is within the bounds.
func (b *rewardBound) within(acc int64) bool {
	return acc >= b.lower && (b.upper == -1 || acc <= b.upper)
}

// unfold is the unfolding an exploration carries out.
type unfold struct {
	// upper is the largest reward kept (-1: none, the reward is kept at
	// lower once past it); past it, the sink.
	upper, lower int64
	base         string // the state being expanded, without its reward
	acc          int64  // and its reward
	buf          []byte
}

// over is the sink beyond the bound; no packed state is empty.
const over = ""

// join appends a reward to a packed state.
func join(s string, acc int64, buf *[]byte) string {
	b := append((*buf)[:0], s...)
	b = bin.LittleEndian.AppendUint64(b, uint64(acc))
	*buf = b
	return string(b)
}

// split separates a state of the unfolding into the model's state and the
// reward accumulated.
func split(s string) (string, int64) {
	n := len(s) - 8
	return s[:n], int64(bin.LittleEndian.Uint64([]byte(s[n:])))
}

// unfoldedRules explores the unfolding of m for a reward bound.
type unfoldedRules struct {
	*rules
}

func (u unfoldedRules) Start() string { return join(u.initial[0], 0, &u.bound.buf) }

func (u unfoldedRules) Seeds() []string {
	var out []string
	for _, s := range u.initial[1:] {
		out = append(out, join(s, 0, &u.bound.buf))
	}
	return out
}

func (u unfoldedRules) Describe(s string) string {
	if s == over {
		return "beyond the reward bound"
	}
	b, acc := split(s)
	return fmt.Sprintf("%s, reward %d", u.rules.Describe(b), acc)
}

func (u unfoldedRules) Expand(s string, n *engine.Node[string]) error {
	if s == over {
		n.Terminal(u.zero)
		return nil
	}
	u.bound.base, u.bound.acc = split(s)
	return u.rules.Expand(u.bound.base, n)
}

// post maps a move's outcomes: in the unfolding, each carries the reward
// accumulated, or leads to the sink beyond the bound.
func (r *rules) post(outs []engine.Outcome[string]) []engine.Outcome[string] {
	u := r.bound
	if u == nil {
		return outs
	}
	for i := range outs {
		acc := u.acc
		if w := outs[i].Reward; w != nil && w.Sign() != 0 {
			if !w.IsInt() || w.Sign() < 0 || !w.Num().IsInt64() {
				fail("reward bound: a step's reward %s is not a whole number of at least 0", w.RatString())
			}
			acc += w.Num().Int64()
		}
		outs[i].Reward = nil
		if u.upper == -1 {
			acc = min(acc, u.lower)
		}
		if acc < 0 || u.upper != -1 && acc > u.upper {
			outs[i].To = over
		} else {
			outs[i].To = join(outs[i].To, acc, &u.buf)
		}
	}
	return outs
}

// Place implements engine.Placer for the unfolding's states.
func (u unfoldedRules) Place(s string, a int) string {
	if s == over {
		return ""
	}
	b, _ := split(s)
	return u.rules.Place(b, a)
}

// Fork implements engine.Forker.
func (u unfoldedRules) Fork() engine.Rules[string] { return unfoldedRules{u.fork()} }
