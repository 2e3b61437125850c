package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/model"
	"github.com/gamesolve/gamesolve/model/jani"
	"github.com/gamesolve/gamesolve/model/load"
	"github.com/gamesolve/gamesolve/model/prism"
	"github.com/spf13/cobra"
)

type convertFlags struct {
	solveFlags
	to, out string
	goals   []string
	reward  string
	tier    string
}

func newConvertCmd(e *env) *cobra.Command {
	var fl convertFlags
	cmd := &cobra.Command{
		Use:   "convert FILE --to jani|json|efg|nfg",
		Short: "Translate a PRISM model into JANI, a PRISM or JANI model into gamesolve's JSON format, a Gambit game between .efg and .nfg",
		Long: `--to jani translates a model in the PRISM language, with its properties
(--props FILE, --prop TEXT), into a JANI document for other tools: one
automaton per module, every variable global, one synchronisation vector per
shared action, formulas and labels expanded, each reward structure a
transient variable set on every transition. gamesolve solve reads the result
to the same states and values. Open constants stay open (give them to the
tool that reads the file).

--to json explores a PRISM or JANI model (its constants fixed with --const)
and writes every reachable state in gamesolve's JSON model format
(docs/models.md), where each player maximizes its own payoff: --goal says
where each player wins, one per player in the order of the model's players
(one for a DTMC or an MDP). Play ends in the first state where a goal holds,
paying 1 to each player whose goal holds there; a deadlock pays 0. For a
PRISM model a goal is a state formula ('"done"', 's=7 & d=6'); for a JANI
model it names a property P(F φ), whose φ is taken. --reward names a PRISM
reward structure (or, for JANI, an expected-reward property) whose rewards
the outcomes carry. States are named by their variables, probabilities are
exact. The file shows the game to a reader, and gamesolve solve answers the
questions PRISM's properties cannot ask, such as a three-player
equilibrium.

--to efg and --to nfg write a Gambit game (.efg or .nfg) in either of
Gambit's formats, with exact rationals: an extensive form as its strategic
form (each player's pure strategies, an action at each of its information
sets, joined with "/"), a strategic form as a tree in which the players move
in turn without seeing each other's moves.`,
		Example: `  gamesolve convert docs/examples/die.pm --props docs/examples/die.props --to jani -o die.jani
  gamesolve convert docs/examples/truel.prism --to json --goal '"A wins"' --goal '"B wins"' --goal '"C wins"' -o truel.json
  gamesolve convert docs/examples/signal.efg --to nfg`,
		Args: exactlyOne("a model file", "gamesolve convert docs/examples/die.pm --to jani"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runConvert(cmd, e, fl, args[0])
		},
	}
	f := cmd.Flags()
	f.StringVar(&fl.to, "to", "jani", "the target format: jani (from PRISM), json (gamesolve's, from PRISM or JANI), efg or nfg (Gambit's, from .efg or .nfg)")
	f.StringVarP(&fl.out, "output", "o", "", "write to this file (default: standard output)")
	f.StringVar(&fl.props, "props", "", "PRISM: the properties file")
	f.StringArrayVar(&fl.prop, "prop", nil, "PRISM: a property (repeatable)")
	f.Var((*constList)(&fl.consts), "const", "json: values of the model's open constants, as N=16,MAX=2 or K=2*N+1 (repeatable)")
	f.StringArrayVar(&fl.goals, "goal", nil, "json: where a player wins, one per player in order: a PRISM state formula, or a JANI property's name (repeatable)")
	f.StringVar(&fl.reward, "reward", "", "json: the rewards the outcomes carry: a PRISM reward structure's name or number, or a JANI expected-reward property")
	f.StringVar(&fl.tier, "tier", "", `json: a variable whose value, less its lower bound, is each state's "tier" (for solve --tiers)`)
	return cmd
}

