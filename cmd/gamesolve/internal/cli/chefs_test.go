package cli

import (
	"fmt"
	"math/big"
	"testing"
)

func TestChefs(t *testing.T) {
	m := runJSON(t, "chefs", "-n", "7")
	if got := fmt.Sprintf("%.8f", m["expected_dishes"]); got != "42.28176050" {
		t.Errorf("E(7) = %s", got)
	}
	w := m["win_probabilities"].([]any)
	if len(w) != 7 || fmt.Sprintf("%.8f", w[1]) != "0.20775702" {
		t.Errorf("W7 = %v", w)
	}
	if _, ok := m["win_probabilities_exact"]; ok {
		t.Error("exact keys without --exact")
	}
	m = runJSON(t, "chefs", "--skills", "0.25,0.5,1", "--exact", "--policy")
	if m["win_probabilities_exact"].([]any)[0] != "47/160" { // 0.29375
		t.Errorf("W3 exact = %v", m["win_probabilities_exact"])
	}
	if r, ok := new(big.Rat).SetString(m["expected_dishes_exact"].(string)); !ok || fmt.Sprint(m["expected_dishes"]) != r.FloatString(5) {
		t.Errorf("dishes %v vs exact %v", m["expected_dishes"], m["expected_dishes_exact"])
	}
	pol := m["policy"].([]any)
	if len(pol) != 9 || fmt.Sprint(pol[0]) != "map[alive:[1 2 3] chef:1 target:3]" || fmt.Sprint(pol[2]) != "map[alive:[1 2 3] chef:3 target:2]" {
		t.Errorf("policy = %v", pol)
	}
	if got := runJSON(t, "chefs", "-n", "3", "--skills", "1/2,1/3,1/4")["skills"]; fmt.Sprint(got) != "[1/2 1/3 1/4]" {
		t.Errorf("skills = %v", got)
	}
}

func TestChefsText(t *testing.T) {
	code, out, errs := run(t, "", "chefs", "--skills", "0.25,0.5,1", "--exact", "--policy")
	if code != 0 {
		t.Fatal(errs)
	}
	golden(t, "chefs_worked_example.txt", out)
}

func TestChefsBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"chefs"},
		{"chefs", "-n", "0"},
		{"chefs", "-n", "-3"},
		{"chefs", "-n", "x"},
		{"chefs", "-n", "32"},
		{"chefs", "-n", "31"}, // too large for memory: refused with an estimate
		{"chefs", "--skills", "0.5,1.5"},
		{"chefs", "--skills", "0,0.5"},
		{"chefs", "--skills", "0.5,,1"},
		{"chefs", "--skills", "a,b"},
		{"chefs", "--skills", ""},
		{"chefs", "-n", "4", "--skills", "0.5,0.5"},
		{"chefs", "-n", "14", "--policy"},
		{"chefs", "-n", "16", "--exact"},
		{"chefs", "-n", "3", "extra"},
	} {
		badInput(t, "", args...)
	}
}
