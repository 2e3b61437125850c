package cli

import "testing"

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
	if code != 0 || out != "value   ^\noutcome L (Left wins whoever starts)\n" {
		t.Errorf("text: %q", out)
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
