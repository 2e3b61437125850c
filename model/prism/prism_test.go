package prism_test

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/games/pig"
	"github.com/gamesolve/gamesolve/model/jani"
	"github.com/gamesolve/gamesolve/model/prism"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/solver"
)

func check(t *testing.T, model, props string, consts map[string]string) *jani.Result {
	t.Helper()
	m, err := prism.Parse([]byte(model), []byte(props), consts, "test")
	if err != nil {
		t.Fatal(err)
	}
	res, err := m.Check(context.Background(), jani.Options{Exact: true})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func wantExact(t *testing.T, res *jani.Result, want ...string) {
	t.Helper()
	if len(res.Properties) != len(want) {
		t.Fatalf("%d properties, want %d", len(res.Properties), len(want))
	}
	for i, w := range want {
		p := res.Properties[i]
		switch {
		case p.Skipped != "":
			t.Errorf("%s: skipped: %s", p.Name, p.Skipped)
		case p.Err != nil:
			t.Errorf("%s: error: %v", p.Name, p.Err)
		case w == "true" || w == "false":
			if p.Holds == nil || (*p.Holds) != (w == "true") {
				t.Errorf("%s: holds %v, want %s", p.Name, p.Holds, w)
			}
		case w == "inf":
			if !p.Infinite {
				t.Errorf("%s: %v, want infinity", p.Name, p.Exact)
			}
		default:
			r, _ := new(big.Rat).SetString(w)
			if p.Exact == nil || p.Exact.Cmp(r) != 0 {
				t.Errorf("%s: %v, want %s", p.Name, p.Exact, w)
			}
		}
	}
}

// Knuth and Yao's die from a fair coin (docs/examples/die.pm): each face
// 1/6 (by symmetry of the coin tree: 1/8 + 1/8·1/4 + … = 1/6), 11/3 flips
// on average (each round of three flips ends with probability 3/4, and
// the first round costs 3, each later one 2: 3 + 2·(1/3) = 11/3).
func TestKnuthYaoDie(t *testing.T) {
	model, err := os.ReadFile("../../docs/examples/die.pm")
	if err != nil {
		t.Fatal(err)
	}
	props := `
		const int x;
		P=? [ F s=7 & d=x ];
		R{"coin_flips"}=? [ F "done" ];
		R=? [ C<=2 ];
		P=? [ F<=3 "done" ];
		P=? [ F<3 "done" ];
		P>=1/6 [ F "done" & d=x ];
		P>1/6 [ F "done" & d=x ];
		P=? [ !"done" U<=3 d=x ];`
	for x := 1; x <= 6; x++ {
		res := check(t, string(model), props, map[string]string{"x": string(rune('0' + x))})
		if res.States != 13 {
			t.Errorf("%d states, PRISM builds 13", res.States)
		}
		// Within three flips the die is done with probability 3/4 (every
		// branch but the two that return), and never within two; each
		// face then with 1/8 (one path of three flips).
		wantExact(t, res, "1/6", "11/3", "2", "3/4", "0", "true", "false", "1/8")
	}
}

// A decision with a loop, in an MDP: from s=0 "safe" reaches the goal with
// 1/2 and otherwise comes back; "bold" reaches it with 3/4 and otherwise
// fails. Pmax is 1 (keep trying), Pmin 3/4; the expected number of steps
// to the goal is 2 under "safe" alone, infinite under the worst policy.
// Synchronisation: the module "count" takes part in every "try".
func TestMDPWithSync(t *testing.T) {
	model := `
mdp
const double p = 1/2;
module gambler
	s : [0..2] init 0; // 0 trying, 1 won, 2 lost
	[try] s=0 -> p : (s'=1) + (1-p) : (s'=0);
	[bold] s=0 -> 3/4 : (s'=1) + 1/4 : (s'=2);
endmodule
module count
	n : [0..3] init 0;
	[try] true -> (n'=min(n+1, 3));
endmodule
rewards "steps"
	true : 1;
endrewards
label "won" = s=1;
`
	res := check(t, model, `
		Pmax=? [ F "won" ];
		Pmin=? [ F "won" ];
		Rmin=? [ F s>0 ];
		Rmax=? [ F "won" ];
		Pmax=? [ F<=2 "won" & n=2 ];
		Pmin>=3/4 [ F "won" ];`, nil)
	wantExact(t, res, "1", "3/4", "1", "inf", "1/4", "true")
	// s=0, won and lost, each with n=0..3 ("bold" keeps n, "try" counts).
	if res.States != 12 {
		t.Errorf("%d states, want 12", res.States)
	}
}

// A renamed module, a global variable, a formula, an init block, and a
// DTMC whose enabled commands are chosen uniformly: two coins, each
// flipped until heads, one chosen at random per step while both are
// tails. Both come up heads surely; each step succeeds with 1/2 (2 steps
// expected to the first head, 2 more to the second): 4 steps; the global
// counts the steps up to 3.
func TestRenamingAndInit(t *testing.T) {
	model := `
dtmc
global steps : [0..3];
formula both = c1=1 & c2=1;
module coin1
	c1 : [0..1];
	[] c1=0 -> 1/2 : (c1'=1) & (steps'=min(steps+1, 3)) + 1/2 : (steps'=min(steps+1, 3));
endmodule
module coin2 = coin1 [c1=c2] endmodule
init steps=0 & c1=0 & c2=0 endinit
rewards "flips"
	[] true : 1;
endrewards
`
	res := check(t, model, `P=? [ F both ]; R{"flips"}=? [ F both ]; P=? [ F both & steps=2 ]; P=? [ F "init" ]`, nil)
	// Both heads in exactly two steps: 1/2 · 1/2.
	wantExact(t, res, "1", "4", "1/4", "1")
}

// A formula is expanded before its module is renamed (the PRISM manual,
// "Formulas and labels"), so the copy's formula asks about what the
// renaming maps it to. Each module moves once, and only while the other
// has not: from (0,0) either a or b moves, and then the other is stuck.
// Read the formula unexpanded and b would ask about itself, and both
// would reach 1 half the time (the reader did so, silently, and answered
// 0 for pnueli-zuck's liveness, where mcsta's is 1).
func TestRenamingExpandsFormulas(t *testing.T) {
	model := `
dtmc
formula other = b;
formula idle = other=0;
module first
	a : [0..1] init 0;
	[] a=0 & idle -> (a'=1);
endmodule
module second = first [a=b, b=a] endmodule
`
	res := check(t, model, `P=? [ F a=1 & b=1 ]; P=? [ F a=1 ]; P=? [ F b=1 ]`, nil)
	wantExact(t, res, "0", "1/2", "1/2")
	if res.States != 3 {
		t.Errorf("%d states, want 3", res.States)
	}
}

// filter(fun, φ, "init") takes the minimum, maximum, mean or sum of φ
// over the initial states, as QVBS's herman asks. Herman's ring of three,
// every state initial: the six states with one token are stable, and the
// two with three (all equal) pass to any of the eight with equal odds, so
// they need 1/(6/8) = 4/3 steps. Over the eight: max 4/3, min 0, mean
// 2·(4/3)/8 = 1/3; within one step, six states are stable and the other
// two get there with 6/8 each: 6 + 2·6/8 = 15/2 in sum. Without a filter
// the values differ, and the property is skipped with the reason.
func TestFilterOverInitialStates(t *testing.T) {
	model := `
dtmc
module process1
	x1 : [0..1];
	[step]  (x1=x3) -> 1/2 : (x1'=0) + 1/2 : (x1'=1);
	[step] !(x1=x3) -> (x1'=x3);
endmodule
module process2 = process1 [ x1=x2, x3=x1 ] endmodule
module process3 = process1 [ x1=x3, x3=x2 ] endmodule
rewards "steps"
	true : 1;
endrewards
init true endinit
label "stable" = (x1=x2?1:0)+(x2=x3?1:0)+(x3=x1?1:0) = 1;
`
	res := check(t, model, `filter(max, R=? [ F "stable" ], "init"); filter(min, R=? [ F "stable" ], "init");
		filter(avg, R=? [ F "stable" ], "init"); filter(sum, P=? [ F<=1 "stable" ], "init")`, nil)
	wantExact(t, res, "4/3", "0", "1/3", "15/2")
	if res.States != 8 {
		t.Errorf("%d states, want 8", res.States)
	}
	res = check(t, model, `R=? [ F "stable" ]`, nil)
	if len(res.Properties) != 1 || !strings.Contains(res.Properties[0].Skipped, "differ across the 8 initial states") {
		t.Errorf("no filter: %+v, want the property skipped because the values differ", res.Properties)
	}
}

// hermanRing is Herman's self-stabilising ring of n processes (n odd),
// all stepping at once: a process whose bit equals its left neighbour's
// holds a token and flips a fair coin, the others copy their neighbour.
// Every state is initial; "stable" is one token left.
func hermanRing(n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "dtmc\nmodule process1\n x1 : [0..1];\n [step] x1=x%d -> 1/2 : (x1'=0) + 1/2 : (x1'=1);\n [step] !(x1=x%d) -> (x1'=x%d);\nendmodule\n", n, n, n)
	for i := 2; i <= n; i++ {
		fmt.Fprintf(&b, "module process%d = process1 [x1=x%d, x%d=x%d] endmodule\n", i, i, n, i-1)
	}
	b.WriteString("rewards \"steps\" true : 1; endrewards\ninit true endinit\nformula tokens = ")
	for i := 1; i <= n; i++ {
		if i > 1 {
			b.WriteString(" + ")
		}
		fmt.Fprintf(&b, "(x%d=x%d ? 1 : 0)", i, i%n+1)
	}
	b.WriteString(";\nlabel \"stable\" = tokens = 1;\n")
	return b.String()
}

