package engine

import (
	"errors"
	"math/big"

	"github.com/gamesolve/gamesolve/numeric"
)

// solvePart solves the system set up in cs (m states, d right-hand sides).
// In exact mode a part of tuning.lumpMin or more states is solved through its
// lumped quotient where that is at most half its size (lump.go); else
// solveUnlumped solves it.
func solvePart[T any, F numeric.Field[T]](f F, cs *chainSolver[T], m, d int) ([]T, error) {
	if f.Exact() && m >= cs.tuning().lumpMin {
		if x, ok, err := exactly(cs, m, d, solveLumped, lumpedParts); err != nil || ok {
			return x, err
		}
	}
	return solveUnlumped(f, cs, m, d)
}

// solveUnlumped solves the system set up in cs (m states, d right-hand
// sides): by solveLifted in exact mode for a part of tuning.liftMin or more
// states, else (and where lifting does not suit the system) by
// solveSystem's elimination.
func solveUnlumped[T any, F numeric.Field[T]](f F, cs *chainSolver[T], m, d int) ([]T, error) {
	if f.Exact() && m >= cs.tuning().liftMin {
		if x, ok, err := exactly(cs, m, d, solveLifted, liftedParts); err != nil || ok {
			return x, err
		}
	}
	return solveSystem(f, cs, m, d)
}

// exactly runs an exact kernel on cs, whose values must be *big.Rat,
// counting in n the parts it solves; ok is false where it did not.
func exactly[T any](cs *chainSolver[T], m, d int, kernel func(*chainSolver[*big.Rat], int, int) ([]*big.Rat, bool, error), c counter) (x []T, ok bool, err error) {
	ecs, ok := any(cs).(*chainSolver[*big.Rat])
	if !ok {
		return nil, false, nil
	}
	xr, ok, err := kernel(ecs, m, d)
	if err != nil || !ok {
		return nil, false, err
	}
	cs.tuning().tally(c, 1)
	return any(xr).([]T), true, nil
}

// solveLifted solves the system that eliminate set up in cs (m states, d
// right-hand sides) by p-adic lifting, in exact mode. The equations are
// those of solveSystem: out_i x_i − Σ_{j≠i} p_ij x_j = b_i with out_i =
// exit_i + Σ_{j≠i} p_ij. Each row is scaled to integers by the least common
// multiple of its probabilities' denominators, each right-hand side by the
// common denominator of its entries. ok is false when the system does not
// suit the word-size kernel (a row's denominators beyond 2^29, say); the
// caller then eliminates over the rationals.
func solveLifted(cs *chainSolver[*big.Rat], m, d int) (x []*big.Rat, ok bool, err error) {
	s := &numeric.IntSystem{N: m, Start: make([]int32, 1, m+1)}
	scale := make([]uint64, m)
	out := new(big.Rat)
	for i := range m {
		l := uint64(1)
		l, ok = lcmDen(l, cs.exit[i])
		for _, e := range cs.rows[i] {
			if !ok {
				break
			}
			if int(e.col) != i {
				l, ok = lcmDen(l, e.p)
			}
		}
		if !ok || l >= 1<<29 {
			return nil, false, nil
		}
		scale[i] = l
		out.Set(cs.exit[i])
		for _, e := range cs.rows[i] {
			if int(e.col) == i {
				continue
			}
			v, ok := scaled(e.p, l)
			if !ok {
				return nil, false, nil
			}
			s.Col = append(s.Col, e.col)
			s.Val = append(s.Val, -v)
			out.Add(out, e.p)
		}
		v, ok := scaled(out, l)
		if !ok {
			return nil, false, nil
		}
		s.Col = append(s.Col, int32(i))
		s.Val = append(s.Val, v)
		s.Start = append(s.Start, int32(len(s.Col)))
	}
	// Right-hand sides: column j is D_j · (scale_i · b_ij), D_j the least
	// common multiple of the b_ij's denominators (scaling a row only
	// cancels factors, so D_j is a common denominator of the scaled ones
	// too). The denominators of a column are mostly one value or divide
	// each other: a division settles those without a gcd.
	dens := make([]*big.Int, d)
	g, r := new(big.Int), new(big.Int)
	for j := range d {
		den := big.NewInt(1)
		for i := range m {
			q := cs.b[i*d+j].Denom()
			if q.Cmp(den) == 0 || isOneInt(q) {
				continue
			}
			if g.QuoRem(den, q, r); r.Sign() == 0 {
				continue // q divides den
			}
			if g.QuoRem(q, den, r); r.Sign() == 0 {
				den.Set(q) // den divides q
				continue
			}
			g.GCD(nil, nil, den, q)
			den.Mul(den, g.Quo(q, g))
		}
		dens[j] = den
		col := make([]*big.Int, m)
		for i := range m {
			b := cs.b[i*d+j]
			v := new(big.Int).Quo(den, b.Denom())
			v.Mul(v, b.Num())
			col[i] = v.Mul(v, g.SetUint64(scale[i]))
		}
		s.B = append(s.B, col)
	}
	num, den, err := numeric.SolveRational(s, cs.guard)
	if errors.Is(err, numeric.ErrNotModular) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	x = cs.x[:m*d]
	q := new(big.Int)
	for j := range d {
		q.Mul(den[j], dens[j])
		for i := range m {
			x[i*d+j].SetFrac(num[j][i], q)
		}
	}
	return x, true, nil
}

func isOneInt(x *big.Int) bool { return x.IsInt64() && x.Int64() == 1 }

// lcmDen returns lcm(l, denominator of r), and false past 2^29.
func lcmDen(l uint64, r *big.Rat) (uint64, bool) {
	q := r.Denom()
	if !q.IsUint64() || q.Uint64() >= 1<<29 {
		return 0, false
	}
	d := q.Uint64()
	a, b := l, d
	for b != 0 {
		a, b = b, a%b
	}
	l = l / a * d
	return l, l < 1<<29
}

// scaled returns r·l as an integer (l a multiple of r's denominator).
func scaled(r *big.Rat, l uint64) (int64, bool) {
	if !r.Num().IsInt64() {
		return 0, false
	}
	n, d := r.Num().Int64(), r.Denom().Uint64()
	f := int64(l / d)
	if n > (1<<31)/f || n < -(1<<31)/f {
		return 0, false
	}
	return n * f, true
}
