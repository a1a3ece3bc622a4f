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
	t.Parallel()
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
	run(t, ctx, "save", c.tap(`[data-testid="submit-round"]`), chromedp.WaitVisible(`[data-testid="current-game"], [data-testid="game-over"], [data-testid="standings"]`, chromedp.ByQuery))
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

// A typical Kodiak round of three players: open the round (Kodiak by the
// rotation is already chosen), each player's sum typed, save: at most 6
// taps too.
func TestKodiakRoundTaps(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	ctx := phone(t)
	run(t, ctx, "start a Kodiak table", startTableActions(base, "kodiak", "Ana", "Ben", "Cy")...)
	var c taps
	run(t, ctx, "enter round 1",
		c.tap(`[data-testid="enter-game"]`),
		c.typeIn(`#p0-sum`, "0"),
		c.typeIn(`#p1-sum`, "12"),
		c.typeIn(`#p2-sum`, "7"),
		c.tap(`[data-testid="submit-round"]`),
		chromedp.WaitVisible(`[data-testid="current-game"], [data-testid="game-over"], [data-testid="standings"]`, chromedp.ByQuery),
	)
	var totals []string
	run(t, ctx, "totals", chromedp.Evaluate(`[...document.querySelectorAll('[data-testid="round-total"]')].map(e => e.textContent.trim())`, &totals))
	if strings.Join(totals, " ") != "0 12 7" {
		t.Errorf("totals %v, want 0 12 7", totals)
	}
	// Ana's typed 0 is no cards left, which ends a Kodiak round (KOD-1):
	// the game has no broken rule.
	var valid, loc string
	run(t, ctx, "where", chromedp.Location(&loc))
	loc, _, _ = strings.Cut(loc, "?")
	run(t, ctx, "game 1's verdict", chromedp.Navigate(loc+"/games/1"),
		chromedp.WaitVisible(`[data-testid="verdict"]`, chromedp.ByQuery),
		chromedp.AttributeValue(`[data-testid="verdict"]`, "data-valid", &valid, nil, chromedp.ByQuery))
	if valid != "true" {
		t.Errorf("round 1 by sums breaks a rule (data-valid %q)", valid)
	}
	t.Logf("a Kodiak round of 3 players: %d taps from the table page to the saved round", c.n)
	if c.n > 6 {
		t.Errorf("a Kodiak round took %d taps, want ≤ 6", c.n)
	}
}

// startTableActions starts a table of game for players from the new
// table form.
func startTableActions(base, game string, players ...string) []chromedp.Action {
	acts := []chromedp.Action{
		chromedp.Navigate(base + "/tables/new"),
		chromedp.WaitVisible(`#player-0`, chromedp.ByQuery),
		chromedp.SetValue(`#game`, game, chromedp.ByQuery),
		chromedp.SendKeys(`#name`, "Game night", chromedp.ByQuery),
	}
	for i, p := range players {
		acts = append(acts, chromedp.SendKeys(fmt.Sprintf(`#player-%d`, i), p, chromedp.ByQuery))
	}
	return append(acts, tap(`[data-testid="create-table"]`), chromedp.WaitVisible(`[data-testid="no-games"]`, chromedp.ByQuery))
}

// Auf der Hut, Alaska and The Rune Market: every player's counters on one
// screen (issue #18): one grid with a row per counter and a cell per
// player, no screen per player. Auf der Hut's and Alaska's grids, four
// players, fit a 360×740 screen whole; a result typed in takes one tap
// per counter.
func TestCountersOnOneScreen(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	ctx := phone(t)
	run(t, ctx, "a 360px screen", chromedp.EmulateViewport(360, 740, chromedp.EmulateMobile, chromedp.EmulateScale(2)))
	for _, g := range []struct {
		slug   string
		rows   int
		fits   bool
		fields []string
	}{
		{"auf-der-hut", 3, true, []string{"characters", "bald_heads", "wonderhats"}},
		{"alaska", 1, true, []string{"salmon"}},
		{"rune-market", 13, false, nil},
	} {
		run(t, ctx, "start "+g.slug, append(startTableActions(base, g.slug, "Ana", "Ben", "Cy", "Dora"),
			tap(`[data-testid="enter-game"]`), chromedp.WaitVisible(`[data-testid="counter-grid"]`, chromedp.ByQuery))...)
		snapshot(t, ctx, g.slug+"-counters")
		var grids, rows, perPlayer int
		var cellsPerRow []int
		var bottom float64
		run(t, ctx, "measure "+g.slug,
			chromedp.Evaluate(`document.querySelectorAll('[data-testid="counter-grid"]').length`, &grids),
			chromedp.Evaluate(`document.querySelectorAll('[data-testid="counter-row"]').length`, &rows),
			chromedp.Evaluate(`[...document.querySelectorAll('[data-testid="counter-row"]')].map(r => r.querySelectorAll('.counter-cell').length)`, &cellsPerRow),
			chromedp.Evaluate(`document.querySelectorAll('fieldset.player-entry').length`, &perPlayer),
			chromedp.Evaluate(`(() => { const g = document.querySelector('[data-testid="counter-grid"]'); g.scrollIntoView({block: "start"}); return g.getBoundingClientRect().height })()`, &bottom),
		)
		if grids != 1 || rows != g.rows || perPlayer != 0 {
			t.Errorf("%s: %d grids, %d rows (want %d), %d per-player sections", g.slug, grids, rows, g.rows, perPlayer)
		}
		for k, n := range cellsPerRow {
			if n != 4 {
				t.Errorf("%s: row %d has %d cells, want one per player (4)", g.slug, k+1, n)
			}
		}
		if g.fits && bottom > 740-60 {
			t.Errorf("%s: the grid is %.0f px tall, more than a 740 px screen holds with the header", g.slug, bottom)
		}
		if g.fields == nil {
			continue
		}
		c := taps{n: 1} // "Enter game 1" on the table page
		var acts []chromedp.Action
		for i := range 4 {
			for _, f := range g.fields {
				// A result that keeps the rules (14 characters taken in a
				// standard Auf der Hut game): a broken one is held for a
				// second choice (issue #18), which is not this count.
				v := "1"
				if f == "characters" {
					v = []string{"4", "4", "3", "3"}[i]
				}
				acts = append(acts, c.typeIn(fmt.Sprintf(`#p%d-%s`, i, f), v))
			}
		}
		run(t, ctx, "type "+g.slug, append(acts, c.tap(`[data-testid="submit-scores"]`), chromedp.WaitVisible(`[data-testid="verdict"]`, chromedp.ByQuery))...)
		t.Logf("%s, 4 players: %d taps from the table page to the saved result", g.slug, c.n)
	}
}
