package cli

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"runtime"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/model"
	"github.com/gamesolve/gamesolve/model/load"
	"github.com/gamesolve/gamesolve/report"
	"github.com/spf13/cobra"
)

type solveFlags struct {
	exact, policy, json bool
	csv                 string
	consts, property    string
	props               string   // a PRISM properties file
	prop                []string // PRISM properties given inline
	renormalize         float64
	iterations          int  // Gambit games: CFR+ iterations
	all                 bool // Gambit strategic games: every extreme equilibrium
	tiers               string
}

func newSolveCmd(e *env) *cobra.Command {
	var fl solveFlags
	cmd := &cobra.Command{
		Use:   "solve FILE",
		Short: "Solve a game described in a JSON model file (- for standard input)",
		Long: `Solve a stochastic game from a model file: every player's value at the start
state with each player maximizing its own payoff, the optimal action in every
decision state, and the expected total reward under that policy. A play that
never ends pays every player 0.

The model is a JSON object: {"players": N, "start": ID, "states": [...]},
where each state has an "id" and exactly one of "payoff" (one number per
player), "chance" (outcomes), or "player" (from 0) with "actions" (each a
"name" and "outcomes"). An outcome is {"p": "1/6", "to": ID, "reward": 1};
p is a decimal or p/q and the outcomes of each action sum to 1. See
docs/models.md.

A JANI model (a JSON object with "jani-version": DTMC or MDP, as published
in the Quantitative Verification Benchmark Set) is recognized by its
content. Its open constants are given with --const N=16,MAX=2, and every
property (Pmin/Pmax of F and U, also step- or reward-bounded; Emin/Emax of
a reward until reach, over steps or on leaving states, or over the first k
steps; threshold queries such as Pmin >= 1, answered true or false) is
computed over the initial states as its filter says; --property NAME
picks one. go doc ./model/jani lists the subset. JSON keys for JANI:
model, type, states, renormalized (with --renormalize), rounded (the
first irrational power, rounded to float64 in float mode), properties (each
name, text for a PRISM property as written, kind, value, and with --exact value_exact; quantity and
quantity_exact for a threshold query; infinite: true for an infinite
expected reward; skipped: the reason a property outside the subset was
not computed).

A model in the PRISM language (.prism, .pm or .nm; model types dtmc, mdp
and smg with player blocks) is read into the same form: its properties come from a properties file
(--props FILE) or the command line (--prop 'Pmax=? [ F "done" ]', as often
as needed), its open constants from --const. P (F, U, with a step bound
<=k or <k; G; thresholds such as P>=0.5), R{"name"} of F, C<=k and I=k,
for DTMCs S=? [ φ ] and R=? [ S ] (long-run averages), min and max, labels and formulas; for games <<p1,p2>> before P or R (the coalition
against the other players); properties without a name are named by their
text, and --property also takes a position (1 for the first). go doc
./model/prism lists the subset; the output is JANI's.

A Gambit game (.efg or .nfg, or a text that starts with EFG or NFG) gets a
certified Nash equilibrium, as "gamesolve kuhn" and "gamesolve matrix" print
it (docs/imperfect.md): exact by linear programming for two players whose
payoffs add up to a constant, by Lemke–Howson for other two-player .nfg
games (--all: every extreme equilibrium) and by Lemke's algorithm on the
sequence form for other two-player .efg games, the first pure one for more
players.

JSON keys: values (one per player, at the start), expected_reward (null if
play may never end), states, components, methods, end_components; with
--exact values_exact and expected_reward_exact; with --policy "policy", an
object from decision state id to the chosen action's name. A float answer
that could not be proven to 1e-12 has "unproven": true and
"unproven_bound" (and a warning line in the text); --exact is then exact.`,
		Example: `  gamesolve solve docs/examples/die.json
  gamesolve solve --exact --policy docs/examples/duel.json
  cat model.json | gamesolve solve - --json
  gamesolve solve docs/examples/gamble.jani --const WIN=2 --exact
  gamesolve solve docs/examples/die.pm --props docs/examples/die.props --exact`,
		Args: exactlyOne("a model file (- for standard input)", "gamesolve solve docs/examples/die.json"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runSolve(cmd, e, fl, args[0])
		},
	}
	f := cmd.Flags()
	f.BoolVar(&fl.exact, "exact", false, "exact rational arithmetic, ties decided exactly")
	f.BoolVar(&fl.policy, "policy", false, fmt.Sprintf("print the chosen action of every reachable decision state (at most %d)", maxPolicyEntries))
	f.StringVar(&fl.csv, "csv", "", "write the chosen action of every reachable decision state to this CSV file (state, action)")
	f.BoolVar(&fl.json, "json", false, "print one JSON object")
	f.Var((*constList)(&fl.consts), "const", "JANI, PRISM: values of the model's open constants, as N=16,MAX=2 or K=2*N+1 (repeatable)")
	f.StringVar(&fl.property, "property", "", "JANI, PRISM: compute only the property of this name (or at this position, from 1)")
	f.StringVar(&fl.props, "props", "", "PRISM: the properties file")
	f.StringArrayVar(&fl.prop, "prop", nil, "PRISM: a property, such as 'Pmax=? [ F \"done\" ]' (repeatable)")
	f.Float64Var(&fl.renormalize, "renormalize", 0, "JANI: accept an edge whose probabilities sum to within this distance of 1 (1e-5 if given without a value) and divide them by their sum, with a warning; by default any other sum is refused")
	f.Lookup("renormalize").NoOptDefVal = "1e-5"
	f.IntVar(&fl.iterations, "iterations", report.DefaultIterations, "Gambit: CFR+ iterations for a zero-sum game too large for the exact solve (float mode)")
	f.BoolVar(&fl.all, "all", false, "Gambit .nfg with two players: list every extreme equilibrium")
	f.StringVar(&fl.tiers, "tiers", "", `JSON models whose states give a "tier": solve tier by tier, each tier's values in a file in this directory; run again to resume`)
	return cmd
}

