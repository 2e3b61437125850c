package server

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/gamesolve/gamesolve/extensive"
	"github.com/gamesolve/gamesolve/games/pig"
	"github.com/gamesolve/gamesolve/games/poker"
	"github.com/gamesolve/gamesolve/report"
	"github.com/gamesolve/gamesolve/solver"
)

// racePlay: GET /api/race/play?target=&first=&coin=&menu=&a=&b=&turn=
// coin|chooser — one position of a race being played: the chooser's
// probability of winning from there, and on the chooser's turn its optimal
// gamble.
func (s *Server) racePlay(r *http.Request) (any, error) {
	p := newParams(r)
	g, _ := s.raceGame(p, true)
	if p.err == nil && p.has("exact") {
		p.err = badf("exact does not apply to play")
	}
	a := p.integer("a", true, 0, 0, 1<<20)
	b := p.integer("b", true, 0, 0, 1<<20)
	if p.err == nil && a == 0 && b == 0 {
		p.err = badf("a=0, b=0: both players cannot have reached their targets (a and b are the points each still needs)")
	}
	turn := p.str("turn", "chooser")
	if p.err == nil && turn != "coin" && turn != "chooser" {
		p.err = badf("turn=%q: want coin or chooser", turn)
	}
	if err := p.done(); err != nil {
		return nil, err
	}
	v, err := s.solveShared(r, raceKey(g, false, true), func(ctx context.Context) (any, error) {
		return report.SolveRace(ctx, report.RaceQuery{Game: g, Table: true})
	})
	if err != nil {
		return nil, err
	}
	res := v.(*report.Race)
	if a > res.CoinTarget || b > res.ChooserTarget {
		return nil, badf("a=%d, b=%d: the targets are %d and %d", a, b, res.CoinTarget, res.ChooserTarget)
	}
	return res.Position(a, b, turn == "chooser"), nil
}

// pigPlay: GET /api/pig/play?target=&players=&scores=&total= (or, with two
// players, me= and you= for scores=) — one position of Pig: every player's
// probability of winning, the mover's first, and whether it rolls or holds.
// scores lists the players' scores from the mover on, in turn order.
func (s *Server) pigPlay(r *http.Request) (any, error) {
	p := newParams(r)
	players := p.integer("players", false, 2, 2, pig.MaxPlayers)
	target := p.integer("target", true, 0, 1, s.limits.pigTarget(players, false))
	var scores []int
	if players == 2 && !p.has("scores") {
		scores = []int{p.integer("me", true, 0, 0, 1<<20), p.integer("you", true, 0, 0, 1<<20)}
	} else {
		scores = p.ints("scores", players, 0, 1<<20)
	}
	total := p.integer("total", false, 0, 0, 1<<20)
	if err := p.done(); err != nil {
		return nil, err
	}
	for _, x := range scores {
		if x >= target || scores[0]+total >= target {
			return nil, badf("scores %v, total=%d: the game to %d is over or out of reach", scores, total, target)
		}
	}
	v, err := s.solveShared(r, key("pigplay", "target", target, "players", players), func(ctx context.Context) (any, error) {
		res, err := report.SolvePig(ctx, report.PigQuery{Players: players, Target: target, Table: true})
		if err != nil {
			return nil, err
		}
		return report.NewPigTable(res), nil
	})
	if err != nil {
		return nil, err
	}
	return v.(*report.PigTable).Position(total, scores...), nil
}

// pokerTable is a built-in game with its equilibrium, shared by the hands
// played against it.
type pokerTable struct {
	g  *extensive.Game
	eq *report.Equilibrium
}

// equilibriumPlay: GET /api/equilibrium/play?game=kuhn|leduc&you=&seed=&moves=
// — one position of a hand played against the equilibrium: at your turn
// your information set and the equilibrium's probabilities; at the end
// the whole hand and your payoff. seed deals the cards and draws the other
// player's moves; moves lists your actions so far, comma-separated.
func (s *Server) equilibriumPlay(r *http.Request) (any, error) {
	p := newParams(r)
	game := p.str("game", "kuhn")
	you := p.integer("you", false, 1, 1, 2)
	seed := p.integer("seed", true, 0, 0, 1<<31-1)
	var moves []string
	if m := p.str("moves", ""); m != "" {
		moves = strings.Split(m, ",")
	}
	if p.err == nil && game != "kuhn" && game != "leduc" {
		p.err = badf("game %q: want kuhn or leduc", game)
	}
	if p.err == nil && len(moves) > 64 {
		p.err = badf("moves: %d, more than a hand has", len(moves))
	}
	if err := p.done(); err != nil {
		return nil, err
	}
	v, err := s.solveShared(r, key("equilibrium-table", "game", game), func(ctx context.Context) (any, error) {
		g := poker.Kuhn()
		if game == "leduc" {
			g = poker.Leduc()
		}
		eq, err := report.SolveGame(ctx, g, report.GameOptions{})
		if err != nil {
			return nil, err
		}
		return &pokerTable{g, eq}, nil
	})
	if err != nil {
		return nil, err
	}
	t := v.(*pokerTable)
	h, err := report.PlayHand(t.g, t.eq, you, uint64(seed), moves)
	if errors.Is(err, solver.ErrInvalid) {
		return nil, badf("%s", err.Error())
	}
	return h, err
}
