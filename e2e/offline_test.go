//go:build e2e

package e2e

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// When the server cannot be reached, a table opened before is still
// readable, marked as offline; a result sent then is kept on the phone,
// and any other form says it was not saved.
func TestOfflineReadingAndNoSilentWrites(t *testing.T) {
	t.Parallel()
	base, server := startServerProc(t)
	ctx := phone(t)
	var tableURL string
	run(t, ctx, "start a table",
		chromedp.Navigate(base+"/tables/new"),
		chromedp.SetValue(`#game`, "koffer-katze-sombrero", chromedp.ByQuery),
		chromedp.SendKeys(`#player-0`, "Ana", chromedp.ByQuery),
		chromedp.SendKeys(`#player-1`, "Ben", chromedp.ByQuery),
		tap(`[data-testid="create-table"]`),
		chromedp.WaitVisible(`[data-testid="no-games"]`, chromedp.ByQuery),
		chromedp.Location(&tableURL),
	)
	var controlled bool
	run(t, ctx, "service worker takes control",
		chromedp.Poll(`navigator.serviceWorker.controller !== null`, &controlled, chromedp.WithPollingTimeout(10*time.Second)),
		// Visit the pages once under the worker so it keeps copies.
		chromedp.Navigate(tableURL+"/games/new"),
		chromedp.WaitVisible(`[data-testid="submit-scores"]`, chromedp.ByQuery),
		chromedp.Navigate(tableURL),
		chromedp.WaitVisible(`[data-testid="no-games"]`, chromedp.ByQuery),
	)

	server.Process.Signal(os.Interrupt) // the Wi-Fi is gone
	server.Wait()

	var banner, heading string
	run(t, ctx, "read the table offline",
		chromedp.Navigate(tableURL),
		chromedp.WaitVisible(`#offline-banner`, chromedp.ByQuery),
		chromedp.Text(`#offline-banner`, &banner, chromedp.ByQuery),
		chromedp.Text(`[data-testid="table-name"]`, &heading, chromedp.ByQuery),
	)
	if !strings.Contains(banner, "offline") || heading == "" {
		t.Fatalf("offline copy: banner %q, heading %q", banner, heading)
	}
	snapshot(t, ctx, "offline-table")
	// A result is kept on the phone (the outbox) until the server is back.
	var kept string
	run(t, ctx, "send a result offline",
		chromedp.Navigate(tableURL+"/games/new"),
		chromedp.WaitVisible(`[data-testid="submit-scores"]`, chromedp.ByQuery),
		chromedp.Poll(`!!window.TablemateOutbox`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		tap(`[data-testid="submit-scores"]`),
		chromedp.WaitVisible(`[data-testid="outbox-queued"]`, chromedp.ByQuery),
		chromedp.Text(`[data-testid="outbox-queued"]`, &kept, chromedp.ByQuery),
	)
	if !strings.Contains(kept, "Waiting to be sent") {
		t.Errorf("a result sent offline says %q, want it kept", kept)
	}
	// Any other form says plainly that nothing was saved.
	var body string
	run(t, ctx, "send another form offline",
		chromedp.Navigate(tableURL),
		chromedp.WaitVisible(`#new-player`, chromedp.ByQuery),
		chromedp.SendKeys(`#new-player`, "Cy", chromedp.ByQuery),
		tap(`form[action$="/players"] button[type="submit"]`),
		chromedp.WaitVisible(`//h1[contains(., "offline")]`),
		chromedp.Text("main", &body, chromedp.ByQuery),
	)
	if !strings.Contains(body, "not saved") {
		t.Errorf("a write sent offline says %q, want 'not saved'", body)
	}
}