func runSolve(cmd *cobra.Command, e *env, fl solveFlags, path string) error {
	var data []byte
	var err error
	if path == "-" {
		if e.stdin == nil {
			return fmt.Errorf("solve: no standard input")
		}
		data, err = model.ReadText(e.stdin)
	} else {
		data, err = readText(path)
	}
	if err != nil {
		return fmt.Errorf("solve: %w", err)
	}
	props, err := propsText(fl)
	if err != nil {
		return fmt.Errorf("solve: %w", err)
	}
	if fl.renormalize < 0 || fl.renormalize >= 1 {
		return fmt.Errorf("solve: --renormalize %g: want a distance from 1 in (0, 1), like 1e-5", fl.renormalize)
	}
	janiOnly := fmt.Sprintf("--const, --property and --renormalize apply to JANI and PRISM models; %s is not one", path)
	in, err := parseModel(cmd, "solve", load.Source{Name: path, Data: data, Consts: fl.consts, Props: props}, janiOnly)
	if err == nil && fl.tiers != "" {
		return solveTiers(cmd, e, fl, path, in, data)
	}
	if len(data) > bigText {
		// The text is no longer needed: collected now, its memory holds
		// the solve's arrays instead of fresh memory (slow to touch).
		data = nil
		runtime.GC()
	}
	if err != nil {
		return err
	}
	req := report.Request{Exact: fl.exact, Choices: fl.csv != "", Policy: fl.policy, Property: fl.property,
		Iterations: fl.iterations, All: fl.all}
	req.Engine.Progress, req.Engine.Workers, req.Engine.Renormalize = e.progress("solve"), e.workers, fl.renormalize
	if in.Game != nil && (fl.iterations < 1 || fl.iterations > maxIterations) {
		return fmt.Errorf("solve: --iterations %d: want 1 to %d", fl.iterations, maxIterations)
	}
	out, err := report.Solve(cmd.Context(), in, req)
	if err != nil {
		return solveError("solve", path, err, in, req)
	}
	if err := emit(e.stdout, fl.json, out, func(b *bytes.Buffer) { out.Text(b, e.float) }); err != nil {
		return err
	}
	switch r := out.(type) {
	case *report.JANI:
		// The others' results are out; the status says some are missing.
		if failed := r.Failed(); len(failed) > 0 {
			return fmt.Errorf("solve: %s: %d of %d properties could not be checked (see their errors above); the first, %q: %s",
				path, len(failed), len(r.Properties), failed[0].Name, failed[0].Error)
		}
	case *report.Model:
		if fl.csv != "" {
			ids, choices := r.Choices()
			rows := [][]string{{"state", "action"}}
			for _, id := range ids {
				rows = append(rows, []string{id, choices[id]})
			}
			if err := writeCSV(fl.csv, rows); err != nil {
				return err
			}
		}
		if fl.policy {
			ids, _ := r.Choices()
			if err := checkPolicySize(cmd, float64(len(ids))); err != nil {
				return err
			}
		}
	}
	return nil
}

