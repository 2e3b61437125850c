package prism

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/model/jani"
)

// The JANI reader reads the translation as a document, without JSON text
// between (ParseContext), and as the text convert writes (ToJANI): the
// document holds only JSON's decoded types, and both give the same exact
// values for every property of the documented examples and the shared
// test cases.
func TestDocumentAsText(t *testing.T) {
	files, _ := filepath.Glob("../../docs/examples/*.p*")
	for _, ext := range []string{"pm", "nm", "prism"} {
		cases, _ := filepath.Glob("../../../shared/prism/cases/*/*." + ext)
		files = append(files, cases...)
	}
	if len(files) < 3 {
		t.Fatalf("only %d PRISM files", len(files))
	}
	compared := 0
	for _, file := range files {
		if strings.HasSuffix(file, ".props") {
			continue
		}
		model, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		props, _ := os.ReadFile(strings.TrimSuffix(file, filepath.Ext(file)) + ".props")
		if p, err := os.ReadFile(file + ".props"); err == nil {
			props = p
		}
		doc, _, err := translate(context.Background(), model, props, "m", budget.Available())
		if err != nil {
			continue // a case of an error; TestParseErrors and the cases check those
		}
		var walk func(v any, path string)
		walk = func(v any, path string) {
			switch x := v.(type) {
			case map[string]any:
				for k, y := range x {
					walk(y, path+"."+k)
				}
			case []any:
				for i, y := range x {
					walk(y, fmt.Sprintf("%s[%d]", path, i))
				}
			case string, bool, json.Number, nil:
			default:
				t.Fatalf("%s: %s is a %T, which JSON does not decode to", file, path, v)
			}
		}
		walk(asDecoded(doc), "model")
		direct, err1 := ParseContext(context.Background(), model, props, nil, "m")
		text, err := ToJANI(model, props, "m")
		if err != nil {
			continue // a property ToJANI cannot hold; ParseContext keeps it as failed
		}
		viaText, err2 := jani.Parse(text, nil)
		if (err1 == nil) != (err2 == nil) {
			t.Fatalf("%s: document %v, text %v", file, err1, err2)
		}
		if err1 != nil {
			continue // open constants: both refuse
		}
		r1, err1 := direct.Check(context.Background(), jani.Options{Exact: true})
		r2, err2 := viaText.Check(context.Background(), jani.Options{Exact: true})
		if (err1 == nil) != (err2 == nil) || err1 != nil && err1.Error() != err2.Error() {
			t.Fatalf("%s: document %v, text %v", file, err1, err2)
		}
		if err1 != nil {
			continue
		}
		compared++
		for i := range r1.Properties {
			a, b := r1.Properties[i], r2.Properties[i]
			if (a.Exact == nil) != (b.Exact == nil) || a.Exact != nil && a.Exact.Cmp(b.Exact) != 0 || a.Infinite != b.Infinite || a.Skipped != b.Skipped {
				t.Errorf("%s property %d: document %v %v, text %v %v", file, i, a.Exact, a.Skipped, b.Exact, b.Skipped)
			}
		}
	}
	t.Logf("%d of %d files compared", compared, len(files))
	if compared < min(10, len(files)/2) {
		t.Errorf("only %d files compared", compared)
	}
}
