//go:build e2e

package e2e

import (
	"net/url"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// clockSeconds reads the clock a page shows ("m:ss" or "h:mm:ss") as
// seconds; −1 without one.
const clockSeconds = `(() => {
	const el = document.querySelector('[data-testid="clock-time"]');
	if (!el) return -1;
	return el.textContent.trim().split(":").reduce((s, p) => s * 60 + parseInt(p, 10), 0);
})()`

// TestClockOnTwoPhones: two 390×844 phones on one game of Cambio played
// along. One starts the clock with a 44 px button; the other shows it
// running within moments (the live refresh), both counting the same
// seconds from the server's time; the second phone pauses it, and both
// show it paused at the same time and stop counting. The page does not
// scroll sideways at 360 px, in English or German.
func TestClockOnTwoPhones(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	a, b := phone(t), phone(t)
	startPlayAlong(t, a, base, "cambio", "0", "Ana", "Ben", "Cy")
	var play string
	run(t, a, "the game's address", chromedp.Location(&play))
	run(t, b, "the second phone opens the game", chromedp.Navigate(play), chromedp.WaitVisible(`[data-testid="to-move"]`, chromedp.ByQuery), scriptsRan())

	var height float64
	run(t, a, "the start button", chromedp.Evaluate(`document.querySelector('[data-testid="clock-start"]').getBoundingClientRect().height`, &height))
	if height < 44 {
		t.Errorf("the clock's start button is %.0f px high, under 44", height)
	}
	run(t, a, "start the clock", tap(`[data-testid="clock-start"]`))
	waitTrue(t, a, "the first phone shows it running", `!!document.querySelector('[data-testid="clock-time"][data-clock-running]') && !!document.querySelector('[data-testid="clock-pause"]')`)
	waitTrue(t, b, "the second phone follows", `!!document.querySelector('[data-testid="clock-time"][data-clock-running]')`)
	waitTrue(t, b, "the second phone's clock counts", clockSeconds+` >= 2`)
	waitTrue(t, a, "the first phone's clock counts", clockSeconds+` >= 2`)
	snapshot(t, a, "clock-running")

	read := func(what string) (int, int) {
		t.Helper()
		var sa, sb int
		run(t, a, what+" (first phone)", chromedp.Evaluate(clockSeconds, &sa))
		run(t, b, what+" (second phone)", chromedp.Evaluate(clockSeconds, &sb))
		return sa, sb
	}
	sa, sb := read("running")
	if sa < 2 || sb < 2 || sa-sb > 1 || sb-sa > 1 {
		t.Errorf("running: the phones show %d and %d seconds, want the same (±1 s: the two reads are apart)", sa, sb)
	}
	var height2 float64
	run(t, b, "the pause button", chromedp.Evaluate(`document.querySelector('[data-testid="clock-pause"]').getBoundingClientRect().height`, &height2))
	if height2 < 44 {
		t.Errorf("the clock's pause button is %.0f px high, under 44", height2)
	}

	run(t, b, "pause on the second phone", tap(`[data-testid="clock-pause"]`))
	waitTrue(t, b, "the second phone shows it paused", `!!document.querySelector('[data-testid="clock-paused"]')`)
	waitTrue(t, a, "the first phone follows", `!!document.querySelector('[data-testid="clock-paused"]')`)
	pa, pb := read("paused")
	if pa != pb || pa < sa {
		t.Errorf("paused: the phones show %d and %d seconds, want one time, at least the %d seen running", pa, pb, sa)
	}
	time.Sleep(2500 * time.Millisecond)
	if qa, qb := read("paused, 2.5 s on"); qa != pa || qb != pb {
		t.Errorf("a paused clock counted on: %d → %d and %d → %d", pa, qa, pb, qb)
	}

	for _, lang := range []string{"en", "de"} {
		var fits bool
		var label string
		run(t, a, "360 px in "+lang,
			chromedp.EmulateViewport(360, 740, chromedp.EmulateMobile, chromedp.EmulateScale(2)),
			chromedp.Navigate(base+"/lang?to="+lang+"&back="+url.QueryEscape(mustPath(t, play))),
			chromedp.WaitVisible(`[data-testid="clock-start"]`, chromedp.ByQuery),
			chromedp.Text(`[data-testid="clock-start"]`, &label, chromedp.ByQuery),
			chromedp.Evaluate(`document.documentElement.scrollWidth <= window.innerWidth`, &fits))
		if !fits {
			t.Errorf("the play page with its clock scrolls sideways at 360 px in %s", lang)
		}
		if want := map[string]string{"en": "Start the clock again", "de": "Uhr weiterlaufen lassen"}[lang]; label != want {
			t.Errorf("%s: the button says %q, want %q", lang, label, want)
		}
	}
}

// mustPath is the path of an address.
func mustPath(t *testing.T, addr string) string {
	t.Helper()
	u, err := url.Parse(addr)
	if err != nil {
		t.Fatal(err)
	}
	return u.Path
}