// flagOf names the flag behind each report.Request option.
var flagOf = map[string]string{"policy": "--policy", "choices": "--csv", "property": "--property", "renormalize": "--renormalize", "all": "--all"}

// solveError words report.Solve's error for a command (what) on a model
// file (path) and request: an option the model's format does not take by
// its flag, a PRISM model without properties by the flags that give them,
// and a model too large for all its properties with the way to ask for one.
func solveError(what, path string, err error, in *load.Model, req report.Request) error {
	var na *report.NotApplicableError
	switch {
	case errors.As(err, &na):
		return fmt.Errorf("%s: %s", what, na.Named(flagOf[na.Option]))
	case errors.Is(err, report.ErrNoProperties):
		return fmt.Errorf("%s: %s: no properties to compute: give them with --props FILE or --prop 'Pmax=? [ F \"done\" ]'", what, path)
	case errors.Is(err, budget.ErrTooLarge) && req.Property == "" && in.JANI != nil && len(in.JANI.Properties()) > 1:
		// One property too large need not cost the others.
		return fmt.Errorf("%s: %s: %w (--property NAME computes one property at a time)", what, path, err)
	}
	return fmt.Errorf("%s: %s: %w", what, path, err)
}

// parseModel reads a model file for a command (what: "solve", "plot
// solve", "convert") with load.Load, the one reader of model files, and
// names in its errors the flag or the file at fault; notJANI is the
// message for constants given with gamesolve's own format.
func parseModel(cmd *cobra.Command, what string, src load.Source, notJANI string) (*load.Model, error) {
	in, err := load.Load(cmd.Context(), src)
	var ce *load.ConstsError
	switch {
	case errors.Is(err, load.ErrPropsNotPRISM):
		return nil, fmt.Errorf("%s: --props and --prop apply to PRISM models; %s is not one", what, src.Name)
	case errors.Is(err, load.ErrConstsNotJANI):
		return nil, fmt.Errorf("%s: %s", what, notJANI)
	case errors.As(err, &ce):
		return nil, fmt.Errorf("%s: --const: %w", what, ce.Err)
	case err != nil:
		return nil, fmt.Errorf("%s: %s: %w", what, src.Name, err)
	}
	return in, nil
}

// propsText is the PRISM properties of the flags: the --props file, then
// each --prop.
func propsText(fl solveFlags) (string, error) {
	var b bytes.Buffer
	if fl.props != "" {
		data, err := readText(fl.props)
		if err != nil {
			return "", err
		}
		b.Write(data)
		b.WriteString("\n;\n")
	}
	for _, p := range fl.prop {
		b.WriteString(p)
		b.WriteString("\n;\n")
	}
	return b.String(), nil
}

// bigText is the size of a model text worth a collection once it is
// parsed.
const bigText = 32 << 20

// readText reads a model or properties file (model.ReadText: bounded,
// UTF-8); errors name the file.
func readText(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := model.ReadText(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return data, nil
}

// constList is --const: each use adds its constants to the list ("N=1"
// then "M=2" is "N=1,M=2"), and a constant given twice is refused where
// the list is read (jani.ParseConsts).
type constList string

func (c *constList) String() string { return string(*c) }
func (c *constList) Type() string   { return "NAME=VALUE,..." }
func (c *constList) Set(s string) error {
	if *c != "" {
		s = string(*c) + "," + s
	}
	*c = constList(s)
	return nil
}

// solveTiers solves a JSON model whose states give their tier by tiers
// into fl.tiers (solve --tiers).
func solveTiers(cmd *cobra.Command, e *env, fl solveFlags, path string, in *load.Model, data []byte) error {
	switch {
	case in.Plain == nil:
		return fmt.Errorf(`solve: --tiers takes a JSON model whose states give a "tier"; %s is a %s model (convert a JANI or PRISM model with --tier VARIABLE first)`, path, in.Format)
	case fl.policy || fl.csv != "":
		return fmt.Errorf("solve: --tiers keeps every state's move in the tier files; --policy and --csv do not apply")
	}
	q := report.ModelTiersQuery{Model: in.Plain, Text: data, Exact: fl.exact, Dir: fl.tiers, Progress: e.tierProgress("solve tiers"), LimitMemory: true}
	q.Options.Workers = e.workers
	out, err := report.SolveModelTiers(cmd.Context(), q)
	if err != nil {
		return fmt.Errorf("solve: %s: %w", path, err)
	}
	return emit(e.stdout, fl.json, out, func(b *bytes.Buffer) { out.Text(b, e.float) })
}
