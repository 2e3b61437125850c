package liarsdice

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/gamesolve/gamesolve/extensive"
	"github.com/gamesolve/gamesolve/solver"
)

// Limits on the parameters: the tree has sides^dice rolls per player
// times 2^(bids) bidding histories, bids = 2·dice·sides.
const (
	MaxDice  = 2
	MaxSides = 6
)

type history struct {
	dice [2]string // each player's dice faces as bytes 1..sides, sorted once rolled
	bids string    // bid ranks as bytes 0..; 255 is the call
}

const call = 255

type rules struct{ dice, sides int }

func (rules) Players() []string { return []string{"P1", "P2"} }
func (rules) Start() history    { return history{} }

// bid names bid rank b: "2×5" (at least two fives).
func (r rules) bid(b byte) string {
	return fmt.Sprintf("%d×%d", int(b)/r.sides+1, int(b)%r.sides+1)
}

func (r rules) Expand(h history, m *extensive.Move[history]) error {
	for p := range 2 {
		if len(h.dice[p]) < r.dice {
			m.Chance()
			for f := 1; f <= r.sides; f++ {
				next := h
				d := []byte(h.dice[p] + string(rune(f)))
				if len(d) == r.dice {
					slices.Sort(d)
				}
				next.dice[p] = string(d)
				m.Outcome(fmt.Sprintf("P%d rolls %d", p+1, f), big.NewRat(1, int64(r.sides)), next)
			}
			return nil
		}
	}
	total := 2 * r.dice * r.sides
	if n := len(h.bids); n > 0 && h.bids[n-1] == call {
		last := h.bids[n-2]
		q, f := int(last)/r.sides+1, int(last)%r.sides+1
		matches := 0
		for p := range 2 {
			for _, d := range []byte(h.dice[p]) {
				if int(d) == f || int(d) == r.sides {
					matches++
				}
			}
		}
		caller := (n - 1) % 2 // P1 moves first, players alternate
		u := int64(1)         // to the bidder
		if matches < q {
			u = -1
		}
		if caller == 0 {
			u = -u
		}
		m.Terminal(big.NewRat(u, 1), big.NewRat(-u, 1))
		return nil
	}
	p := len(h.bids) % 2
	m.Decide(p, r.label(h, p))
	lo := 0
	if n := len(h.bids); n > 0 {
		lo = int(h.bids[n-1]) + 1
	}
	for b := lo; b < total; b++ {
		next := h
		next.bids += string([]byte{byte(b)})
		m.Action("bid "+r.bid(byte(b)), next)
	}
	if len(h.bids) > 0 {
		next := h
		next.bids += string([]byte{call})
		m.Action("liar", next)
	}
	return nil
}

// label is what player p knows: its dice and the bids so far.
func (r rules) label(h history, p int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "P%d rolled", p+1)
	for _, d := range []byte(h.dice[p]) {
		fmt.Fprintf(&b, " %d", d)
	}
	if h.bids != "" {
		b.WriteString(", after")
		for i := range len(h.bids) {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(" " + r.bid(h.bids[i]))
		}
	}
	return b.String()
}

// New returns Liar's Dice with dice dice a player (1 to MaxDice) of sides
// faces (2 to MaxSides).
func New(ctx context.Context, dice, sides int) (*extensive.Game, error) {
	if dice < 1 || dice > MaxDice || sides < 2 || sides > MaxSides {
		return nil, solver.Invalidf("liarsdice: want 1 to %d dice of 2 to %d sides, got %d of %d", MaxDice, MaxSides, dice, sides)
	}
	if dice == 2 && sides > 4 {
		return nil, solver.Invalidf("liarsdice: %d dice of %d sides make a tree of about 2^%d bidding histories per roll, beyond this tool's exact trees; use at most 4 sides with 2 dice", dice, sides, 2*dice*sides)
	}
	g, err := extensive.Build(ctx, rules{dice, sides})
	if err != nil {
		return nil, err
	}
	g.Title = fmt.Sprintf("Liar's Dice, %d×%d", dice, sides)
	return g, nil
}