// The worst expected time for Herman's ring of n processes to stabilise,
// over all initial states, is that of three tokens as evenly spaced as n
// allows, 4abc/n for gaps a + b + c = n (McIver and Morgan's conjecture,
// proved by Kruijer; the QVBS references for n = 11 to 17, 192/11 to
// 720/17, agree). For n = 11 the rings of five and seven tokens are parts
// of 924 and 660 states, which exact mode lumps (rotations and
// reflections have equal values).
func TestHermanRing(t *testing.T) {
	for _, n := range []int{3, 5, 7, 9, 11} {
		best := 0
		for a := 1; a < n; a++ {
			for b2 := 1; a+b2 < n; b2++ {
				best = max(best, a*b2*(n-a-b2))
			}
		}
		res := check(t, hermanRing(n), `filter(max, R=? [ F "stable" ], "init")`, nil)
		wantExact(t, res, big.NewRat(int64(4*best), int64(n)).RatString())
		if res.States != 1<<n {
			t.Errorf("n = %d: %d states, want %d", n, res.States, 1<<n)
		}
	}
}

// BenchmarkHermanExact reads Herman's ring of 13 (8,192 states, 1.6
// million outcomes) and answers its worst expected time, 320/13, exactly:
// exploration, lumping and the shared exit sums of the engine's exact
// mode (engine/exits.go).
func BenchmarkHermanExact(b *testing.B) {
	src := []byte(hermanRing(13))
	props := []byte(`filter(max, R=? [ F "stable" ], "init")`)
	for b.Loop() {
		m, err := prism.Parse(src, props, nil, "herman")
		if err != nil {
			b.Fatal(err)
		}
		res, err := m.Check(context.Background(), jani.Options{Exact: true})
		if err != nil {
			b.Fatal(err)
		}
		if got := res.Properties[0].Exact; got == nil || got.RatString() != "320/13" {
			b.Fatalf("%s, want 320/13", got)
		}
	}
}

