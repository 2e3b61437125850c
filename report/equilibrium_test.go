package report

import (
	"context"
	"errors"
	"math/big"
	"os"
	"strings"
	"testing"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/extensive"
	"github.com/gamesolve/gamesolve/games/poker"
)

// SolveGame takes a general-sum tree to Lemke on the sequence form: the
// hand-derived game of docs/examples/gamble.efg (values 6/7 and 1/2, see
// extensive's TestSequenceLemkeByHand). A tree too large for its tableau
// and for the pure search (Leduc hold'em with a rake) is refused with both
// reasons.
func TestSolveGameGeneralSumTree(t *testing.T) {
	src, err := os.ReadFile("../docs/examples/gamble.efg")
	if err != nil {
		t.Fatal(err)
	}
	g, err := extensive.ReadEFG(src)
	if err != nil {
		t.Fatal(err)
	}
	eq, err := SolveGame(context.Background(), g, GameOptions{Exact: true})
	if err != nil {
		t.Fatal(err)
	}
	if eq.Method != "Lemke on the sequence form" || strings.Join(eq.ValuesExact, " ") != "6/7 1/2" || eq.ExploitabilityExact != "0" {
		t.Errorf("method %q, values %v, exploitability %s; want Lemke on the sequence form, 6/7 1/2, 0", eq.Method, eq.ValuesExact, eq.ExploitabilityExact)
	}

	leduc := poker.Rake(poker.Leduc(), big.NewRat(19, 20))
	_, err = SolveGame(context.Background(), leduc, GameOptions{})
	if !errors.Is(err, budget.ErrTooLarge) || !strings.Contains(err.Error(), "Lemke's tableau on the sequence form has 3124 rows") || !strings.Contains(err.Error(), "the search of pure equilibria") {
		t.Errorf("raked Leduc: %v, want the tableau's and the pure search's refusals", err)
	}
}
