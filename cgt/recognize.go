package cgt

import "math/big"

// stops returns g's Left and Right stops.
func (t *table) stops(g Game) (ls, rs *big.Rat) {
	if x := t.nodes[g].num; x != nil {
		return x, x
	}
	gl, gr := t.options(g)
	for _, a := range gl {
		if _, r := t.stops(a); ls == nil || r.Cmp(ls) > 0 {
			ls = r
		}
	}
	for _, a := range gr {
		if l, _ := t.stops(a); rs == nil || l.Cmp(rs) < 0 {
			rs = l
		}
	}
	return ls, rs
}

// recognize returns g as x + n·↑ + *m if it is one. Options of such a game
// are again of that form with the same x, so the candidates are few: each is
// built and compared by identity.
func (t *table) recognize(g Game) *nus {
	nd := &t.nodes[g]
	if nd.nusChecked {
		return nd.nus
	}
	nd.nusChecked = true
	gl, gr := t.options(g)
	if len(gl) == 0 || len(gr) == 0 {
		return nil
	}
	maxN, maxM := 0, 0
	var x *big.Rat
	for _, opts := range [][]Game{gl, gr} {
		for _, a := range opts {
			v := t.recognize(a)
			if v == nil {
				return nil
			}
			if x == nil {
				x = v.x
			} else if x.Cmp(v.x) != 0 {
				return nil
			}
			maxN = max(maxN, v.n, -v.n)
			maxM = max(maxM, v.m)
		}
	}
	ls, rs := t.stops(g)
	if ls.Cmp(x) != 0 || rs.Cmp(x) != 0 {
		return nil
	}
	// The nimber part is below twice the next power of two above the
	// options' (their XORs with the mex stay below it).
	limitM := 1
	for limitM <= maxM {
		limitM <<= 1
	}
	limitM *= 2
	for n := -maxN - 1; n <= maxN+1; n++ {
		for m := 0; m < limitM; m++ {
			v := nus{x: x, n: n, m: m}
			if n > MaxUps || n < -MaxUps || m > MaxNimber {
				continue
			}
			if t.nusGame(v) == g {
				t.nodes[g].nus = &v
				return &v
			}
		}
	}
	return nil
}
