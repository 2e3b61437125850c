package report

import (
	"github.com/gamesolve/gamesolve/games/pig"
)

// RacePosition is one position of a race being played: who needs what,
// whose turn it is, the chooser's probability of winning from here with
// both playing on optimally, and on the chooser's turn its optimal gamble.
type RacePosition struct {
	CoinNeeds    int    `json:"coin_needs"`
	ChooserNeeds int    `json:"chooser_needs"`
	Turn         string `json:"turn"`
	// Winner is "coin" or "chooser" once someone has reached the target.
	Winner      string      `json:"winner,omitempty"`
	ChooserWins float64     `json:"chooser_win_probability"`
	Coin        Gamble      `json:"coin"`
	Gamble      *RaceGamble `json:"gamble,omitempty"`
}

// Gamble is a chance to score: probability P (also as "p/q") for Gain.
type Gamble struct {
	P      float64 `json:"p"`
	PExact string  `json:"p_exact"`
	Gain   int     `json:"gain"`
}

// RaceGamble is the chooser's optimal gamble: T, the 1-based menu index.
type RaceGamble struct {
	T int `json:"t"`
	Gamble
}

func gamble(p interface{ RatString() string }, f float64, gain int) Gamble {
	return Gamble{P: f, PExact: p.RatString(), Gain: gain}
}

// Position returns position (a, b) of a race solved with its table,
// with the chooser to move or the coin player; a ≤ 0 or b ≤ 0 is over.
func (r *Race) Position(a, b int, chooserTurn bool) RacePosition {
	g := r.game
	pos := RacePosition{CoinNeeds: a, ChooserNeeds: b, Turn: "coin"}
	if chooserTurn {
		pos.Turn = "chooser"
	}
	cp, _ := g.Coin.P.Float64()
	pos.Coin = gamble(g.Coin.P, cp, g.Coin.Gain)
	// F is the chooser's chance about to choose; it has won at b ≤ 0 and
	// lost at a ≤ 0.
	F := func(a, b int) float64 {
		switch {
		case b <= 0:
			return 1
		case a <= 0:
			return 0
		}
		w, _ := r.table.Win(a, b)
		return w
	}
	switch {
	case b <= 0:
		pos.Winner, pos.ChooserWins = "chooser", 1
	case a <= 0:
		pos.Winner, pos.ChooserWins = "coin", 0
	case chooserTurn:
		pos.ChooserWins = F(a, b)
		t := r.table.At(a, b)
		m := g.Menu[t-1]
		mp, _ := m.P.Float64()
		pos.Gamble = &RaceGamble{T: t, Gamble: gamble(m.P, mp, m.Gain)}
	default:
		pos.ChooserWins = cp*F(a-g.Coin.Gain, b) + (1-cp)*F(a, b)
	}
	return pos
}

// PigTable is solved Pig reduced to what play needs: for every position,
// every player's probability of winning (the float64s the solve prints)
// and the mover's action, in 8·players+1 bytes a position instead of the
// engine's few hundred.
type PigTable struct {
	players, target int
	win             []float64
	hold            []bool
	holdAt          []int16
}

// NewPigTable extracts the table from Pig solved with PigQuery.Table.
func NewPigTable(p *Pig) *PigTable {
	t, n := p.Target, p.Players
	size := 1
	for range n {
		size *= t
	}
	tab := &PigTable{players: n, target: t, win: make([]float64, size*t*n), hold: make([]bool, size*t), holdAt: make([]int16, size)}
	sc := make([]int, n)
	for i := range size {
		for k, x := n-1, i; k >= 0; k-- {
			sc[k], x = x%t, x/t
		}
		tab.holdAt[i] = int16(p.HoldAt(sc...))
		for k := 0; sc[0]+k < t; k++ {
			w, _ := p.WinsAt(k, sc...)
			a, _ := p.ActionAt(k, sc...)
			copy(tab.win[(i*t+k)*n:], w)
			tab.hold[i*t+k] = a == pig.Hold
		}
	}
	return tab
}

// PigPosition is one position of Pig being played.
type PigPosition struct {
	// Scores are the players' scores from the mover on, in turn order;
	// with two players also Me and You.
	Scores []int `json:"scores"`
	Me     int   `json:"me"`
	You    int   `json:"you"`
	Total  int   `json:"total"`
	// WinProbability is the mover's chance with all playing the solution,
	// WinProbabilities every player's, from the mover on in turn order.
	WinProbability   float64   `json:"win_probability"`
	WinProbabilities []float64 `json:"win_probabilities"`
	// Action is the optimal "roll" or "hold"; HoldAt the turn total at
	// which the mover holds with these scores (0: never before winning).
	Action string `json:"action"`
	HoldAt int    `json:"hold_at"`
}

// Position returns the position with the given scores (the mover's
// first, then in turn order) and turn total; it must not be over (every
// score below the target, the mover's plus the total too).
func (t *PigTable) Position(total int, scores ...int) PigPosition {
	i := 0
	for _, x := range scores {
		i = i*t.target + x
	}
	at := i*t.target + total
	w := t.win[at*t.players : (at+1)*t.players]
	pos := PigPosition{Scores: scores, Me: scores[0], You: scores[1], Total: total, WinProbability: w[0], WinProbabilities: w, Action: pig.Roll, HoldAt: int(t.holdAt[i])}
	if t.hold[at] {
		pos.Action = pig.Hold
	}
	return pos
}

// Players is the number of players of the table's game, Target its target.
func (t *PigTable) Players() int { return t.players }
func (t *PigTable) Target() int  { return t.target }
