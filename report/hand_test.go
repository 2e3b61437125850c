package report

import (
	"context"
	"errors"
	"testing"

	"github.com/gamesolve/gamesolve/games/poker"
	"github.com/gamesolve/gamesolve/solver"
)

// TestPlayHand plays Kuhn hands against the equilibrium: the first stop is
// the player's first decision (its card, nothing of the other's), moves
// replay deterministically, a finished hand shows its history and a payoff
// the rules allow, and over many seeds the average payoff of a player who
// follows the equilibrium is near its value −1/18.
func TestPlayHand(t *testing.T) {
	g := poker.Kuhn()
	eq, err := SolveGame(context.Background(), g, GameOptions{})
	if err != nil {
		t.Fatal(err)
	}
	h, err := PlayHand(g, eq, 1, 3, nil)
	if err != nil || h.Over || len(h.Actions) != 2 || h.History != nil || h.ValueExact != "-1/18" {
		t.Fatalf("%+v %v", h, err)
	}
	again, _ := PlayHand(g, eq, 1, 3, nil)
	if again.Infoset != h.Infoset {
		t.Fatalf("seed 3 gives %q then %q", h.Infoset, again.Infoset)
	}
	// Follow the equilibrium's most likely action each time.
	total, n := 0.0, 4000
	for seed := range uint64(n) {
		var moves []string
		for {
			h, err := PlayHand(g, eq, 1, seed, moves)
			if err != nil {
				t.Fatal(err)
			}
			if h.Over {
				if p := float64(*h.Payoff); p != 1 && p != -1 && p != 2 && p != -2 || len(h.History) < 4 {
					t.Fatalf("seed %d: payoff %v, history %v", seed, p, h.History)
				}
				total += float64(*h.Payoff)
				break
			}
			// Sample our move with the equilibrium's probabilities,
			// from the seed, so that the average estimates the value.
			u := float64((seed*2654435761+uint64(len(moves))*40503)%1000) / 1000
			pick := h.Actions[len(h.Actions)-1].Name
			acc := 0.0
			for _, a := range h.Actions {
				acc += float64(a.Probability)
				if u < acc {
					pick = a.Name
					break
				}
			}
			moves = append(moves, pick)
		}
	}
	// Payoffs are within ±2: the standard error of the mean is < 0.032.
	if avg := total / float64(n); avg < -1.0/18-0.1 || avg > -1.0/18+0.1 {
		t.Errorf("average payoff %.4f over %d hands, value −1/18", avg, n)
	}
	if _, err := PlayHand(g, eq, 1, 3, []string{"raise"}); !errors.Is(err, solver.ErrInvalid) {
		t.Errorf("a bad move: %v", err)
	}
	if _, err := PlayHand(g, eq, 3, 3, nil); !errors.Is(err, solver.ErrInvalid) {
		t.Errorf("you=3: %v", err)
	}
}
