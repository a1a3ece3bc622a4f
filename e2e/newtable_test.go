//go:build e2e

package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tablemate/scoring/aufderhut"
	"tablemate/scoring/kks"
)

// The new-table form with its script on a phone: choosing Auf der Hut
// shows four boxes and "Add a player" adds a fifth in place; ↑ moves a
// name a seat up and who starts follows it; "Who starts?" names the seats
// as they are typed and shows the chosen game's rule; the table records
// the chosen first player. A second table on the same phone takes the
// names by tapping chips, no keystroke. Nothing scrolls sideways at
// 360 px, in English or German.
func TestNewTableFormOnAPhone(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	ctx := phone(t)
	var boxes int
	var rule, seats string
	run(t, ctx, "the form, Auf der Hut",
		chromedp.Navigate(base+"/tables/new"),
		chromedp.WaitVisible(`#player-0`, chromedp.ByQuery),
		chromedp.SetValue(`#game`, kks.Slug, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector('#game').dispatchEvent(new Event('change', {bubbles: true}))`, nil),
		chromedp.SetValue(`#game`, aufderhut.Slug, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector('#game').dispatchEvent(new Event('change', {bubbles: true}))`, nil),
		chromedp.SendKeys(`#player-0`, "Ana", chromedp.ByQuery),
		chromedp.SendKeys(`#player-1`, "Ben", chromedp.ByQuery),
		chromedp.SendKeys(`#player-2`, "Cy", chromedp.ByQuery),
		chromedp.SendKeys(`#player-3`, "Di", chromedp.ByQuery),
		tap(`[data-testid="add-player"]`),
		chromedp.SendKeys(`#player-4`, "Ed", chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelectorAll('input[name="players"]').length`, &boxes),
		chromedp.Text(`[data-testid="start-rule"]`, &rule, chromedp.ByQuery),
	)
	if boxes != 5 {
		t.Errorf("%d name boxes after adding one to Auf der Hut's four", boxes)
	}
	if !strings.Contains(rule, "hat") {
		t.Errorf("the start rule shown for Auf der Hut is %q", rule)
	}
	// Cy starts, then moves a seat up.
	run(t, ctx, "Cy starts and moves up",
		tap(`[data-testid="who-starts"] input[value="2"]`),
		tap(`[data-seat]:nth-of-type(3) [data-move="up"]`),
		chromedp.Evaluate(`[...document.querySelectorAll('input[name="players"]')].map(i => i.value).join(",") + "|" +
			document.querySelector('input[name="first"]:checked').closest('label').textContent.trim()`, &seats),
	)
	if seats != "Ana,Cy,Ben,Di,Ed|Cy" {
		t.Errorf("after moving Cy up: %q, want Ana,Cy,Ben,Di,Ed with Cy starting", seats)
	}
	run(t, ctx, "start the table", tap(`[data-testid="create-table"]`), chromedp.WaitVisible(`[data-testid="no-games"]`, chromedp.ByQuery))

	// A second table takes the names by chips.
	var names string
	run(t, ctx, "names by chips",
		chromedp.Navigate(base+"/tables/new"),
		chromedp.WaitVisible(`[data-name-chip="Ana"]`, chromedp.ByQuery),
		tap(`[data-name-chip="Cy"]`),
		tap(`[data-name-chip="Ana"]`),
		chromedp.Evaluate(`[...document.querySelectorAll('input[name="players"]')].map(i => i.value).filter(Boolean).join(",") + "|" + document.querySelector('[data-name-chip="Ana"]').disabled`, &names),
	)
	if names != "Cy,Ana|true" {
		t.Errorf("chips filled %q, want Cy,Ana with Ana's chip spent", names)
	}
	snapshot(t, ctx, "new-table-chips")

	run(t, ctx, "a 360px screen", chromedp.EmulateViewport(360, 740, chromedp.EmulateMobile, chromedp.EmulateScale(2)))
	for _, lang := range []string{"en", "de"} {
		var fits bool
		run(t, ctx, "the form in "+lang,
			chromedp.Navigate(base+"/lang?to="+lang+"&back=/tables/new"),
			chromedp.WaitVisible(`#player-0`, chromedp.ByQuery),
			chromedp.Evaluate(`document.documentElement.scrollWidth <= window.innerWidth`, &fits),
		)
		if !fits {
			t.Errorf("the new-table form scrolls sideways at 360px in %s", lang)
		}
	}
}
