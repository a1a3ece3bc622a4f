//go:build e2e

package e2e

import (
	"context"
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
