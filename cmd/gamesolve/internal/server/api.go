package server

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"net/url"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/extensive"
	"github.com/gamesolve/gamesolve/games/chefs"
	"github.com/gamesolve/gamesolve/games/goofspiel"
	"github.com/gamesolve/gamesolve/games/liarsdice"
	"github.com/gamesolve/gamesolve/games/pig"
	"github.com/gamesolve/gamesolve/games/poker"
	"github.com/gamesolve/gamesolve/games/race"
	"github.com/gamesolve/gamesolve/model/load"
	"github.com/gamesolve/gamesolve/report"
)

// params reads a query, remembering which keys were used so that unknown
// ones are refused.
type params struct {
	q    url.Values
	used map[string]bool
	err  error
}

func newParams(r *http.Request) *params {
	return &params{q: r.URL.Query(), used: map[string]bool{}}
}

func (p *params) has(name string) bool { _, ok := p.q[name]; return ok }

func (p *params) str(name, def string) string {
	p.used[name] = true
	v, ok := p.q[name]
	if !ok {
		return def
	}
	if len(v) != 1 && p.err == nil {
		p.err = badf("%s given %d times", name, len(v))
	}
	return v[0]
}

// integer reads an integer in [lo, hi]; required ones have no default.
func (p *params) integer(name string, required bool, def, lo, hi int) int {
	s := p.str(name, "")
	if s == "" {
		if required && p.err == nil {
			p.err = badf("%s is required", name)
		}
		return def
	}
	n, err := strconv.Atoi(s)
	switch {
	case p.err != nil:
	case err != nil:
		p.err = badf("%s=%q: want an integer", name, s)
	case n < lo || n > hi:
		p.err = badf("%s=%d: want %d to %d here", name, n, lo, hi)
	}
	return n
}

// ints reads n comma-separated integers in [lo, hi].
func (p *params) ints(name string, n, lo, hi int) []int {
	s := p.str(name, "")
	out := make([]int, n)
	if p.err != nil {
		return out
	}
	if s == "" {
		p.err = badf("%s is required", name)
		return out
	}
	parts := strings.Split(s, ",")
	if len(parts) != n {
		p.err = badf("%s=%q: want %d comma-separated integers", name, s, n)
		return out
	}
	for i, f := range parts {
		x, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || x < lo || x > hi {
			p.err = badf("%s=%q: want %d integers from %d to %d", name, s, n, lo, hi)
			return out
		}
		out[i] = x
	}
	return out
}

func (p *params) flag(name string) bool {
	switch s := p.str(name, "false"); s {
	case "", "1", "true":
		return true
	case "0", "false":
		return false
	default:
		if p.err == nil {
			p.err = badf("%s=%q: want true or false", name, s)
		}
	}
	return false
}

