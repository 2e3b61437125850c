package extensive

import (
	"bytes"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"strings"

	"github.com/gamesolve/gamesolve/solver"
)

// ReadNFG reads a strategic game in Gambit's .nfg format (version 1), in
// either form: the payoff form, with each player's number of strategies
// and then every profile's payoffs, or the outcome form, with named
// strategies, a list of outcomes and then every profile's outcome number
// (0: all payoffs 0). Profiles are listed with the first player's
// strategy varying fastest. Errors give the line and column and wrap
// solver.ErrInvalid.
func ReadNFG(src []byte) (*Game, error) {
	lx := newLexer(string(src), "nfg")
	for _, w := range []string{"NFG", "1", "R"} {
		if err := lx.keyword(w); err != nil {
			return nil, err
		}
	}
	t, err := lx.expect(tString, "the game's title")
	if err != nil {
		return nil, err
	}
	title := t.text
	players, err := lx.stringList("player names")
	if err != nil {
		return nil, err
	}
	if len(players) == 0 {
		return nil, lx.errorf(t, "the game has no players")
	}
	open, err := lx.expect(tOpen, "{ before the strategies")
	if err != nil {
		return nil, err
	}
	if t, err = lx.peek(); err != nil {
		return nil, err
	}
	strategies := make([][]string, len(players))
	outcomeForm := t.kind == tOpen
	profiles := 1
	for p := range players {
		if outcomeForm {
			if strategies[p], err = lx.stringList(fmt.Sprintf("strategies of player %d", p+1)); err != nil {
				return nil, err
			}
		} else {
			n, nt, err := lx.integer(fmt.Sprintf("player %d's number of strategies", p+1))
			if err != nil {
				return nil, err
			}
			if n < 1 || n > MaxNodes {
				return nil, lx.errorf(nt, "player %d has %d strategies", p+1, n)
			}
			for k := range n {
				strategies[p] = append(strategies[p], strconv.Itoa(k+1))
			}
		}
		if len(strategies[p]) == 0 {
			return nil, lx.errorf(open, "player %d has no strategies", p+1)
		}
		profiles *= len(strategies[p])
		if profiles > MaxNodes {
			return nil, lx.errorf(open, "more than %d strategy profiles", MaxNodes)
		}
	}
	if _, err := lx.expect(tClose, fmt.Sprintf("} after the %d players' strategies", len(players))); err != nil {
		return nil, err
	}
	comment := ""
	if t, err = lx.peek(); err != nil {
		return nil, err
	}
	if t.kind == tString {
		lx.next()
		comment = t.text
	}
	// Each profile needs at least a number and a space per payoff (the
	// payoff form) or per outcome index: a short text cannot declare a
	// table it does not hold.
	need := profiles
	if !outcomeForm {
		need *= len(players)
	}
	need = 2*need - 1
	if left := len(src) - lx.pos; need > left {
		return nil, lx.errorf(open, "%d strategy profiles need at least %d bytes of payoffs, and %d are left", profiles, need, left)
	}
	payoffs := make([][]*big.Rat, profiles)
	if !outcomeForm {
		for k := range payoffs {
			payoffs[k] = make([]*big.Rat, len(players))
			for p := range players {
				if t, _ := lx.peek(); t.kind == tComma {
					lx.next()
				}
				if payoffs[k][p], _, err = lx.number(fmt.Sprintf("payoff %d of %d", k*len(players)+p+1, profiles*len(players))); err != nil {
					return nil, err
				}
			}
		}
	} else {
		var outcomes [][]*big.Rat
		if _, err := lx.expect(tOpen, "{ before the outcomes"); err != nil {
			return nil, err
		}
		for {
			t, err := lx.next()
			if err != nil {
				return nil, err
			}
			if t.kind == tClose {
				break
			}
			if t.kind != tOpen {
				return nil, lx.errorf(t, "want { before outcome %d, or }, found %s", len(outcomes)+1, describe(t))
			}
			if _, err := lx.expect(tString, "the outcome's name"); err != nil {
				return nil, err
			}
			u := make([]*big.Rat, len(players))
			for p := range u {
				if t, _ := lx.peek(); t.kind == tComma && p > 0 {
					lx.next()
				}
				if u[p], _, err = lx.number(fmt.Sprintf("player %d's payoff in outcome %d", p+1, len(outcomes)+1)); err != nil {
					return nil, err
				}
			}
			if _, err := lx.expect(tClose, fmt.Sprintf("} after outcome %d's %d payoffs", len(outcomes)+1, len(players))); err != nil {
				return nil, err
			}
			outcomes = append(outcomes, u)
			if len(outcomes) > MaxNodes {
				return nil, lx.errorf(t, "more than %d outcomes", MaxNodes)
			}
		}
		zero := make([]*big.Rat, len(players))
		for p := range zero {
			zero[p] = new(big.Rat)
		}
		for k := range payoffs {
			n, nt, err := lx.integer(fmt.Sprintf("the outcome of profile %d of %d", k+1, profiles))
			if err != nil {
				return nil, err
			}
			if n > len(outcomes) {
				return nil, lx.errorf(nt, "outcome %d of %d", n, len(outcomes))
			}
			if n == 0 {
				payoffs[k] = zero
			} else {
				payoffs[k] = outcomes[n-1]
			}
		}
	}
	if t, err = lx.next(); err != nil {
		return nil, err
	}
	if t.kind != tEOF {
		return nil, lx.errorf(t, "%s after the %d profiles", describe(t), profiles)
	}
	g, err := Strategic(title, players, strategies, payoffs)
	if err != nil {
		return nil, err
	}
	g.Comment = comment
	return g, nil
}