// PRISM's own example properties files (two_dice.pctl, say) end no
// property with a semicolon: one a line, with comments, constants and
// names between. They read as the same file with semicolons does.
func TestPropertiesWithoutSemicolons(t *testing.T) {
	model := "dtmc\nmodule m\n  s : [0..2] init 0;\n  [] s=0 -> 1/4 : (s'=1) + 3/4 : (s'=2);\n  [] s>0 -> true;\nendmodule\nrewards \"r\" s=0 : 5; endrewards\n"
	bare := `const int k = 2;

// the chance of each end
P=? [ F s=1 ]
"second": P=? [ F s=k ]
R=? [ F s>0 ] P>=0.5 [ F s=k ]
label "one" = s=1;
P=? [ F "one" ]`
	ended := `const int k = 2; P=? [ F s=1 ]; "second": P=? [ F s=k ]; R=? [ F s>0 ]; P>=0.5 [ F s=k ]; label "one" = s=1; P=? [ F "one" ];`
	for _, props := range []string{bare, ended} {
		res := check(t, model, props, nil)
		wantExact(t, res, "1/4", "3/4", "5", "true", "1/4")
		if res.Properties[1].Name != "second" {
			t.Errorf("second property named %q, want \"second\"", res.Properties[1].Name)
		}
	}
	// What cannot begin a property is refused where it stands, and costs
	// only its own line.
	res := check(t, model, "P=? [ F s=1 ]\n) P=? [ F s=2 ]\nP=? [ F s=2 ]", nil)
	if len(res.Properties) != 3 || res.Properties[1].Err == nil || !strings.Contains(res.Properties[1].Err.Error(), "properties 2:1") {
		t.Fatalf("a stray parenthesis: %+v, want an error at properties 2:1 between two values", res.Properties)
	}
	wantExact(t, &jani.Result{Properties: []jani.PropertyResult{res.Properties[0], res.Properties[2]}}, "1/4", "3/4")
}

