package model

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"strconv"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/solver"
)

// IDer is implemented by rules whose states have ids of their own (a
// Model): Export writes them as they are, where a Describer's names are
// for messages (a Model's are quoted).
type IDer[S comparable] interface {
	ID(s S) string
}

// TierTeller is implemented by rules whose states may each tell their
// tier (jani.Model.TieredGame): Export writes it as the state's "tier"
// where ok.
type TierTeller[S comparable] interface {
	Tier(s S) (tier int, ok bool)
}

// Export explores rules and writes the game in the JSON model format:
// every state reachable from the start, the start first, each named by
// its IDer id or else by the rules' Describer (a name met twice gets
// "#2", "#3", … so ids stay unique), probabilities and rewards as exact
// "p/q" strings. comment, if not empty, becomes the model's comment; Parse
// reads the result back to the same game: the same states, actions and
// values.
//
// names, if not nil, names the players (one per player of the rules).
// The discount of rules that carry one (engine.Discounter, as a Model),
// or else opt.Discount, is written as the model's "discount".
//
// The format has one start, so rules with several initial states (a
// Seeder with seeds) are refused. Exploration keeps to opt's memory
// budget, and writing checks ctx. Export returns the number of states.
func Export[S comparable](ctx context.Context, w io.Writer, rules engine.Rules[S], opt engine.Options, names []string, comment string) (int, error) {
	if names != nil && len(names) != rules.Players() {
		return 0, fmt.Errorf("model: %d names for %d players", len(names), rules.Players())
	}
	if sd, ok := rules.(engine.Seeder[S]); ok && len(sd.Seeds()) > 0 {
		return 0, solver.Invalidf("model: the model has %d initial states; the JSON model format has one start", len(sd.Seeds())+1)
	}
	discount, err := engine.DiscountOf(rules, opt)
	if err != nil {
		return 0, fmt.Errorf("model: %w", err)
	}
	opt.Discount = nil // a property of the file, not of the exploration
	G, err := engine.Explore(ctx, rules, opt)
	if err != nil {
		return 0, fmt.Errorf("model: %w", err)
	}
	N := G.States()
	ids := make([]string, N)
	seen := make(map[string]int, N)
	named, hasIDs := rules.(IDer[S])
	for i := range ids {
		var id string
		if hasIDs {
			id = named.ID(G.State(i))
		} else {
			id = G.Name(i)
		}
		if k := seen[id]; k > 0 {
			// Names need not be unique; ids must.
			for {
				k++
				alt := id + "#" + strconv.Itoa(k)
				if seen[alt] == 0 {
					seen[id] = k
					id = alt
					break
				}
			}
		}
		seen[id] = 1
		ids[i] = id
	}
	seen = nil
	tt, _ := rules.(TierTeller[S])
	bw := bufio.NewWriterSize(w, 1<<16)
	var b []byte
	if names == nil {
		b = fmt.Appendf(b, "{\"players\": %d, \"start\": ", G.Players())
	} else {
		b = append(b, "{\"players\": ["...)
		for i, name := range names {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = appendString(b, name)
		}
		b = append(b, "], \"start\": "...)
	}
	b = appendString(b, ids[0])
	if discount != nil {
		b = append(b, ",\n \"discount\": "...)
		b = appendString(b, discount.RatString())
	}
	if comment != "" {
		b = append(b, ",\n \"comment\": "...)
		b = appendString(b, comment)
	}
	b = append(b, ",\n \"states\": [\n"...)
	var outs []engine.Outcome[int]
	var pay []*big.Rat
	actions := map[string]int{}
	for i := range N {
		if i%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return 0, fmt.Errorf("model: %w", err)
			}
		}
		b = append(b, "  {\"id\": "...)
		b = appendString(b, ids[i])
		if tt != nil {
			if t, ok := tt.Tier(G.State(i)); ok {
				if t < 0 || t > MaxTier {
					return 0, solver.Invalidf("model: state %s: tier %d out of range (0 to %d)", ids[i], t, MaxTier)
				}
				b = fmt.Appendf(b, ", \"tier\": %d", t)
			}
		}
		switch owner := G.Owner(i); owner {
		case engine.Terminal:
			b = append(b, ", \"payoff\": ["...)
			pay = G.Payoff(i, pay)
			for k, p := range pay {
				if tooLong(p) {
					return 0, long(ids[i], p)
				}
				if k > 0 {
					b = append(b, ", "...)
				}
				b = appendRat(b, p)
			}
			b = append(b, ']')
		case engine.Chance:
			_, outs = G.Action(i, 0, outs)
			if err := checkLen(ids[i], outs); err != nil {
				return 0, err
			}
			b = append(b, ", \"chance\": "...)
			b = appendOutcomes(b, outs, ids)
		default:
			b = fmt.Appendf(b, ", \"player\": %d, \"actions\": [", owner)
			clear(actions)
			for a := range G.Actions(i) {
				var name string
				name, outs = G.Action(i, a, outs)
				if err := checkLen(ids[i], outs); err != nil {
					return 0, err
				}
				if name == "" {
					name = "action"
				}
				// Names must be unique within a state: a second
				// enabled command of one module is "M#2".
				if k := actions[name]; k > 0 {
					actions[name] = k + 1
					name += "#" + strconv.Itoa(k+1)
				}
				actions[name]++
				if a > 0 {
					b = append(b, ",\n    "...)
				}
				b = append(b, "{\"name\": "...)
				b = appendString(b, name)
				b = append(b, ", \"outcomes\": "...)
				b = appendOutcomes(b, outs, ids)
				b = append(b, '}')
			}
			b = append(b, ']')
		}
		b = append(b, '}')
		if i < N-1 {
			b = append(b, ',')
		}
		b = append(b, '\n')
		if _, err := bw.Write(b); err != nil {
			return 0, fmt.Errorf("model: %w", err)
		}
		b = b[:0]
	}
	b = append(b, " ]}\n"...)
	if _, err := bw.Write(b); err != nil {
		return 0, fmt.Errorf("model: %w", err)
	}
	if err := bw.Flush(); err != nil {
		return 0, fmt.Errorf("model: %w", err)
	}
	return N, nil
}

