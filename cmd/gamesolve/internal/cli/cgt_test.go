package cli

import (
	"fmt"
	"strings"
	"testing"
)

func TestCgt(t *testing.T) {
	for _, tt := range []struct {
		args           []string
		value, outcome string
	}{
		{[]string{"cgt", "{0|*}"}, "^", "L"},
		{[]string{"cgt", "{0|0}"}, "*", "N"},
		{[]string{"cgt", "^+^"}, "^^", "L"},
		{[]string{"cgt", "{1|2} + *"}, "3/2*", "L"},
		{[]string{"cgt", "--", "-{2|1}"}, "-3/2±1/2", "R"},
		{[]string{"cgt", "+-1"}, "±1", "N"},
		{[]string{"cgt", "*+*"}, "0", "P"},
		{[]string{"cgt", "--game", "cookies", "1 2 2"}, "-1", "R"},
		{[]string{"cgt", "--game", "nim", "1 2 3"}, "0", "P"},
		{[]string{"cgt", "--game", "hackenbush", "lr"}, "1/2", "L"},
		{[]string{"cgt", "--game", "domineering", "..|.."}, "±1", "N"},
		{[]string{"cgt", "--game", "cutcake", "1x3"}, "2", "L"},
		{[]string{"cgt", "--game", "toads", "T.F"}, "*", "N"},
	} {
		m := runJSON(t, tt.args...)
		if m["value"] != tt.value || m["outcome"] != tt.outcome {
			t.Errorf("%v: value %v outcome %v, want %s %s", tt.args, m["value"], m["outcome"], tt.value, tt.outcome)
		}
	}
	code, out, _ := run(t, "", "cgt", "{0|*}")
	if code != 0 || !strings.HasPrefix(out, "value          ^\noutcome        L (Left wins whoever starts)\n") || !strings.Contains(out, "atomic weight  1\n") {
		t.Errorf("text: %q", out)
	}
	// Temperature theory in the JSON: exact, integers or "p/q".
	m := runJSON(t, "cgt", "{3||2|1}")
	th := m["thermograph"].(map[string]any)
	if m["left_stop"] != 3.0 || m["right_stop"] != 2.0 || m["mean"] != "9/4" || m["temperature"] != "3/4" || m["atomic_weight"] != nil ||
		fmt.Sprint(th["left"]) != "[[-1 4] [3/4 9/4]]" || fmt.Sprint(th["right"]) != "[[-1 2] [1/2 2] [3/4 9/4]]" {
		t.Errorf("{3||2|1}: %v", m)
	}
	if m := runJSON(t, "cgt", "^^*"); m["atomic_weight"] != "2" || m["temperature"] != 0.0 {
		t.Errorf("^^*: %v", m)
	}
	// An infinitesimal that is not atomic: null, and the text says why.
	if m := runJSON(t, "cgt", "{1|^^^||^}"); m["atomic_weight"] != nil || m["left_stop"] != 0.0 || m["right_stop"] != 0.0 {
		t.Errorf("{1|^^^||^}: %v", m)
	}
	if _, out, _ := run(t, "", "cgt", "{1|^^^||^}"); !strings.Contains(out, "atomic weight  undefined (an infinitesimal, but not atomic") {
		t.Errorf("{1|^^^||^} text: %q", out)
	}
	if m := runJSON(t, "cgt", "--game", "domineering", "..|.."); m["mean"] != 0.0 || m["temperature"] != 1.0 {
		t.Errorf("domineering ..|..: %v", m)
	}
	// --compare.
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"cgt", "--compare", "^", "*"}, "‖\n"},
		{[]string{"cgt", "--compare", "1/2", "{0|1}"}, "=\n"},
		{[]string{"cgt", "--compare", "^", "0"}, ">\n"},
		{[]string{"cgt", "--compare", "--game", "domineering", "..", ".|."}, "<\n"},
	} {
		if code, out, errs := run(t, "", tt.args...); code != 0 || out != tt.want {
			t.Errorf("%v: %d %q %s", tt.args, code, out, errs)
		}
	}
	if m := runJSON(t, "cgt", "--compare", "^", "*"); m["relation"] != "‖" || m["a"] != "^" || m["b"] != "*" {
		t.Errorf("compare JSON: %v", m)
	}
	for _, args := range [][]string{
		{"cgt"},
		{"cgt", "1/3"},
		{"cgt", "{1|2|3}"},
		{"cgt", "{"},
		{"cgt", "a", "b"},
		{"cgt", "--game", "chess", "e4"},
		{"cgt", "--game", "nim", "x"},
		{"cgt", "--game", "domineering", "..|."},
		{"cgt", "*9999"},
		{"cgt", "--compare", "^"},
		{"cgt", "--compare", "^", "*", "0"},
		{"cgt", "--compare", "^", "{"},
	} {
		badInput(t, "", args...)
	}
}