// Errors name the place and what was expected, the way a compiler does.
func TestParseErrors(t *testing.T) {
	good := "dtmc\nmodule m\n  s : [0..2] init 0;\n  [] s=0 -> 0.5 : (s'=1) + 0.5 : (s'=2);\nendmodule\n"
	for _, tc := range []struct{ model, props, want string }{
		{"dtmc\nmodule m\n  s : [0..2] init 0;\n  [] s=0 -> 0.5 : (s'=1) + 0.5 (s'=2);\nendmodule\n", "", `4:32: expected ":", found "("`},
		{"dtmc\nmodule m\n  s : [0..2] init 0;\n  [] s=0 -> (t'=1);\nendmodule\n", "", "4:14: t is not a variable"},
		{"dtmc\nmodule m\n  s : [0..2] init 0;\n  [] s=0 -> (s'=q);\nendmodule\n", "", "4:17: unknown name q"},
		{"dtmc\nmodule m\n  s : [0..2];\n", "", "expected endmodule"},
		{"ctmc\nmodule m endmodule", "", "1:1: model type ctmc is not supported"},
		{"dtmc\nmodule m\n  s : int;\nendmodule", "", "3:7: variable s: only bounded integers"},
		{"dtmc /* open", "", "1:6: a comment /* is not closed"},
		// Found by the JANI reader, told at the PRISM command or
		// variable (the JANI path names the assignment).
		{"dtmc\nmodule m\n x : [0..10] init 5;\n [] x -> (x'=1);\nendmodule\n", "", `4:2: guard: type error: want bool, got int`},
		{"dtmc\nmodule m\n x : [10..0] init 5;\n [] x>0 -> (x'=1);\nendmodule\n", "", `3:2: type: bounds [10, 0] span more than 2^40 values or are empty (in the translation to JANI: variable "x")`},
		{"dtmc\nmodule m\n x : [0..10] init 5;\n [] x>0 -> (x'=x/2);\nendmodule\n", "", `4:2: type error: int := real value (in the translation to JANI: automaton "m", edge 0 (location "l"), destination 0, assignment 0)`},
		// A tab counts eight columns, a CRLF line ending one.
		{"dtmc\r\nmodule m\r\n\ts : [0..2] init 0;\r\n\t[] s=0 -> (t'=1);\r\nendmodule\r\n", "", "4:20: t is not a variable"},
		{"dtmc\nmodule m\n s : [0..1];\nendmodule\nmodule n = m [t=u] endmodule", "", "variable s of m is not renamed"},
		{"dtmc\nformula f = f + 1;\nmodule m\n s : [0..1];\n [] f=1 -> true;\nendmodule", "", "formula f uses itself"},
		{good, "P=? [ F s=2", `properties 1:12: expected "]"`},
		{good, `P=? [ F "nowhere" ]`, `properties 1:9: unknown label "nowhere"`},
		{good, `filter(3, P=? [ F s=2 ], "init")`, `properties 1:8: expected a filter function (min, max, avg, sum, forall, exists, ...), found "3"`},
		{good, `filter(max, P=? [ F s=2 ], "init", s=1)`, "properties 1:1: filter takes a function, a property and the states, not 4 arguments"},
		{good, `R=? [ F s=2 ]`, "no reward structure"},
		{"mdp\nmodule m\n s : [0..1];\n [] true -> true;\nendmodule", `P=? [ F s=1 ]`, "needs min or max"},
		{good, `<<p1>> Pmax=? [ F s=2 ]`, "properties 1:8: a coalition <<...>> needs a game (smg)"},
		{"smg\nplayer a m endplayer\nmodule m\n s : [0..1];\n [] s=0 -> (s'=1);\nendmodule", `Pmax=? [ F s=1 ]`, "names its coalition"},
		{"smg\nplayer a m endplayer\nmodule m\n s : [0..1];\n [] s=0 -> (s'=1);\nendmodule", `<<b>> Pmax=? [ F s=1 ]`, "properties 1:7: no player b in the game"},
		{"smg\nplayer a n endplayer\nmodule m\n s : [0..1];\nendmodule", `<<a>> Pmax=? [ F s=1 ]`, "player a: no module n"},
		{"mdp\nplayer a m endplayer\nmodule m\n s : [0..1];\nendmodule", ``, "player blocks belong to games"},
	} {
		m, err := prism.Parse([]byte(tc.model), []byte(tc.props), nil, "t")
		if err == nil {
			// An error in the one property is that property's.
			res, err := m.Check(context.Background(), jani.Options{})
			if err != nil || len(res.Properties) != 1 || res.Properties[0].Err == nil || !strings.Contains(res.Properties[0].Err.Error(), tc.want) {
				t.Errorf("%q %q: %v %+v, want the property's error %q", tc.model, tc.props, err, res, tc.want)
			}
			continue
		}
		if !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q %q: error %v, want %q", tc.model, tc.props, err, tc.want)
			continue
		}
		if !errors.Is(err, solver.ErrInvalid) {
			t.Errorf("%v: does not wrap solver.ErrInvalid", err)
		}
	}
	// PRISM that is read but not computed skips its property, saying why.
	for _, tc := range []struct{ model, props, want string }{
		{good, `P=? [ F s>0 U s=2 ]`, "LTL formulas"},
		{good, `P=? [ F>=2 s=2 ]`, "lower and interval time bounds"},
		{good, `P=? [ F[1,3] s=2 ]`, "lower and interval time bounds"},
		{good, `P=? [ X s=2 ]`, "X (next) is not supported"},
		{good, `P=? [ s=0 W s=2 ]`, "the W operator"},
		{good, `P=? [ s=0 R s=2 ]`, "the R operator"},
		{good, `filter(max, P=? [ F s=2 ])`, `properties 1:1: a filter is supported over the initial states only: filter(max, φ, "init")`},
		{good, `filter(max, P=? [ F s=2 ], s=1)`, "over the initial states only"},
		{good, `filter(forall, P>=1 [ F s=2 ], "init")`, "properties 1:1: filter function forall is not supported (min, max, avg, sum and + are)"},
		{good, `P=? [ F filter(max, P=? [ F s=2 ], "init")=1 ]`, "a filter operator inside a formula is not supported"},
		{good, `P=? [ F s=2 {s=0}{max} ]`, "a filter inside the operator"},
		{good, `E [ F s=2 ]`, "the CTL quantifiers A and E"},
		{good, `P>=1 [ F s=2 ] & P<=1 [ F s=1 ]`, "a property must be a P, R or S operator"},
		{good, `Pmaxmin=? [ F s=2 ]`, "a pair of directions"},
		{"smg\nplayer a m endplayer\nmodule m\n s : [0..1];\n [] s=0 -> (s'=1);\nendmodule", `<<a>> (P>=1 [ F s=1 ] & P<=1 [ G s=0 ])`, "multi-objective"},
		{"smg\nplayer a m endplayer\nplayer b endplayer\nmodule m\n s : [0..1];\n [] s=0 -> (s'=1);\nendmodule", `<<a:b>>max=? (P[F s=1] + P[F s=0])`, "nonzero-sum"},
		{"smg\nplayer a m endplayer\nmodule m\n s : [0..1];\n [] s=0 -> (s'=1);\nendmodule\nrewards true : 1; endrewards", `<<a>> Rmin=? [ F0 s=1 ]`, "the reward F0"},
		{"smg\nplayer a m endplayer\nmodule m\n s : [0..1];\n [] s=0 -> (s'=1);\nendmodule\nrewards true : 1; endrewards", `<<a>> Rmin=? [ Fc s=1 ]`, "the reward Fc"},
		{"smg\nplayer a m endplayer\nmodule m\n s : [0..1];\n [] s=0 -> (s'=1);\nendmodule\nrewards true : 1; endrewards", `<<a>> Rmin=? [ C ]`, "the total reward C"},
	} {
		m, err := prism.Parse([]byte(tc.model), []byte(tc.props), nil, "t")
		if err != nil {
			t.Errorf("%q: %v, want the property skipped", tc.props, err)
			continue
		}
		res, err := m.Check(context.Background(), jani.Options{})
		if err != nil || len(res.Properties) != 1 || !strings.Contains(res.Properties[0].Skipped, tc.want) || res.Properties[0].Err != nil {
			t.Errorf("%q: %v %+v, want it skipped with %q", tc.props, err, res, tc.want)
		}
	}
}

