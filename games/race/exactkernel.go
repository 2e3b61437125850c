package race

import "math/big"

// useExactKernel switches the exact kernel on; tests turn it off to compare
// it with the generic loop.
var useExactKernel = true

// exactKernel is exact mode's inner loop with fewer normalizations. The
// generic loop spends three quarters of its time in the GCDs that every
// big.Rat operation does (two Lin2 a gamble, two normalizing operations
// each). Here each candidate α_t S_t + β_t X is formed as an unreduced
// fraction N/D from integers, candidates are compared by cross
// multiplication, and only the winner is reduced, once per cell; G(a, b) is
// reduced once per cell too and looked up after. The values are the same
// rationals and the comparisons the same exact comparisons, in the same
// order, so values and policy are identical to the generic loop's
// (TestExactKernel).
type exactKernel struct {
	p, pMiss *big.Rat
	coef     []exactCoef
}

// exactCoef holds α = an/ad and β = bn/bd of one gamble as the products
// the candidate needs: N = (an·bd)·gn·xd + (bn·ad)·xn·gd, D = (ad·bd)·gd·xd
// for G = gn/gd and X = xn/xd.
type exactCoef struct {
	gain       int
	c1, c2, c3 *big.Int
}

func newExactKernel(p, pMiss *big.Rat, gains []int, alpha, beta []*big.Rat) *exactKernel {
	k := &exactKernel{p: p, pMiss: pMiss}
	for i, g := range gains {
		a, b := alpha[i], beta[i]
		k.coef = append(k.coef, exactCoef{
			gain: g,
			c1:   new(big.Int).Mul(a.Num(), b.Denom()),
			c2:   new(big.Int).Mul(b.Num(), a.Denom()),
			c3:   new(big.Int).Mul(a.Denom(), b.Denom()),
		})
	}
	return k
}

// exactScratch is one worker's temporaries and its row of G values.
type exactScratch struct {
	g                        []*big.Rat
	n, d, t, bestN, bestD, u *big.Int
	one                      *big.Int
	tmp                      *big.Rat
}

func newExactScratch(B int) *exactScratch {
	sc := &exactScratch{g: make([]*big.Rat, B+1), one: big.NewInt(1), tmp: new(big.Rat)}
	for i := range sc.g {
		sc.g[i] = new(big.Rat)
	}
	for _, z := range []**big.Int{&sc.n, &sc.d, &sc.t, &sc.bestN, &sc.bestD, &sc.u} {
		*z = new(big.Int)
	}
	return sc
}

// block fills cur[b0..b1] from prev (row a-g) and the row's G values;
// choice, if not nil, receives the 1-based index of the best gamble.
func (k *exactKernel) block(cur, prev []*big.Rat, sc *exactScratch, b0, b1 int, choice []uint8) {
	for b := b0; b <= b1; b++ {
		xn, xd := prev[b].Num(), prev[b].Denom()
		bestIdx := -1
		for i := range k.coef {
			c := &k.coef[i]
			gn, gd := sc.one, sc.one // S = 1 when the gamble wins outright
			if c.gain < b {
				gn, gd = sc.g[b-c.gain].Num(), sc.g[b-c.gain].Denom()
			}
			// N = c1·gn·xd + c2·xn·gd, D = c3·gd·xd (D > 0).
			sc.n.Mul(gn, xd)
			sc.n.Mul(sc.n, c.c1)
			sc.t.Mul(xn, gd)
			sc.t.Mul(sc.t, c.c2)
			sc.n.Add(sc.n, sc.t)
			sc.d.Mul(gd, xd)
			sc.d.Mul(sc.d, c.c3)
			if bestIdx >= 0 {
				// Better: N/D > bestN/bestD, exactly.
				sc.t.Mul(sc.n, sc.bestD)
				sc.u.Mul(sc.bestN, sc.d)
				if sc.t.Cmp(sc.u) <= 0 {
					continue
				}
			}
			sc.bestN, sc.n = sc.n, sc.bestN
			sc.bestD, sc.d = sc.d, sc.bestD
			bestIdx = i
		}
		cur[b].SetFrac(sc.bestN, sc.bestD)
		// G(a, b) = p F(a-g, b) + (1-p) F(a, b), reduced once.
		sc.g[b].Mul(k.p, prev[b])
		sc.tmp.Mul(k.pMiss, cur[b])
		sc.g[b].Add(sc.g[b], sc.tmp)
		if choice != nil {
			choice[b-1] = uint8(bestIdx + 1)
		}
	}
}
