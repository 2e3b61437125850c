package poker

import (
	"context"
	"fmt"
	"math/big"
	"strings"

	"github.com/gamesolve/gamesolve/extensive"
)

// leducCards names Leduc's six cards as OpenSpiel numbers them: 0 and 1
// are the jacks, 2 and 3 the queens, 4 and 5 the kings (a card's rank is
// its number halved). Suits matter only in telling the cards apart.
var leducCards = []string{"J♠", "J♥", "Q♠", "Q♥", "K♠", "K♥"}

// leducHistory is a deal and the betting so far.
type leducHistory struct {
	cards        [2]int8 // private cards, -1 until dealt
	public       int8    // -1 until dealt
	round        int8    // 1 or 2
	bets         [2]string
	ante         [2]int8
	stakes       int8
	calls, raise int8
	folded       int8 // the player who folded, or -1
	turn         int8
}

type leduc struct{}

func (leduc) Players() []string { return []string{"P1", "P2"} }

func (leduc) Start() leducHistory {
	return leducHistory{cards: [2]int8{-1, -1}, public: -1, round: 1, ante: [2]int8{1, 1}, stakes: 1, folded: -1}
}

// deck lists the cards not dealt yet.
func (h leducHistory) deck() []int8 {
	var d []int8
	for c := range int8(6) {
		if c != h.cards[0] && c != h.cards[1] && c != h.public {
			d = append(d, c)
		}
	}
	return d
}

// rank is OpenSpiel's hand rank: a pair with the public card beats every
// high card; otherwise the higher rank, then the lower.
func (h leducHistory) rank(p int) int {
	a, b := h.public, h.cards[p]
	if a > b {
		a, b = b, a
	}
	if a%2 == 0 && b == a+1 {
		return 36 + int(a)
	}
	return int(b/2)*6 + int(a/2)
}

func (leduc) Expand(h leducHistory, m *extensive.Move[leducHistory]) error {
	for p := range 2 {
		if h.cards[p] < 0 {
			d := h.deck()
			m.Chance()
			for _, c := range d {
				next := h
				next.cards[p] = c
				m.Outcome(fmt.Sprintf("P%d gets %s", p+1, leducCards[c]), big.NewRat(1, int64(len(d))), next)
			}
			return nil
		}
	}
	if h.folded >= 0 {
		w := 1 - h.folded
		u := [2]int64{}
		u[w], u[h.folded] = int64(h.ante[h.folded]), -int64(h.ante[h.folded])
		m.Terminal(big.NewRat(u[0], 1), big.NewRat(u[1], 1))
		return nil
	}
	ready := h.raise == 0 && h.calls == 2 || h.raise > 0 && h.calls == 1
	if ready && h.round == 2 {
		r0, r1 := h.rank(0), h.rank(1)
		var u int64
		switch {
		case r0 > r1:
			u = int64(h.ante[1])
		case r0 < r1:
			u = -int64(h.ante[0])
		}
		m.Terminal(big.NewRat(u, 1), big.NewRat(-u, 1))
		return nil
	}
	if ready {
		d := h.deck()
		m.Chance()
		for _, c := range d {
			next := h
			next.public, next.round, next.calls, next.raise, next.turn = c, 2, 0, 0, 0
			m.Outcome("public "+leducCards[c], big.NewRat(1, int64(len(d))), next)
		}
		return nil
	}
	p := h.turn
	m.Decide(int(p), h.label())
	if h.stakes > h.ante[p] {
		next := h
		next.folded = p
		next.bets[h.round-1] += "f"
		m.Action("fold", next)
	}
	next := h
	next.ante[p] = h.stakes
	next.calls++
	next.bets[h.round-1] += "c"
	next.turn = 1 - p
	if h.stakes > h.ante[p] {
		m.Action("call", next)
	} else {
		m.Action("check", next)
	}
	if h.raise < 2 {
		next := h
		amount := int8(2)
		if h.round == 2 {
			amount = 4
		}
		next.stakes = h.stakes + amount
		next.ante[p] = next.stakes
		next.raise++
		next.calls = 0
		next.bets[h.round-1] += "r"
		next.turn = 1 - p
		m.Action("raise", next)
	}
	return nil
}

// label is what the player to move knows: its card, the public card and
// the betting ("P2 holds Q♠, after raise–call; public K♥, after check").
func (h leducHistory) label() string {
	p := h.turn
	var b strings.Builder
	fmt.Fprintf(&b, "P%d holds %s", p+1, leducCards[h.cards[p]])
	words := map[rune]string{'f': "fold", 'c': "call", 'r': "raise"}
	say := func(bets string) string {
		var out []string
		stakes := false
		for _, c := range bets {
			w := words[c]
			if c == 'c' && !stakes {
				w = "check"
			}
			if c == 'r' {
				stakes = true
			}
			out = append(out, w)
		}
		return strings.Join(out, "–")
	}
	if h.bets[0] != "" {
		b.WriteString(", after " + say(h.bets[0]))
	}
	if h.round == 2 {
		fmt.Fprintf(&b, "; public %s", leducCards[h.public])
		if h.bets[1] != "" {
			b.WriteString(", after " + say(h.bets[1]))
		}
	}
	return b.String()
}

// Leduc returns Leduc hold'em (Southey et al. 2005) with OpenSpiel's
// rules: six cards (two suits of J, Q, K), one private card each and one
// public card dealt after the first betting round; antes of 1, raises of
// 2 in the first round and 4 in the second, at most two raises a round; a
// player may fold only when facing a raise. A pair with the public card
// wins, else the higher card; equal ranks split the pot.
func Leduc() *extensive.Game {
	g, err := extensive.Build(context.Background(), leduc{})
	if err != nil {
		panic("poker: Leduc: " + err.Error()) // fixed rules: cannot fail
	}
	g.Title = "Leduc hold'em"
	return g
}
