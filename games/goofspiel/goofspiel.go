package goofspiel

import (
	"context"
	"fmt"
	"math/big"
	"strings"

	"github.com/gamesolve/gamesolve/extensive"
	"github.com/gamesolve/gamesolve/solver"
)

// MaxCards bounds N: the tree grows like (N!)^3 (3.3 million nodes for
// 5 cards, about 2·10^9 for 6).
const MaxCards = 5

// Order is how the prizes come.
type Order int

const (
	Random Order = iota
	Ascending
	Descending
)

// history is the play so far: the prizes shown and each player's bids.
type history struct {
	prizes string // prize cards shown, as bytes 1..N
	bids   [2]string
}

type rules struct {
	n     int
	order Order
}

func (rules) Players() []string { return []string{"P1", "P2"} }
func (rules) Start() history    { return history{} }

func has(s string, c int) bool { return strings.IndexByte(s, byte(c)) >= 0 }

func (r rules) Expand(h history, m *extensive.Move[history]) error {
	turn := len(h.bids[1])
	if turn == r.n || turn == r.n-1 && len(h.prizes) == r.n-1 && len(h.bids[0]) == turn {
		// The last prize and the last cards are forced: play them out.
		for c := 1; c <= r.n; c++ {
			if !has(h.prizes, c) {
				h.prizes += string(rune(c))
			}
			for p := range 2 {
				if !has(h.bids[p], c) && len(h.bids[p]) < r.n {
					h.bids[p] += string(rune(c))
				}
			}
		}
		var pts [2]int
		for k := range r.n {
			b0, b1 := h.bids[0][k], h.bids[1][k]
			switch {
			case b0 > b1:
				pts[0] += int(h.prizes[k])
			case b1 > b0:
				pts[1] += int(h.prizes[k])
			}
		}
		u := int64(0)
		switch {
		case pts[0] > pts[1]:
			u = 1
		case pts[1] > pts[0]:
			u = -1
		}
		m.Terminal(big.NewRat(u, 1), big.NewRat(-u, 1))
		return nil
	}
	if len(h.prizes) == turn {
		var left []int
		for c := 1; c <= r.n; c++ {
			if !has(h.prizes, c) {
				left = append(left, c)
			}
		}
		switch r.order {
		case Ascending:
			h.prizes += string(rune(left[0]))
		case Descending:
			h.prizes += string(rune(left[len(left)-1]))
		default:
			m.Chance()
			for _, c := range left {
				next := h
				next.prizes += string(rune(c))
				m.Outcome(fmt.Sprintf("prize %d", c), big.NewRat(1, int64(len(left))), next)
			}
			return nil
		}
	}
	p := len(h.bids[0]) - turn // 0: P1 to bid, 1: P2
	m.Decide(p, r.label(h, p))
	for c := 1; c <= r.n; c++ {
		if !has(h.bids[p], c) {
			next := h
			next.bids[p] += string(rune(c))
			m.Action(fmt.Sprintf("bid %d", c), next)
		}
	}
	return nil
}

// label is what player p knows: the prizes, its own bids and who won
// each prize ("P2: prize 3; bid 4 and won; prize 1").
func (r rules) label(h history, p int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "P%d:", p+1)
	for k := range len(h.prizes) {
		fmt.Fprintf(&b, " prize %d", h.prizes[k])
		if k < len(h.bids[1]) {
			mine, theirs := h.bids[p][k], h.bids[1-p][k]
			outcome := "tied"
			switch {
			case mine > theirs:
				outcome = "won"
			case mine < theirs:
				outcome = "lost"
			}
			fmt.Fprintf(&b, ", bid %d and %s;", mine, outcome)
		}
	}
	return b.String()
}

// New returns Goofspiel with n cards (2 to MaxCards) in the given order.
func New(ctx context.Context, n int, order Order) (*extensive.Game, error) {
	if n < 2 || n > MaxCards {
		return nil, solver.Invalidf("goofspiel: cards must be from 2 to %d, got %d", MaxCards, n)
	}
	g, err := extensive.Build(ctx, rules{n, order})
	if err != nil {
		return nil, err
	}
	g.Title = fmt.Sprintf("Goofspiel, %d cards", n)
	return g, nil
}
