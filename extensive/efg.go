package extensive

import (
	"fmt"
	"io"
	"math/big"
	"slices"
	"strings"

	"github.com/gamesolve/gamesolve/budget"
)

// efgBytesPerByte is the memory a game read from .efg text takes and
// then solves in, per byte of text: a 100 MB file of 3.3 million nodes
// (Goofspiel with 5 cards) peaked at 24 bytes a byte read and rewritten,
// 33 read and solved by one CFR+ iteration with its certificate.
const efgBytesPerByte = 40

// ReadEFG reads a game in Gambit's .efg format (version 2): the prologue
// EFG 2 R "title" { "player" ... } with an optional comment, then the
// nodes in prefix order. The descriptions of an information set, chance
// event or outcome may be left out after their first appearance, and must
// match it where repeated. Errors give the line and column and wrap
// solver.ErrInvalid; the game is checked (perfect recall included).
func ReadEFG(src []byte) (*Game, error) { return readEFG(src, budget.Available()) }

// readEFG is ReadEFG within a memory budget of avail bytes.
func readEFG(src []byte, avail uint64) (*Game, error) {
	est := budget.Estimate{What: fmt.Sprintf("efg: a game of %s of text", budget.Bytes(float64(len(src)))), Bytes: float64(len(src)) * efgBytesPerByte}
	if err := est.CheckWithin(avail); err != nil {
		return nil, err
	}
	lx := newLexer(string(src), "efg")
	if err := lx.keyword("EFG"); err != nil {
		return nil, err
	}
	if err := lx.keyword("2"); err != nil {
		return nil, err
	}
	if err := lx.keyword("R"); err != nil {
		return nil, err
	}
	g := &Game{}
	t, err := lx.expect(tString, "the game's title")
	if err != nil {
		return nil, err
	}
	g.Title = t.text
	if g.Players, err = lx.stringList("player names"); err != nil {
		return nil, err
	}
	if len(g.Players) == 0 {
		return nil, lx.errorf(t, "the game has no players")
	}
	if t, err = lx.peek(); err != nil {
		return nil, err
	}
	if t.kind == tString {
		lx.next()
		g.Comment = t.text
	}
	r := efgReader{lx: lx, g: g, sets: map[[2]int]int{}, outcomes: map[int]int{}}
	if err := r.nodes(); err != nil {
		return nil, err
	}
	if err := g.Check(); err != nil {
		return nil, err
	}
	return g, nil
}

type efgReader struct {
	lx       *lexer
	g        *Game
	sets     map[[2]int]int // (player or Chance, number) → infoset
	outcomes map[int]int    // number → outcome
}

// stringList reads { "a" "b" ... }.
func (lx *lexer) stringList(what string) ([]string, error) {
	if _, err := lx.expect(tOpen, "{ before the "+what); err != nil {
		return nil, err
	}
	var out []string
	for {
		t, err := lx.next()
		if err != nil {
			return nil, err
		}
		switch t.kind {
		case tClose:
			return out, nil
		case tString:
			out = append(out, t.text)
		default:
			return nil, lx.errorf(t, "want a quoted name or } in the %s, found %s", what, describe(t))
		}
	}
}

