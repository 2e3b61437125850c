package race

import (
	"context"
	"math/big"
	"testing"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/numeric"
)

// The general engine and the closed-form solver agree bit for bit in exact
// mode: the win probability and the whole policy (where the engine reached
// the state).
func TestGeneralAgreesExactly(t *testing.T) {
	games := []Game{
		PE232(1), PE232(7), PE232(20),
		{CoinTarget: 12, ChooserTarget: 9, First: Chooser},
		{CoinTarget: 8, ChooserTarget: 15, Coin: Gamble{P: big.NewRat(1, 3), Gain: 2}, Menu: []Gamble{{big.NewRat(9, 10), 1}, {big.NewRat(1, 4), 3}, {big.NewRat(1, 16), 8}}},
		{CoinTarget: 6, ChooserTarget: 6, Coin: Gamble{P: big.NewRat(1, 1), Gain: 1}, Menu: []Gamble{{big.NewRat(1, 1), 1}, {big.NewRat(1, 2), 3}}},
	}
	for _, g := range games {
		fast, err := Solve(context.Background(), numeric.Exact{}, g, Options{Policy: true})
		if err != nil {
			t.Fatal(err)
		}
		gen, res, err := SolveGeneral(context.Background(), numeric.Exact{}, g, engine.Options{Options: Options{Policy: true}})
		if err != nil {
			t.Fatal(err)
		}
		if fast.Win.Cmp(gen.Win) != 0 {
			t.Errorf("%+v: fast %v, general %v", g, fast.Win, gen.Win)
		}
		compared := 0
		for a := 1; a <= fast.Game.CoinTarget; a++ {
			for b := 1; b <= fast.Game.ChooserTarget; b++ {
				if !res.Lookup(State{Coin: int32(a), Chooser: int32(b)}) {
					continue
				}
				compared++
				if x, y := fast.Policy.At(a, b), gen.Policy.At(a, b); x != y {
					t.Errorf("%+v at (%d,%d): fast T=%d, general T=%d", g, a, b, x, y)
				}
				// The kept win table: both solvers' F(a, b), rounded alike.
				x, ok1 := fast.Policy.Win(a, b)
				y, ok2 := gen.Policy.Win(a, b)
				if !ok1 || !ok2 || x != y {
					t.Errorf("%+v at (%d,%d): fast Win %v (%t), general %v (%t)", g, a, b, x, ok1, y, ok2)
				}
			}
		}
		if compared == 0 {
			t.Errorf("%+v: no policy entries compared", g)
		}
		// F at the start of a chooser-first game is the answer itself.
		if g.First == Chooser {
			w, _ := fast.Policy.Win(fast.Game.CoinTarget, fast.Game.ChooserTarget)
			if x, _ := fast.Win.Float64(); w != x {
				t.Errorf("%+v: Win(A, B) = %v, answer %v", g, w, x)
			}
		}
		if g.Coin.P == nil && res.Methods[engine.ClosedForm] == 0 {
			t.Errorf("%+v: methods %v, want the closed form", g, res.Methods)
		}
	}
}