// FuzzParse: any text either parses or gives an error (never a panic or a
// hang), and a model that parses is explored exactly within a small cap.
func FuzzParse(f *testing.F) {
	die, _ := os.ReadFile("../../docs/examples/die.pm")
	f.Add(string(die), `P=? [ F s=7 ]; R=? [ C<=3 ];`)
	f.Add("mdp\nconst int N=2;\nmodule m\n s : [0..N] init 0;\n [a] s<N -> 1/2 : (s'=s+1) + 1/2 : true;\nendmodule\nrewards \"r\" [a] true : 1; s=1 : 2; endrewards\nlabel \"l\" = s=N;", `Pmax=? [ F "l" ]; Rmin=? [ F "l" ]; Pmin>=0.5 [ true U<=3 "l" ]`)
	f.Add("dtmc\nglobal g : bool init false;\nmodule a\n x : [0..1];\n [] !g -> (g'=true) & (x'=1);\nendmodule\nmodule b = a [x=y] endmodule", `P=? [ F g ]`)
	if pigModel, err := os.ReadFile("../../docs/examples/pig.prism"); err == nil {
		f.Add(strings.Replace(string(pigModel), "const int N;", "const int N = 3;", 1), `<<p1>> Pmax=? [ F "first wins" ]; <<p2>> Pmin=? [ F<=4 "first wins" ]; S=? [ s1=0 ]`)
	}
	f.Add("dtmc\nmodule m\n s : [0..1];\n [] true -> 1/2 : (s'=1-s) + 1/2 : true;\nendmodule\nrewards s=1 : 2; endrewards", `S=? [ s=1 ]; R=? [ S ]; R=? [ I=3 ]; P=? [ G<=2 s=0 ]`)
	// The shapes of the second reliability probe, small: deep nesting, a
	// long sum, doubling formulas, a renamed module using them, long
	// chains of unary operators and conditionals, bad UTF-8.
	nested := func(open, e, close string, n int) string {
		return strings.Repeat(open, n) + e + strings.Repeat(close, n)
	}
	update := func(e string) string {
		return "dtmc\nmodule m\n x : [0..10] init 0;\n [] x<10 -> 0.5:(x'=" + e + ") + 0.5:(x'=x);\nendmodule\n"
	}
	var doubling strings.Builder
	doubling.WriteString("dtmc\nformula f0 = x;\n")
	for i := 1; i <= 30; i++ {
		fmt.Fprintf(&doubling, "formula f%d = f%d + f%d;\n", i, i-1, i-1)
	}
	doubling.WriteString("module m\n x : [0..10] init 0;\n [] f30<10 -> (x'=x);\nendmodule\nmodule n = m [x=y] endmodule\n")
	f.Add(update(nested("(", "x+1", ")", 1200)), `P=? [ F x=3 ]`)
	f.Add(update("x+1"), "P=? [ F "+nested("(", "x=3", ")", 1200)+" ]")
	f.Add(update("min(10,"+strings.Repeat("x+", 1500)+"x)"), `P=? [ F x=3 ]`)
	f.Add(update(strings.Repeat("-", 1500)+"x"), `P=? [ F x=3 ]`)
	f.Add(update(strings.Repeat("x>1?x:", 1500)+"x"), `P=? [ F x=3 ]`)
	f.Add(doubling.String(), `P=? [ F x=3 ]`)
	f.Add("dtmc\nmodule m\xff\nendmodule\n", `P=? [ F "a\xfe" ]`)
	f.Add(update("mod(x,x)"), `P=? [ (!"a" U "b") ]; <<1,2>> Pmax=? [ F x=3 ]`)
	f.Add(update("x+1"), "P=? [ F x=3 ]\nP=? [ F x= ]\n[[1]] P>=0.5 [ X (F x=2) U<=3 G x>1 ]\nE [ x=1 W x=2 ]\n<<1:2>>max=? (P[F x=1] + R[C])\nR{\"r\"}min=? [ Fc x=1 {x=0}{max} ]\nfilter(+, P=? [ F[1,2] x=3 ], x>0)")
	f.Fuzz(func(t *testing.T, model, props string) {
		m, err := prism.Parse([]byte(model), []byte(props), nil, "fuzz")
		if err != nil {
			// One line, and marked as what it is.
			if strings.Contains(err.Error(), "\n") || !(errors.Is(err, solver.ErrInvalid) || errors.Is(err, jani.ErrUnsupported) || errors.Is(err, budget.ErrTooLarge)) {
				t.Errorf("%q %q: %v", model, props, err)
			}
			return
		}
		opt := jani.Options{Exact: true}
		opt.Engine = engine.Options{MaxStates: 2000}
		_, _ = m.Check(context.Background(), opt)
	})
}