func (r *efgReader) nodes() error {
	lx, g := r.lx, r.g
	type open struct{ node, filled int }
	var stack []open
	for {
		t, err := lx.next()
		if err != nil {
			return err
		}
		if t.kind == tEOF {
			if len(stack) > 0 {
				top := stack[len(stack)-1]
				return lx.errorf(t, "the text ends before node %d's child %d of %d", top.node+1, top.filled+1, len(g.Nodes[top.node].Children))
			}
			if len(g.Nodes) == 0 {
				return lx.errorf(t, "the game has no nodes")
			}
			return nil
		}
		if len(g.Nodes) > 0 && len(stack) == 0 {
			return lx.errorf(t, "%s after the last node of the tree", describe(t))
		}
		if len(g.Nodes) >= MaxNodes {
			return lx.errorf(t, "more than %d nodes", MaxNodes)
		}
		if t.kind != tWord || (t.text != "c" && t.text != "p" && t.text != "t") {
			return lx.errorf(t, "want a node (c, p or t), found %s", describe(t))
		}
		nt, err := lx.expect(tString, "the node's name")
		if err != nil {
			return err
		}
		node := Node{Label: nt.text, Infoset: -1, Outcome: -1}
		switch t.text {
		case "c":
			if node.Infoset, err = r.infoset(Chance); err != nil {
				return err
			}
		case "p":
			pl, pt, err := lx.integer("the player's number")
			if err != nil {
				return err
			}
			if pl < 1 || pl > len(g.Players) {
				return lx.errorf(pt, "player %d of %d", pl, len(g.Players))
			}
			if node.Infoset, err = r.infoset(pl - 1); err != nil {
				return err
			}
		}
		if node.Outcome, err = r.outcome(); err != nil {
			return err
		}
		v := len(g.Nodes)
		if node.Infoset >= 0 {
			node.Children = make([]int, len(g.Infosets[node.Infoset].Actions))
		}
		if len(stack) > 0 {
			top := &stack[len(stack)-1]
			g.Nodes[top.node].Children[top.filled] = v
			top.filled++
			if top.filled == len(g.Nodes[top.node].Children) {
				stack = stack[:len(stack)-1]
			}
		}
		g.Nodes = append(g.Nodes, node)
		if node.Infoset >= 0 {
			if len(stack) >= MaxDepth {
				return lx.errorf(t, "the tree is deeper than %d", MaxDepth)
			}
			stack = append(stack, open{v, 0})
		}
	}
}

// infoset reads a chance event's or information set's number and its
// optional description.
func (r *efgReader) infoset(player int) (int, error) {
	lx, g := r.lx, r.g
	what := "the information set's number"
	if player == Chance {
		what = "the chance event's number"
	}
	num, nt, err := lx.integer(what)
	if err != nil {
		return 0, err
	}
	if num < 1 {
		return 0, lx.errorf(nt, "%s must be positive", what)
	}
	I := Infoset{Player: player, Number: num}
	t, err := lx.peek()
	if err != nil {
		return 0, err
	}
	described := t.kind == tString
	if described {
		lx.next()
		I.Label = t.text
		if _, err := lx.expect(tOpen, "{ before the actions"); err != nil {
			return 0, err
		}
		for {
			t, err := lx.next()
			if err != nil {
				return 0, err
			}
			if t.kind == tClose {
				break
			}
			if t.kind != tString {
				return 0, lx.errorf(t, "want a quoted action name or }, found %s", describe(t))
			}
			I.Actions = append(I.Actions, t.text)
			if player == Chance {
				p, pt, err := lx.number("the action's probability")
				if err != nil {
					return 0, err
				}
				if p.Sign() < 0 {
					return 0, lx.errorf(pt, "the probability of %q is negative", t.text)
				}
				I.Probs = append(I.Probs, p)
				if t, _ := lx.peek(); t.kind == tComma {
					lx.next()
				}
			}
		}
		if len(I.Actions) == 0 {
			return 0, lx.errorf(t, "%s has no actions", describeSet(I))
		}
	}
	key := [2]int{player, num}
	i, seen := r.sets[key]
	switch {
	case !seen && !described:
		return 0, lx.errorf(nt, "%s appears for the first time without its actions", describeSet(I))
	case !seen:
		g.Infosets = append(g.Infosets, I)
		i = len(g.Infosets) - 1
		r.sets[key] = i
	case described:
		old := g.Infosets[i]
		switch {
		case !slices.Equal(old.Actions, I.Actions):
			return 0, lx.errorf(nt, "%s has %d actions %q here and %d %q before", describeSet(I), len(I.Actions), I.Actions, len(old.Actions), old.Actions)
		case !slices.EqualFunc(old.Probs, I.Probs, func(a, b *big.Rat) bool { return a.Cmp(b) == 0 }):
			return 0, lx.errorf(nt, "%s has other probabilities here than before", describeSet(I))
		case old.Label != I.Label:
			return 0, lx.errorf(nt, "%s is named %q here and %q before", describeSet(I), I.Label, old.Label)
		}
	}
	return i, nil
}

func describeSet(I Infoset) string {
	if I.Player == Chance {
		return fmt.Sprintf("chance event %d", I.Number)
	}
	return fmt.Sprintf("player %d's information set %d", I.Player+1, I.Number)
}

