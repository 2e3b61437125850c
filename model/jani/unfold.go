package jani

import (
	bin "encoding/binary"
	"fmt"

	"github.com/gamesolve/gamesolve/engine"
)

// Reward-bounded reachability (a path formula's reward-bounds): reach the
// goal while the reward accumulated so far stays within an upper bound.
// The state space is unfolded: every state carries the reward accumulated
// on the way to it (rewards must be whole numbers, at least 0), and a
// transition that takes it beyond the bound leads to a sink that is never
// a goal. The question on the unfolded model is an unbounded one; its
// size is the states times the bound, at most.

// rewardBound is a property's reward bound.
type rewardBound struct {
	exp   *expr
	acc   accum
	upper int64 // the largest accumulated reward allowed
	key   string
}

// unfold is the unfolding an exploration carries out.
type unfold struct {
	upper int64
	base  string // the state being expanded, without its reward
	acc   int64  // and its reward
	buf   []byte
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
		if acc > u.upper || acc < 0 {
			outs[i].To = over
		} else {
			outs[i].To = join(outs[i].To, acc, &u.buf)
		}
	}
	return outs
}

// Fork implements engine.Forker.
func (u unfoldedRules) Fork() engine.Rules[string] { return unfoldedRules{u.fork()} }
