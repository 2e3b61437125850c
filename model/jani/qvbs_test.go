package jani_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/gamesolve/gamesolve/model/jani"
)

// qvbsDir holds the benchmark instances with their published results; CI
// has it next to the repository.
const qvbsDir = "../../../shared/qvbs"

type reference struct {
	Model      string                     `json:"model"`
	Parameters map[string]json.RawMessage `json:"parameters"`
	Results    map[string]json.RawMessage `json:"results"`
	States     int                        `json:"states_full_reachable"`
}

// refValue reads a reference result: a number, or {"num", "den"}.
func refValue(t testing.TB, raw json.RawMessage) *big.Rat {
	t.Helper()
	var frac struct {
		Num json.Number `json:"num"`
		Den json.Number `json:"den"`
	}
	if err := json.Unmarshal(raw, &frac); err == nil && frac.Num != "" {
		r, ok := new(big.Rat).SetString(frac.Num.String() + "/" + frac.Den.String())
		if !ok {
			t.Fatalf("bad reference %s", raw)
		}
		return r
	}
	r, ok := new(big.Rat).SetString(string(raw))
	if !ok {
		t.Fatalf("bad reference %s", raw)
	}
	return r
}

// loadQVBS returns the instances present, or skips (failing in CI, where
// they must be present).
func loadQVBS(t *testing.T) []string {
	dirs, _ := filepath.Glob(filepath.Join(qvbsDir, "*", "reference.json"))
	if len(dirs) == 0 {
		if os.Getenv("CI") != "" {
			t.Fatalf("no benchmark instances in %s", qvbsDir)
		}
		t.Skipf("no benchmark instances in %s", qvbsDir)
	}
	sort.Strings(dirs)
	return dirs
}

func openInstance(t *testing.T, refPath string) (*jani.Model, reference) {
	return openTB(t, refPath)
}

func openBench(b *testing.B, refPath string) *jani.Model {
	m, _ := openTB(b, refPath)
	return m
}

func openTB(t testing.TB, refPath string) (*jani.Model, reference) {
	t.Helper()
	var ref reference
	data, err := os.ReadFile(refPath)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &ref); err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join(filepath.Dir(refPath), ref.Model))
	if err != nil {
		t.Fatal(err)
	}
	consts := map[string]string{}
	for k, v := range ref.Parameters {
		consts[k] = string(v)
	}
	m, err := jani.Parse(src, consts)
	if err != nil {
		t.Fatal(err)
	}
	return m, ref
}

// TestQVBS checks every published result of every instance present, in
// float (relative error 1e-6) and exact (equal) mode, and the state count.
func TestQVBS(t *testing.T) {
	for _, refPath := range loadQVBS(t) {
		name := filepath.Base(filepath.Dir(refPath))
		t.Run(name, func(t *testing.T) {
			if testing.Short() && name == "ij" {
				t.Skip("ij takes seconds")
			}
			m, ref := openInstance(t, refPath)
			for _, exact := range []bool{false, true} {
				t.Run(fmt.Sprintf("exact=%t", exact), func(t *testing.T) {
					res, err := m.Check(context.Background(), jani.Options{Exact: exact})
					if err != nil {
						t.Fatal(err)
					}
					if res.States != ref.States {
						t.Errorf("states = %d, reference %d", res.States, ref.States)
					}
					got := map[string]jani.PropertyResult{}
					for _, p := range res.Properties {
						got[p.Name] = p
					}
					for pname, raw := range ref.Results {
						want := refValue(t, raw)
						p, ok := got[pname]
						switch {
						case !ok:
							t.Errorf("%s: not computed", pname)
						case p.Skipped != "" || p.Infinite:
							t.Errorf("%s: skipped %q, infinite %t", pname, p.Skipped, p.Infinite)
						case exact && p.Exact.Cmp(want) != 0:
							t.Errorf("%s = %s, reference %s", pname, p.Exact.RatString(), want.RatString())
						case !exact && p.Unproven:
							t.Errorf("%s = %.17g: not proven (bound %v)", pname, p.Value, p.Bound)
						case !exact:
							w, _ := want.Float64()
							if math.Abs(p.Value-w) > 1e-6*math.Abs(w) {
								t.Errorf("%s = %.17g, reference %.17g", pname, p.Value, w)
							}
						}
					}
				})
			}
		})
	}
}