// done returns the first error, or one naming an unknown key.
func (p *params) done() error {
	if p.err != nil {
		return p.err
	}
	var unknown []string
	for k := range p.q {
		if !p.used[k] {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return badf("unknown parameter %s", strings.Join(unknown, ", "))
	}
	return nil
}

// key is a canonical name for a solve: kind and the parameters that
// matter, sorted.
func key(kind string, kv ...any) string {
	var b strings.Builder
	b.WriteString(kind)
	for i := 0; i+1 < len(kv); i += 2 {
		fmt.Fprintf(&b, "|%v=%v", kv[i], kv[i+1])
	}
	return b.String()
}

// raceGame reads a race's parameters.
func (s *Server) raceGame(p *params, table bool) (race.Game, bool) {
	lim := s.limits.RaceTarget
	exact := p.flag("exact")
	if exact {
		lim = s.limits.RaceExactTarget
	}
	if table {
		lim = min(lim, s.limits.RaceTable)
	}
	var g race.Game
	target := p.integer("target", false, 0, 1, lim)
	g.CoinTarget = p.integer("coin_target", false, target, 1, lim)
	g.ChooserTarget = p.integer("chooser_target", false, target, 1, lim)
	if p.err == nil && (g.CoinTarget == 0 || g.ChooserTarget == 0) {
		p.err = badf("target is required (or coin_target and chooser_target)")
	}
	var err error
	if g.First, err = race.ParsePlayer(p.str("first", "coin")); err != nil && p.err == nil {
		p.err = badf("first: %v", err)
	}
	if g.Coin, err = race.ParseGamble(p.str("coin", "1/2:1")); err != nil && p.err == nil {
		p.err = badf("coin: %v", err)
	}
	if m := p.str("menu", ""); m != "" {
		if g.Menu, err = race.ParseMenu(m); err != nil && p.err == nil {
			p.err = badf("menu: %v", err)
		}
	}
	return g, exact
}

// raceKey names a race solve.
func raceKey(g race.Game, exact, table bool) string {
	menu := make([]string, len(g.Menu))
	for i, m := range g.Menu {
		menu[i] = m.String()
	}
	coin := ""
	if g.Coin.P != nil {
		coin = g.Coin.String()
	}
	return key("race", "a", g.CoinTarget, "b", g.ChooserTarget, "first", g.First, "coin", coin, "menu", strings.Join(menu, ","), "exact", exact, "table", table)
}

// race: GET /api/race?target=&first=&coin=&menu=&exact=&policy= — the race
// command's --json.
func (s *Server) race(r *http.Request) (any, error) {
	p := newParams(r)
	policy := p.flag("policy")
	g, exact := s.raceGame(p, policy)
	if err := p.done(); err != nil {
		return nil, err
	}
	return s.solveShared(r, raceKey(g, exact, policy), func(ctx context.Context) (any, error) {
		return report.SolveRace(ctx, report.RaceQuery{Game: g, Exact: exact, ShowPolicy: policy, Table: policy})
	})
}

// chefs: GET /api/chefs?n= or ?skills=, &exact=&policy=.
func (s *Server) chefs(r *http.Request) (any, error) {
	p := newParams(r)
	exact, policy := p.flag("exact"), p.flag("policy")
	lim := s.limits.ChefsN
	if exact {
		lim = s.limits.ChefsExactN
	}
	if policy {
		lim = min(lim, 13) // n·2^(n-1) entries: 53,248 at 13
	}
	var skills []*big.Rat
	var err error
	switch {
	case p.has("skills"):
		if skills, err = chefs.ParseSkills(p.str("skills", "")); err != nil && p.err == nil {
			p.err = badf("skills: %v", err)
		}
		if p.err == nil && len(skills) > lim {
			p.err = badf("skills: %d chefs; at most %d here", len(skills), lim)
		}
	default:
		n := p.integer("n", true, 0, 2, lim)
		if p.err == nil {
			if skills, err = chefs.Fibonacci(n); err != nil {
				p.err = badf("n: %v", err)
			}
		}
	}
	if err := p.done(); err != nil {
		return nil, err
	}
	names := make([]string, len(skills))
	for i, k := range skills {
		names[i] = k.RatString()
	}
	k := key("chefs", "skills", strings.Join(names, ","), "exact", exact, "policy", policy)
	return s.solveShared(r, k, func(ctx context.Context) (any, error) {
		return report.SolveChefs(ctx, report.ChefsQuery{Skills: skills, Exact: exact, ShowPolicy: policy})
	})
}

// cookies: GET /api/cookies?n=.
func (s *Server) cookies(r *http.Request) (any, error) {
	p := newParams(r)
	n := p.integer("n", true, 0, 1, s.limits.CookiesN)
	if err := p.done(); err != nil {
		return nil, err
	}
	return s.solveShared(r, key("cookies", "n", n), func(ctx context.Context) (any, error) {
		return report.CountCookies(ctx, n, nil)
	})
}

// pig: GET /api/pig?target=&players=&exact=&policy=.
func (s *Server) pig(r *http.Request) (any, error) {
	p := newParams(r)
	exact, policy := p.flag("exact"), p.flag("policy")
	players := p.integer("players", false, 2, 2, pig.MaxPlayers)
	lim := s.limits.pigTarget(players, exact)
	target := p.integer("target", true, 0, 1, lim)
	if err := p.done(); err != nil {
		return nil, err
	}
	return s.solveShared(r, key("pig", "target", target, "players", players, "exact", exact, "policy", policy), func(ctx context.Context) (any, error) {
		r, err := report.SolvePig(ctx, report.PigQuery{Players: players, Target: target, Exact: exact, ShowPolicy: policy})
		if err != nil {
			return nil, err
		}
		return r.Detached(), nil // cached: without the engine's solution
	})
}

// cgt: GET /api/cgt?expr= or ?game=&position=.
func (s *Server) cgt(r *http.Request) (any, error) {
	p := newParams(r)
	game, input := "", ""
	switch {
	case p.has("expr"):
		input = p.str("expr", "")
	case p.has("game"):
		game, input = p.str("game", ""), p.str("position", "")
		if game == "" && p.err == nil {
			p.err = badf("game is empty")
		}
	default:
		p.err = badf("expr (an expression) or game and position are required")
	}
	if p.err == nil && len(input) > s.limits.CGTInput {
		p.err = badf("the input has %d characters; at most %d here", len(input), s.limits.CGTInput)
	}
	if err := p.done(); err != nil {
		return nil, err
	}
	return s.solveShared(r, key("cgt", "game", game, "input", input), func(ctx context.Context) (any, error) {
		return report.ValueCGT(ctx, game, input, nil)
	})
}

// readCloser reads from one reader and closes another.
type readCloser struct {
	io.Reader
	io.Closer
}

// solve: POST /api/solve with a model file (gamesolve's format, JANI or
// the PRISM language) as the body; &exact=, for gamesolve's models
// &policy=true, for JANI and PRISM &const=N=1,M=2&property=, and for PRISM
// &props= (the properties, as in a properties file: several separated by
// semicolons).
func (s *Server) solve(r *http.Request) (any, error) {
	p := newParams(r)
	exact, policy := p.flag("exact"), p.flag("policy")
	consts, property, props := p.str("const", ""), p.str("property", ""), p.str("props", "")
	if err := p.done(); err != nil {
		return nil, err
	}
	// Bodies are read a bounded number at a time. A body takes a place
	// once its first byte has come, so that clients that send nothing
	// hold none; it is then read through a progressReader, so a client
	// that stalls for bodyIdle loses its place. One that stalled while it
	// waited for a place has bodyResume to show that its bytes are there:
	// while it waits nothing is read, its connection's buffers fill, and
	// it cannot send, so what it sent is read at once (cutting it off
	// without that failed large posts under load), and one that sent
	// nothing gives its place up at once. One that finds every place
	// taken waits a little longer than bodyIdle for one, then is told
	// busy.
	rc, _ := r.Context().Value(controllerKey{}).(*http.ResponseController)
	var first [1]byte
	n, err := io.ReadFull(r.Body, first[:])
	if err != nil && err != io.EOF {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return nil, badf("reading the model: nothing came for %v", bodyIdle)
		}
		return nil, badf("reading the model: %v", err)
	}
	last := time.Now()
	wait := time.NewTimer(bodyIdle + time.Second)
	select {
	case s.bodies <- struct{}{}:
		wait.Stop()
	case <-wait.C:
		// Read the rest away, holding no place and no memory, so that
		// the client hears "busy" rather than a broken pipe on its
		// upload; a client that stalls is cut off as any other.
		now := time.Now()
		drain := &progressReader{r: r.Body, rc: rc, last: later(last, now.Add(bodyResume-bodyIdle)), end: now.Add(bodyTime(r.ContentLength, s.limits.Body))}
		_, _ = io.Copy(io.Discard, io.LimitReader(drain, s.limits.Body))
		return nil, errBusy
	case <-r.Context().Done():
		wait.Stop()
		return nil, r.Context().Err()
	}
	now := time.Now()
	last = later(last, now.Add(bodyResume-bodyIdle))
	body := &progressReader{r: r.Body, rc: rc, last: last, end: now.Add(bodyTime(r.ContentLength, s.limits.Body))}
	data, err := io.ReadAll(http.MaxBytesReader(nil, readCloser{io.MultiReader(bytes.NewReader(first[:n]), body), r.Body}, s.limits.Body))
	<-s.bodies
	if err != nil {
		var mb *http.MaxBytesError
		if errors.As(err, &mb) {
			return nil, fmt.Errorf("the model is over %d bytes, the most accepted here: %w", s.limits.Body, err)
		}
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return nil, badf("reading the model: it stalled for %v, or took longer than %v", bodyIdle, bodyTime(r.ContentLength, s.limits.Body))
		}
		return nil, badf("reading the model: %v", err)
	}
	opt := engine.Options{MaxStates: s.limits.ModelStates}
	k := key("solve", "body", fmt.Sprintf("%x", sha256.Sum256(data)), "exact", exact, "policy", policy, "const", consts, "property", property, "props", props)
	// Parsed inside the solve: it takes a slot and has the deadline.
	return s.solveShared(r, k, func(ctx context.Context) (any, error) {
		in, err := load.Load(ctx, load.Source{Data: data, Consts: consts, Props: props})
		switch {
		case errors.Is(err, load.ErrConstsNotJANI):
			return nil, badf("const and property apply to JANI and PRISM models")
		case errors.Is(err, load.ErrPropsNotPRISM):
			return nil, badf("props applies to PRISM models")
		case err != nil:
			return nil, err
		}
		r, err := report.Solve(ctx, in, report.Request{Exact: exact, Policy: policy, Property: property, Engine: opt})
		var na *report.NotApplicableError
		switch {
		case errors.As(err, &na):
			return nil, badf("%s", na.Error())
		case errors.Is(err, report.ErrNoProperties):
			return nil, badf(`a PRISM model needs its properties: props=Pmax=? [ F "done" ]`)
		}
		return r, err
	})
}

