package jani

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/gamesolve/gamesolve/engine"
)

// Game returns the model as rules of a game in the engine's sense, each
// player maximizing its own payoff, for gamesolve's JSON model format
// (model.Export): play ends in the first state where some player's goal
// holds, paying 1 to each player whose goal holds there and 0 to the
// others; a deadlock pays everyone 0.
//
// goals names one property per player, in the order of the model's
// players (one for a DTMC or an MDP); each must be an unbounded
// reachability probability, P(F φ), and only its φ is read: the game's
// players maximize, whatever the property's min or max. reward, if not
// "", names an unbounded expected-reward property whose reward becomes
// the outcomes' rewards, collected as that property collects it (on
// steps, on leaving states).
func (m *Model) Game(goals []string, reward string) (engine.Rules[string], error) {
	players := max(1, len(m.players))
	if len(goals) != players {
		who := "one player"
		if len(m.players) > 0 {
			who = fmt.Sprintf("%d players (%s)", players, strings.Join(m.players, ", "))
		}
		given := fmt.Sprintf("%d goals were", len(goals))
		if len(goals) == 1 {
			given = "1 goal was"
		}
		return nil, fmt.Errorf("jani: a game needs one goal per player; the model has %s, and %s given", who, given)
	}
	var rew *expr
	var acc accum
	if reward != "" {
		p, err := m.named(reward)
		if err != nil {
			return nil, err
		}
		if p.err != nil {
			return nil, fmt.Errorf("property %q: %w", p.name, p.err)
		}
		if p.reward == nil || p.skip != "" || p.bounded || p.rbound != nil || p.longRun || p.instant != nil {
			return nil, fmt.Errorf("jani: property %q is not an unbounded expected total reward, so it gives no reward per step", p.name)
		}
		rew, acc = p.reward, p.acc
	}
	initial, err := m.initialStates()
	if err != nil {
		return nil, fmt.Errorf("jani: %w", err)
	}
	r := newRules(m, rew, acc)
	r.initial = initial
	for _, name := range goals {
		p, err := m.named(name)
		if err != nil {
			return nil, err
		}
		if p.err != nil {
			return nil, fmt.Errorf("property %q: %w", p.name, p.err)
		}
		if p.goal == nil || p.reward != nil || p.skip != "" || p.avoid != nil || p.bounded || p.rbound != nil || p.complement || p.longRun {
			return nil, fmt.Errorf("jani: property %q is not an unbounded reachability probability P(F φ), so it names no goal", p.name)
		}
		r.goals = append(r.goals, p.goal)
	}
	r.win = make([]*big.Rat, players)
	return r.engine(), nil
}

// TieredGame is Game whose states tell their tier (Tier): the value of
// the model's variable named tier less its lower bound, so that tiers are
// numbered from 0. model.Export writes it as each state's "tier", for a
// solve tier by tier; that solve refuses a move to a smaller tier, naming
// both states.
func (m *Model) TieredGame(goals []string, reward, tier string) (engine.Rules[string], error) {
	slot := -1
	var vars []string
	for i, sl := range m.slots {
		if sl.auto != nil {
			continue
		}
		vars = append(vars, sl.name)
		if sl.name != tier {
			continue
		}
		if slot >= 0 {
			return nil, fmt.Errorf("jani: two variables are named %q: a tier needs one", tier)
		}
		slot = i
	}
	if slot < 0 {
		if len(vars) > 8 {
			vars = append(vars[:8], "…")
		}
		return nil, fmt.Errorf("jani: the model has no variable %q to give the tier (its variables: %s)", tier, strings.Join(vars, ", "))
	}
	g, err := m.Game(goals, reward)
	if err != nil {
		return nil, err
	}
	switch r := g.(type) {
	case indexed:
		r.tierSlot = slot
	case *rules:
		r.tierSlot = slot
	}
	return g, nil
}

// Tier returns state s's tier, and false where the rules have none
// (TieredGame).
func (r *rules) Tier(s string) (int, bool) {
	if r.tierSlot < 0 {
		return 0, false
	}
	if r.tierVals == nil {
		r.tierVals = make([]int64, len(r.m.slots))
	}
	r.m.unpack(s, r.tierVals)
	return int(r.tierVals[r.tierSlot] - r.m.slots[r.tierSlot].lo), true
}

// won evaluates the goals in the unpacked state, with the labels its
// locations set, and fills in win.
func (r *rules) won() bool {
	r.resetTransients()
	r.setLocationTransients()
	won := false
	for i, g := range r.goals {
		r.win[i] = r.zero
		if g.b(&r.e) {
			r.win[i], won = ratOne, true
		}
	}
	r.resetTransients()
	return won
}
