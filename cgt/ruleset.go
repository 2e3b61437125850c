package cgt

import "context"

// Position is a position of a ruleset: it gives its options and a key that
// identifies it for memoization (positions with equal keys must be equal).
type Position interface {
	Key() string
	// Options returns the positions Left and Right can move to.
	Options() (left, right []Position)
}

// Splitter is implemented by positions that are disjunctive sums of
// independent components: their value is the sum of the components' values.
// Components returns nil or one component when the position does not split.
type Splitter interface {
	Components() []Position
}

// Nimbered is implemented by positions of impartial games that know their
// nim-value from a table (cgt/octal's, for take-and-break heaps): the
// Evaluator takes *v for them without looking at their options. ok false
// leaves the position to its options.
type Nimbered interface {
	Nimber() (v int, ok bool)
}

// Ruleset parses positions of one game.
type Ruleset interface {
	Name() string
	// Parse reads a position; errors say what is wrong with the text.
	Parse(text string) (Position, error)
}

// Evaluator computes canonical values of positions, remembering every
// component it has valued. Keys of different rulesets must not collide
// within one Evaluator; use one Evaluator per ruleset.
type Evaluator struct {
	memo map[string]Game
	// Progress, if set, is called with the number of positions valued so
	// far, every few thousand positions: long evaluations can show that
	// they are moving. It runs with the engine's lock held and must not
	// call into this package.
	Progress   func(valued int)
	nextReport int
}

// NewEvaluator returns an Evaluator with an empty memo.
func NewEvaluator() *Evaluator { return &Evaluator{memo: map[string]Game{}, nextReport: 4096} }

// Value returns p's canonical value.
func (e *Evaluator) Value(p Position) (Game, error) {
	return e.ValueContext(context.Background(), p)
}

// ValueContext is Value that stops with ctx's error when ctx ends.
func (e *Evaluator) ValueContext(ctx context.Context, p Position) (Game, error) {
	return lockedCtx(ctx, func() Game { return e.value(p) })
}

func (e *Evaluator) value(p Position) Game {
	key := p.Key()
	if g, ok := e.memo[key]; ok {
		return g
	}
	var g Game
	if nb, ok := p.(Nimbered); ok {
		if v, ok := nb.Nimber(); ok {
			g = tab.nimber(v)
			e.memo[key] = g
			return g
		}
	}
	if sp, ok := p.(Splitter); ok {
		if comps := sp.Components(); len(comps) > 1 {
			for _, c := range comps {
				g = tab.add2(g, e.value(c))
			}
			e.memo[key] = g
			return g
		}
	}
	pl, pr := p.Options()
	left := make([]Game, len(pl))
	for i, o := range pl {
		left[i] = e.value(o)
	}
	right := make([]Game, len(pr))
	for i, o := range pr {
		right[i] = e.value(o)
	}
	g = tab.canon(left, right)
	e.memo[key] = g
	if e.Progress != nil && len(e.memo) >= e.nextReport {
		e.nextReport = len(e.memo) + 4096
		e.Progress(len(e.memo))
	}
	return g
}

// Valued is the number of positions the Evaluator has valued.
func (e *Evaluator) Valued() int { return len(e.memo) }
