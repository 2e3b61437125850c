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
// the mover's probability of winning (float32) and its optimal action, in
// about 5 bytes a position instead of the engine's few hundred.
type PigTable struct {
	target int
	win    []float32
	hold   []bool
	holdAt []int16
}

// NewPigTable extracts the table from Pig solved with PigQuery.Table.
func NewPigTable(p *Pig) *PigTable {
	n := p.Target
	t := &PigTable{target: n, win: make([]float32, n*n*n), hold: make([]bool, n*n*n), holdAt: make([]int16, n*n)}
	for i := range n {
		for j := range n {
			t.holdAt[i*n+j] = int16(p.HoldAt(i, j))
			for k := 0; i+k < n; k++ {
				w, _ := p.WinAt(i, j, k)
				a, _ := p.ActionAt(i, j, k)
				t.win[(i*n+j)*n+k] = float32(w)
				t.hold[(i*n+j)*n+k] = a == pig.Hold
			}
		}
	}
	return t
}

// PigPosition is one position of Pig being played.
type PigPosition struct {
	Me    int `json:"me"`
	You   int `json:"you"`
	Total int `json:"total"`
	// WinProbability is the mover's chance with both playing optimally.
	WinProbability float64 `json:"win_probability"`
	// Action is the optimal "roll" or "hold"; HoldAt the turn total at
	// which the mover holds with these scores (0: never before winning).
	Action string `json:"action"`
	HoldAt int    `json:"hold_at"`
}

// Position returns the position with scores (me, you) and the turn total,
// the mover being "me"; it must not be over (me+total < target, you <
// target).
func (t *PigTable) Position(me, you, total int) PigPosition {
	n := t.target
	at := (me*n+you)*n + total
	pos := PigPosition{Me: me, You: you, Total: total, WinProbability: float64(t.win[at]), Action: pig.Roll, HoldAt: int(t.holdAt[me*n+you])}
	if t.hold[at] {
		pos.Action = pig.Hold
	}
	return pos
}
