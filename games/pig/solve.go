package pig

import (
	"context"
	"fmt"
	"math"

	"github.com/gamesolve/gamesolve/budget"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/numeric"
)

// Result is solved Pig.
type Result[T any] struct {
	Target int
	// Win is the first player's probability of winning with both playing
	// optimally.
	Win T
	// Rolls is the expected number of rolls in the game.
	Rolls T
	// Engine is the engine's full solution.
	Engine *engine.Result[State, T]
}

// MaxExactSeconds bounds exact mode's estimated run time.
const MaxExactSeconds = budget.MaxExactSeconds

// Estimate is what Solve needs for a target: memory (180 bytes a state in
// float mode, where the peak measured 90 at target 100 and 68 at 150, the
// engine keeping no graph: its own check while it explores allows for
// twice its arrays, about 164 bytes a state here, and an estimate below
// that would let exploration start only to refuse it seconds later) and,
// in exact mode, time. Exact values grow with
// the target: measured on two cores (since exact mode's strategy iteration
// starts from a settled float policy and sums with numeric.RatDot), target
// 50 takes 2.5 s and 170 MB, 60 takes 9.8 s and 400 MB, 70 takes 78 s and
// 940 MB: about ×1.23 a point in time at the top of that range, and at most
// ×1.09 in memory (the memory model, from 650 MB at 64, is kept: it
// overestimates 70 by 15%).
func Estimate(target int, exact bool) budget.Estimate {
	t := float64(target)
	states := t * t * t
	e := budget.Estimate{What: fmt.Sprintf("pig: target %d", target), Bytes: states * 180}
	if exact {
		e.Bytes = 650e6 * math.Pow(1.09, t-64)
		e.Seconds = 9.8 * math.Pow(1.23, t-60)
		e.MaxSeconds = MaxExactSeconds
	}
	return e
}

// Solve solves Pig to target with the engine. With opt.Policy every pair
// of scores is solved, reachable in play or not, so that HoldAt has a
// complete table.
func Solve[T any, F numeric.Field[T]](ctx context.Context, f F, target int, opt engine.Options) (*Result[T], error) {
	rules, err := New(target)
	if err != nil {
		return nil, err
	}
	if err := Estimate(target, f.Exact()).Check(); err != nil {
		if f.Exact() && Estimate(target, false).Check() == nil {
			return nil, fmt.Errorf("%w; float mode answers it", err)
		}
		return nil, err
	}
	if opt.Policy {
		rules.ReachAll()
	}
	res, err := engine.Solve[State, T](ctx, f, rules, opt)
	if err != nil {
		return nil, err
	}
	start := res.Start()
	rolls, _, _ := res.Reward(start)
	return &Result[T]{Target: target, Win: res.Value(start)[0], Rolls: rolls, Engine: res}, nil
}

// HoldAt returns the smallest turn total at which the player to move holds
// with scores (mine, yours), or 0 if it never holds before reaching the
// target (or, without opt.Policy, the pair is not reachable). With the usual optimal policy the
// player rolls below this total and holds from it on.
//
// Player 0's states are used, or player 1's where player 0 never reaches
// that pair of scores; the game is symmetric, so both hold alike.
func (r *Result[T]) HoldAt(mine, yours int) int {
	for k := 1; mine+k < r.Target; k++ {
		s := State{Score: [2]int16{int16(mine), int16(yours)}, Total: int16(k)}
		if !r.Engine.Lookup(s) {
			s = State{Score: [2]int16{int16(yours), int16(mine)}, Total: int16(k), Turn: 1}
			if !r.Engine.Lookup(s) {
				continue
			}
		}
		if _, name, ok := r.Engine.Choice(s); ok && name == Hold {
			return k
		}
	}
	return 0
}
