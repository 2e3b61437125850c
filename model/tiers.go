package model

import "github.com/gamesolve/gamesolve/engine"

// Tiered returns the model as rules whose states fall into tiers, each
// state's tier being its "tier", for a solve one tier at a time (package
// tiered); ok is false where the states give no tiers. The index of a
// state is its position in the file.
func (m *Model) Tiered() (rules engine.Rules[int32], ok bool) {
	if m.tier == nil {
		return nil, false
	}
	return tieredModel{m}, true
}

// tieredModel is a Model with engine.Tierer. Its State shadows the
// Model's (a state's parts, for export).
type tieredModel struct{ *Model }

// Tier implements engine.Tierer.
func (t tieredModel) Tier(s int32) int { return int(t.tier[s]) }

// State implements engine.Tierer.
func (t tieredModel) State(i int) (int32, bool) { return int32(i), i >= 0 && i < len(t.owner) }

// TierOf returns state s's "tier" (-1 where the states give none).
func (m *Model) TierOf(s int32) int {
	if m.tier == nil {
		return -1
	}
	return int(m.tier[s])
}
