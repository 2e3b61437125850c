package report

import (
	"bytes"
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/games/race"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/solver"
)

// RaceQuery is a race to solve.
type RaceQuery struct {
	Game race.Game
	// Exact solves in rational arithmetic; General with the general
	// engine instead of the closed-form recurrence (a check).
	Exact, General bool
	// Table keeps the policy and win tables (Race.Table); ShowPolicy also
	// puts the policy in the output.
	Table, ShowPolicy bool
	// Progress and Workers are passed on (Policy is set from Table).
	Options solver.Options
}

// Race is a solved race: the race command's JSON and text.
type Race struct {
	CoinTarget    int      `json:"coin_target"`
	ChooserTarget int      `json:"chooser_target"`
	First         string   `json:"first"`
	Coin          string   `json:"coin"`
	Menu          []string `json:"menu"`
	// WinProbability is the chooser's optimal probability of winning.
	WinProbability      float64 `json:"win_probability"`
	WinProbabilityExact string  `json:"win_probability_exact,omitempty"`
	// Policy[a-1][b-1] is the 1-based menu index (T for the doubling menu)
	// of the optimal gamble when the coin player needs a points and the
	// chooser b.
	Policy [][]int `json:"policy,omitempty"`

	game  race.Game
	table *race.Policy
}

// SolveRace solves a race.
func SolveRace(ctx context.Context, q RaceQuery) (*Race, error) {
	if q.Exact {
		return solveRace(ctx, numeric.Exact{}, q, exactConv)
	}
	return solveRace[float64](ctx, numeric.Float{}, q, floatConv)
}

func solveRace[T any, F numeric.Field[T]](ctx context.Context, f F, q RaceQuery, cv conv[T]) (*Race, error) {
	opt := q.Options
	opt.Policy = q.Table || q.ShowPolicy
	var r *race.Result[T]
	var err error
	if q.General {
		r, _, err = race.SolveGeneral(ctx, f, q.Game, engine.Options{Options: opt})
	} else {
		r, err = race.Solve(ctx, f, q.Game, opt)
	}
	if err != nil {
		return nil, err
	}
	g := r.Game
	out := &Race{CoinTarget: g.CoinTarget, ChooserTarget: g.ChooserTarget, First: g.First.String(), Coin: g.Coin.String(), game: g, table: r.Policy}
	out.WinProbability, out.WinProbabilityExact = cv(r.Win)
	for _, m := range g.Menu {
		out.Menu = append(out.Menu, m.String())
	}
	if q.ShowPolicy {
		out.Policy = make([][]int, g.CoinTarget)
		for a := range out.Policy {
			out.Policy[a] = make([]int, g.ChooserTarget)
			for b := range out.Policy[a] {
				out.Policy[a][b] = r.Policy.At(a+1, b+1)
			}
		}
	}
	return out, nil
}

// Game returns the game solved, defaults filled in.
func (r *Race) Game() race.Game { return r.game }

// Table returns the policy and win tables (nil without RaceQuery.Table).
func (r *Race) Table() *race.Policy { return r.table }

// Text writes the race command's text.
func (r *Race) Text(b *bytes.Buffer, float Float) {
	fmt.Fprintf(b, "coin player needs %d, chooser needs %d, %s moves first\n", r.CoinTarget, r.ChooserTarget, r.First)
	fmt.Fprintf(b, "coin: %s   menu: %s\n", r.Coin, strings.Join(r.Menu, ","))
	fmt.Fprintf(b, "chooser wins with probability %s\n", float(r.WinProbability))
	if r.WinProbabilityExact != "" {
		fmt.Fprintf(b, "exactly %s\n", r.WinProbabilityExact)
	}
	if r.Policy != nil {
		b.WriteString("\noptimal T (menu index); rows: coin player needs a, columns: chooser needs b\n")
		rows := [][]string{{"a\\b"}}
		for bb := 1; bb <= r.ChooserTarget; bb++ {
			rows[0] = append(rows[0], strconv.Itoa(bb))
		}
		for a, pr := range r.Policy {
			row := []string{strconv.Itoa(a + 1)}
			for _, t := range pr {
				row = append(row, strconv.Itoa(t))
			}
			rows = append(rows, row)
		}
		Table(b, rows)
	}
}
