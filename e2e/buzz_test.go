//go:build e2e

package e2e

import (
	"context"
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// stubVibrate replaces navigator.vibrate on every page the phone opens
// with a counter (window.buzzes).
func stubVibrate() chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		_, err := page.AddScriptToEvaluateOnNewDocument(`window.buzzes = 0; navigator.vibrate = function () { window.buzzes++; return true; };`).Do(ctx)
		return err
	})
}

// TestPadTapsBuzz: on a 390×844 phone that can vibrate, a tap on a card
// of the pad buzzes once; the footer's toggle turns it off, which the
// phone remembers across pages, and on again; a phone asking for reduced
// motion gets no buzz and no toggle.
func TestPadTapsBuzz(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	ctx := phone(t)
	card := `fieldset[data-player="Ana"] .card-pad button[data-card="red-king"]`
	buzzes := func(step string) int {
		t.Helper()
		var n int
		run(t, ctx, step, chromedp.Evaluate(`window.buzzes`, &n))
		return n
	}
	run(t, ctx, "start a Cambio table, stub the vibration", append([]chromedp.Action{stubVibrate()}, startTableActions(base, "cambio", "Ana", "Ben", "Cy")...)...)
	run(t, ctx, "open the round and tap a card", tap(`[data-testid="enter-game"]`), tap(card))
	if n := buzzes("count"); n != 1 {
		t.Fatalf("a card tap buzzed %d times, want 1", n)
	}
	var label string
	run(t, ctx, "turn the buzz off", tap(`[data-testid="buzz-toggle"]`), chromedp.Text(`[data-testid="buzz-toggle"]`, &label, chromedp.ByQuery), tap(card))
	if n := buzzes("count after off"); n != 1 || label != "Buzz on taps: off" {
		t.Errorf("after turning it off: %d buzzes, toggle says %q", n, label)
	}
	run(t, ctx, "another page: still off", chromedp.Reload(), tap(card), chromedp.Text(`[data-testid="buzz-toggle"]`, &label, chromedp.ByQuery))
	if n := buzzes("count after reload"); n != 0 || label != "Buzz on taps: off" {
		t.Errorf("after a reload: %d buzzes, toggle says %q", n, label)
	}
	run(t, ctx, "on again", tap(`[data-testid="buzz-toggle"]`), tap(card))
	if n := buzzes("count when on again"); n != 1 {
		t.Errorf("on again: %d buzzes, want 1", n)
	}

	var hidden bool
	run(t, ctx, "reduced motion", chromedp.ActionFunc(func(ctx context.Context) error {
		return emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}).Do(ctx)
	}), chromedp.Reload(), tap(card), chromedp.Evaluate(`document.querySelector('[data-testid="buzz-toggle"]').hidden`, &hidden))
	if n := buzzes("count with reduced motion"); n != 0 || !hidden {
		t.Errorf("with reduced motion: %d buzzes, toggle hidden %v", n, hidden)
	}
}

// TestSendToBGStatsOnAPhone: a finished game's page offers "Send to BG
// Stats" as a tap target of at least 44 px; its link opens BG Stats'
// createPlay page with the game as JSON in data, and carries no link of
// the table.
func TestSendToBGStatsOnAPhone(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	ctx := phone(t)
	var table, href string
	var height float64
	run(t, ctx, "a table with a finished game", newTable(base, "Friday", "Ana", "Ben")...)
	run(t, ctx, "table url", chromedp.Location(&table))
	run(t, ctx, "the game", append([]chromedp.Action{tap(`[data-testid="enter-game"]`), chromedp.WaitVisible(`[data-testid="submit-scores"]`, chromedp.ByQuery)},
		enterGame([]map[string]string{{"red": "1 2 3 4 5 6 7 8 9 10", "blue": "1 2 3 4 5 6 7"}, {"yellow": "1 2 3 4 5 6 7 8 9 10", "black": "1 2 3 4 5 6 7"}}, []int{3, 1})...)...)
	run(t, ctx, "the BG Stats link",
		chromedp.Navigate(table+"/games/1"),
		chromedp.WaitVisible(`[data-testid="bgstats-link"]`, chromedp.ByQuery),
		chromedp.AttributeValue(`[data-testid="bgstats-link"]`, "href", &href, nil, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector('[data-testid="bgstats-link"]').getBoundingClientRect().height`, &height),
	)
	u, err := url.Parse(href)
	if err != nil || u.Scheme != "https" || u.Host != "app.bgstatsapp.com" || u.Path != "/createPlay.html" {
		t.Fatalf("link %q: %v", href, err)
	}
	var play struct {
		Game struct {
			Name string `json:"name"`
		} `json:"game"`
		Players []struct {
			Name   string `json:"name"`
			Score  string `json:"score"`
			Winner bool   `json:"winner"`
			Rank   int    `json:"rank"`
		} `json:"players"`
	}
	if err := json.Unmarshal([]byte(u.Query().Get("data")), &play); err != nil {
		t.Fatalf("data: %v", err)
	}
	if play.Game.Name != "Koffer, Katze & Sombrero" || len(play.Players) != 2 || play.Players[0].Name != "Ana" || play.Players[0].Score != "86" ||
		!play.Players[0].Winner || play.Players[1].Rank != 2 {
		t.Errorf("the link's play: %+v", play)
	}
	if id := strings.TrimPrefix(table, base+"/tables/"); strings.Contains(href, id) {
		t.Error("the BG Stats link holds the table's edit link")
	}
	if height < 44 {
		t.Errorf("the BG Stats link is %.0f px high, want at least 44", height)
	}
}