func checkLen(id string, outs []engine.Outcome[int]) error {
	for _, o := range outs {
		if tooLong(o.P) {
			return long(id, o.P)
		}
		if o.Reward != nil && tooLong(o.Reward) {
			return long(id, o.Reward)
		}
	}
	return nil
}

func long(id string, r *big.Rat) error {
	return solver.Invalidf("model: state %s: the number %s… has more digits than the JSON model format reads (%d)", id, r.RatString()[:20], numeric.MaxNumberLen)
}

func appendOutcomes(b []byte, outs []engine.Outcome[int], ids []string) []byte {
	b = append(b, '[')
	for k, o := range outs {
		if k > 0 {
			b = append(b, ", "...)
		}
		b = append(b, "{\"p\": "...)
		b = appendRat(b, o.P)
		b = append(b, ", \"to\": "...)
		b = appendString(b, ids[o.To])
		if o.Reward != nil && o.Reward.Sign() != 0 {
			b = append(b, ", \"reward\": "...)
			b = appendRat(b, o.Reward)
		}
		b = append(b, '}')
	}
	return append(b, ']')
}

// appendRat writes an integer as a JSON number and any other rational as
// an exact "p/q" string.
func appendRat(b []byte, r *big.Rat) []byte {
	if r.IsInt() {
		return r.Num().Append(b, 10)
	}
	b = append(b, '"')
	b = append(b, r.RatString()...)
	return append(b, '"')
}

// tooLong reports whether the reader could refuse r: it reads integers of
// up to numeric.MaxNumberLen digits (each side of a fraction one more).
func tooLong(r *big.Rat) bool {
	over := func(x *big.Int) bool {
		// 2^664 < 10^200: shorter numbers need no count of digits.
		return x.BitLen() > 664 && len(new(big.Int).Abs(x).Text(10)) > numeric.MaxNumberLen
	}
	return over(r.Num()) || over(r.Denom())
}

// appendString writes s as a JSON string, leaving <, > and & as they are.
// Plain ASCII, what state names mostly are, is quoted as it is: every
// outcome writes its target's id.
func appendString(b []byte, s string) []byte {
	plain := true
	for i := 0; i < len(s) && plain; i++ {
		c := s[i]
		plain = c >= 0x20 && c < 0x7f && c != '"' && c != '\\'
	}
	if plain {
		b = append(b, '"')
		b = append(b, s...)
		return append(b, '"')
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.Encode(s) // a string always encodes
	return append(b, bytes.TrimSuffix(buf.Bytes(), []byte("\n"))...)
}
