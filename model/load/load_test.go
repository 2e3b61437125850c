package load_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/gamesolve/gamesolve/model/load"
)

const (
	plainText = `{"players": 1, "start": "a", "states": [{"id": "a", "payoff": [1]}]}`
	janiText  = `{"jani-version": 1, "name": "m", "type": "dtmc", "variables": [], "automata": [{"name": "a", "locations": [{"name": "l"}], "initial-locations": ["l"], "edges": []}], "system": {"elements": [{"automaton": "a"}]}, "properties": []}`
	prismText = "// a die\ndtmc\nmodule m\n s : [0..1] init 0;\n [] s=0 -> 1/2 : (s'=1) + 1/2 : (s'=0);\nendmodule\n"
	efgText   = `EFG 2 R "one move" { "P1" } "" p "" 1 1 "" { "a" } 0 t "" 1 "" { 1/1 }`
	nfgText   = `NFG 1 R "" { "1" "2" } { 1 1 } 1 -1`
)

// Sniff believes an extension that names a format and reads the text
// otherwise: a PRISM model named .txt is PRISM.
func TestSniff(t *testing.T) {
	for _, c := range []struct {
		name, text string
		want       load.Format
	}{
		{"m.json", plainText, load.JSON},
		{"m.JSON", plainText, load.JSON},
		{"m.json", janiText, load.JANI},
		{"m.json", efgText, load.EFG},
		{"m.jani", plainText, load.JANI}, // believed: jani's reader says what is wrong
		{"m.pm", plainText, load.PRISM},
		{"m.nm", prismText, load.PRISM},
		{"m.smg", prismText, load.PRISM},
		{"m.efg", efgText, load.EFG},
		{"m.efg", nfgText, load.NFG}, // the text tells which of Gambit's forms
		{"m.nfg", nfgText, load.NFG},
		{"m.txt", prismText, load.PRISM},
		{"m.txt", plainText, load.JSON},
		{"m.txt", janiText, load.JANI},
		{"m.model", nfgText, load.NFG},
		{"", prismText, load.PRISM},
		{"", "\ufeff  \n" + plainText, load.JSON},
		{"", janiText, load.JANI},
		{"", efgText, load.EFG},
		{"", `<?xml version="1.0"?><gambit:document><efgfile>` + efgText + `</efgfile></gambit:document>`, load.EFG},
		{"", `<gambit:document><nfgfile>` + nfgText + `</nfgfile></gambit:document>`, load.NFG},
		{"", `<?xml version="1.0"?><html/>`, load.PRISM},
		{"", "", load.PRISM},
	} {
		if got := load.Sniff(c.name, []byte(c.text)); got != c.want {
			t.Errorf("Sniff(%q, %.30q) = %q, want %q", c.name, c.text, got, c.want)
		}
	}
}

// Load returns the model in the field its format fills, and its format.
func TestLoad(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		src  load.Source
		want load.Format
	}{
		{load.Source{Name: "m.json", Data: []byte(plainText)}, load.JSON},
		{load.Source{Data: []byte(janiText)}, load.JANI},
		{load.Source{Name: "die.txt", Data: []byte(prismText), Props: `P=? [ F s=1 ]`}, load.PRISM},
		{load.Source{Name: "m.efg", Data: []byte(efgText)}, load.EFG},
		{load.Source{Name: "m.efg", Data: []byte(nfgText)}, load.NFG},
	} {
		m, err := load.Load(ctx, c.src)
		if err != nil {
			t.Fatalf("%q: %v", c.src.Name, err)
		}
		set := 0
		for _, ok := range []bool{m.Plain != nil, m.JANI != nil, m.Game != nil} {
			if ok {
				set++
			}
		}
		if m.Format != c.want || set != 1 {
			t.Errorf("%q: format %q with %d models set, want %q and one", c.src.Name, m.Format, set, c.want)
		}
		if c.want == load.PRISM && m.JANI.Name != "die" {
			t.Errorf("a PRISM model is named by its file: got %q, want die", m.JANI.Name)
		}
	}
}

func TestLoadRefuses(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		src  load.Source
		want error
	}{
		{load.Source{Name: "m.json", Data: []byte(plainText), Consts: "N=1"}, load.ErrConstsNotJANI},
		{load.Source{Name: "m.efg", Data: []byte(efgText), Consts: "N=1"}, load.ErrConstsNotJANI},
		{load.Source{Name: "m.jani", Data: []byte(janiText), Props: "P=? [ F true ]"}, load.ErrPropsNotPRISM},
		{load.Source{Name: "m.json", Data: []byte(plainText), Props: "P=? [ F true ]"}, load.ErrPropsNotPRISM},
	} {
		if _, err := load.Load(ctx, c.src); !errors.Is(err, c.want) {
			t.Errorf("%q with %q %q: %v, want %v", c.src.Name, c.src.Consts, c.src.Props, err, c.want)
		}
	}
	var ce *load.ConstsError
	if _, err := load.Load(ctx, load.Source{Data: []byte(janiText), Consts: "N="}); !errors.As(err, &ce) {
		t.Errorf("a malformed --const: %v, want a ConstsError", err)
	}
	if _, err := load.Load(ctx, load.Source{Name: "m.json", Data: []byte("\ufeff \n")}); err == nil || err.Error() != "the model file is empty" {
		t.Errorf("an empty file: %v", err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	for _, text := range []string{plainText, prismText} {
		if _, err := load.Load(cancelled, load.Source{Data: []byte(text)}); !errors.Is(err, context.Canceled) {
			t.Errorf("a cancelled read of %.20q: %v", text, err)
		}
	}
}

// Every file of docs/examples reads in the format its extension names.
func TestExamples(t *testing.T) {
	paths, _ := filepath.Glob("../../docs/examples/*")
	if len(paths) == 0 {
		t.Fatal("no examples")
	}
	want := map[string]load.Format{".json": load.JSON, ".jani": load.JANI, ".pm": load.PRISM, ".prism": load.PRISM, ".efg": load.EFG, ".nfg": load.NFG}
	for _, p := range paths {
		f, ok := want[filepath.Ext(p)]
		if !ok {
			continue
		}
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if got := load.Sniff("", data); got != f {
			t.Errorf("%s without its name sniffs as %q, want %q", p, got, f)
		}
	}
}