// Read reads a .efg or .nfg game, telling them apart by their first word.
// A file that Gambit's graphical interface saved (an XML gambit:document
// around the game, as in Gambit's contrib/games) is read by its efgfile or
// nfgfile element, with line numbers counted in the whole file.
func Read(src []byte) (*Game, error) {
	src = unwrapXML(src)
	s := bytes.TrimLeft(src, " \t\r\n\v\f")
	switch {
	case bytes.HasPrefix(s, []byte("EFG")):
		return ReadEFG(src)
	case bytes.HasPrefix(s, []byte("NFG")):
		return ReadNFG(src)
	}
	return nil, solver.Invalidf("extensive: not a Gambit game: the text starts with neither EFG nor NFG")
}

// WriteNFG writes a strategic game (one built by Strategic or read from
// .nfg) in the outcome form of Gambit's .nfg format, which keeps the
// strategies' names.
func (g *Game) WriteNFG(w io.Writer) error {
	n := len(g.Players)
	if !g.Strategic || len(g.Infosets) != n {
		return solver.Invalidf("extensive: %q is not a strategic game; write it as .efg", g.Title)
	}
	sf, err := g.sequences()
	if err != nil {
		return err
	}
	profiles := 1
	for p := range n {
		profiles *= len(g.Infosets[p].Actions)
	}
	// Each leaf's profile, from the moves on its path: player p moves at
	// depth p, in information set p.
	outcome := make([]int, profiles)
	for v, node := range g.Nodes {
		if node.Infoset >= 0 {
			continue
		}
		k, depth := 0, 0
		for u := v; sf.up[u] >= 0; u = int(sf.up[u]) {
			depth++
		}
		if depth != n {
			return solver.Invalidf("extensive: %q is not a strategic game; write it as .efg", g.Title)
		}
		for u := v; sf.up[u] >= 0; u = int(sf.up[u]) {
			parent := int(sf.up[u])
			p := g.Nodes[parent].Infoset
			k = k*len(g.Infosets[p].Actions) + int(sf.move[u])
		}
		outcome[k] = node.Outcome + 1
	}
	var b strings.Builder
	fmt.Fprintf(&b, "NFG 1 R %s {", quote(g.Title))
	for _, p := range g.Players {
		b.WriteString(" " + quote(p))
	}
	b.WriteString(" }\n\n{\n")
	for p := range n {
		b.WriteString("{")
		for _, s := range g.Infosets[p].Actions {
			b.WriteString(" " + quote(s))
		}
		b.WriteString(" }\n")
	}
	b.WriteString("}\n" + quote(g.Comment) + "\n\n{\n")
	for _, o := range g.Outcomes {
		b.WriteString("{ " + quote(o.Label))
		for k, u := range o.Payoffs {
			if k > 0 {
				b.WriteString(",")
			}
			b.WriteString(" " + u.RatString())
		}
		b.WriteString(" }\n")
	}
	b.WriteString("}\n")
	for k, o := range outcome {
		if k > 0 {
			b.WriteString(" ")
		}
		b.WriteString(strconv.Itoa(o))
	}
	b.WriteString("\n")
	_, err = io.WriteString(w, b.String())
	return err
}

// unwrapXML returns the game inside a gambit:document (the text of its
// efgfile or nfgfile element, preceded by as many newlines as came before
// it so that errors keep the file's line numbers), or src as it is.
func unwrapXML(src []byte) []byte {
	t := bytes.TrimLeft(src, " \t\r\n")
	if !bytes.HasPrefix(t, []byte("<?xml")) && !bytes.HasPrefix(t, []byte("<gambit:document")) {
		return src
	}
	for _, tag := range []string{"efgfile", "nfgfile"} {
		open, end := []byte("<"+tag+">"), []byte("</"+tag+">")
		i := bytes.Index(src, open)
		if i < 0 {
			continue
		}
		j := bytes.Index(src[i:], end)
		if j < 0 {
			return src
		}
		body := src[i+len(open) : i+j]
		lines := bytes.Count(src[:i+len(open)], []byte("\n"))
		return append(bytes.Repeat([]byte("\n"), lines), body...)
	}
	return src
}