func runConvert(cmd *cobra.Command, e *env, fl convertFlags, path string) error {
	data, err := readText(path)
	if err != nil {
		return fmt.Errorf("convert: %w", err)
	}
	props, err := propsText(fl.solveFlags)
	if err != nil {
		return fmt.Errorf("convert: %w", err)
	}
	format := load.Sniff(path, data)
	isPRISM := format == load.PRISM
	if format.Gambit() || fl.to == "efg" || fl.to == "nfg" {
		return convertGame(cmd, e, fl, path, data)
	}
	var write func(w io.Writer) (string, error)
	switch fl.to {
	case "jani":
		switch {
		case !isPRISM:
			return fmt.Errorf("convert: %s is not a PRISM model (.prism, .pm or .nm); --to jani reads PRISM", path)
		case fl.consts != "" || len(fl.goals) > 0 || fl.reward != "" || fl.tier != "":
			return fmt.Errorf("convert: --const, --goal, --reward and --tier apply to --to json")
		}
		name := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
		doc, err := prism.ToJANIContext(cmd.Context(), data, []byte(props), name)
		if err != nil {
			return fmt.Errorf("convert: %s: %w", path, err)
		}
		write = func(w io.Writer) (string, error) { _, err := w.Write(doc); return "", err }
	case "json":
		rules, names, comment, err := gameRules(cmd, fl, path, data, props, isPRISM)
		if err != nil {
			return err
		}
		opt := engine.Options{}
		opt.Progress = e.progress("convert")
		write = func(w io.Writer) (string, error) {
			n, err := model.Export(cmd.Context(), w, rules, opt, names, comment)
			return fmt.Sprintf(" (%d states)", n), err
		}
	default:
		return fmt.Errorf("convert: --to %q: the targets are jani and json (from PRISM and JANI), efg and nfg (from Gambit)", fl.to)
	}
	if fl.out == "" || fl.out == "-" {
		if _, err := write(e.stdout); err != nil {
			return fmt.Errorf("convert: %w", err)
		}
		return nil
	}
	what, err := writeFile(fl.out, []string{path, fl.props}, write)
	if err != nil {
		return fmt.Errorf("convert: %w", err)
	}
	if !e.quiet {
		fmt.Fprintf(e.stderr, "wrote %s%s\n", fl.out, what)
	}
	return nil
}

// writeFile writes out with write, never losing a file: a regular file (or
// none yet) is written as a temporary file beside it, renamed over it only
// when everything is written, and removed otherwise, so that a failure
// leaves what was there; anything else (a device, a pipe) is written in
// place and never removed. out may not be one of the inputs ("" for none).
func writeFile(out string, inputs []string, write func(io.Writer) (string, error)) (string, error) {
	st, err := os.Stat(out)
	switch {
	case err == nil && !st.Mode().IsRegular():
		if st.IsDir() {
			return "", fmt.Errorf("-o %s is a directory", out)
		}
		f, err := os.OpenFile(out, os.O_WRONLY, 0)
		if err != nil {
			return "", err
		}
		what, err := write(f)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		return what, err
	case err == nil:
		for _, in := range inputs {
			if ist, ierr := os.Stat(in); in != "" && ierr == nil && os.SameFile(st, ist) {
				return "", fmt.Errorf("-o %s is the input file %s: write the result elsewhere", out, in)
			}
		}
	case !errors.Is(err, fs.ErrNotExist):
		return "", err
	}
	tmp, err := createBeside(out)
	if err != nil {
		return "", err
	}
	done := false
	defer func() {
		if !done {
			tmp.Close()
			os.Remove(tmp.Name()) // ours, half written
		}
	}()
	if st != nil { // the mode of the file replaced
		if err := tmp.Chmod(st.Mode().Perm()); err != nil {
			return "", err
		}
	}
	what, err := write(tmp)
	if err != nil {
		return "", err
	}
	if err := tmp.Close(); err != nil {
		return "", err
	}
	if err := os.Rename(tmp.Name(), out); err != nil {
		return "", err
	}
	done = true
	return what, nil
}

