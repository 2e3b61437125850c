package cgt

import "math/big"

// neg returns -g = {-g^R | -g^L}; the negative of a canonical game is
// canonical.
func (t *table) neg(g Game) Game {
	if x := t.nodes[g].num; x != nil {
		return t.number(new(big.Rat).Neg(x))
	}
	if h, ok := t.negs[g]; ok {
		return h
	}
	gl, gr := t.options(g)
	left := make([]Game, len(gr))
	for i, x := range gr {
		left[i] = t.neg(x)
	}
	right := make([]Game, len(gl))
	for i, x := range gl {
		right[i] = t.neg(x)
	}
	h := t.intern(left, right)
	if v := t.nodes[g].nus; v != nil {
		t.tag(h, nus{x: new(big.Rat).Neg(v.x), n: -v.n, m: v.m})
	}
	t.negs[g], t.negs[h] = h, g
	return h
}

// add2 returns g + h.
func (t *table) add2(g, h Game) Game {
	switch {
	case g == 0:
		return h
	case h == 0:
		return g
	}
	gn, hn := t.nodes[g].num, t.nodes[h].num
	if gn != nil && hn != nil {
		return t.number(new(big.Rat).Add(gn, hn))
	}
	if g > h {
		g, h = h, g // sums are memoized in one order
	}
	key := [2]Game{g, h}
	if s, ok := t.sums[key]; ok {
		return s
	}
	gv, hv := t.nodes[g].nus, t.nodes[h].nus
	var sumTag *nus
	if gv != nil && hv != nil {
		v := nus{x: new(big.Rat).Add(gv.x, hv.x), n: gv.n + hv.n, m: gv.m ^ hv.m}
		if s, ok := t.byNus[v.key()]; ok {
			t.sums[key] = s
			return s
		}
		sumTag = &v
		if v.n == 0 {
			// x + *m = {x + *k | x + *k : k < m}, canonical as it stands.
			s := t.numberNimber(v.x, v.m)
			t.sums[key] = s
			return s
		}
	}
	var left, right []Game
	switch {
	case t.isNumber(g) || t.isNumber(h):
		// Number translation: x + G = {x + G^L | x + G^R} for G not a number.
		x, other := g, h
		if !t.isNumber(g) {
			x, other = h, g
		}
		ol, or := t.options(other)
		for _, a := range ol {
			left = append(left, t.add2(x, a))
		}
		for _, a := range or {
			right = append(right, t.add2(x, a))
		}
	default:
		gl, gr := t.options(g)
		hl, hr := t.options(h)
		for _, a := range gl {
			left = append(left, t.add2(a, h))
		}
		for _, a := range hl {
			left = append(left, t.add2(g, a))
		}
		for _, a := range gr {
			right = append(right, t.add2(a, h))
		}
		for _, a := range hr {
			right = append(right, t.add2(g, a))
		}
	}
	s := t.canon(left, right)
	if sumTag != nil {
		t.tag(s, *sumTag)
	}
	t.sums[key] = s
	return s
}

// tag records that g = x + n·↑ + *m.
func (t *table) tag(g Game, v nus) {
	nd := &t.nodes[g]
	if nd.nus == nil {
		nd.nus = &v
		nd.nusChecked = true
	}
	if _, ok := t.byNus[v.key()]; !ok {
		t.byNus[v.key()] = g
	}
}

// MaxNimber and MaxUps bound *n and n·↑ built from notation.
const (
	MaxNimber = 1024
	MaxUps    = 1024
)

// nimber returns *m = {*0..*(m-1) | *0..*(m-1)}.
func (t *table) nimber(m int) Game {
	if m == 0 {
		return 0
	}
	if m > MaxNimber {
		panic(tooLarge{"nimbers above *1024"})
	}
	if g, ok := t.byNus[nus{x: new(big.Rat), m: m}.key()]; ok {
		return g
	}
	opts := make([]Game, m)
	for k := range m {
		opts[k] = t.nimber(k)
	}
	g := t.intern(opts, append([]Game(nil), opts...))
	t.tag(g, nus{x: new(big.Rat), m: m})
	return g
}

// ups returns n·↑ (↑ = {0|*}; negative n gives n·↓).
func (t *table) ups(n int) Game {
	switch {
	case n == 0:
		return 0
	case n > MaxUps || n < -MaxUps:
		panic(tooLarge{"more than 1024 ups"})
	case n < 0:
		return t.neg(t.ups(-n))
	}
	if g, ok := t.byNus[nus{x: new(big.Rat), n: n}.key()]; ok {
		return g
	}
	if n == 1 {
		g := t.intern([]Game{0}, []Game{t.nimber(1)})
		t.tag(g, nus{x: new(big.Rat), n: 1})
		return g
	}
	return t.add2(t.ups(n-1), t.ups(1))
}

// numberNimber returns x + *m, built directly.
func (t *table) numberNimber(x *big.Rat, m int) Game {
	v := nus{x: x, m: m}
	if g, ok := t.byNus[v.key()]; ok {
		return g
	}
	if m == 0 {
		return t.number(x)
	}
	if m > MaxNimber {
		panic(tooLarge{"nimbers above *1024"})
	}
	opts := make([]Game, m)
	for k := range m {
		opts[k] = t.numberNimber(x, k)
	}
	g := t.intern(opts, append([]Game(nil), opts...))
	t.tag(g, v)
	return g
}

// nusGame returns x + n·↑ + *m.
func (t *table) nusGame(v nus) Game {
	if g, ok := t.byNus[v.key()]; ok {
		return g
	}
	return t.add2(t.add2(t.number(v.x), t.ups(v.n)), t.nimber(v.m))
}
