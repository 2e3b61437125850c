package server

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/gamesolve/gamesolve/cgt/rulesets"
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

// TestBrowser drives the page in headless Chromium: the race tab opens
// with the race to 100 solved (PE 232's answer, a heatmap with its axes);
// it plays one turn of Pig against the optimal player with a drawn die,
// solves models in the model tab (tables of values, a policy, properties),
// sees a bad model's and a bad parameter's error replace the old answer,
// and checks that every tab fits a 400-pixel-wide window. With
// GAMESOLVE_SCREENSHOTS=DIR it saves what it saw there.
func TestBrowser(t *testing.T) {
	exe := browser(t)
	ts := httptest.NewServer(New(Options{}))
	defer ts.Close()
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(exe), chromedp.NoSandbox,
		chromedp.Headless, chromedp.DisableGPU, chromedp.WindowSize(1200, 1000))
	// Chromium now and then fails to start on a loaded machine (go test
	// runs packages side by side): a second try, then the test fails.
	var ctx context.Context
	for try := 1; ; try++ {
		actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
		defer cancelA()
		c, cancel := chromedp.NewContext(actx)
		defer cancel()
		err := chromedp.Do(c, chromedp.Navigate("about:blank"))
		if err == nil {
			ctx = c
			break
		}
		if try == 2 {
			t.Fatalf("chromium did not start twice: %v", err)
		}
		t.Logf("chromium did not start (%v); once more", strings.SplitN(err.Error(), "\n", 2)[0])
	}
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

	eval := func(js string) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
		if err != nil {
			t.Fatalf("%s: %v", js, err)
		}
		return v
	}

	// The race tab opens with its default, the race to 100, solved.
	start := time.Now()
	do(chromedp.Navigate(ts.URL+"/#seed=7"), chromedp.WaitVisible(chromedp.ID("race-win")))
	t.Logf("race 100 shown %v after opening the page", time.Since(start))
	if win := text("race-win"); win != "0.83648556" {
		t.Errorf("race 100 shows %q, want 0.83648556", win)
	}
	// The heatmap has its axes: ticks and titles.
	if ticks := eval(`document.getElementById('race-heatmap').dataset.ticks`); ticks != "points the coin player needs: 1 20 40 60 80 100; points the chooser needs: 1 20 40 60 80 100" {
		t.Errorf("race heatmap ticks %q", ticks)
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
	// for the computer to finish its turn. The tab starts solving its
	// default (to 100) when opened; the answer to 40, asked after, is the
	// one shown.
	do(chromedp.Click(chromedp.CSS(`#tabs button[data-tab="pig"]`)),
		chromedp.SetValue(chromedp.ID("pig-target"), "40"),
		chromedp.Click(chromedp.ID("pig-solve")),
		chromedp.WaitVisible(chromedp.ID("pig-play")))
	until(`document.getElementById('pig-chance').textContent !== ''`)
	if state := text("pig-state"); !strings.Contains(state, "target 40") {
		t.Errorf("pig: %q, want the game to 40", state)
	}
	if ticks := eval(`document.getElementById('pig-heatmap').dataset.ticks`); ticks != "my score: 0 10 20 30; your score: 0 10 20 30" {
		t.Errorf("pig heatmap ticks %q", ticks)
	}
	before := text("pig-chance")
	do(chromedp.Click(chromedp.ID("pig-roll")))
	until(`document.getElementById('pig-die').textContent !== ''`)
	// The die is drawn, pips and all, not an emoji that needs a font.
	if pips := eval(`(() => { const d = document.getElementById('pig-die');
		return d.querySelectorAll('svg circle').length + ' ' + d.textContent.trim(); })()`); pips[:1] != pips[2:] {
		t.Errorf("pig die: %q pips and face", pips)
	}
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

	// The model tab solves its example when opened (posted as
	// application/json, which the server requires of a POST): a table of
	// values and the bar chart.
	cells := func(sel string) string {
		return eval(`Array.from(document.querySelectorAll('` + sel + `')).map((td) => td.textContent).join('|')`)
	}
	do(chromedp.Click(chromedp.CSS(`#tabs button[data-tab="model"]`)))
	until(`document.querySelector('#model-result table') !== null || document.getElementById('model-error').textContent !== ''`)
	if values, errText := cells("#model-result table td"), text("model-error"); values != "0|1|" || errText != "" || !strings.Contains(text("model-result"), "expected reward 6") {
		t.Errorf("model tab: values %q, error %q, result %q", values, errText, text("model-result"))
	}
	if bars := eval(`document.getElementById('model-bars').dataset.bars || ''`); bars != "1" {
		t.Errorf("model tab: %q bars", bars)
	}
	// The duel, exactly: the values and the policy, a table each.
	duel, err := os.ReadFile("../../../../docs/examples/duel.json")
	if err != nil {
		t.Fatal(err)
	}
	do(chromedp.SetValue(chromedp.ID("model-text"), string(duel)),
		chromedp.Click(chromedp.ID("model-exact")),
		chromedp.Click(chromedp.CSS(`#model-form button[type="submit"]`)))
	until(`document.querySelectorAll('#model-result table').length === 2 || document.getElementById('model-error').textContent !== ''`)
	if values, policy := cells("#model-result [data-table=values] td"), cells("#model-result [data-table=policy] td"); values != "0|0.5|1/2|1|0.5|1/2" || policy != "a-aims|fire|b-aims|fire|b-aims-after-wait|fire" {
		t.Errorf("model tab, duel: values %q, policy %q", values, policy)
	}
	shot("model.png")
	// A bad model: the error, and nothing left of the duel's answer.
	do(chromedp.SetValue(chromedp.ID("model-text"), `{"players": 1}`),
		chromedp.Click(chromedp.CSS(`#model-form button[type="submit"]`)))
	until(`document.getElementById('model-error').textContent !== ''`)
	if res, bars := text("model-result"), eval(`document.getElementById('model-bars').dataset.bars || ''`); res != "" || bars != "" {
		t.Errorf("model tab after an error: result %q, %q bars still drawn", res, bars)
	}
	// A PRISM model with its properties: a fair coin until heads.
	coin := "dtmc\nmodule m\n s : [0..1] init 0;\n [] s=0 -> 1/2 : (s'=1) + 1/2 : true;\nendmodule\nrewards \"flips\" s=0 : 1; endrewards"
	do(chromedp.SetValue(chromedp.ID("model-text"), coin),
		chromedp.SetValue(chromedp.ID("model-props"), `P=? [ F s=1 ]; R{"flips"}=? [ F s=1 ]`),
		chromedp.Click(chromedp.CSS(`#model-form button[type="submit"]`)))
	until(`document.querySelector('#model-result table') !== null || document.getElementById('model-error').textContent !== ''`)
	if props, errText := cells("#model-result table td"), text("model-error"); props != `P=? [ F s=1 ]|Pmax|1|1|R{"flips"}=? [ F s=1 ]|Emax|2|2` || errText != "" {
		t.Errorf("model tab, PRISM: properties %q, error %q", props, errText)
	}

	// The CGT tab offers the rulesets of rulesets.Names: Kayles with
	// heaps 3, 5 and 7 is *5 (G = 3, 4 and 2 in the nim-sequence of 0.77).
	do(chromedp.Click(chromedp.CSS(`#tabs button[data-tab="cgt"]`)),
		chromedp.SetValue(chromedp.ID("cgt-game"), "kayles"),
		chromedp.SetValue(chromedp.ID("cgt-position"), "3 5 7"),
		chromedp.Click(chromedp.CSS(`#cgt-form button[type="submit"]`)))
	until(`document.getElementById('cgt-result').textContent.startsWith('value') || document.getElementById('cgt-error').textContent !== ''`)
	if got, offered := text("cgt-result"), eval(`document.querySelectorAll('#cgt-games option').length + ''`); !strings.Contains(got, "outcome N") || !strings.HasPrefix(got, "value\n*5\n") || offered != fmt.Sprint(len(rulesets.Names())+1) {
		t.Errorf("CGT tab, kayles 3 5 7: %q; %s rulesets offered", got, offered)
	}

	// Poker: the Kuhn tab solves when opened, deals a hand, shows our
	// information set with the equilibrium's probabilities, and plays the
	// hand out by clicking the last action each time (bet or call).
	do(chromedp.Click(chromedp.CSS(`#tabs button[data-tab="poker"]`)))
	until(`document.getElementById('poker-result').textContent.includes('exploitability 0 (certified)') &&
		document.querySelectorAll('#poker-controls button').length > 0`)
	if state, value := text("poker-state"), text("poker-value"); !strings.HasPrefix(state, "P1 holds ") || value != "-1/18" {
		t.Errorf("poker: state %q, value %q", state, value)
	}
	if b := eval(`document.querySelector('#poker-controls button').textContent`); !strings.Contains(b, "(equilibrium ") {
		t.Errorf("poker button %q", b)
	}
	for range 3 {
		if eval(`document.querySelectorAll('#poker-controls button').length + ''`) == "0" {
			break
		}
		step := eval(`document.getElementById('poker-state').dataset.step`)
		eval(`(() => { document.querySelector('#poker-controls button:last-child').click(); return ''; })()`)
		until(`document.getElementById('poker-state').dataset.step !== '` + step + `'`)
	}
	until(`document.getElementById('poker-state').textContent.startsWith('hand over')`)
	if hands, log := text("poker-hands"), text("poker-log"); hands != "1" || !strings.Contains(log, "P1 gets") {
		t.Errorf("poker after a hand: %s hands, log %q", hands, log)
	}
	shot("poker.png")

	// A bad parameter shows its error on the page, and the race to 100
	// answered before is gone with its map and its game.
	do(chromedp.Click(chromedp.CSS(`#tabs button[data-tab="race"]`)),
		chromedp.SetValue(chromedp.ID("race-target"), "-5"),
		chromedp.Click(chromedp.ID("race-solve")))
	until(`document.getElementById('race-error').textContent !== ''`)
	msg := text("race-error")
	shot("error.png")
	if !strings.Contains(msg, "target=-5") {
		t.Errorf("error shown: %q", msg)
	}
	if left := eval(`document.getElementById('race-result').textContent + '|' + (document.getElementById('race-heatmap').dataset.drawn || '') + '|' + document.getElementById('race-play').hidden`); left != "||true" {
		t.Errorf("after the error: result, map and game %q", left)
	}

	// A phone's width: every tab fits, nothing scrolls sideways.
	do(chromedp.EmulateViewport(400, 900))
	for _, tab := range []string{"race", "pig", "chefs", "cookies", "poker", "cgt", "model"} {
		do(chromedp.Click(chromedp.CSS(`#tabs button[data-tab="` + tab + `"]`)))
		if tab == "race" {
			do(chromedp.SetValue(chromedp.ID("race-target"), "100"), chromedp.Click(chromedp.ID("race-solve")))
			until(`document.getElementById('race-win') !== null && document.getElementById('race-chance').textContent !== ''`)
		}
		if w := eval(`document.documentElement.scrollWidth + ' ' + window.innerWidth`); w != "400 400" {
			wide := eval(`Array.from(document.querySelectorAll('#` + tab + ` *')).filter((e) => e.getBoundingClientRect().right > 400).map((e) => e.tagName + '#' + e.id).slice(0, 5).join(' ')`)
			t.Errorf("%s at 400 px: scroll width and window %s (too wide: %s)", tab, w, wide)
		}
		if tab == "race" || tab == "model" {
			shot("narrow-" + tab + ".png")
		}
	}
}
