package engine

import (
	"context"
	"fmt"

	"github.com/gamesolve/gamesolve/internal/hugepage"
)

// The graph algorithms that settle probabilities 0 and 1 before any
// arithmetic (Baier and Katoen, Principles of Model Checking, 10.6). Goal
// states are absorbing and avoid states (that are not goals) fail; each
// algorithm is a backward search over the predecessor lists.

// members lists the states in set, as a search's first queue.
func members(set []bool) []uint32 {
	queue := make([]uint32, 0, 1024)
	for v, b := range set {
		if b {
			queue = append(queue, uint32(v))
		}
	}
	return queue
}

// backward grows set by a backward search: a predecessor s (through action
// a) of a state in the set joins when join(s, a) says so. It returns set.
func (G *Graph[S]) backward(set []bool, join func(s, a uint32) bool) []bool {
	queue := members(set)
	for len(queue) > 0 {
		t := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		for _, a := range G.preds(t) {
			if s := G.actState[a]; !set[s] && join(s, a) {
				set[s] = true
				queue = append(queue, s)
			}
		}
	}
	return set
}

// The searches below are written for turn-based games of two sides: up
// (nil: every state) marks the states whose side wants the goal reached;
// the other side's states are adversaries, and a chance state is a state
// with one action, for which both rules agree. A Markov decision process
// is the game in which the one player is on the up side (Pmax: some
// policy reaches) or on the other (Pmin: every policy reaches).

// isUp reports whether state s is on the side that wants the goal.
func isUp(up []bool, s uint32) bool { return up == nil || up[s] }

// attractor returns the states from which the up side can make reaching a
// goal, without passing an avoided state, happen with positive
// probability: an up state joins with one action having an outcome in, an
// adversary's state when each of its actions has one. The rest have
// probability 0 under the adversary's best play.
func (G *Graph[S]) attractor(goal, avoid, up []bool) []bool {
	g := G.g
	left := hugepage.Make[int32](len(goal), len(goal)) // the adversary's actions with no outcome in yet
	for v := range left {
		left[v] = int32(g.actStart[v+1] - g.actStart[v])
	}
	hit := hugepage.Make[bool](g.actions(), g.actions())
	return G.backward(append([]bool(nil), goal...), func(s, a uint32) bool {
		if avoid[s] {
			return false
		}
		if isUp(up, s) {
			return true
		}
		if hit[a] {
			return false
		}
		hit[a] = true
		left[s]--
		return left[s] == 0
	})
}

// almostSure returns the states from which the up side can make reaching
// a goal happen with probability 1, given can = attractor(goal, avoid,
// up): the greatest set U such that from each of its states play can be
// kept in U (an up state has an action whose outcomes all stay in U, an
// adversary's state has only such actions) while moving towards the goal
// with positive probability, found by shrinking U until it stops changing
// (de Alfaro and Henzinger's almost-sure reachability; for one player,
// Baier and Katoen's Prob1E and Prob1A).
//
// Each round is a search over the whole graph, and rounds can be many: it
// looks at ctx before each and returns its error.
func (G *Graph[S]) almostSure(ctx context.Context, goal, avoid, up, can []bool) ([]bool, error) {
	g := G.g
	U := append([]bool(nil), can...)
	// stays[a]: action a's state and all its outcomes are in U. U only
	// shrinks, so stays only turns false. A state outside the goal cannot
	// remain in U once it has no action that stays (an up state) or any
	// action that does not (an adversary's): such states are removed at
	// once, and the removal cascades to their predecessors. Each round's
	// backward search then removes the states that can no longer reach the
	// goal, until a round removes none. Every predecessor list is visited
	// once over all cascades together.
	stays := hugepage.Make[bool](g.actions(), g.actions())
	staying := hugepage.Make[int32](len(goal), len(goal)) // up state: its actions that stay
	var queue []uint32
	remove := func(v uint32) {
		if U[v] && !goal[v] {
			U[v] = false
			queue = append(queue, v)
		}
	}
	drop := func(a uint32) {
		stays[a] = false
		s := G.actState[a]
		if isUp(up, s) {
			if staying[s]--; staying[s] > 0 {
				return
			}
		}
		remove(s)
	}
	cascade := func() {
		for len(queue) > 0 {
			v := queue[len(queue)-1]
			queue = queue[:len(queue)-1]
			for a := g.actStart[v]; a < g.actStart[v+1]; a++ {
				if stays[a] {
					drop(a)
				}
			}
			for _, a := range G.preds(v) {
				if stays[a] {
					drop(a)
				}
			}
		}
	}
	for a := range g.actions() {
		ok := U[G.actState[a]]
		for o := g.outStart[a]; ok && o < g.outStart[a+1]; o++ {
			ok = U[g.to[o]]
		}
		stays[a] = ok
		if ok {
			staying[G.actState[a]]++
		}
	}
	for v := range staying {
		if !U[v] || goal[v] {
			continue
		}
		for a := g.actStart[v]; a < g.actStart[v+1]; a++ {
			if up := isUp(up, uint32(v)); (up && staying[v] == 0) || (!up && !stays[a]) {
				remove(uint32(v))
				break
			}
		}
	}
	cascade()
	left := hugepage.Make[int32](len(goal), len(goal))
	hit := hugepage.Make[bool](g.actions(), g.actions())
	for {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("engine: %w", err)
		}
		for v := range left {
			left[v] = int32(g.actStart[v+1] - g.actStart[v])
		}
		clear(hit)
		R := G.backward(append([]bool(nil), goal...), func(s, a uint32) bool {
			if avoid[s] || !stays[a] {
				return false
			}
			if isUp(up, s) {
				return true
			}
			// Every action of an adversary's state in U stays (the
			// cascade removed the others): it joins once all lead in.
			if hit[a] {
				return false
			}
			hit[a] = true
			left[s]--
			return left[s] == 0
		})
		for v, in := range U {
			if in && !R[v] {
				remove(uint32(v))
			}
		}
		if len(queue) == 0 {
			return U, nil
		}
		cascade()
	}
}