func TestCookies(t *testing.T) {
	for n, want := range map[string]string{"5": "2", "16": "64"} {
		m := runJSON(t, "cookies", "-n", n)
		if m["count"] != want {
			t.Errorf("C(%s) = %v, want %s", n, m["count"], want)
		}
	}
	code, out, _ := run(t, "", "cookies", "-n", "16")
	if code != 0 || out != "C(16) = 64\n" {
		t.Errorf("text: %q", out)
	}
	for _, args := range [][]string{{"cookies"}, {"cookies", "-n", "0"}, {"cookies", "-n", "-4"}, {"cookies", "-n", "x"}, {"cookies", "-n", "1000000"}, {"cookies", "-n", "5", "x"}} {
		badInput(t, "", args...)
	}
}

// cgt --octal: Kayles' period, certified, in JSON; its mistakes are one
// line each.
func TestOctal(t *testing.T) {
	m := runJSON(t, "cgt", "--octal", "0.77", "-n", "200")
	if m["name"] != "Kayles" || m["period"] != 12.0 || m["preperiod"] != 71.0 || m["last_exceptional"] != 70.0 || m["certified"] != true || m["needed"] != 167.0 || len(m["values"].([]any)) != 201 {
		t.Errorf("Kayles: %v", m)
	}
	if m := runJSON(t, "cgt", "--octal", "0.6", "-n", "100"); m["certified"] != false || m["period"] != nil {
		t.Errorf("0.6: %v", m)
	}
	// Grundy's game by name, far enough for the sparse space: G(231) =
	// 10 is one of Flammenkamp's rare values; Kayles far out comes from
	// its certified period, the same with any number of workers.
	if m := runJSON(t, "cgt", "--octal", "grundy", "-n", "20000"); m["name"] != "Grundy's game" || m["values"].([]any)[231] != 10.0 || m["certified"] != false {
		t.Errorf("grundy: name %v, G(231) %v, certified %v", m["name"], m["values"].([]any)[231], m["certified"])
	}
	// Misère play: 0.75's quotient is Plambeck's R8 (order 8, P-portion
	// {a, b²}, heap 5 the generator c); Kayles' heap 4 is a P-position.
	m = runJSON(t, "cgt", "--octal", "0.75", "--misere")
	q := m["quotient"].(map[string]any)
	if m["n"] != 20.0 || q["order"] != 8.0 || fmt.Sprint(q["p_portion"]) != "[a b²]" || q["heaps"].([]any)[4] != "c" || q["max_heap"] != 20.0 {
		t.Errorf("0.75 misère: %v", m)
	}
	if m := runJSON(t, "cgt", "--octal", "0.77", "--misere", "-n", "6"); fmt.Sprint(m["heaps"].([]any)[3]) != "map[genus:1^031 heap:4 outcome:P tame:true]" {
		t.Errorf("Kayles misère heap 4: %v", m["heaps"].([]any)[3])
	}
	// A row of heaps: Kayles 1 2 3 plays as misère Nim (tame), a P-position;
	// 3 5 7 is wild and an N-position, by the quotient of heaps to 7.
	if m := runJSON(t, "cgt", "--game", "kayles", "--misere", "1 2 3"); m["outcome"] != "P" || m["tame"] != true || m["genus"] != "0^02" || m["by"] != "quotient" {
		t.Errorf("kayles 1 2 3 misère: %v", m)
	}
	if m := runJSON(t, "cgt", "--game", "kayles", "--misere", "3 5 7"); m["outcome"] != "N" || m["tame"] != false || m["class"] != "ab²c" || m["order"] != 12.0 {
		t.Errorf("kayles 3 5 7 misère: %v", m)
	}
	for _, args := range [][]string{
		{"cgt", "--game", "nim", "--misere", "3"}, {"cgt", "--game", "kayles", "--misere", "x"}, {"cgt", "--game", "kayles", "--misere", "201"},
		{"cgt", "--game", "kayles", "--misere", " "}, {"cgt", "--misere", "--compare", "--game", "kayles", "1", "2"},
		{"cgt", "--misere", "{0|*}"}, {"cgt", "--octal", "0.77", "--misere", "-n", "0"}, {"cgt", "--octal", "0.77", "--misere", "-n", "201"},
	} {
		badInput(t, "", args...)
	}
	a := runJSON(t, "cgt", "--octal", "0.8", "-n", "300", "--workers", "1")
	b := runJSON(t, "cgt", "--octal", "0.8", "-n", "300", "--workers", "2")
	if fmt.Sprint(a) != fmt.Sprint(b) {
		t.Error("0.8 with 1 and 2 workers differ")
	}
	for _, args := range [][]string{
		{"cgt", "--octal", "77"}, {"cgt", "--octal", "0.77", "-n", "-1"}, {"cgt", "--octal", "0.77", "-n", "20000001"},
		{"cgt", "--octal", "0.77", "--game", "nim"}, {"cgt", "-n", "5", "{0|*}"}, {"cgt", "--octal", "0.77", "x"},
		{"cgt", "--octal", "0.F", "-n", "5000"},
	} {
		badInput(t, "", args...)
	}
}