// createBeside creates a new file in out's folder, named after it, with
// the mode os.Create gives (0666 less the umask).
func createBeside(out string) (*os.File, error) {
	dir, base := filepath.Split(out)
	for range 100 {
		name := filepath.Join(dir, fmt.Sprintf(".%s.%d.tmp", base, rand.Uint32()))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
	return nil, fmt.Errorf("no free temporary name beside %s", out)
}

// gameRules reads a PRISM or JANI model as the game --goal and --reward
// describe (jani.Model.Game). A PRISM goal is a state formula: it becomes
// a property of its own, P of F, and a reward structure a property R of
// F, added to the properties given.
func gameRules(cmd *cobra.Command, fl convertFlags, path string, data []byte, props string, isPRISM bool) (rules engine.Rules[string], names []string, comment string, err error) {
	src := load.Source{Name: path, Data: data, Consts: fl.consts, Props: props}
	in, err := parseModel(cmd, "convert", src, path+" is in gamesolve's JSON format already")
	if err != nil {
		return nil, nil, "", err
	}
	if in.JANI == nil {
		return nil, nil, "", fmt.Errorf("convert: %s is in gamesolve's JSON format already", path)
	}
	m := in.JANI
	players := m.Players()
	if len(fl.goals) == 0 {
		want := "one goal"
		if len(players) > 0 {
			want = fmt.Sprintf("one goal per player (%s)", strings.Join(players, ", "))
		}
		return nil, nil, "", fmt.Errorf("convert: --to json needs %s: --goal '\"done\"' says where a player wins", want)
	}
	goals, reward := fl.goals, fl.reward
	if isPRISM {
		// The goals and the reward as properties of their own, each
		// flag's text on a line of its own, so that an error in it is
		// told by the line.
		coal := ""
		if m.Type == "smg" {
			coal = "<<1>> "
		}
		var b strings.Builder
		b.WriteString(props)
		flagAt := map[int]string{} // the line of each flag's text
		add := func(before, text, after, flag string) {
			b.WriteString(before)
			flagAt[strings.Count(b.String(), "\n")+1] = flag
			b.WriteString(text)
			b.WriteString(after)
		}
		goals = nil
		for i, g := range fl.goals {
			if strings.ContainsAny(g, "\r\n") {
				return nil, nil, "", fmt.Errorf("convert: --goal %q: write the state formula on one line", g)
			}
			name := fmt.Sprintf("convert: goal %d", i+1)
			add(fmt.Sprintf("\n;\n%q: %sPmax=? [ F (\n", name, coal), g, "\n) ]", "--goal "+shellQuote(g))
			goals = append(goals, name)
		}
		if reward != "" {
			ref := reward
			if strings.ContainsAny(ref, "\"{}\r\n") {
				return nil, nil, "", fmt.Errorf("convert: --reward %q: give a reward structure's name or number", reward)
			}
			if !isNumber(ref) {
				ref = fmt.Sprintf("%q", ref)
			}
			add(fmt.Sprintf("\n;\n\"convert: reward\": %sR{\n", coal), ref, "\n}max=? [ F true ]", "--reward "+shellQuote(fl.reward))
			reward = "convert: reward"
		}
		src.Props = b.String()
		// An error in a flag's property (the file's, or the goal's when
		// the model asks for it) is told as the flag's.
		flagError := func(err error) error {
			var pe *prism.Error
			if errors.As(err, &pe) && pe.File == "properties" {
				if flag := flagAt[pe.Line]; strings.HasPrefix(flag, "--goal") {
					return fmt.Errorf("convert: %s: column %d: %s", flag, pe.Col, pe.Msg)
				} else if flag != "" {
					return fmt.Errorf("convert: %s: %s", flag, pe.Msg)
				}
				if flag := flagAt[pe.Line-1]; flag != "" {
					// The ")" found there is the one added around the
					// flag's text, not the user's.
					msg := strings.Replace(pe.Msg, `found ")"`, "found its end", 1)
					return fmt.Errorf("convert: %s: at its end: %s", flag, msg)
				}
			}
			return fmt.Errorf("convert: %s: %w", path, err)
		}
		if in, err = load.Load(cmd.Context(), src); err != nil {
			return nil, nil, "", flagError(err)
		}
		m = in.JANI
		if rules, err = tieredGame(m, goals, reward, fl.tier); err != nil {
			return nil, nil, "", flagError(err)
		}
	} else if rules, err = tieredGame(m, goals, reward, fl.tier); err != nil {
		return nil, nil, "", fmt.Errorf("convert: %s: %w", path, err)
	}
	var c strings.Builder
	fmt.Fprintf(&c, "converted by gamesolve from %s", filepath.Base(path))
	if fl.consts != "" {
		fmt.Fprintf(&c, " (%s)", fl.consts)
	}
	for i, g := range fl.goals {
		who := fmt.Sprint(i)
		if i < len(players) {
			who = fmt.Sprintf("%d (%s)", i, players[i])
		}
		fmt.Fprintf(&c, "; player %s wins at %s", who, g)
	}
	if fl.reward != "" {
		fmt.Fprintf(&c, "; rewards %s", fl.reward)
	}
	if fl.tier != "" {
		fmt.Fprintf(&c, "; tier %s", fl.tier)
	}
	return rules, m.Players(), c.String(), nil
}

// shellQuote quotes a flag's value for a message, as a shell would take
// it back.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-=") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func isNumber(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// convertGame writes a Gambit game in the format --to names.
func convertGame(cmd *cobra.Command, e *env, fl convertFlags, path string, data []byte) error {
	switch {
	case fl.to != "efg" && fl.to != "nfg":
		return fmt.Errorf("convert: %s is a Gambit game: --to efg or --to nfg", path)
	case fl.consts != "" || len(fl.goals) > 0 || fl.reward != "" || fl.tier != "" || fl.props != "" || len(fl.prop) > 0:
		return fmt.Errorf("convert: --const, --goal, --reward, --tier, --props and --prop apply to PRISM and JANI models, not to the Gambit game %s", path)
	}
	in, err := parseModel(cmd, "convert", load.Source{Name: path, Data: data}, "")
	if err != nil {
		return err
	}
	if in.Game == nil {
		return fmt.Errorf("convert: %s is not a Gambit game (.efg or .nfg); --to %s reads one", path, fl.to)
	}
	return writeGameAs(e, "convert", in.Game, fl.to, fl.out, []string{path})
}

// tieredGame is m's game, with each state's tier the value of the
// variable tier where it is not "" (convert --tier).
func tieredGame(m *jani.Model, goals []string, reward, tier string) (engine.Rules[string], error) {
	if tier == "" {
		return m.Game(goals, reward)
	}
	return m.TieredGame(goals, reward, tier)
}
