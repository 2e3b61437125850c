package extensive_test

import (
	"context"
	"fmt"
	"math/big"

	"github.com/gamesolve/gamesolve/extensive"
)

// Rock–paper–scissors, inline: each plays each action with 1/3, and the
// certificate (every player's exact best response) proves it.
func ExampleParseMatrix() {
	g, err := extensive.ParseMatrix("0 -1 1; 1 0 -1; -1 1 0", []string{"R", "P", "S"}, []string{"R", "P", "S"})
	if err != nil {
		fmt.Println(err)
		return
	}
	pr, err := extensive.SolveZeroSum(context.Background(), g)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("value", pr.Values[0], "row", pr.Behavior[0], "certified", pr.Equilibrium())
	// Output:
	// value 0/1 row [1/3 1/3 1/3] certified true
}

// A sealed-bid game in Go: the bidder sees its value (chance: 1 or 3, even
// odds) and bids low or high; the seller, who sees only the bid, accepts
// or refuses. The information set names what the player knows. In the
// equilibrium found, both kinds of bidder bid low and the seller accepts:
// a high bid never pays more than a refusal.
type auction struct{}

type bid struct {
	value    int    // 0 until dealt
	bid, ans string // "" until made
}

func (auction) Players() []string { return []string{"bidder", "seller"} }
func (auction) Start() bid        { return bid{} }

func (auction) Expand(h bid, m *extensive.Move[bid]) error {
	switch {
	case h.value == 0:
		m.Chance()
		m.Outcome("value 1", big.NewRat(1, 2), bid{value: 1})
		m.Outcome("value 3", big.NewRat(1, 2), bid{value: 3})
	case h.bid == "":
		m.Decide(0, fmt.Sprintf("bidder's value is %d", h.value))
		m.Action("low", bid{h.value, "low", ""})
		m.Action("high", bid{h.value, "high", ""})
	case h.ans == "":
		m.Decide(1, "seller hears "+h.bid)
		m.Action("accept", bid{h.value, h.bid, "accept"})
		m.Action("refuse", bid{h.value, h.bid, "refuse"})
	default:
		// A sale at the bid's price, or a refusal that costs the seller
		// 1 (paid to the bidder): zero-sum, for the example.
		gain := big.NewRat(1, 1)
		if h.ans == "accept" {
			gain.SetInt64(int64(h.value) - map[string]int64{"low": 1, "high": 2}[h.bid])
		}
		m.Terminal(gain, new(big.Rat).Neg(gain))
	}
	return nil
}

func ExampleBuild() {
	g, err := extensive.Build(context.Background(), auction{})
	if err != nil {
		fmt.Println(err)
		return
	}
	pr, err := extensive.SolveZeroSum(context.Background(), g)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("bidder's value", pr.Values[0])
	for i, I := range g.Infosets {
		if I.Player != extensive.Chance {
			fmt.Println(I.Label, I.Actions, pr.Behavior[i])
		}
	}
	// Output:
	// bidder's value 1/1
	// bidder's value is 1 [low high] [1/1 0/1]
	// seller hears low [accept refuse] [1/1 0/1]
	// seller hears high [accept refuse] [1/1 0/1]
	// bidder's value is 3 [low high] [1/1 0/1]
}

// A general-sum tree in Gambit's format: P2 guesses P1's coin without
// seeing it (a right guess pays P2 1, a wrong one pays P1 2 after H), and
// after T and t P1 gambles on a fair coin for 4 or -1 rather than cash 1.
// Lemke's algorithm on the sequence form finds the unique equilibrium.
func ExampleSequenceLemke() {
	g, err := extensive.ReadEFG([]byte(`EFG 2 R "pennies" { "P1" "P2" }
""
p "" 1 1 "first" { "H" "T" } 0
p "" 2 1 "guess" { "h" "t" } 0
t "" 1 "" { 2, 0 }
t "" 2 "" { 0, 1 }
p "" 2 1 "guess" { "h" "t" } 0
t "" 3 "" { 0, 1 }
p "" 1 2 "after T and t" { "cash" "gamble" } 0
t "" 4 "" { 1, 0 }
c "" 1 "coin" { "win" 1/2 "lose" 1/2 } 0
t "" 5 "" { 4, 0 }
t "" 6 "" { -1, 0 }
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	pr, err := extensive.SequenceLemke(context.Background(), g)
	if err != nil {
		fmt.Println(err)
		return
	}
	for i, I := range g.Infosets[:3] {
		fmt.Println(I.Label, pr.Behavior[i])
	}
	fmt.Println("values", pr.Values, "certified", pr.Equilibrium())
	// Output:
	// first [1/2 1/2]
	// guess [3/7 4/7]
	// after T and t [0/1 1/1]
	// values [6/7 1/2] certified true
}