// equilibrium: GET /api/equilibrium?game=kuhn|leduc|goofspiel|liars-dice|
// matrix, with cards and order (goofspiel), dice and sides (liars-dice),
// matrix, rows and cols (matrix), iterations, exact, all.
func (s *Server) equilibrium(r *http.Request) (any, error) {
	p := newParams(r)
	game := p.str("game", "")
	exact, all := p.flag("exact"), p.flag("all")
	iterations := p.integer("iterations", false, report.DefaultIterations, 1, s.limits.CFRIterations)
	var build func(ctx context.Context) (*extensive.Game, error)
	var k string
	switch game {
	case "kuhn":
		build = func(context.Context) (*extensive.Game, error) { return poker.Kuhn(), nil }
	case "leduc":
		build = func(context.Context) (*extensive.Game, error) { return poker.Leduc(), nil }
	case "goofspiel":
		cards := p.integer("cards", false, 3, 2, 4)
		order := p.str("order", "random")
		o, ok := map[string]goofspiel.Order{"random": goofspiel.Random, "ascending": goofspiel.Ascending, "descending": goofspiel.Descending}[order]
		if !ok && p.err == nil {
			p.err = badf("order %q: want random, ascending or descending", order)
		}
		k = fmt.Sprint(cards, order)
		build = func(ctx context.Context) (*extensive.Game, error) { return goofspiel.New(ctx, cards, o) }
	case "liars-dice":
		dice := p.integer("dice", false, 1, 1, 1)
		sides := p.integer("sides", false, 3, 2, liarsdice.MaxSides)
		k = fmt.Sprint(dice, sides)
		build = func(ctx context.Context) (*extensive.Game, error) { return liarsdice.New(ctx, dice, sides) }
	case "matrix":
		text := p.str("matrix", "")
		rows, cols := p.str("rows", ""), p.str("cols", "")
		if len(text) > s.limits.CGTInput && p.err == nil {
			p.err = badf("matrix has %d characters, more than %d", len(text), s.limits.CGTInput)
		}
		split := func(s string) []string {
			if s == "" {
				return nil
			}
			return strings.Split(s, ",")
		}
		k = text + "|" + rows + "|" + cols
		build = func(context.Context) (*extensive.Game, error) {
			g, err := extensive.ParseMatrix(text, split(rows), split(cols))
			if err != nil {
				return nil, badf("%s", err.Error())
			}
			return g, nil
		}
	default:
		if p.err == nil {
			p.err = badf("game %q: want kuhn, leduc, goofspiel, liars-dice or matrix", game)
		}
	}
	// A parameter of another game is named as such, not as unknown.
	for _, g := range []struct{ game, names string }{{"goofspiel", "cards order"}, {"liars-dice", "dice sides"}, {"matrix", "matrix rows cols"}} {
		for _, name := range strings.Fields(g.names) {
			if game != g.game && p.has(name) {
				p.str(name, "")
				if p.err == nil {
					p.err = badf("%s applies to game=%s", name, g.game)
				}
			}
		}
	}
	if err := p.done(); err != nil {
		return nil, err
	}
	return s.solveShared(r, key("equilibrium", "game", game, "k", k, "exact", exact, "all", all, "iterations", iterations), func(ctx context.Context) (any, error) {
		g, err := build(ctx)
		if err != nil {
			return nil, err
		}
		return report.SolveGame(ctx, g, report.GameOptions{Exact: exact, All: all, Iterations: iterations})
	})
}
