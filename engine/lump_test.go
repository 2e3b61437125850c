package engine_test

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/numeric"
)

// cover returns r copies of g, state s of copy c numbered c·n + s, where
// each outcome of s leads half into the next copy and half into the one
// after (a loop on s stays in its copy). Turning every copy into the next maps the cover onto itself, and
// forgetting the copy maps it onto g, so the cover's values are g's in
// every copy: its chains lump onto g's.
func cover(g *game, r int) *game {
	n := len(g.owner)
	h := &game{players: g.players}
	for c := range r {
		for s := range n {
			h.owner = append(h.owner, g.owner[s])
			h.pay = append(h.pay, g.pay[s])
			var acts [][]engine.Outcome[int]
			for _, outs := range g.acts[s] {
				var split []engine.Outcome[int]
				for _, o := range outs {
					if o.To == s {
						// A loop stays one: the tie rule tells loops apart.
						split = append(split, engine.Outcome[int]{P: o.P, To: c*n + s, Reward: o.Reward})
						continue
					}
					half := new(big.Rat).Mul(o.P, big.NewRat(1, 2))
					split = append(split,
						engine.Outcome[int]{P: half, To: (c+1)%r*n + o.To, Reward: o.Reward},
						engine.Outcome[int]{P: half, To: (c+2)%r*n + o.To, Reward: o.Reward})
				}
				acts = append(acts, split)
			}
			h.acts = append(h.acts, acts)
		}
	}
	return h
}

// Exact mode solves a large part through its lumped quotient. On covers
// of random games (one and two players, with cycles and rewards) every
// copy of a state has the state's exact value in the game itself; and the
// cover's values, rewards and choices are those it has with lumping off,
// to the last digit (rewards and choices depend on how exact ties were
// broken, which a cover may do otherwise than its game). Many parts were
// lumped.
func TestLumpedCovers(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(36, 1))
	var counts engine.Counts
	opt := engine.Tuned(engine.Options{}, engine.LumpMin(4), engine.Counted(&counts))
	for trial := range 60 {
		players := 1 + trial%2
		g := newRandomGame(rng, players, 3+rng.IntN(40))
		if trial%4 >= 2 {
			g.passOn(rng)
		}
		r := 3 + trial%3
		h := cover(g, r)
		want, err := engine.Solve[int, *big.Rat](context.Background(), numeric.Exact{}, g, opt)
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		got, err := engine.Solve[int, *big.Rat](context.Background(), numeric.Exact{}, h, opt)
		if err != nil {
			t.Fatalf("trial %d cover: %v", trial, err)
		}
		n := len(g.owner)
		for c := range r {
			for s := range n {
				for p := range players {
					if x, y := got.Value(c*n + s)[p], want.Value(s)[p]; x.Cmp(y) != 0 {
						t.Fatalf("trial %d: state %d of copy %d: player %d: %v, want %v", trial, s, c, p, x, y)
					}
				}
			}
		}
		plain, err := engine.Solve[int, *big.Rat](context.Background(), numeric.Exact{}, h, engine.Tuned(engine.Options{}, engine.LumpMin(1<<30)))
		if err != nil {
			t.Fatalf("trial %d cover, not lumped: %v", trial, err)
		}
		sameExact(t, fmt.Sprintf("trial %d (lumped, not lumped)", trial), players, got, plain)
	}
	n := counts.LumpedParts()
	if n < 20 {
		t.Errorf("only %d parts were lumped", n)
	}
	t.Logf("%d parts lumped", n)
}

