package cli

import (
	"fmt"
	"math"
	"math/big"
	"testing"
)

func TestRace(t *testing.T) {
	m := runJSON(t, "race", "--target", "100")
	if got := fmt.Sprintf("%.8f", m["win_probability"]); got != "0.83648556" {
		t.Errorf("PE 232: %s", got)
	}
	if _, ok := m["win_probability_exact"]; ok {
		t.Error("win_probability_exact without --exact")
	}
	m = runJSON(t, "race", "--target", "10", "--first", "chooser", "--exact")
	r, ok := new(big.Rat).SetString(m["win_probability_exact"].(string))
	if !ok {
		t.Fatalf("win_probability_exact = %v", m["win_probability_exact"])
	}
	if f, _ := r.Float64(); f != m["win_probability"].(float64) || fmt.Sprintf("%.6f", f) != "0.704883" {
		t.Errorf("exact %v vs float %v", r, m["win_probability"])
	}
	// The seed's worked state: coin needs 1, chooser needs 2, chooser first.
	m = runJSON(t, "race", "--coin-target", "1", "--chooser-target", "2", "--first", "chooser", "--exact", "--policy")
	if m["win_probability_exact"] != "2/5" {
		t.Errorf("F(1,2) = %v", m["win_probability_exact"])
	}
	pol := m["policy"].([]any)
	if len(pol) != 1 || fmt.Sprint(pol[0]) != "[1 2]" {
		t.Errorf("policy = %v, want [[1 2]]", pol)
	}
	// Generalised game: the float answer and the exact one agree.
	args := []string{"race", "--coin-target", "12", "--chooser-target", "9", "--coin", "1/3:2", "--menu", "0.9:1,1/4:3,1/16:8"}
	fl := runJSON(t, args...)["win_probability"].(float64)
	ex := runJSON(t, append(args, "--exact")...)
	r, _ = new(big.Rat).SetString(ex["win_probability_exact"].(string))
	if f, _ := r.Float64(); math.Abs(f-fl) > 1e-12 {
		t.Errorf("float %v, exact %v", fl, f)
	}
	if fmt.Sprint(ex["menu"]) != "[9/10:1 1/4:3 1/16:8]" || ex["coin"] != "1/3:2" {
		t.Errorf("menu %v coin %v", ex["menu"], ex["coin"])
	}
}

func TestRaceText(t *testing.T) {
	code, out, errs := run(t, "", "race", "--target", "4", "--exact", "--policy")
	if code != 0 {
		t.Fatal(errs)
	}
	golden(t, "race_target4_policy.txt", out)
}

// The olympiad's own form: n on standard input, 6 decimals on standard output.
func TestRaceOlympiad(t *testing.T) {
	for in, want := range map[string]string{"1\n": "0.666667\n", "4": "0.673185\n", " 10 \n": "0.704883\n"} {
		code, out, errs := run(t, in, "race", "--olympiad")
		if code != 0 || out != want {
			t.Errorf("input %q: exit %d, %q (want %q) %s", in, code, out, want, errs)
		}
	}
	for _, in := range []string{"", "0", "-3", "x", "1 2", "1.5"} {
		badInput(t, in, "race", "--olympiad")
	}
	badInput(t, "4", "race", "--olympiad", "--exact")
}

func TestRaceBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"race"},
		{"race", "--target", "0"},
		{"race", "--target", "-5"},
		{"race", "--target", "x"},
		{"race", "--target", "1e3"},
		{"race", "--target", "99999999999999999999"},
		{"race", "--target", "5", "--first", "bob"},
		{"race", "--target", "5", "--coin", "1/2"},
		{"race", "--target", "5", "--coin", "0:1"},
		{"race", "--target", "5", "--coin", "3/2:1"},
		{"race", "--target", "5", "--menu", ""},
		{"race", "--target", "5", "--menu", "1/2:1,"},
		{"race", "--target", "5", "--menu", "1/2:1,1/4:0"},
		{"race", "--target", "5", "--menu", "1/2:x"},
		{"race", "--target", "5", "--frobnicate"},
		{"race", "--target", "5", "extra"},
		{"race", "--coin-target", "5"},
		{"race", "--target", "100000000"},
		{"race", "--target", "5000", "--exact"},
	} {
		badInput(t, "", args...)
	}
}
