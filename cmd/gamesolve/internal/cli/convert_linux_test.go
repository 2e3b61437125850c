package cli

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// explodePM is three counters of 1,001 values each: 10^9 states, far more
// than convert --to json can write before a short timeout.
const explodePM = `dtmc
module m0
 x0 : [0..1000] init 0;
 [] true -> 0.5:(x0'=mod(x0+1,1001)) + 0.5:(x0'=x0);
endmodule
module m1 = m0 [x0=x1] endmodule
module m2 = m0 [x0=x2] endmodule
`

// convert -o never loses a file: a conversion that fails (here at its
// timeout, or writing to a full device) leaves the file it would have
// replaced as it was and no temporary file beside it; -o naming the
// model or its properties is refused before anything is written; a
// device is written in place and never removed. (Before, a failure
// removed whatever -o named: an old result, the model itself, and as
// root /dev/full.)
func TestConvertKeepsFiles(t *testing.T) {
	dir := t.TempDir()
	model := filepath.Join(dir, "explode.pm")
	props := filepath.Join(dir, "explode.props")
	old := filepath.Join(dir, "old.json")
	for name, text := range map[string]string{model: explodePM, props: "P=? [ F x0=3 ]\n", old: `{"precious": true}`} {
		if err := os.WriteFile(name, []byte(text), 0o640); err != nil {
			t.Fatal(err)
		}
	}
	unchanged := func(name, want string) {
		t.Helper()
		if b, err := os.ReadFile(name); err != nil || string(b) != want {
			t.Errorf("%s: %q %v, want %q", name, b, err, want)
		}
	}
	code, _, errs := run(t, "", "convert", model, "--to", "json", "--goal", "x0=1000", "-o", old, "--timeout", "300ms")
	if code != 2 || !strings.Contains(errs, "stopped after --timeout 300ms") {
		t.Errorf("timeout: exit %d, %q", code, errs)
	}
	unchanged(old, `{"precious": true}`)
	for _, args := range [][]string{
		{model, "--to", "json", "--goal", "x0=1000", "-o", model},
		{model, "--to", "jani", "--props", props, "-o", props},
		{model, "--to", "jani", "-o", filepath.Join(dir, ".", "explode.pm")},
	} {
		code, _, errs := run(t, "", append([]string{"convert"}, args...)...)
		if code != 2 || !strings.Contains(errs, "is the input file") {
			t.Errorf("%v: exit %d, %q", args, code, errs)
		}
	}
	unchanged(model, explodePM)
	unchanged(props, "P=? [ F x0=3 ]\n")
	// A successful conversion replaces the old file, keeping its mode.
	if code, _, errs := run(t, "", "convert", "../../../../docs/examples/die.pm", "--to", "json", "--goal", `"done"`, "-o", old, "--quiet"); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if st, err := os.Stat(old); err != nil || st.Mode().Perm() != 0o640 {
		t.Errorf("replaced file: %v %v, want mode 0640", st.Mode(), err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 3 {
		t.Errorf("the folder holds %d files, want 3 (no temporary file left)", len(entries))
	}
	// A character device: /dev/full's own numbers, made here.
	full := filepath.Join(dir, "full")
	if err := syscall.Mknod(full, syscall.S_IFCHR|0o666, 1<<8|7); err != nil {
		t.Logf("no device made (%v): not root", err)
		return
	}
	code, _, errs = run(t, "", "convert", "../../../../docs/examples/die.pm", "--to", "json", "--goal", `"done"`, "-o", full)
	if code != 2 || !strings.Contains(errs, "no space left on device") {
		t.Errorf("full device: exit %d, %q", code, errs)
	}
	if st, err := os.Stat(full); err != nil || st.Mode()&os.ModeCharDevice == 0 {
		t.Errorf("the device is gone: %v %v", st, err)
	}
}
