package report

import (
	"bytes"
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/games/pig"
	"github.com/gamesolve/gamesolve/numeric"
)

// PigQuery is a game of Pig to solve.
type PigQuery struct {
	// Players is the number of players, 2 (when 0) to pig.MaxPlayers.
	Players int
	Target  int
	Exact   bool
	// Table solves every tuple of scores, reachable or not, so that
	// HoldAt, WinAt and ActionAt answer for all of them; ShowPolicy also
	// puts the hold table in the output.
	Table, ShowPolicy bool
	// Progress and Workers are passed on (Policy is set from Table).
	Options engine.Options
}

func (q PigQuery) players() int { return max(q.Players, 2) }

// Pig is solved Pig: the pig command's JSON and text.
type Pig struct {
	Players int `json:"players"`
	Target  int `json:"target"`
	// WinProbability is the first player's chance, as
	// WinProbabilities[0]; WinProbabilities has every player's, in turn
	// order.
	WinProbability        float64        `json:"win_probability"`
	WinProbabilityExact   string         `json:"win_probability_exact,omitempty"`
	WinProbabilities      []float64      `json:"win_probabilities"`
	WinProbabilitiesExact []string       `json:"win_probabilities_exact,omitempty"`
	ExpectedRolls         float64        `json:"expected_rolls"`
	ExpectedRollsExact    string         `json:"expected_rolls_exact,omitempty"`
	States                int            `json:"states"`
	Components            int            `json:"components"`
	Methods               map[string]int `json:"methods"`
	Equilibrium           string         `json:"equilibrium,omitempty"`
	Equilibria            int            `json:"equilibria,omitempty"`
	// PolicyStates counts the positions the policy table was solved over
	// (with --policy or --table): every pair of scores, reachable in play
	// or not. The fields above describe the game from the start alone.
	PolicyStates int `json:"policy_states,omitempty"`
	// Policy is the turn total at which the player to move holds (0: it
	// rolls on to the target), indexed by the scores from the mover on in
	// turn order: Policy[i][j] with two players (score i against j),
	// Policy[i][j][k] with three, and so on.
	Policy any `json:"policy,omitempty"`
	Proof

	flat   []int // Policy in one slice, in the order of the scores
	hold   func(scores []int) int
	win    func(total int, scores []int) ([]float64, bool) // every player's, from the mover on
	action func(total int, scores []int) (string, bool)
}

// SolvePig solves Pig.
func SolvePig(ctx context.Context, q PigQuery) (*Pig, error) {
	if q.players() > 2 {
		if _, err := pig.NewMany(q.players(), q.Target); err != nil {
			return nil, err
		}
		if q.Exact {
			return solvePigMany(ctx, numeric.Exact{}, q, exactConv)
		}
		return solvePigMany[float64](ctx, numeric.Float{}, q, floatConv)
	}
	if _, err := pig.New(q.Target); err != nil {
		return nil, err
	}
	if q.Exact {
		return solvePig(ctx, numeric.Exact{}, q, exactConv)
	}
	return solvePig[float64](ctx, numeric.Float{}, q, floatConv)
}

func solvePig[T any, F numeric.Field[T]](ctx context.Context, f F, q PigQuery, cv conv[T]) (*Pig, error) {
	opt := q.Options
	opt.Policy = q.Table || q.ShowPolicy
	r, err := pig.Solve(ctx, f, q.Target, opt)
	if err != nil {
		return nil, err
	}
	out := pigOut(q, r.Engine.States, r.Engine.Components, r.Engine.Methods, r.Engine.Equilibria, r.Engine.Unproven, r.Engine.Bound)
	out.policyStates(r.Engine.States, r.Engine.Seeded, opt.Policy)
	out.hold = func(sc []int) int { return r.HoldAt(sc[0], sc[1]) }
	v := r.Engine.Value(r.Engine.Start())
	setWins(out, cv, v)
	out.ExpectedRolls, out.ExpectedRollsExact = cv(r.Rolls)
	// The game is symmetric: a position not solved with player 0 to move
	// is looked up with player 1 to move.
	find := func(total int, sc []int) (pig.State, bool) {
		s := pig.State{Score: [2]int16{int16(sc[0]), int16(sc[1])}, Total: int16(total)}
		if r.Engine.Lookup(s) {
			return s, true
		}
		s = pig.State{Score: [2]int16{int16(sc[1]), int16(sc[0])}, Total: int16(total), Turn: 1}
		return s, r.Engine.Lookup(s)
	}
	pigLookups(out, r.Engine, cv, find, func(s pig.State) int { return int(s.Turn) })
	if q.ShowPolicy {
		out.setPolicy()
	}
	return out, nil
}

