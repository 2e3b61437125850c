package cli

import (
	"fmt"
	"strings"

	"github.com/gamesolve/gamesolve/cgt/rulesets"
	"github.com/gamesolve/gamesolve/report"
	"github.com/spf13/cobra"
)

func newCgtCmd(e *env) *cobra.Command {
	var game, code string
	var asJSON, compare, misereFlag bool
	var n int
	cmd := &cobra.Command{
		Use:   "cgt 'EXPRESSION' | cgt --game NAME 'POSITION' | cgt --compare A B",
		Short: "Canonical value, outcome, stops, temperature and thermograph of a combinatorial game",
		Long: `Prints the canonical value of a short partizan game, in CGSuite notation, its
outcome class (L: Left wins, R: Right wins, N: the player to move wins, P:
the player to move loses), its Left and Right stops, its mean and
temperature, its atomic weight where it is an infinitesimal, and its
thermograph: the walls' breakpoints (t, value) from t = -1, as CGSuite's
subzero thermography draws them (an integer has temperature -1, m/2^k with
m odd -1/2^k, a number plus an infinitesimal 0), with the vertical mast at
the mean above the last point. "gamesolve plot cgt" draws it.

--compare A B prints how A compares with B: <, >, = or ‖ (confused).

--octal CODE -n N prints the nim-values G(0), …, G(N) of a take-and-break
game given by its code (0.77 is Kayles, 0.07 Dawson's Kayles; digit d_k:
1 takes a whole heap of k, 2 leaves one heap, 4 two, hexadecimal 8 three;
a digit before the point splits without taking), the period they show from
which n on, and whether the Guy–Smith theorem certifies it for every n
(octal codes, once N is large enough). JSON keys: code, name, n, values,
period, preperiod (the first n of the periodic part), saltus (for an
arithmetic period: G(n+p) = G(n) + saltus), last_exceptional,
certified, needed (how far the theorem needs the values). "--octal grundy"
is Grundy's game (split a heap into two of different sizes), which no
code describes. Values come by the sparse-space method where the code has
one, and from the period once certified: Kayles to 10^7 in seconds.

--octal CODE --misere -n N (N 20 by default) plays the heaps 1..N misère
(the last mover loses): each heap's outcome, its genus g^{γ0γ1…} (Conway)
and whether it is tame (tame heaps play as misère Nim heaps), and the
misère quotient of the sums of those heaps (Plambeck and Siegel): a
commutative monoid, each heap's class in it written in generators a, b,
…, and its P-portion; a sum is a P-position when the product of its heaps'
classes is in the P-portion. The quotient is certified by an exact check
of every sum; where the search behind a growing quotient outgrows its
budget, the quotient of the heaps below is shown and the place it stopped.
JSON keys: code, name, n, heaps [{heap, outcome, genus, tame}],
heaps_limit, quotient {max_heap, order, generators, elements, p_portion,
heaps, grew, table}, quotient_limit.

--game RULESET --misere HEAPS decides a row of heaps of kayles, dawsons,
grundy or octal:CODE in misère play: by the misère quotient of the heaps
to the largest where it can be certified (else by searching the moves),
with the sum's genus and whether the genus theory decides it (tame). JSON
keys: game, input, outcome, by ("quotient" or "search"), class, order,
genus, tame.

Expressions: integers, dyadic fractions (3/4), *, *n, ^, v, ^^, ^n, ^*, ±x
(or +-x), {L|R} with comma-separated options and slash bars ({3||2|1}),
+, binary and unary -, parentheses. "+-" always means ±.

With --game, the argument is a position of a built-in ruleset:
  cookies      pile sizes: "5" or "1 2 2" (Odd is Left)
  nim          heap sizes: "1 2 3"
  hackenbush   Blue-Red stalks of l and r from the ground: "lr rl"
  domineering  rows separated by |, . empty, # filled: "..|.."
               (Left places vertical dominoes)
  cutcake      rectangles MxN (M rows, N columns): "2x3 1x4"
               (Left cuts between columns)
  toads        Toads and Frogs strip: "TT..FF"
  clobber      rows of x (Left), o (Right), . separated by |: "xo|ox"
  konane       the same board; a move jumps an opposing stone: "xo.|.ox"
  toppling     Toppling Dominoes rows of L, R, G (green): "LRG RL"
  col, snort   a graph as edges, a:L or a:R colours a vertex: "a-b b-c"
  hackenbush   also a graph of edges u-v:l or u-v:r, g the ground:
               "g-a:l a-b:r b-g:l"
  impartial games, heap sizes "3 5 7" (values are nimbers *n):
  kayles       knock down one pin or two adjacent ones (code 0.77)
  dawsons      Dawson's Kayles (0.07)
  octal:CODE   any take-and-break code, such as octal:0.137 (see --octal)
  grundy       Grundy's game: split a heap into two of different sizes
  wythoff      Wythoff's game, pairs "a,b" (up to 300): take from one heap
               or the same from both

An expression that starts with "-" follows "--" so it is not read as a flag:
  gamesolve cgt -- '-{2|1}'

JSON keys: value, outcome, input, game (with --game), left_stop,
right_stop, mean, temperature (integers or "p/q" strings), atomic_weight (a
game, or null when undefined), thermograph {"left": [[t, v], ...],
"right": [...]}; with --compare: a, b, relation.`,
		Example: `  gamesolve cgt '{0|*}'
  gamesolve cgt '^+^' --json
  gamesolve cgt '{3||2|1} + *'
  gamesolve cgt -- '-{2|1}'
  gamesolve cgt --game cookies '1 2 2'
  gamesolve cgt --game domineering '..|..'
  gamesolve cgt --compare '^' '*'
  gamesolve cgt --octal 0.77 -n 200
  gamesolve cgt --octal grundy -n 1000000
  gamesolve cgt --octal 0.75 --misere -n 30
  gamesolve cgt --game kayles --misere '3 5 7'
  gamesolve cgt --game wythoff '3,5 10,20'`,
		Args: func(cmd *cobra.Command, args []string) error {
			if code != "" {
				return noArgs(cmd, args)
			}
			if compare {
				if len(args) != 2 {
					return &usageError{fmt.Sprintf("cgt --compare takes two games, got %d arguments (quote an argument that has spaces)", len(args)), helpOf(cmd)}
				}
				return nil
			}
			return exactlyOne("an expression or, with --game, a position", "gamesolve cgt '{0|*}'")(cmd, args)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if code != "" {
				if game != "" || compare {
					return &usageError{"cgt: --octal takes neither --game nor --compare", helpOf(cmd)}
				}
				if misereFlag {
					if !cmd.Flags().Changed("n") {
						n = 20
					}
					out, err := report.SolveMisere(cmd.Context(), code, n)
					if err != nil {
						return err
					}
					return emit(e.stdout, asJSON, out, out.Text)
				}
				out, err := report.SolveOctal(cmd.Context(), code, n, e.workers)
				if err != nil {
					return err
				}
				return emit(e.stdout, asJSON, out, out.Text)
			}
			if misereFlag {
				if game == "" || compare {
					return &usageError{"cgt: --misere goes with --octal, or with --game and a row of heaps", helpOf(cmd)}
				}
				out, err := report.SolveMisereSum(cmd.Context(), game, args[0])
				if err != nil {
					return err
				}
				return emit(e.stdout, asJSON, out, out.Text)
			}
			if cmd.Flags().Changed("n") {
				return &usageError{"cgt: -n goes with --octal", helpOf(cmd)}
			}
			if cmd.Flags().Changed("game") && game == "" {
				_, err := rulesets.Lookup(game)
				return err
			}
			if compare {
				out, err := report.CompareCGT(cmd.Context(), game, args[0], args[1])
				if err != nil {
					return err
				}
				return emit(e.stdout, asJSON, out, out.Text)
			}
			var progress func(int, bool)
			if bar := e.progress("cgt: positions valued"); bar != nil {
				progress = func(n int, done bool) {
					if done {
						bar(int64(n), int64(n)) // clears the bar
					} else {
						bar(int64(n), -1)
					}
				}
			}
			out, err := report.ValueCGT(cmd.Context(), game, args[0], progress)
			if err != nil {
				return err
			}
			return emit(e.stdout, asJSON, out, out.Text)
		},
	}
	cmd.Flags().StringVar(&game, "game", "", "ruleset of the position: "+strings.Join(rulesets.Names(), ", ")+", or octal:CODE (any take-and-break code, as octal:0.137)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object")
	cmd.Flags().BoolVar(&compare, "compare", false, "compare two games: prints <, >, = or ‖")
	cmd.Flags().StringVar(&code, "octal", "", "a take-and-break game's code (0.77 is Kayles): its nim-values G(0..n) and their period")
	cmd.Flags().IntVarP(&n, "n", "n", 200, "with --octal: the largest heap (with --misere: 20 unless given)")
	cmd.Flags().BoolVar(&misereFlag, "misere", false, "misère play (the last mover loses): with --octal, outcomes, genera and the misère quotient of heaps 1..n; with --game, a row of heaps decided")
	return cmd
}
