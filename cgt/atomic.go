package cgt

import (
	"errors"
	"math/big"
	"slices"
)

// ErrNotAtomic is returned by AtomicWeight for a game that is not atomic:
// not an infinitesimal, or an infinitesimal too far from every multiple of
// ↑ for a weight to mean anything.
var ErrNotAtomic = errors.New("cgt: not atomic: the atomic weight is defined for infinitesimals within ↑* + *N:-1 of a multiple of ↑")

// AtomicWeight returns g's atomic weight (Winning Ways, ch. 8; Siegel,
// Combinatorial Game Theory, II.7), for g atomic, and ErrNotAtomic
// otherwise. The weight is computed by the recursion: with
// G° = {aw(G^L) - 2 | aw(G^R) + 2}, aw(G) = G° unless G° is an integer
// and G is greater or less than a far star *N (N beyond every nimber in G,
// here its birthday plus one); then it is the greatest integer less than or
// confused with every aw(G^R) + 2 (G > *N), or the least integer greater
// than or confused with every aw(G^L) - 2 (G < *N). Numbers among the
// options weigh 0. For example aw(↑) = 1, aw(*) = 0, aw(⇑*) = 2.
//
// The recursion gives a number for every infinitesimal, but it is the
// weight only of an atomic game: all-small, or within ε of w.↑ (w the
// weight, . Norton multiplication), with ε = ↑* + (*P : -1) and P the
// least power of two at or above N: the test CGSuite applies (Siegel,
// II.7). {1|↑↑↑‖↑} has both stops 0 and the recursion gives 5/2, but it
// is not atomic.
func (g Game) AtomicWeight() (Game, error) {
	var notAtomic bool
	aw, err := locked(func() Game {
		tab.check(g)
		if ls, rs := tab.stops(g); ls.Sign() != 0 || rs.Sign() != 0 {
			notAtomic = true
			return 0
		}
		w := tab.atomicWeight(g, map[Game]Game{})
		notAtomic = !tab.atomic(g, w)
		return w
	})
	if err == nil && notAtomic {
		return 0, ErrNotAtomic
	}
	return aw, err
}

// atomic reports whether the infinitesimal g with recursive weight w is
// atomic: all-small, or -ε ≤ g - w.↑ ≤ ε (AtomicWeight's doc).
func (t *table) atomic(g, w Game) bool {
	if t.allSmall(g, map[Game]bool{}) {
		return true
	}
	p := 2
	for far := t.birthday(g, map[Game]int{}) + 1; p < far; p <<= 1 {
	}
	star := t.nimber(p)
	// *P : -1 = {*P^L | *P^R, *P : 0} = {*0..*(P-1) | *0..*(P-1), *P}.
	sl, sr := t.options(star)
	redKite := t.canon(slices.Clone(sl), append(slices.Clone(sr), star))
	eps := t.add2(t.add2(t.ups(1), t.nimber(1)), redKite)
	diff := t.add2(g, t.neg(t.nortonUp(w)))
	return t.le(diff, eps) && t.le(t.neg(eps), diff)
}

// allSmall reports whether every subposition of g with an option has
// options for both players.
func (t *table) allSmall(g Game, memo map[Game]bool) bool {
	if r, ok := memo[g]; ok {
		return r
	}
	t.step()
	gl, gr := t.options(g)
	r := len(gl) == 0 && len(gr) == 0 || len(gl) > 0 && len(gr) > 0
	for _, o := range append(slices.Clone(gl), gr...) {
		if !r {
			break
		}
		r = t.allSmall(o, memo)
	}
	memo[g] = r
	return r
}

// nortonUp returns w.↑, the Norton product of w by ↑: n·↑ for an integer
// n, and otherwise, from w's canonical form,
// {w^L.↑ + ↑ + Δ | w^R.↑ - ↑ - Δ}, Δ over ↑'s incentives ↓ (left) and ↑*
// (right). The recursion's weight need not be a number (±1^±1 has a
// switch), and the product is defined for every game. Two halves make a
// whole: ½.↑ + ½.↑ = ↑ (the tests).
func (t *table) nortonUp(w Game) Game {
	if x := t.nodes[w].num; x != nil && x.IsInt() {
		if !x.Num().IsInt64() || x.Num().Int64() > MaxUps || x.Num().Int64() < -MaxUps {
			panic(tooLarge{"more than 1024 ups"})
		}
		return t.ups(int(x.Num().Int64()))
	}
	t.step()
	wl, wr := t.options(w)
	up := t.ups(1)
	incentives := []Game{t.neg(up), t.add2(up, t.nimber(1))}
	var left, right []Game
	for _, l := range wl {
		base := t.add2(t.nortonUp(l), up)
		for _, d := range incentives {
			left = append(left, t.add2(base, d))
		}
	}
	for _, r := range wr {
		base := t.add2(t.nortonUp(r), t.neg(up))
		for _, d := range incentives {
			right = append(right, t.add2(base, t.neg(d)))
		}
	}
	return t.canon(left, right)
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