func solvePigMany[T any, F numeric.Field[T]](ctx context.Context, f F, q PigQuery, cv conv[T]) (*Pig, error) {
	opt := q.Options
	opt.Policy = q.Table || q.ShowPolicy
	r, err := pig.SolveMany(ctx, f, q.players(), q.Target, opt)
	if err != nil {
		return nil, err
	}
	out := pigOut(q, r.Engine.States, r.Engine.Components, r.Engine.Methods, r.Engine.Equilibria, r.Engine.Unproven, r.Engine.Bound)
	out.policyStates(r.Engine.States, r.Engine.Seeded, opt.Policy)
	out.hold = r.HoldAt
	setWins(out, cv, r.Win)
	out.ExpectedRolls, out.ExpectedRollsExact = cv(r.Rolls)
	find := func(total int, sc []int) (pig.ManyState, bool) { return r.Find(sc, total) }
	pigLookups(out, r.Engine, cv, find, func(s pig.ManyState) int { return int(s.Turn) })
	if q.ShowPolicy {
		out.setPolicy()
	}
	return out, nil
}

// pigLookups sets out.win and out.action from the engine's solution:
// find turns a position seen from the mover's seat into a solved state,
// mover says whose turn that state is.
func pigLookups[S comparable, T any](out *Pig, e *engine.Result[S, T], cv conv[T], find func(total int, sc []int) (S, bool), mover func(S) int) {
	out.win = func(total int, sc []int) ([]float64, bool) {
		s, ok := find(total, sc)
		if !ok {
			return nil, false
		}
		v := e.Value(s)
		w := make([]float64, len(v))
		for i := range w {
			w[i], _ = cv(v[(mover(s)+i)%len(v)])
		}
		return w, true
	}
	out.action = func(total int, sc []int) (string, bool) {
		s, ok := find(total, sc)
		if !ok {
			return "", false
		}
		_, name, ok := e.Choice(s)
		return name, ok
	}
}

func pigOut(q PigQuery, states, components int, methods map[engine.Method]int, equilibria, unproven int, bound float64) *Pig {
	out := &Pig{Players: q.players(), Target: q.Target, States: states, Components: components, Methods: MethodCounts(methods),
		Proof: proofOf(unproven, bound)}
	if equilibria > 0 {
		out.Equilibrium, out.Equilibria = "certified", equilibria
	}
	return out
}

// policyStates sets PolicyStates where a policy table was solved.
func (p *Pig) policyStates(states, seeded int, policy bool) {
	if policy {
		p.PolicyStates = states + seeded
	}
}

// setWins sets every player's win probability from the start.
func setWins[T any](p *Pig, cv conv[T], v []T) {
	for _, x := range v {
		f, e := cv(x)
		p.WinProbabilities = append(p.WinProbabilities, f)
		if e != "" {
			p.WinProbabilitiesExact = append(p.WinProbabilitiesExact, e)
		}
	}
	p.WinProbability = p.WinProbabilities[0]
	if len(p.WinProbabilitiesExact) > 0 {
		p.WinProbabilityExact = p.WinProbabilitiesExact[0]
	}
}

// setPolicy fills in the hold table for every tuple of scores: flat, in
// the order of the scores from the mover on, and nested for JSON.
func (p *Pig) setPolicy() {
	t, n := p.Target, p.Players
	size := 1
	for range n {
		size *= t
	}
	p.flat = make([]int, size)
	sc := make([]int, n)
	for i := range p.flat {
		for k, x := n-1, i; k >= 0; k-- {
			sc[k], x = x%t, x/t
		}
		p.flat[i] = p.hold(sc)
	}
	var nest func(level, at int) any
	nest = func(level, at int) any {
		if level == n-1 {
			return p.flat[at*t : at*t+t]
		}
		if level == n-2 {
			rows := make([][]int, t)
			for i := range rows {
				rows[i] = p.flat[(at*t+i)*t : (at*t+i)*t+t]
			}
			return rows
		}
		rows := make([]any, t)
		for i := range rows {
			rows[i] = nest(level+1, at*t+i)
		}
		return rows
	}
	p.Policy = nest(0, 0)
}

// Detached returns a copy that keeps only what its JSON and text show,
// letting go of the engine's solution (hundreds of MB at target 100):
// HoldAt, WinAt and ActionAt must not be called on it.
func (p *Pig) Detached() *Pig {
	c := *p
	c.hold, c.win, c.action = nil, nil, nil
	return &c
}

