package cgt

import "math/big"

// outcome of x + n·↑ + *m: the number decides if nonzero; then two or more
// ups decide; ↑* and ↓* are fuzzy while ↑*m (m ≠ 1) is positive; *m is
// fuzzy unless m = 0.
func (v nus) outcome() Outcome {
	switch {
	case v.x.Sign() > 0:
		return L
	case v.x.Sign() < 0:
		return R
	case v.n >= 2, v.n == 1 && v.m != 1:
		return L
	case v.n <= -2, v.n == -1 && v.m != 1:
		return R
	case v.n != 0, v.m != 0:
		return N
	}
	return P
}

// le reports g ≤ h for canonical games.
func (t *table) le(g, h Game) bool {
	if g == h {
		return true
	}
	gn, hn := t.nodes[g].num, t.nodes[h].num
	switch {
	case gn != nil && hn != nil:
		return gn.Cmp(hn) <= 0
	case g == 0 || h == 0:
		// 0 against a non-number: the definition, below.
	case gn != nil:
		// x ≤ h  ⟺  0 ≤ h - x, and h - x is a translation (no recursion
		// through x's options).
		return t.le(0, t.add2(h, t.neg(g)))
	case hn != nil:
		return t.le(t.add2(g, t.neg(h)), 0)
	}
	if gv, hv := t.nodes[g].nus, t.nodes[h].nus; gv != nil && hv != nil {
		d := nus{x: new(big.Rat).Sub(gv.x, hv.x), n: gv.n - hv.n, m: gv.m ^ hv.m}
		o := d.outcome()
		return o == R || o == P
	}
	key := [2]Game{g, h}
	if v, ok := t.leMemo[key]; ok {
		return v
	}
	res := t.leRule(g, h)
	t.leMemo[key] = res
	return res
}

// leRule is the definition: g ≤ h iff no g^L ≥ h and no h^R ≤ g.
func (t *table) leRule(g, h Game) bool {
	t.step()
	gl, _ := t.options(g)
	_, hr := t.options(h)
	for _, x := range gl {
		if t.le(h, x) {
			return false
		}
	}
	for _, y := range hr {
		if t.le(y, g) {
			return false
		}
	}
	return true
}

// raw is a game under construction: canonical options, not yet canonical
// itself. Comparisons against it are memoized per version of its options.
type raw struct {
	left, right []Game
	memoCR      map[Game]bool // x ≤ raw
	memoRC      map[Game]bool // raw ≤ y
}

func newRaw(left, right []Game) *raw {
	return &raw{left: left, right: right, memoCR: map[Game]bool{}, memoRC: map[Game]bool{}}
}

// leCR reports x ≤ r: no x^L ≥ r and no r^R ≤ x.
func (t *table) leCR(x Game, r *raw) bool {
	if v, ok := r.memoCR[x]; ok {
		return v
	}
	t.step()
	res := true
	xl, _ := t.options(x)
	for _, a := range xl {
		if t.leRC(r, a) {
			res = false
			break
		}
	}
	if res {
		for _, b := range r.right {
			if t.le(b, x) {
				res = false
				break
			}
		}
	}
	r.memoCR[x] = res
	return res
}

// leRC reports r ≤ y: no r^L ≥ y and no y^R ≤ r.
func (t *table) leRC(r *raw, y Game) bool {
	if v, ok := r.memoRC[y]; ok {
		return v
	}
	t.step()
	res := true
	for _, a := range r.left {
		if t.le(y, a) {
			res = false
			break
		}
	}
	if res {
		_, yr := t.options(y)
		for _, b := range yr {
			if t.leCR(b, r) {
				res = false
				break
			}
		}
	}
	r.memoRC[y] = res
	return res
}
