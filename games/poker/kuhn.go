package poker

import (
	"context"
	"fmt"
	"math/big"

	"github.com/gamesolve/gamesolve/extensive"
)

// cards names the ranks of Kuhn poker, lowest first.
var kuhnCards = []string{"J", "Q", "K"}

// kuhnHistory is a deal and the betting so far: 'c' check, 'b' bet, 'f'
// fold, 'k' call.
type kuhnHistory struct {
	cards [2]int8 // -1 until dealt
	bets  string
}

type kuhn struct{}

func (kuhn) Players() []string { return []string{"P1", "P2"} }

func (kuhn) Start() kuhnHistory { return kuhnHistory{cards: [2]int8{-1, -1}} }

func (kuhn) Expand(h kuhnHistory, m *extensive.Move[kuhnHistory]) error {
	for p := range 2 {
		if h.cards[p] >= 0 {
			continue
		}
		m.Chance()
		left := 3 - p
		for c := range int8(3) {
			if p == 1 && c == h.cards[0] {
				continue
			}
			next := h
			next.cards[p] = c
			m.Outcome(fmt.Sprintf("P%d gets %s", p+1, kuhnCards[c]), big.NewRat(1, int64(left)), next)
		}
		return nil
	}
	// Each player antes 1; a bet or a call adds 1.
	show := func(pot int64) {
		w := pot
		if h.cards[0] < h.cards[1] {
			w = -pot
		}
		m.Terminal(big.NewRat(w, 1), big.NewRat(-w, 1))
	}
	switch h.bets {
	case "cc":
		show(1)
	case "bk", "cbk":
		show(2)
	case "bf":
		m.Terminal(big.NewRat(1, 1), big.NewRat(-1, 1))
	case "cbf":
		m.Terminal(big.NewRat(-1, 1), big.NewRat(1, 1))
	default:
		p := len(h.bets) % 2
		label := fmt.Sprintf("P%d holds %s", p+1, kuhnCards[h.cards[p]])
		if h.bets != "" {
			label += ", after " + spell(h.bets)
		}
		m.Decide(p, label)
		if h.bets == "" || h.bets == "c" {
			m.Action("check", kuhnHistory{h.cards, h.bets + "c"})
			m.Action("bet", kuhnHistory{h.cards, h.bets + "b"})
		} else {
			m.Action("fold", kuhnHistory{h.cards, h.bets + "f"})
			m.Action("call", kuhnHistory{h.cards, h.bets + "k"})
		}
	}
	return nil
}

// spell writes a betting history in words: "check–bet".
func spell(bets string) string {
	s := ""
	for i, b := range bets {
		if i > 0 {
			s += "–"
		}
		s += map[rune]string{'c': "check", 'b': "bet", 'f': "fold", 'k': "call"}[b]
	}
	return s
}

// Kuhn returns Kuhn poker (Kuhn 1950) with OpenSpiel's rules: three cards
// J < Q < K, one dealt to each player; each antes 1; P1 checks or bets 1;
// facing a bet a player folds or calls; after two checks or a call the
// higher card wins the pot. Its value to P1 is −1/18.
func Kuhn() *extensive.Game {
	g, err := extensive.Build(context.Background(), kuhn{})
	if err != nil {
		panic("poker: Kuhn: " + err.Error()) // fixed rules: cannot fail
	}
	g.Title = "Kuhn poker"
	return g
}