// Pig for two players as a PRISM game (docs/examples/pig.prism): the first
// player's value, <<p1>> Pmax against the second, is the win probability
// that package pig computes with its own rules, for several targets; the
// second's is the rest (the game is constant-sum).
func TestPigAsGame(t *testing.T) {
	model, err := os.ReadFile("../../docs/examples/pig.prism")
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{2, 5, 8, 12} {
		want, err := pig.Solve(context.Background(), numeric.Exact{}, n, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		res := check(t, string(model), `<<p1>> Pmax=? [ F "first wins" ]; <<p2>> Pmax=? [ F "second wins" ]; <<p2>> Pmin=? [ F "first wins" ]`, map[string]string{"N": strconv.Itoa(n)})
		rest := new(big.Rat).Sub(big.NewRat(1, 1), want.Win)
		wantExact(t, res, want.Win.RatString(), rest.RatString(), want.Win.RatString())
	}
}

// pigTo5 is docs/examples/pig.prism and the first player's win
// probability at target 5, from package pig.
func pigTo5(t *testing.T) ([]byte, *big.Rat) {
	t.Helper()
	model, err := os.ReadFile("../../docs/examples/pig.prism")
	if err != nil {
		t.Fatal(err)
	}
	want, err := pig.Solve(context.Background(), numeric.Exact{}, 5, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return model, want.Win
}

// The coalition's side of a threshold and the dual coalition, on Pig to
// 5 (first player's win probability w, from package pig): <<C>> P>=b asks
// whether C can ensure at least b, so C maximizes, and with P<=b it
// minimizes; [[C]] is the others' <<...>>, its direction turned (the
// games are determined). Before, a threshold took MDP's reading (P>=b
// over every policy: the least), so <<p1>> P>=w was false.
func TestCoalitionForms(t *testing.T) {
	model, win := pigTo5(t)
	w := win.RatString()
	res := check(t, string(model), strings.ReplaceAll(`
		<<p1>> P>=WIN [ F "first wins" ]
		<<p1>> P>WIN [ F "first wins" ]
		<<p2>> P<=WIN [ F "first wins" ]
		<<p2>> P<WIN [ F "first wins" ]
		[[p1]] Pmax=? [ F "first wins" ]
		[[p2]] Pmin=? [ F "first wins" ]
		[[p2]] P>=WIN [ F "first wins" ]
		[[p1]] P<=WIN [ F "first wins" ]
		[[p1]] P<WIN [ F "first wins" ]
		<<1>> Pmax=? [ (!"second wins" U "first wins") ]
		<<p1,p2>> P>=WIN [ F "first wins" ]
		<<>> P<=WIN [ F "first wins" ]
		<<p1,p2>> Pmax=? [ F "first wins" ]
		<<>> Pmin=? [ F "first wins" ]
		<<p1,p2>> Pmin=? [ F "first wins" ]
		<<>> Pmax=? [ F "first wins" ]`, "WIN", w), map[string]string{"N": "5"})
	// Together the players can do better than p1 alone, and <<>> P<=b
	// holds only if it holds whatever everyone does.
	wantExact(t, &jani.Result{Properties: res.Properties[:12]}, "true", "false", "true", "false", w, w, "true", "true", "false", w, "true", "false")
	// The empty coalition maximizing is everyone minimizing, and the
	// other way round.
	for _, pair := range [][2]int{{12, 13}, {14, 15}} {
		a, b := res.Properties[pair[0]], res.Properties[pair[1]]
		if a.Exact == nil || b.Exact == nil || a.Exact.Cmp(b.Exact) != 0 {
			t.Errorf("%s = %v, %s = %v: want equal", a.Name, a.Exact, b.Name, b.Exact)
		}
	}
}

// A property that cannot be read or checked costs only itself: the
// others keep their values and places, in file order, and the failed
// one says why with its line and column; PRISM read but not computed is
// skipped.
func TestPropertyErrorsCostOnlyThemselves(t *testing.T) {
	model, win := pigTo5(t)
	m, err := prism.Parse(model, []byte(`<<p1>> Pmax=? [ F "first wins" ]
<<p1>> Pmax=? [ F "first wins" &  ]
"x": <<p1>> Pmax=? [ X "first wins" ]; "nowhere": <<p2>> Pmax=? [ F "nowhere" ]
<<p2>> Pmax=? [ F "second wins" ]
<<p1>> Pmax=? [ F é ]
<<p2>> Pmin=? [ F "first wins" ]`), map[string]string{"N": "5"}, "pig")
	if err != nil {
		t.Fatal(err)
	}
	res, err := m.Check(context.Background(), jani.Options{Exact: true})
	if err != nil {
		t.Fatal(err)
	}
	w := win.RatString()
	rest := new(big.Rat).Sub(big.NewRat(1, 1), win).RatString()
	wantExact(t, &jani.Result{Properties: []jani.PropertyResult{res.Properties[0], res.Properties[4], res.Properties[6]}}, w, rest, w)
	for i, want := range map[int]string{
		1: `properties 2:35: expected an expression, found "]"`,
		3: `properties 3:69: unknown label "nowhere"`,
		5: `properties 5:19: unexpected character 'é'`,
	} {
		if p := res.Properties[i]; p.Err == nil || !strings.Contains(p.Err.Error(), want) || !errors.Is(p.Err, solver.ErrInvalid) {
			t.Errorf("property %d (%s): %v, want %q", i+1, p.Name, p.Err, want)
		}
	}
	if p := res.Properties[2]; p.Name != "x" || !strings.Contains(p.Skipped, "properties 3:22: X (next) is not supported") {
		t.Errorf("property 3: %+v, want x skipped", p)
	}
	// A JANI document holds every property or none.
	if _, err := prism.ToJANI(model, []byte("<<p1>> Pmax=? [ F \"first wins\" ]\n<<p1>> Pmax=? [ X \"first wins\" ]"), "pig"); err == nil || !strings.Contains(err.Error(), "properties 2:17: X (next) is not supported") {
		t.Errorf("ToJANI: %v", err)
	}
}

// A turn-based game gives each state one player: where two players could
// move, Check says so.
func TestTwoPlayersInOneState(t *testing.T) {
	model := `smg
player a [x] endplayer
player b [y] endplayer
module m
	s : [0..1];
	[x] s=0 -> (s'=1);
	[y] s=0 -> (s'=1);
endmodule`
	m, err := prism.Parse([]byte(model), []byte(`<<a>> Pmax=? [ F s=1 ]`), nil, "t")
	if err != nil {
		t.Fatal(err)
	}
	_, err = m.Check(context.Background(), jani.Options{})
	if err == nil || !strings.Contains(err.Error(), "players a and b can both move") {
		t.Errorf("error %v", err)
	}
}

// A property's state formula is evaluated over every state, on both cores
// for a large model; an evaluation error in one state is one error, and
// the other properties' marks are right.
func TestMarksOverManyStates(t *testing.T) {
	walk := "dtmc\nmodule m\n x : [0..20000] init 0;\n [] x<20000 -> (x'=x+1);\nendmodule\n"
	m, err := prism.Parse([]byte(walk), []byte(`P=? [ F 1/(x-15000) > 0 ]`), nil, "walk")
	if err != nil {
		t.Fatal(err)
	}
	// The failure is the property's own: it costs only itself.
	res, err := m.Check(context.Background(), jani.Options{})
	if err != nil || len(res.Properties) != 1 {
		t.Fatalf("%v %+v, want the property's error", err, res)
	}
	if perr := res.Properties[0].Err; perr == nil || !strings.Contains(perr.Error(), "division by zero") || strings.Contains(perr.Error(), "\n") {
		t.Errorf("error %v, want one line about the division by zero", perr)
	}
	m, err = prism.Parse([]byte(walk), []byte(`P=? [ F x=19999 ]; P=? [ x<5000 | x>5000 U x=20000 ]`), nil, "walk")
	if err != nil {
		t.Fatal(err)
	}
	res, err = m.Check(context.Background(), jani.Options{Exact: true})
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{"1", "0"} {
		if got := res.Properties[i].Exact; got == nil || got.RatString() != want {
			t.Errorf("property %d: %v, want %s", i+1, got, want)
		}
	}
}

// What goes wrong only when a state is explored (a division by zero, a
// value past its bounds, probabilities that do not add up to 1) is told at
// the PRISM command, with the destination where there is one; what the
// command line's constants get wrong is not called the translation's.
func TestExploreErrorsPlaced(t *testing.T) {
	const head = "dtmc\nmodule m\n x : [0..3] init 0;\n"
	for _, tc := range []struct {
		name, model string
		consts      map[string]string
		want        []string
	}{
		{"assignment divides by zero", head + " [] x<3 -> (x'=x+1);\n [] x=1 -> (x'=floor(x/(x-1)));\nendmodule\n", nil,
			[]string{"state (x=1)", "edge 1 [prism 5:2]", "destination 0: division by zero"}},
		{"guard divides by zero", head + " [] x/x>0 -> (x'=1);\nendmodule\n", nil,
			[]string{"state (x=0)", "edge 0 [prism 4:2]", "guard: division by zero"}},
		{"probability divides by zero", head + " [] x<3 -> 1/x:(x'=x+1) + 1-1/x:(x'=x);\nendmodule\n", nil,
			[]string{"edge 0 [prism 4:2]", "destination 0: division by zero"}},
		{"past the bounds", head + " [] true -> (x'=x+1);\nendmodule\n", nil,
			[]string{"state (x=3)", "edge 0 [prism 4:2]", "x := 4 is outside its bounds [0, 3]"}},
		// An MDP's action is one command: the sum names it.
		{"an action's sum", "mdp\nmodule m\n x : [0..3] init 0;\n [] x<3 -> (x'=x+1);\n [] x<3 -> x/4:(x'=x+1) + 1/2:(x'=x);\nendmodule\n", nil,
			[]string{"state (x=0)", `(automaton "m", edge 1 [prism 5:2] (location "l"))`, "probabilities sum to 1/2, not 1"}},
		// A DTMC's state is one action of every command: the sum names the
		// commands whose own probabilities are off.
		{"a chain's sum", head + " [] x<3 -> (x'=x+1);\n [] x<3 -> 1/4:(x'=x+1) + 1/2:(x'=x);\nendmodule\n", nil,
			[]string{"state (x=0)", `(automaton "m", edge 1 [prism 5:2] (location "l"))`, "probabilities sum to 7/8, not 1"}},
		{"an unknown constant", head + " [] x<3 -> (x'=x+1);\nendmodule\n", map[string]string{"K": "2"},
			[]string{"prism: --const K: the model has no open constant of that name"}},
		{"a constant without a value", "dtmc\nconst int K;\nmodule m\n x : [0..3] init 0;\n [] x<K -> (x'=x+1);\nendmodule\n", nil,
			[]string{`prism: constant "K" has no value: give it with --const K=VALUE`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := prism.Parse([]byte(tc.model), []byte(`P=? [ F x=3 ]`), tc.consts, "t")
			if err == nil {
				_, err = m.Check(context.Background(), jani.Options{Exact: true})
			}
			if err == nil {
				t.Fatal("no error")
			}
			if !errors.Is(err, solver.ErrInvalid) {
				t.Errorf("%v: not marked invalid input", err)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q\nwant it to hold %q", err, w)
				}
			}
			if strings.Contains(err.Error(), "--const") && strings.Contains(err.Error(), "translation") {
				t.Errorf("error %q blames the translation for the command line", err)
			}
		})
	}
}
