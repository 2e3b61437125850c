package server

import (
	"context"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// browser finds a Chromium to drive: missing, the test fails in CI (CI is
// set there, and .ci/run installs Debian's chromium) and skips elsewhere.
func browser(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("no chromium on this machine: the browser test needs Debian's chromium package (apt-get install chromium)")
	}
	t.Skip("no chromium on this machine; install Debian's chromium package to run the browser test")
	return ""
}

// TestBrowser drives the page in headless Chromium: it solves the race to
// 100 and sees PE 232's answer and a drawn heatmap, plays one turn of Pig
// against the optimal player, and sees a bad parameter's error on the
// page. With GAMESOLVE_SCREENSHOTS=DIR it saves what it saw there.
func TestBrowser(t *testing.T) {
	exe := browser(t)
	ts := httptest.NewServer(New(Options{}))
	defer ts.Close()
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(exe), chromedp.NoSandbox,
		chromedp.Headless, chromedp.DisableGPU, chromedp.WindowSize(1200, 1000))
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelA()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancelT := context.WithTimeout(ctx, 2*time.Minute)
	defer cancelT()
	shots := os.Getenv("GAMESOLVE_SCREENSHOTS")
	shot := func(name string) {
		if shots == "" {
			return
		}
		buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(100)) // 100: PNG
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(shots, name), buf, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	do := func(steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, steps...); err != nil {
			t.Fatal(err)
		}
	}
	text := func(id string) string {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID(id)))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	// until waits for a JavaScript condition to hold.
	until := func(cond string) {
		t.Helper()
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingTimeout(60*time.Second))); err != nil {
			t.Fatalf("waiting for %s: %v", cond, err)
		}
	}

	// The race to 100.
	do(chromedp.Navigate(ts.URL+"/#seed=7"),
		chromedp.WaitVisible(chromedp.ID("race-solve")),
		chromedp.SetValue(chromedp.ID("race-target"), "100"))
	start := time.Now()
	do(chromedp.Click(chromedp.ID("race-solve")), chromedp.WaitVisible(chromedp.ID("race-win")))
	t.Logf("race 100 shown %v after the click", time.Since(start))
	if win := text("race-win"); win != "0.83648556" {
		t.Errorf("race 100 shows %q, want 0.83648556", win)
	}
	drawn, err := chromedp.Run(ctx, chromedp.AttributeValue(chromedp.ID("race-heatmap"), "data-drawn"))
	if err != nil {
		t.Fatal(err)
	}
	// Distinct colours on the canvas: a drawn map has several.
	colours, err := chromedp.Run(ctx, chromedp.Evaluate[int](`(() => { const c = document.getElementById('race-heatmap');
		const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; const s = new Set();
		for (let i = 0; i < d.length; i += 4) s.add(d[i] + ',' + d[i+1] + ',' + d[i+2]); return s.size; })()`))
	if err != nil {
		t.Fatal(err)
	}
	if drawn.Value != "10000" || colours < 8 {
		t.Errorf("heatmap: %q cells drawn, %d colours", drawn.Value, colours)
	}
	do(chromedp.WaitVisible(chromedp.ID("race-play")))
	until(`document.getElementById('race-chance').textContent !== ''`)
	shot("race.png")

	// One turn of Pig: roll, then hold if the turn is still ours, and wait
	// for the computer to finish its turn.
	do(chromedp.Click(chromedp.CSS(`#tabs button[data-tab="pig"]`)),
		chromedp.SetValue(chromedp.ID("pig-target"), "40"),
		chromedp.Click(chromedp.ID("pig-solve")),
		chromedp.WaitVisible(chromedp.ID("pig-play")))
	until(`document.getElementById('pig-chance').textContent !== ''`)
	before := text("pig-chance")
	do(chromedp.Click(chromedp.ID("pig-roll")))
	until(`document.getElementById('pig-die').textContent !== ''`)
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { const h = document.getElementById('pig-hold');
		if (!h.disabled) h.click(); return true; })()`)); err != nil {
		t.Fatal(err)
	}
	// The computer's turn runs by itself; then it is ours again.
	until(`document.getElementById('pig-log').textContent.includes('computer') &&
		document.getElementById('pig-turn').textContent === 'your turn'`)
	log, chance, turn := text("pig-log"), text("pig-chance"), text("pig-turn")
	shot("pig.png")
	if !strings.Contains(log, "you: rolls") || !strings.Contains(log, "computer:") {
		t.Errorf("pig log %q", log)
	}
	if before == "" || chance == "" || turn != "your turn" {
		t.Errorf("pig: chance %q then %q, turn %q", before, chance, turn)
	}

	// Three players: both computers play a turn, then it is ours again.
	do(chromedp.SetValue(chromedp.ID("pig-players"), "3"),
		chromedp.SetValue(chromedp.ID("pig-target"), "12"),
		chromedp.Click(chromedp.ID("pig-solve")))
	until(`document.getElementById('pig-result').textContent.includes('certified') &&
		document.getElementById('pig-turn').textContent === 'your turn' && document.getElementById('pig-log').textContent === ''`)
	do(chromedp.Click(chromedp.ID("pig-roll")))
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { const h = document.getElementById('pig-hold');
		if (!h.disabled) h.click(); return true; })()`)); err != nil {
		t.Fatal(err)
	}
	// Computer 1 may win before computer 2 plays: wait for our turn or a
	// winner.
	until(`document.getElementById('pig-log').textContent.includes('computer 1:') &&
		(document.getElementById('pig-turn').textContent === 'your turn' || document.getElementById('pig-turn').textContent.includes('wins'))`)
	if turn := text("pig-turn"); turn == "your turn" && !strings.Contains(text("pig-log"), "computer 2:") {
		t.Errorf("three-player pig: our turn again before computer 2 played: %q", text("pig-log"))
	}
	if state := text("pig-state"); !strings.Contains(state, "computer 1 ") || !strings.Contains(state, "computer 2 ") {
		t.Errorf("three-player pig state %q", state)
	}

	// The model tab posts its example (as application/json, which the
	// server requires of a POST) and shows the answer.
	do(chromedp.Click(chromedp.CSS(`#tabs button[data-tab="model"]`)),
		chromedp.Click(chromedp.CSS(`#model-form button[type="submit"]`)))
	until(`document.getElementById('model-result').textContent !== '' || document.getElementById('model-error').textContent !== ''`)
	if res, errText := text("model-result"), text("model-error"); !strings.Contains(res, `"values"`) || errText != "" {
		t.Errorf("model tab: result %q, error %q", res, errText)
	}
	// A PRISM model with its properties: a fair coin until heads.
	coin := "dtmc\nmodule m\n s : [0..1] init 0;\n [] s=0 -> 1/2 : (s'=1) + 1/2 : true;\nendmodule\nrewards \"flips\" s=0 : 1; endrewards"
	do(chromedp.SetValue(chromedp.ID("model-text"), coin),
		chromedp.SetValue(chromedp.ID("model-props"), `P=? [ F s=1 ]; R{"flips"}=? [ F s=1 ]`),
		chromedp.Click(chromedp.CSS(`#model-form button[type="submit"]`)))
	until(`document.getElementById('model-result').textContent.includes('"properties"') || document.getElementById('model-error').textContent !== ''`)
	if res, errText := text("model-result"), text("model-error"); !strings.Contains(res, `"value": 2`) || errText != "" {
		t.Errorf("model tab, PRISM: result %q, error %q", res, errText)
	}

	// A bad parameter shows its error on the page.
	do(chromedp.Click(chromedp.CSS(`#tabs button[data-tab="race"]`)),
		chromedp.SetValue(chromedp.ID("race-target"), "-5"),
		chromedp.Click(chromedp.ID("race-solve")))
	until(`document.getElementById('race-error').textContent !== ''`)
	msg := text("race-error")
	shot("error.png")
	if !strings.Contains(msg, "target=-5") {
		t.Errorf("error shown: %q", msg)
	}
}
