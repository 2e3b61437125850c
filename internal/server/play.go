package server

import (
	"context"
	"net/http"

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
	a := p.integer("a", true, 0, -1<<20, 1<<20)
	b := p.integer("b", true, 0, -1<<20, 1<<20)
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

// pigPlay: GET /api/pig/play?target=&me=&you=&total= — one position of
// Pig: the probability that the player to move wins, and whether it rolls
// or holds.
func (s *Server) pigPlay(r *http.Request) (any, error) {
	p := newParams(r)
	target := p.integer("target", true, 0, 1, s.limits.PigTarget)
	me := p.integer("me", true, 0, 0, 1<<20)
	you := p.integer("you", true, 0, 0, 1<<20)
	total := p.integer("total", false, 0, 0, 1<<20)
	if err := p.done(); err != nil {
		return nil, err
	}
	if me >= target || you >= target || me+total >= target {
		return nil, badf("me=%d, you=%d, total=%d: the game to %d is over or out of reach", me, you, total, target)
	}
	v, err := s.solveShared(r, key("pigplay", "target", target), func(ctx context.Context) (any, error) {
		res, err := report.SolvePig(ctx, report.PigQuery{Target: target, Table: true})
		if err != nil {
			return nil, err
		}
		return report.NewPigTable(res), nil
	})
	if err != nil {
		return nil, err
	}
	return v.(*report.PigTable).Position(me, you, total), nil
}
