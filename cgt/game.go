package cgt

import (
	"fmt"
	"math/big"
)

// Relation is the result of comparing two games.
type Relation int

// The relations of g to h, as Compare reports them.
const (
	Less     Relation = iota // g < h
	Equal                    // g = h
	Greater                  // g > h
	Confused                 // incomparable: g - h is a first-player win
)

// String implements fmt.Stringer.
func (r Relation) String() string {
	return [...]string{"<", "=", ">", "||"}[r]
}

// Outcome is a game's outcome class.
type Outcome int

const (
	P Outcome = iota // the previous player wins (g = 0)
	L                // Left wins whoever starts (g > 0)
	R                // Right wins whoever starts (g < 0)
	N                // the next player wins (g || 0)
)

// String implements fmt.Stringer.
func (o Outcome) String() string { return [...]string{"P", "L", "R", "N"}[o] }

// Integer returns the game n.
func Integer(n int64) Game {
	g, _ := locked(func() Game { return tab.number(big.NewRat(n, 1)) })
	return g
}

// Number returns the game x, which must be a dyadic rational.
func Number(x *big.Rat) (Game, error) {
	if !dyadic(x) {
		return 0, fmt.Errorf("cgt: %s is not a dyadic rational, so not a short game", x.RatString())
	}
	return locked(func() Game { return tab.number(x) })
}

func dyadic(x *big.Rat) bool {
	d := x.Denom()
	return d.Sign() > 0 && new(big.Int).And(d, new(big.Int).Sub(d, big.NewInt(1))).Sign() == 0
}

// Nimber returns *m (m ≤ MaxNimber).
func Nimber(m int) (Game, error) {
	if m < 0 {
		return 0, fmt.Errorf("cgt: nimber *%d is negative", m)
	}
	return locked(func() Game { return tab.nimber(m) })
}

// Up returns n·↑ (n < 0 gives |n|·↓), |n| ≤ MaxUps.
func Up(n int) (Game, error) { return locked(func() Game { return tab.ups(n) }) }

// New returns the canonical form of {left | right}.
func New(left, right []Game) (Game, error) {
	return locked(func() Game {
		tab.check(left...)
		tab.check(right...)
		return tab.canon(left, right)
	})
}

// Add returns the sum of the games.
func Add(games ...Game) (Game, error) {
	return locked(func() Game {
		tab.check(games...)
		var s Game
		for _, g := range games {
			s = tab.add2(s, g)
		}
		return s
	})
}

// Neg returns -g.
func Neg(g Game) Game {
	h, _ := locked(func() Game { tab.check(g); return tab.neg(g) })
	return h
}

// Compare returns how g relates to h.
func Compare(g, h Game) (Relation, error) {
	return locked(func() Relation { tab.check(g, h); return tab.compare(g, h) })
}

func (t *table) compare(g, h Game) Relation {
	le, ge := t.le(g, h), t.le(h, g)
	switch {
	case le && ge:
		return Equal
	case le:
		return Less
	case ge:
		return Greater
	}
	return Confused
}

// Outcome returns g's outcome class.
func (g Game) Outcome() Outcome {
	o, err := locked(func() Outcome { tab.check(g); return tab.outcome(g) })
	if err != nil {
		panic(err) // comparing with 0 uses only g's own options
	}
	return o
}

func (t *table) outcome(g Game) Outcome {
	switch t.compare(g, 0) {
	case Equal:
		return P
	case Greater:
		return L
	case Less:
		return R
	}
	return N
}

// Options returns g's canonical Left and Right options.
func (g Game) Options() (left, right []Game) {
	type pair struct{ l, r []Game }
	p, _ := locked(func() pair {
		tab.check(g)
		l, r := tab.options(g)
		return pair{append([]Game(nil), l...), append([]Game(nil), r...)}
	})
	return p.l, p.r
}

// Number returns g's value if g is a number.
func (g Game) Number() (*big.Rat, bool) {
	x, _ := locked(func() *big.Rat { tab.check(g); return tab.nodes[g].num })
	if x == nil {
		return nil, false
	}
	return new(big.Rat).Set(x), true
}