// outcome reads an outcome number (0: none) and its optional description.
func (r *efgReader) outcome() (int, error) {
	lx, g := r.lx, r.g
	num, nt, err := lx.integer("the outcome's number")
	if err != nil {
		return 0, err
	}
	t, err := lx.peek()
	if err != nil {
		return 0, err
	}
	if t.kind != tString {
		if num == 0 {
			return -1, nil
		}
		i, ok := r.outcomes[num]
		if !ok {
			return 0, lx.errorf(nt, "outcome %d appears for the first time without its payoffs", num)
		}
		return i, nil
	}
	if num == 0 {
		return 0, lx.errorf(t, "outcome 0 (none) has no name or payoffs")
	}
	lx.next()
	out := Outcome{Label: t.text, Number: num}
	if _, err := lx.expect(tOpen, "{ before the payoffs"); err != nil {
		return 0, err
	}
	for {
		t, err := lx.peek()
		if err != nil {
			return 0, err
		}
		if t.kind == tClose {
			lx.next()
			break
		}
		if t.kind == tComma && len(out.Payoffs) > 0 {
			lx.next()
			continue
		}
		u, _, err := lx.number("a payoff")
		if err != nil {
			return 0, err
		}
		if len(out.Payoffs) == len(g.Players) {
			return 0, lx.errorf(t, "outcome %d has more payoffs than the %d players", num, len(g.Players))
		}
		out.Payoffs = append(out.Payoffs, u)
	}
	if len(out.Payoffs) != len(g.Players) {
		return 0, lx.errorf(nt, "outcome %d has %d payoffs for %d players", num, len(out.Payoffs), len(g.Players))
	}
	i, ok := r.outcomes[num]
	if !ok {
		g.Outcomes = append(g.Outcomes, out)
		r.outcomes[num] = len(g.Outcomes) - 1
		return len(g.Outcomes) - 1, nil
	}
	old := g.Outcomes[i]
	if old.Label != out.Label || !slices.EqualFunc(old.Payoffs, out.Payoffs, func(a, b *big.Rat) bool { return a.Cmp(b) == 0 }) {
		return 0, lx.errorf(nt, "outcome %d is described differently than before", num)
	}
	return i, nil
}

// WriteEFG writes the game in Gambit's .efg format, version 2, with exact
// rationals; each information set, event and outcome is described where
// it first appears. Information sets keep their numbers; outcomes are
// numbered from 1 in order of appearance.
func (g *Game) WriteEFG(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "EFG 2 R %s {", quote(g.Title))
	for _, p := range g.Players {
		b.WriteString(" " + quote(p))
	}
	b.WriteString(" }\n" + quote(g.Comment) + "\n\n")
	setSeen := make([]bool, len(g.Infosets))
	outNum := make([]int, len(g.Outcomes))
	next := 0
	flush := func() error {
		if b.Len() < 1<<16 {
			return nil
		}
		_, err := io.WriteString(w, b.String())
		b.Reset()
		return err
	}
	for _, n := range g.Nodes {
		switch {
		case n.Infoset < 0:
			fmt.Fprintf(&b, "t %s ", quote(n.Label))
		default:
			I := g.Infosets[n.Infoset]
			if I.Player == Chance {
				fmt.Fprintf(&b, "c %s %d ", quote(n.Label), I.Number)
			} else {
				fmt.Fprintf(&b, "p %s %d %d ", quote(n.Label), I.Player+1, I.Number)
			}
			if !setSeen[n.Infoset] {
				setSeen[n.Infoset] = true
				fmt.Fprintf(&b, "%s {", quote(I.Label))
				for a, name := range I.Actions {
					b.WriteString(" " + quote(name))
					if I.Player == Chance {
						b.WriteString(" " + I.Probs[a].RatString())
					}
				}
				b.WriteString(" } ")
			}
		}
		if n.Outcome < 0 {
			b.WriteString("0\n")
		} else if outNum[n.Outcome] > 0 {
			fmt.Fprintf(&b, "%d\n", outNum[n.Outcome])
		} else {
			next++
			outNum[n.Outcome] = next
			o := g.Outcomes[n.Outcome]
			fmt.Fprintf(&b, "%d %s {", next, quote(o.Label))
			for k, u := range o.Payoffs {
				if k > 0 {
					b.WriteString(",")
				}
				b.WriteString(" " + u.RatString())
			}
			b.WriteString(" }\n")
		}
		if err := flush(); err != nil {
			return err
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
