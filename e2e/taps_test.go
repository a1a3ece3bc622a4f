//go:build e2e

package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// taps counts a scripted entry's taps: every tap (a click, or a tap that
// focuses a field before typing into it) goes through tapN; typing on the
// phone's keyboard is not counted as taps.
type taps struct{ n int }

// tap taps sel once.
func (c *taps) tap(sel string) chromedp.Action {
	c.n++
	return tap(sel)
}

// typeIn taps the field sel (one tap) and types text into it.
func (c *taps) typeIn(sel, text string) chromedp.Action {
	c.n++
	return chromedp.Tasks{tap(sel), chromedp.SendKeys(sel, text, chromedp.ByQuery)}
}

// A typical Cambio round of three players, from the table page to the
// saved round, takes at most 6 taps (issue #18): open the editor, who
// called, each player's sum typed in one field, save.
func TestCambioRoundTaps(t *testing.T) {
	base := startServer(t)
	ctx := phone(t)
	run(t, ctx, "start a Cambio table", startTableActions(base, "cambio", "Ana", "Ben", "Cy")...)
	var c taps
	run(t, ctx, "enter round 1",
		c.tap(`[data-testid="enter-game"]`),
		c.tap(`input[name="ended"][value="cambio:0"]`),
		c.typeIn(`#p0-sum`, "4"),
		c.typeIn(`#p1-sum`, "17"),
		c.typeIn(`#p2-sum`, "9"),
	)
	var shown string
	run(t, ctx, "the round sum follows the typed sum", chromedp.Text(`fieldset[data-player="Ben"] [data-testid="round-sum"]`, &shown, chromedp.ByQuery))
	if shown != "17" {
		t.Errorf("Ben's round sum shows %q, want 17", shown)
	}
	run(t, ctx, "save", c.tap(`[data-testid="submit-round"]`), chromedp.WaitVisible(`[data-testid="standings"]`, chromedp.ByQuery))
	var totals []string
	run(t, ctx, "totals", chromedp.Evaluate(`[...document.querySelectorAll('[data-testid="round-total"]')].map(e => e.textContent.trim())`, &totals))
	if strings.Join(totals, " ") != "−1 17 9" && strings.Join(totals, " ") != "-1 17 9" {
		t.Errorf("totals %v, want −1 17 9 (Ana called with the fewest: 4 − 5)", totals)
	}
	t.Logf("a Cambio round of 3 players: %d taps from the table page to the saved round", c.n)
	if c.n > 6 {
		t.Errorf("a Cambio round took %d taps, want ≤ 6", c.n)
	}
	// A tapped card and a typed sum: the last one entered counts.
	var sum, cards string
	run(t, ctx, "a card tapped clears the typed sum",
		tap(`[data-testid="enter-game"]`),
		chromedp.SendKeys(`#p0-sum`, "12", chromedp.ByQuery),
		tap(`fieldset[data-player="Ana"] .card-pad button[data-card="red-king"]`),
		chromedp.Value(`#p0-sum`, &sum, chromedp.ByQuery),
		chromedp.Value(`#p0-cards`, &cards, chromedp.ByQuery),
	)
	if sum != "" || cards != "red-king" {
		t.Errorf("after a tap on Red King: sum %q, cards %q", sum, cards)
	}
	var chip string
	run(t, ctx, "the chip reads as a card", chromedp.Text(`fieldset[data-player="Ana"] [data-card-preview]`, &chip, chromedp.ByQuery))
	if !strings.Contains(chip, "Red King") || strings.Contains(chip, "red-king") {
		t.Errorf("chip %q", chip)
	}
}

// startTableActions starts a table of game for players from the new
// table form.
func startTableActions(base, game string, players ...string) []chromedp.Action {
	acts := []chromedp.Action{
		chromedp.Navigate(base + "/tables/new"),
		chromedp.WaitVisible(`#player-0`, chromedp.ByQuery),
		chromedp.SetValue(`#game`, game, chromedp.ByQuery),
		chromedp.SendKeys(`#name`, "Taps", chromedp.ByQuery),
	}
	for i, p := range players {
		acts = append(acts, chromedp.SendKeys(fmt.Sprintf(`#player-%d`, i), p, chromedp.ByQuery))
	}
	return append(acts, tap(`[data-testid="create-table"]`), chromedp.WaitVisible(`[data-testid="no-games"]`, chromedp.ByQuery))
}
