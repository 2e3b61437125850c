package cgt

import (
	"math/big"
	"slices"
)

// canon returns the canonical game equal to {left | right}, where the
// options are canonical: dominated options are removed and reversible ones
// bypassed until neither applies.
func (t *table) canon(left, right []Game) Game {
	left = dedupe(left)
	right = dedupe(right)
	for {
		t.step()
		left = t.undominated(left, true)
		right = t.undominated(right, false)
		r := newRaw(left, right)
		nl, changedL := t.bypassLeft(r)
		if changedL {
			left = dedupe(nl)
			continue
		}
		nr, changedR := t.bypassRight(r)
		if changedR {
			right = dedupe(nr)
			continue
		}
		break
	}
	if x, ok := t.numberValue(left, right); ok {
		return t.number(x)
	}
	g := t.intern(left, right)
	t.tagNumberNimber(g)
	return g
}

// tagNumberNimber recognises x + *m = {x+*0..x+*(m-1) | same} cheaply, so
// that nim-like positions get the fast paths of nus games.
func (t *table) tagNumberNimber(g Game) {
	nd := &t.nodes[g]
	if nd.nus != nil || len(nd.left) == 0 || !slices.Equal(nd.left, nd.right) {
		return
	}
	seen := make([]bool, len(nd.left))
	var x *big.Rat
	for _, o := range nd.left {
		v := t.nodes[o].nus
		if v == nil || v.n != 0 || v.m >= len(seen) || seen[v.m] || (x != nil && x.Cmp(v.x) != 0) {
			return
		}
		x, seen[v.m] = v.x, true
	}
	t.tag(g, nus{x: x, m: len(seen)})
}

func dedupe(g []Game) []Game {
	g = slices.Clone(g)
	slices.Sort(g)
	return slices.Compact(g)
}

// undominated keeps Left's maximal options (or Right's minimal ones).
func (t *table) undominated(opts []Game, isLeft bool) []Game {
	if len(opts) < 2 {
		return opts
	}
	keep := opts[:0:0]
	for i, a := range opts {
		dominated := false
		for j, b := range opts {
			if i == j {
				continue
			}
			t.step()
			// a, b distinct canonical games, so a ≤ b means a < b.
			if (isLeft && t.le(a, b)) || (!isLeft && t.le(b, a)) {
				dominated = true
				break
			}
		}
		if !dominated {
			keep = append(keep, a)
		}
	}
	return keep
}

// bypassLeft replaces the first reversible Left option G^L (some G^LR ≤ G)
// by the Left options of that G^LR.
func (t *table) bypassLeft(r *raw) ([]Game, bool) {
	for i, gl := range r.left {
		_, glr := t.options(gl)
		for _, x := range glr {
			if t.leCR(x, r) {
				xl, _ := t.options(x)
				out := append(slices.Clone(r.left[:i]), r.left[i+1:]...)
				return append(out, xl...), true
			}
		}
	}
	return nil, false
}

// bypassRight replaces the first reversible Right option G^R (some
// G^RL ≥ G) by the Right options of that G^RL.
func (t *table) bypassRight(r *raw) ([]Game, bool) {
	for i, gr := range r.right {
		grl, _ := t.options(gr)
		for _, x := range grl {
			if t.leRC(r, x) {
				_, xr := t.options(x)
				out := append(slices.Clone(r.right[:i]), r.right[i+1:]...)
				return append(out, xr...), true
			}
		}
	}
	return nil, false
}

// numberValue reports whether canonical options make a number, and which:
// at most one option a side, all numbers, Left's below Right's.
func (t *table) numberValue(left, right []Game) (*big.Rat, bool) {
	if len(left) > 1 || len(right) > 1 {
		return nil, false
	}
	var lo, hi *big.Rat
	if len(left) == 1 {
		if lo = t.nodes[left[0]].num; lo == nil {
			return nil, false
		}
	}
	if len(right) == 1 {
		if hi = t.nodes[right[0]].num; hi == nil {
			return nil, false
		}
	}
	if lo != nil && hi != nil && lo.Cmp(hi) >= 0 {
		return nil, false
	}
	return simplest(lo, hi), true
}
