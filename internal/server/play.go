package server

import (
	"context"
	"net/http"

	"github.com/gamesolve/gamesolve/games/pig"
	"github.com/gamesolve/gamesolve/report"
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
