package cgt

import (
	"errors"
	"fmt"
	"math/big"
)

// Point is a breakpoint of a thermograph wall: at temperature T the wall
// is at value V.
type Point struct{ T, V *big.Rat }

// Thermograph is a game's thermograph from temperature -1 up, as CGSuite
// draws it (subzero thermography, so numbers have one too). Left and Right
// are the walls' breakpoints, first at t = -1, then only where the slope
// changes; above the last point each wall is the vertical mast at Mean.
// Temperature is where the mast begins: -1 for an integer, -1/2^k for
// m/2^k (m odd), 0 for a number plus an infinitesimal, positive for hot
// games.
type Thermograph struct {
	Left, Right       []Point
	Mean, Temperature *big.Rat
}

// walls is a game's thermograph as functions.
type walls struct {
	left, right *pl
	mean, temp  *big.Rat
}

// thermograph computes g's walls, once per game. For a game that is not an
// integer, the left scaffold is the maximum over Left options of their right
// walls minus t, the right scaffold the minimum over Right options of their
// left walls plus t; the mast rises where the left scaffold first reaches
// the right one (their difference only decreases), at the mean.
func (t *table) thermograph(g Game) *walls {
	if w := t.nodes[g].walls; w != nil {
		return w
	}
	t.step()
	var w *walls
	if x := t.nodes[g].num; x != nil && x.IsInt() {
		w = &walls{left: constPL(x), right: constPL(x), mean: x, temp: ratMinus1}
	} else {
		gl, gr := t.options(g)
		var ls, rs *pl
		for _, a := range gl {
			s := t.thermograph(a).right.tilt(-1)
			if ls == nil {
				ls = s
			} else {
				ls = extreme(ls, s, true)
			}
		}
		for _, b := range gr {
			s := t.thermograph(b).left.tilt(1)
			if rs == nil {
				rs = s
			} else {
				rs = extreme(rs, s, false)
			}
		}
		if ls == nil || rs == nil {
			// Only integers lack options on a side in canonical form.
			panic(fmt.Sprintf("cgt: game %d is not an integer but has options on one side only", g))
		}
		temp, ok := firstNotAbove(ls, rs)
		if !ok {
			panic("cgt: thermograph scaffolds never meet")
		}
		mean := ls.at(temp)
		w = &walls{left: ls.truncate(temp), right: rs.truncate(temp), mean: mean, temp: temp}
	}
	t.nodes[g].walls = w
	return w
}

func points(f *pl) []Point {
	out := make([]Point, len(f.ts))
	for i := range f.ts {
		out[i] = Point{T: new(big.Rat).Set(f.ts[i]), V: new(big.Rat).Set(f.vs[i])}
	}
	return out
}

// Thermograph returns g's thermograph.
func (g Game) Thermograph() (*Thermograph, error) {
	return locked(func() *Thermograph {
		tab.check(g)
		w := tab.thermograph(g)
		return &Thermograph{Left: points(w.left), Right: points(w.right), Mean: new(big.Rat).Set(w.mean), Temperature: new(big.Rat).Set(w.temp)}
	})
}

// Stops returns g's Left and Right stops: the number reached when Left,
// respectively Right, moves first and both play to end the game's
// hotness as well as they can.
func (g Game) Stops() (left, right *big.Rat, err error) {
	type pair struct{ l, r *big.Rat }
	p, err := locked(func() pair {
		tab.check(g)
		l, r := tab.stops(g)
		return pair{new(big.Rat).Set(l), new(big.Rat).Set(r)}
	})
	return p.l, p.r, err
}

// ErrNotDyadic is returned for a cooling temperature that is negative or
// not a dyadic rational.
var ErrNotDyadic = errors.New("cgt: cooling needs a dyadic temperature ≥ 0")

// Cool returns g cooled by t (dyadic, ≥ 0): G_t = {G^L_t - t | G^R_t + t},
// unless G_t' is infinitely close to a number x for some t' < t, when G_t
// = x. Numbers are not changed.
func (g Game) Cool(t *big.Rat) (Game, error) {
	if t.Sign() < 0 || !dyadic(t) {
		return 0, fmt.Errorf("%w, got %s", ErrNotDyadic, t.RatString())
	}
	return locked(func() Game {
		tab.check(g)
		return tab.cool(g, t, map[Game]Game{})
	})
}

func (t *table) cool(g Game, temp *big.Rat, memo map[Game]Game) Game {
	if t.isNumber(g) {
		return g
	}
	if c, ok := memo[g]; ok {
		return c
	}
	t.step()
	w := t.thermograph(g)
	var c Game
	if temp.Cmp(w.temp) > 0 {
		c = t.number(w.mean)
	} else {
		gl, gr := t.options(g)
		down, up := t.number(new(big.Rat).Neg(temp)), t.number(temp)
		left := make([]Game, len(gl))
		for i, a := range gl {
			left[i] = t.add2(t.cool(a, temp, memo), down)
		}
		right := make([]Game, len(gr))
		for i, b := range gr {
			right[i] = t.add2(t.cool(b, temp, memo), up)
		}
		c = t.canon(left, right)
	}
	memo[g] = c
	return c
}
