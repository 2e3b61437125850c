package jani

import (
	"fmt"
	"slices"
)

// Turn-based stochastic games, gamesolve's extension of JANI for the PRISM
// language's smg models (PRISM-games): a model of type "smg" lists its
// players,
//
//	"players": [{"name": "p1", "actions": ["a1"], "automata": ["m1"]}, ...]
//
// each owning the moves of the synchronisation results (or actions) it
// names and the silent edges of the automata it names. In every state all
// enabled moves belong to one player, who chooses among them; a state
// where two players could move is an error. A probability or reward
// operator of such a model names the coalition that optimizes it,
// "coalition": ["p1"], against all the others (rPATL's <<p1>>).

func (m *Model) readPlayers(root obj) error {
	list, err := root.list("players", false)
	if err != nil {
		return err
	}
	m.actionPlayer = map[string]int{}
	m.autoPlayer = make([]int, len(m.autos))
	for i := range m.autoPlayer {
		m.autoPlayer[i] = -1
	}
	for i, pv := range list {
		o, err := asObj(pv, fmt.Sprintf("players[%d]", i))
		if err != nil {
			return err
		}
		if err := o.keys("name", "actions", "automata"); err != nil {
			return err
		}
		name, err := o.str("name")
		if err != nil {
			return err
		}
		if slices.Contains(m.players, name) {
			return fmt.Errorf("player %q declared twice", name)
		}
		m.players = append(m.players, name)
		acts, err := o.list("actions", true)
		if err != nil {
			return err
		}
		for _, a := range acts {
			an, ok := a.(string)
			if !ok {
				return fmt.Errorf("player %q: an action is a name, not %s", name, describe(a))
			}
			if q, dup := m.actionPlayer[an]; dup {
				return fmt.Errorf("action %q belongs to players %q and %q", an, m.players[q], name)
			}
			m.actionPlayer[an] = i
		}
		autos, err := o.list("automata", true)
		if err != nil {
			return err
		}
		for _, a := range autos {
			an, _ := a.(string)
			k := slices.IndexFunc(m.autos, func(x *automaton) bool { return x.name == an })
			if k < 0 {
				return fmt.Errorf("player %q: no automaton %s", name, describe(a))
			}
			if m.autoPlayer[k] >= 0 {
				return fmt.Errorf("automaton %q belongs to players %q and %q", an, m.players[m.autoPlayer[k]], name)
			}
			m.autoPlayer[k] = i
		}
	}
	if len(m.players) == 0 {
		return fmt.Errorf("a game (smg) needs players")
	}
	return nil
}

// moveOwner is the player of a move: its automaton's for a silent edge,
// its action's for a synchronised one; -1 if none owns it.
func (m *Model) moveOwner(mv move, autos []int, edges []*edge) int {
	if len(edges) == 1 && edges[0].action < 0 {
		return m.autoPlayer[autos[0]]
	}
	if p, ok := m.actionPlayer[mv.name]; ok {
		return p
	}
	return -1
}

// coalition reads an operator's coalition (player names) into indices.
func (m *Model) coalition(o obj) ([]int, error) {
	if m.Type != "smg" {
		if o.has("coalition") {
			return nil, fmt.Errorf("%s: a coalition needs a game (smg)", o.path)
		}
		return nil, nil
	}
	list, err := o.list("coalition", false)
	if err != nil {
		return nil, fmt.Errorf("%s: a game's property names its coalition: %w", o.path, err)
	}
	out := []int{}
	for _, v := range list {
		n, _ := v.(string)
		k := slices.Index(m.players, n)
		if k < 0 {
			return nil, fmt.Errorf("%s: no player %s (the players are %v)", o.path, describe(v), m.players)
		}
		if !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out, nil
}

// Players returns the names of a game's players, in order (nil for a
// DTMC or an MDP).
func (m *Model) Players() []string { return slices.Clone(m.players) }
