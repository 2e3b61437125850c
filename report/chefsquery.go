package report

import (
	"bytes"
	"fmt"
	"math/big"
	"math/bits"
	"strconv"
	"strings"

	"github.com/gamesolve/gamesolve/games/chefs"
	"github.com/gamesolve/gamesolve/solver"
	"github.com/gamesolve/gamesolve/tierfile"
)

// ChefsTierAnswer is one Chef Showdown state's entry in a tier directory
// (chefs --tiers, or the Beam pipeline): the query command's JSON and
// text for such a directory.
type ChefsTierAnswer struct {
	Game  string `json:"game"`
	State string `json:"state"`
	Tier  int    `json:"tier"`
	// Alive lists the chefs alive, from 1; Chef is the one to cook.
	Alive []int `json:"alive"`
	Chef  int   `json:"chef"`
	// WinProbabilities has one entry per chef, 0 for those out.
	WinProbabilities      []float64 `json:"win_probabilities"`
	WinProbabilitiesExact []string  `json:"win_probabilities_exact,omitempty"`
	ExpectedDishes        float64   `json:"expected_dishes"`
	ExpectedDishesExact   string    `json:"expected_dishes_exact,omitempty"`
	// Target is the chef Chef aims at (0 where one chef is left).
	Target int `json:"target,omitempty"`
}

// TierGame is the game a tier directory's manifest names.
func TierGame(dir string) (string, error) {
	m, err := tierfile.ReadManifest(dir)
	if err != nil {
		return "", solver.Invalidf("query: %s is not a tier directory: %v", dir, err)
	}
	return m.Game, nil
}

// chefsSkillsOf reads the skills back from a tier directory's game,
// "chefs skills=1/3,1/2" (chefs.TierRules.Game).
func chefsSkillsOf(game string) ([]*big.Rat, bool) {
	list, ok := strings.CutPrefix(game, "chefs skills=")
	if !ok {
		return nil, false
	}
	var skills []*big.Rat
	for _, text := range strings.Split(list, ",") {
		v, ok := new(big.Rat).SetString(text)
		if !ok {
			return nil, false
		}
		skills = append(skills, v)
	}
	return skills, true
}

// QueryChefsTiers answers a Chef Showdown state's values and target from
// the tier files in dir, solving nothing. A state is "start" or
// ALIVE@CHEF: the chefs alive, from 1, comma-separated, and the one to
// cook ("1,3,4@3").
func QueryChefsTiers(dir, state string) (*ChefsTierAnswer, error) {
	game, err := TierGame(dir)
	if err != nil {
		return nil, err
	}
	skills, ok := chefsSkillsOf(game)
	if !ok {
		return nil, solver.Invalidf("query: %s holds %q, not a Chef Showdown", dir, game)
	}
	r, err := chefs.NewRules(skills)
	if err != nil {
		return nil, fmt.Errorf("query: %s: %w", dir, err)
	}
	rules := chefs.TierRules{Rules: r}
	if rules.Game() != game {
		return nil, solver.Invalidf("query: %s holds %q, which query cannot read", dir, game)
	}
	n := len(skills)
	s, err := parseChefsState(state, n)
	if err != nil {
		return nil, err
	}
	index, _ := rules.Index(s)
	tier := rules.Tier(s)
	out := &ChefsTierAnswer{Game: game, State: describeChefs(s, n), Tier: tier, Chef: int(s.Turn) + 1}
	for k := range n {
		if s.Alive&(1<<k) != 0 {
			out.Alive = append(out.Alive, k+1)
		}
	}
	rec, err := lookupTier(dir, tier, uint64(index), out.State)
	if err != nil {
		return nil, err
	}
	if rec.Floats != nil {
		out.WinProbabilities = append(out.WinProbabilities, rec.Floats[:n]...)
		out.ExpectedDishes = rec.Floats[n]
	} else {
		for _, v := range rec.Rats[:n] {
			x, e := exactConv(v)
			out.WinProbabilities, out.WinProbabilitiesExact = append(out.WinProbabilities, x), append(out.WinProbabilitiesExact, e)
		}
		out.ExpectedDishes, out.ExpectedDishesExact = exactConv(rec.Rats[n])
	}
	if rec.Action >= 0 {
		out.Target = chefsTarget(s, int(rec.Action), n)
	}
	return out, nil
}

// chefsTarget is the chef action a of state s aims at: the actions are
// the chefs alive in turn order after the cook (chefs.Rules.Expand).
func chefsTarget(s chefs.State, a, n int) int {
	k := int(s.Turn)
	for d := 1; d < n; d++ {
		t := (k + d) % n
		if s.Alive&(1<<t) == 0 {
			continue
		}
		if a == 0 {
			return t + 1
		}
		a--
	}
	return 0
}

func describeChefs(s chefs.State, n int) string {
	var alive []string
	for k := range n {
		if s.Alive&(1<<k) != 0 {
			alive = append(alive, strconv.Itoa(k+1))
		}
	}
	return strings.Join(alive, ",") + "@" + strconv.Itoa(int(s.Turn)+1)
}

// parseChefsState reads "start" or ALIVE@CHEF.
func parseChefsState(text string, n int) (chefs.State, error) {
	text = strings.TrimSpace(text)
	if text == "start" {
		return chefs.State{Alive: 1<<n - 1}, nil
	}
	bad := func(why string) (chefs.State, error) {
		return chefs.State{}, solver.Invalidf("query: a Chef Showdown state is \"start\" or ALIVE@CHEF, the chefs alive (from 1 to %d, comma-separated) and the one to cook, as 1,3,4@3; %q: %s", n, cut(text, 60), why)
	}
	list, cook, ok := strings.Cut(text, "@")
	if !ok {
		return bad("no @")
	}
	var s chefs.State
	for _, p := range strings.Split(list, ",") {
		k, err := strconv.Atoi(strings.TrimSpace(p))
		switch {
		case err != nil || k < 1 || k > n:
			return bad(fmt.Sprintf("%q is not a chef", cut(p, 20)))
		case s.Alive&(1<<(k-1)) != 0:
			return bad(fmt.Sprintf("chef %d is listed twice", k))
		}
		s.Alive |= 1 << (k - 1)
	}
	k, err := strconv.Atoi(strings.TrimSpace(cook))
	if err != nil || k < 1 || k > n || s.Alive&(1<<(k-1)) == 0 {
		return bad(fmt.Sprintf("the cook %q is not a chef alive", cut(cook, 20)))
	}
	s.Turn = int8(k - 1)
	if bits.OnesCount32(s.Alive) == 1 {
		// One chef left: the game is over, whoever "cooks".
		s.Turn = int8(bits.TrailingZeros32(s.Alive))
	}
	return s, nil
}

// Text writes the answer for people.
func (a *ChefsTierAnswer) Text(b *bytes.Buffer, float Float) {
	fmt.Fprintf(b, "%s, chefs %s alive, chef %d to cook (tier %d)\n", a.Game, joinInts(a.Alive, ", "), a.Chef, a.Tier)
	for _, k := range a.Alive {
		fmt.Fprintf(b, "chef %d wins with probability %s\n", k, float(a.WinProbabilities[k-1]))
		if a.WinProbabilitiesExact != nil {
			exactLine(b, a.WinProbabilitiesExact[k-1])
		}
	}
	fmt.Fprintf(b, "expected dishes %s\n", float(a.ExpectedDishes))
	exactLine(b, a.ExpectedDishesExact)
	if a.Target > 0 {
		fmt.Fprintf(b, "best move: chef %d aims at chef %d\n", a.Chef, a.Target)
	}
}
