package cgt

import (
	"errors"
	"math/big"
)

// ErrNotAtomic is returned by AtomicWeight for a game that is not an
// infinitesimal: its atomic weight is undefined.
var ErrNotAtomic = errors.New("cgt: the atomic weight is defined for infinitesimals only")

// AtomicWeight returns g's atomic weight (Winning Ways, ch. 8; Siegel,
// Combinatorial Game Theory, II.7), for g infinitesimal (both stops 0):
// with G° = {aw(G^L) - 2 | aw(G^R) + 2}, aw(G) = G° unless G° is an integer
// and G is greater or less than a far star *N (N beyond every nimber in G,
// here its birthday plus one); then it is the greatest integer less than or
// confused with every aw(G^R) + 2 (G > *N), or the least integer greater
// than or confused with every aw(G^L) - 2 (G < *N). Numbers among the
// options weigh 0. For example aw(↑) = 1, aw(*) = 0, aw(⇑*) = 2.
func (g Game) AtomicWeight() (Game, error) {
	var notAtomic bool
	aw, err := locked(func() Game {
		tab.check(g)
		if ls, rs := tab.stops(g); ls.Sign() != 0 || rs.Sign() != 0 {
			notAtomic = true
			return 0
		}
		return tab.atomicWeight(g, map[Game]Game{})
	})
	if err == nil && notAtomic {
		err = ErrNotAtomic
	}
	return aw, err
}

func (t *table) atomicWeight(g Game, memo map[Game]Game) Game {
	if t.isNumber(g) {
		return 0
	}
	if w, ok := memo[g]; ok {
		return w
	}
	t.step()
	gl, gr := t.options(g)
	two, minusTwo := t.number(big.NewRat(2, 1)), t.number(big.NewRat(-2, 1))
	left := make([]Game, len(gl))
	for i, a := range gl {
		left[i] = t.add2(t.atomicWeight(a, memo), minusTwo)
	}
	right := make([]Game, len(gr))
	for i, b := range gr {
		right[i] = t.add2(t.atomicWeight(b, memo), two)
	}
	w := t.canon(left, right)
	if x := t.nodes[w].num; x != nil && x.IsInt() {
		far := t.nimber(t.birthday(g, map[Game]int{}) + 1)
		switch t.compare(g, far) {
		case Greater:
			// The greatest integer n with n ⧏ r (not r ≤ n) for every r.
			var best *big.Int
			for _, r := range right {
				n := t.greatestIntNotAbove(r)
				if best == nil || n.Cmp(best) < 0 {
					best = n
				}
			}
			w = t.number(new(big.Rat).SetInt(best))
		case Less:
			var best *big.Int
			for _, l := range left {
				n := t.leastIntNotBelow(l)
				if best == nil || n.Cmp(best) > 0 {
					best = n
				}
			}
			w = t.number(new(big.Rat).SetInt(best))
		}
	}
	memo[g] = w
	return w
}

// greatestIntNotAbove returns the greatest integer n with not r ≤ n (n less
// than or confused with r). r ≤ n holds from n ≥ LS(r) on, so the search
// starts just above the left stop and goes down.
func (t *table) greatestIntNotAbove(r Game) *big.Int {
	ls, _ := t.stops(r)
	n := new(big.Int).Add(ceil(ls), big.NewInt(1))
	for {
		if !t.le(r, t.number(new(big.Rat).SetInt(n))) {
			return n
		}
		n.Sub(n, big.NewInt(1))
	}
}

// leastIntNotBelow returns the least integer n with not n ≤ l.
func (t *table) leastIntNotBelow(l Game) *big.Int {
	_, rs := t.stops(l)
	n := new(big.Int).Sub(floor(rs), big.NewInt(1))
	for {
		if !t.le(t.number(new(big.Rat).SetInt(n)), l) {
			return n
		}
		n.Add(n, big.NewInt(1))
	}
}

// birthday returns g's birthday: 0 for 0, one more than the latest option's
// otherwise; for numbers, from the value (n for an integer n, |n| + k + 1
// for a dyadic with denominator 2^k whose integer part is n, less one).
func (t *table) birthday(g Game, memo map[Game]int) int {
	if x := t.nodes[g].num; x != nil {
		a := new(big.Rat).Abs(x)
		whole := floor(a)
		if a.IsInt() {
			return int(whole.Int64())
		}
		return int(whole.Int64()) + a.Denom().BitLen()
	}
	if b, ok := memo[g]; ok {
		return b
	}
	gl, gr := t.options(g)
	b := 0
	for _, o := range append(append([]Game(nil), gl...), gr...) {
		b = max(b, t.birthday(o, memo)+1)
	}
	memo[g] = b
	return b
}
