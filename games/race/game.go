package race

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/solver"
)

// Player names who moves.
type Player int

const (
	// CoinPlayer is the player without choices (Player 1 of Project Euler 232).
	CoinPlayer Player = iota
	// Chooser picks a gamble before each turn.
	Chooser
)

// String implements fmt.Stringer.
func (p Player) String() string {
	if p == Chooser {
		return "chooser"
	}
	return "coin"
}

// ParsePlayer reads "coin" or "chooser".
func ParsePlayer(s string) (Player, error) {
	switch s {
	case "coin":
		return CoinPlayer, nil
	case "chooser":
		return Chooser, nil
	}
	return 0, fmt.Errorf("race: unknown player %q (want coin or chooser)", s)
}

// Gamble succeeds with probability P and then scores Gain points.
type Gamble struct {
	P    *big.Rat
	Gain int
}

// String implements fmt.Stringer.
func (g Gamble) String() string {
	if g.P == nil {
		return "default" // the zero Gamble: the game's default coin
	}
	return g.P.RatString() + ":" + strconv.Itoa(g.Gain)
}

// MaxMenu is the largest menu Solve accepts (policies are stored in a byte).
const MaxMenu = 255

// MaxGain bounds a gamble's gain; a gain of at least the target already wins.
const MaxGain = 1 << 40

// ErrInvalid is solver.ErrInvalid, wrapped by every error about a malformed
// game.
var ErrInvalid = solver.ErrInvalid

// ParseGamble reads "prob:gain", for example "1/4:2" or "0.5:1".
func ParseGamble(s string) (Gamble, error) {
	g, err := parseGamble(s)
	if err != nil {
		return g, fmt.Errorf("race: %w", err)
	}
	return g, nil
}

func parseGamble(s string) (Gamble, error) {
	ps, gs, ok := strings.Cut(s, ":")
	if !ok {
		return Gamble{}, solver.Invalidf("gamble %q: want prob:gain, e.g. 1/4:2", s)
	}
	p, err := numeric.ParseProbability(ps)
	if err != nil {
		return Gamble{}, solver.Invalidf("gamble %q: %v", s, err)
	}
	g, err := strconv.Atoi(gs)
	if err != nil || g < 1 || g > MaxGain {
		return Gamble{}, solver.Invalidf("gamble %q: gain must be an integer from 1 to %d", s, MaxGain)
	}
	return Gamble{P: p, Gain: g}, nil
}

// ParseMenu reads a comma-separated list of gambles, e.g. "1/2:1,1/4:2".
func ParseMenu(s string) ([]Gamble, error) {
	menu, err := numeric.ParseList(s, MaxMenu, parseGamble)
	if err != nil {
		return nil, solver.Invalidf("race: menu: %w", err)
	}
	return menu, nil
}

// DoublingMenu returns Project Euler 232's menu for a chooser target:
// T = 1..L succeeds with 2^-T and scores 2^(T-1), where L is the first T whose
// gain reaches the target (larger T win no more often and succeed less).
func DoublingMenu(target int) []Gamble {
	var menu []Gamble
	for t := 1; ; t++ {
		gain := 1 << (t - 1)
		menu = append(menu, Gamble{P: new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), uint(t))), Gain: gain})
		if gain >= target {
			return menu
		}
	}
}

// Game describes a race. The zero values of Coin and Menu mean Project Euler
// 232's coin (1/2:1) and the doubling menu.
type Game struct {
	CoinTarget    int
	ChooserTarget int
	Coin          Gamble
	Menu          []Gamble
	First         Player
}

// PE232 returns Project Euler 232's game for a target.
func PE232(target int) Game {
	return Game{CoinTarget: target, ChooserTarget: target, First: CoinPlayer}
}

// MaxTarget bounds each target; instances near it are refused by the work and
// memory estimates long before.
const MaxTarget = 1 << 30

// normalized fills in defaults and validates.
func (g Game) normalized() (Game, error) {
	if g.CoinTarget < 1 || g.ChooserTarget < 1 {
		return g, solver.Invalidf("race: targets must be at least 1 (got coin %d, chooser %d)", g.CoinTarget, g.ChooserTarget)
	}
	if g.CoinTarget > MaxTarget || g.ChooserTarget > MaxTarget {
		return g, solver.Invalidf("race: targets must be at most %d", MaxTarget)
	}
	if g.First != CoinPlayer && g.First != Chooser {
		return g, solver.Invalidf("race: unknown first player %d", g.First)
	}
	if g.Coin.P == nil {
		g.Coin = Gamble{P: big.NewRat(1, 2), Gain: 1}
	}
	if err := validGamble(g.Coin); err != nil {
		return g, fmt.Errorf("race: coin: %w", err)
	}
	if g.Menu == nil {
		g.Menu = DoublingMenu(g.ChooserTarget)
	}
	if len(g.Menu) == 0 || len(g.Menu) > MaxMenu {
		return g, solver.Invalidf("race: the menu needs 1 to %d gambles, got %d", MaxMenu, len(g.Menu))
	}
	for i, m := range g.Menu {
		if err := validGamble(m); err != nil {
			return g, fmt.Errorf("race: menu entry %d: %w", i+1, err)
		}
	}
	return g, nil
}

func validGamble(g Gamble) error {
	if g.P == nil || g.P.Sign() <= 0 || g.P.Cmp(big.NewRat(1, 1)) > 0 {
		return solver.Invalidf("probability must be in (0, 1]")
	}
	if g.Gain < 1 || g.Gain > MaxGain {
		return solver.Invalidf("gain %d must be from 1 to %d", g.Gain, MaxGain)
	}
	return nil
}