// HoldAt returns the turn total at which the player to move holds with
// the given scores (the mover's first, then the others' in turn order), 0
// if never.
func (p *Pig) HoldAt(scores ...int) int {
	if !p.valid(0, scores) {
		return 0
	}
	return p.hold(scores)
}

// WinAt returns the probability that the player to move wins, with the
// turn total so far and the given scores (the mover's first, then in turn
// order), all playing the solution; ok is false for a position that is
// over or was not solved (solve with Table for all).
func (p *Pig) WinAt(total int, scores ...int) (w float64, ok bool) {
	all, ok := p.WinsAt(total, scores...)
	if !ok {
		return 0, false
	}
	return all[0], true
}

// WinsAt is WinAt for every player: their probabilities of winning, from
// the mover on in turn order.
func (p *Pig) WinsAt(total int, scores ...int) ([]float64, bool) {
	if !p.valid(total, scores) {
		return nil, false
	}
	return p.win(total, scores)
}

// ActionAt returns the action (pig.Roll or pig.Hold) of the player to
// move with the turn total so far and the given scores.
func (p *Pig) ActionAt(total int, scores ...int) (string, bool) {
	if !p.valid(total, scores) {
		return "", false
	}
	return p.action(total, scores)
}

func (p *Pig) valid(total int, scores []int) bool {
	if len(scores) != p.Players || total < 0 || scores[0]+total >= p.Target {
		return false
	}
	for _, x := range scores {
		if x < 0 || x >= p.Target {
			return false
		}
	}
	return true
}

// Text writes the pig command's text.
func (p *Pig) Text(b *bytes.Buffer, float Float) {
	if p.Players > 2 {
		fmt.Fprintf(b, "Pig to %d with %d players: %d states, %d components\n", p.Target, p.Players, p.States, p.Components)
		for i, w := range p.WinProbabilities {
			first := ""
			if i == 0 {
				first = " (first to roll)"
			}
			fmt.Fprintf(b, "player %d%s wins with probability %s\n", i, first, float(w))
			if len(p.WinProbabilitiesExact) > i {
				fmt.Fprintf(b, "exactly %s\n", p.WinProbabilitiesExact[i])
			}
		}
	} else {
		fmt.Fprintf(b, "Pig to %d: %d states, %d components\n", p.Target, p.States, p.Components)
		fmt.Fprintf(b, "first player wins with probability %s\n", float(p.WinProbability))
		if p.WinProbabilityExact != "" {
			fmt.Fprintf(b, "exactly %s\n", p.WinProbabilityExact)
		}
	}
	fmt.Fprintf(b, "expected rolls %s\n", float(p.ExpectedRolls))
	if p.ExpectedRollsExact != "" {
		fmt.Fprintf(b, "exactly %s\n", p.ExpectedRollsExact)
	}
	if p.Equilibria > 0 {
		gain := "gain"
		if p.WinProbabilityExact == "" {
			gain = "gain more than the precision"
		}
		fmt.Fprintf(b, "equilibrium certified in %d %s: no player can %s by changing only its own actions\n", p.Equilibria, plural(p.Equilibria, "component", "components"), gain)
	}
	p.Proof.write(b)
	if p.flat != nil {
		fmt.Fprintf(b, "\nthe policy covers all %d positions, reachable in play or not\n", p.PolicyStates)
		p.policyText(b)
	}
}

// policyText writes the hold table: a table of my score against the next
// player's, for each combination of the later players' scores.
func (p *Pig) policyText(b *bytes.Buffer) {
	t, n := p.Target, p.Players
	tables := len(p.flat) / (t * t)
	for rest := range tables {
		if n == 2 {
			b.WriteString("\nhold at turn total (0: never); rows: my score, columns: your score\n")
		} else {
			later := make([]int, n-2)
			for i, x := n-3, rest; i >= 0; i-- {
				later[i], x = x%t, x/t
			}
			fmt.Fprintf(b, "\nhold at turn total (0: never); rows: my score, columns: the next player's; the players after them at %s\n", joinInts(later, "-"))
		}
		head := []string{"me\\you"}
		if n > 2 {
			head[0] = "me\\next"
		}
		for j := range t {
			head = append(head, strconv.Itoa(j))
		}
		rows := [][]string{head}
		for i := range t {
			row := []string{strconv.Itoa(i)}
			for j := range t {
				row = append(row, strconv.Itoa(p.flat[(i*t+j)*tables+rest]))
			}
			rows = append(rows, row)
		}
		Table(b, rows)
	}
}

func joinInts(a []int, sep string) string {
	s := make([]string, len(a))
	for i, x := range a {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, sep)
}