// The refinement compares sums of probability by their residues modulo
// 2^61 − 1, where 1/3 and 1/(3 + (2^61 − 1)) are the same. Two states that
// differ only there look lumpable, and the exact check must refuse them:
// from state 0, 1/3 to state 2 and the rest out; from state 1, p = 1/(2^61
// + 2) to state 3 and the rest out; states 2 and 3 go to 0 or 1 by halves.
// Every step earns 1. By hand, with y the reward from 2 (and from 3):
// y = 1 + (x0 + x1)/2, x0 = 1 + y/3, x1 = 1 + p·y, so y = 4/(5/3 − p).
func TestLumpingChecksExactly(t *testing.T) {
	t.Parallel()
	p := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Add(new(big.Int).Lsh(big.NewInt(1), 61), big.NewInt(2)))
	one, half, third := big.NewRat(1, 1), big.NewRat(1, 2), big.NewRat(1, 3)
	rest := new(big.Rat).Sub(one, p)
	step := func(q *big.Rat, to int) engine.Outcome[int] { return engine.Outcome[int]{P: q, To: to, Reward: one} }
	g := &game{players: 1,
		owner: []int{engine.Chance, engine.Chance, engine.Chance, engine.Chance, engine.Terminal},
		pay:   [][]*big.Rat{nil, nil, nil, nil, {new(big.Rat)}},
		acts: [][][]engine.Outcome[int]{
			{{step(third, 2), step(big.NewRat(2, 3), 4)}},
			{{step(p, 3), step(rest, 4)}},
			{{step(half, 0), step(half, 1)}},
			{{step(half, 0), step(half, 1)}},
			nil,
		}}
	var counts engine.Counts
	res, err := engine.Solve[int, *big.Rat](context.Background(), numeric.Exact{}, g, engine.Tuned(engine.Options{}, engine.LumpMin(4), engine.Counted(&counts)))
	if err != nil {
		t.Fatal(err)
	}
	y := new(big.Rat).Quo(big.NewRat(4, 1), new(big.Rat).Sub(big.NewRat(5, 3), p))
	x0 := new(big.Rat).Add(one, new(big.Rat).Mul(third, y))
	x1 := new(big.Rat).Add(one, new(big.Rat).Mul(p, y))
	for s, want := range []*big.Rat{x0, x1, y, y} {
		if got, finite, _ := res.Reward(s); !finite || got.Cmp(want) != 0 {
			t.Errorf("state %d: reward %v, want %v", s, got, want)
		}
	}
	if n := counts.LumpedParts(); n != 0 {
		t.Errorf("%d parts lumped, want none", n)
	}
}

// The residues modulo 2^61 − 1 of rationals that are equal agree however
// they are written, and the arithmetic is that of the integers modulo the
// prime (checked against math/big).
func TestResidues(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ a, b string }{
		{"1/3", "2/6"}, {"-5/7", "-10/14"}, {"123456789012345678901234567890/7", "246913578024691357802469135780/14"},
		{"1/9223372036854775807", "2/18446744073709551614"},
	} {
		x, _ := new(big.Rat).SetString(c.a)
		y, _ := new(big.Rat).SetString(c.b)
		rx, okx := engine.Residue(x)
		ry, oky := engine.Residue(y)
		if !okx || !oky || rx != ry {
			t.Errorf("%s, %s: residues %d (%v), %d (%v)", c.a, c.b, rx, okx, ry, oky)
		}
		// r·den ≡ num (mod q).
		q := new(big.Int).SetUint64(1<<61 - 1)
		lhs := new(big.Int).Mul(new(big.Int).SetUint64(rx), x.Denom())
		lhs.Sub(lhs, x.Num()).Mod(lhs, q)
		if lhs.Sign() != 0 {
			t.Errorf("%s: residue %d times the denominator is not the numerator modulo q", c.a, rx)
		}
	}
	// A denominator that is a multiple of the prime has no residue.
	if _, ok := engine.Residue(new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).SetUint64(1<<61-1))); ok {
		t.Error("1/(2^61 − 1) has a residue")
	}
}

// A ring of 2,000 chance states left only at state 0 (to a win with
// probability 1/3, a loss with 1/6) has no symmetry: refinement peels one
// class a round from the exit inward, and would take 999 rounds before it
// gave up at half the states. It gives up after 64, and every state's
// value is 2/3.
func TestLumpingGivesUpOnARing(t *testing.T) {
	t.Parallel()
	const n = 2000
	g := &game{players: 1}
	for i := range n { // states 0 … n-1; the win is n, the loss n+1
		g.owner = append(g.owner, engine.Chance)
		g.pay = append(g.pay, nil)
		outs := []engine.Outcome[int]{{P: big.NewRat(1, 1), To: (i + 1) % n}}
		if i == 0 {
			outs = []engine.Outcome[int]{{P: big.NewRat(1, 3), To: n}, {P: big.NewRat(1, 6), To: n + 1}, {P: big.NewRat(1, 2), To: 1}}
		}
		g.acts = append(g.acts, [][]engine.Outcome[int]{outs})
	}
	g.addTerminal(big.NewRat(1, 1))
	g.addTerminal(big.NewRat(0, 1))
	var counts engine.Counts
	res, err := engine.Solve[int, *big.Rat](context.Background(), numeric.Exact{}, g, engine.Tuned(engine.Options{}, engine.Counted(&counts)))
	if err != nil {
		t.Fatal(err)
	}
	if r := counts.LumpRounds(); r < 1 || r > 64 {
		t.Errorf("%d rounds of refinement, want 1 to 64", r)
	}
	if counts.LumpedParts() != 0 {
		t.Error("the ring was lumped")
	}
	for i := range n {
		ratEq(t, fmt.Sprint("state ", i), res.Value(i)[0], "2/3")
	}
}
