//go:build e2e

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

func awaitPromise(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }

// shareFits is "" when the page does not scroll sideways and every
// visible link, button and panel heading of the invite panel is at least
// 44 px tall (a thumb's tap target).
var shareFits = fits("#share a, #share button, #share summary")

// The invite panel on a 360 px phone, in English and German: both links
// labelled for what they allow, Copy and Share (the share sheet, or the
// QR code and a copy where the browser has none), the view-only QR code shown and the edit link's behind a
// choice, nothing wider than the screen, every target 44 px; the same for
// a league's admin and standings links. Replacing
// the edit link moves the host to the new one and sends the other phone,
// whose page was open on the old link, to the page saying it was replaced.
func TestInvitePanelAndReplacingALinkOnAPhone(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	host, guest := phone(t), phone(t)
	run(t, host, "narrow phone, clipboard allowed",
		chromedp.EmulateViewport(360, 740, chromedp.EmulateMobile, chromedp.EmulateScale(2)),
		browser.GrantPermissions([]browser.PermissionType{browser.PermissionTypeClipboardReadWrite, browser.PermissionTypeClipboardSanitizedWrite}).WithOrigin(base).
			WithBrowserContextID(browserContextOf(host)),
	)
	var tableURL string
	run(t, host, "start a table", append(newTable(base, "Friday", "Amelia", "Victor"), chromedp.Location(&tableURL))...)

	for _, lang := range []struct{ code, watch, enter, copied string }{
		{"en", "Can only watch", "Can enter results", "Copied"},
		{"de", "Kann nur zuschauen", "Kann Ergebnisse eintragen", "Kopiert"},
	} {
		var watch, enter, problem, copied, clip string
		var shareShown, qrShown, editQRShown bool
		run(t, host, "invite panel ("+lang.code+")",
			chromedp.Navigate(base+"/lang?to="+lang.code+"&back="+strings.TrimPrefix(tableURL, base)),
			chromedp.WaitVisible(`[data-testid="share"] > summary`, chromedp.ByQuery),
			tap(`[data-testid="share"] > summary`),
			chromedp.WaitVisible(`#view-link-label`, chromedp.ByQuery),
			tap(`#edit-qr > summary`),
			tap(`#replace-links > summary`),
			chromedp.Text(`#view-link-label`, &watch, chromedp.ByQuery),
			chromedp.Text(`#edit-link-label`, &enter, chromedp.ByQuery),
			// Share offers the share sheet, or the QR code and a copy where
			// there is none: always something to tap.
			chromedp.Evaluate(`!document.querySelector('button[data-share-url]').hidden`, &shareShown),
			chromedp.Evaluate(`document.querySelector('[data-testid="view-link-qr"]').getBoundingClientRect().height > 100`, &qrShown),
			chromedp.Evaluate(`document.querySelector('#edit-qr img').getBoundingClientRect().height > 100`, &editQRShown),
			chromedp.Evaluate(shareFits, &problem),
			tap(`button[data-copy="view-link"]`),
			chromedp.Sleep(200*time.Millisecond),
			chromedp.Text(`button[data-copy="view-link"]`, &copied, chromedp.ByQuery),
		)
		snapshot(t, host, "invite-panel-"+lang.code)
		audit(t, host, "invite panel ("+lang.code+")")
		if watch != lang.watch || enter != lang.enter {
			t.Errorf("%s: labels %q and %q", lang.code, watch, enter)
		}
		if !shareShown || !qrShown || !editQRShown {
			t.Errorf("%s: share button shown %v, view QR %v, edit QR once asked %v", lang.code, shareShown, qrShown, editQRShown)
		}
		if problem != "" {
			t.Errorf("%s at 360 px: %s", lang.code, problem)
		}
		if copied != lang.copied {
			t.Errorf("%s: after Copy the button says %q", lang.code, copied)
		}
		var view string
		run(t, host, "clipboard", chromedp.Value(`#view-link`, &view, chromedp.ByQuery),
			chromedp.Evaluate(`navigator.clipboard.readText()`, &clip, awaitPromise))
		if clip != view || !strings.Contains(view, "/v/") {
			t.Errorf("%s: the clipboard holds %q, want the view-only link %q", lang.code, clip, view)
		}
	}

	// A league's admin page: the standings link and the admin link.
	var admin string
	run(t, host, "start a league",
		chromedp.Navigate(base+"/leagues/new"),
		chromedp.WaitVisible(`#league-name`, chromedp.ByQuery),
		chromedp.SendKeys(`#league-name`, "Thursday club", chromedp.ByQuery),
		chromedp.SendKeys(`#members`, "Amelia\nVictor", chromedp.ByQuery),
		tap(`[data-testid="create-league"]`),
		chromedp.WaitVisible(`[data-testid="no-league-games"]`, chromedp.ByQuery),
		chromedp.Location(&admin),
	)
	for _, lang := range []string{"en", "de"} {
		var problem string
		run(t, host, "league links ("+lang+")",
			chromedp.Navigate(base+"/lang?to="+lang+"&back="+strings.TrimPrefix(admin, base)),
			tap(`[data-testid="share"] > summary`),
			tap(`#admin-qr > summary`),
			tap(`#replace-links > summary`),
			chromedp.WaitVisible(`[data-testid="rotate-admin"]`, chromedp.ByQuery),
			chromedp.Evaluate(shareFits, &problem),
		)
		if problem != "" {
			t.Errorf("league links, %s at 360 px: %s", lang, problem)
		}
		audit(t, host, "league links ("+lang+")")
	}

	// The guest's page is open on the edit link; the host replaces it.
	run(t, guest, "guest opens the table",
		chromedp.Navigate(tableURL),
		chromedp.WaitVisible(`[data-testid="no-games"]`, chromedp.ByQuery),
		chromedp.Sleep(300*time.Millisecond), // let the event stream connect
	)
	var newURL, flash string
	run(t, host, "replace the edit link",
		chromedp.Navigate(tableURL),
		tap(`[data-testid="share"] > summary`),
		tap(`#replace-links > summary`),
		tap(`[data-testid="rotate-edit"]`),
		chromedp.WaitVisible(`main [role="status"]`, chromedp.ByQuery),
		chromedp.Location(&newURL),
		chromedp.Text(`main [role="status"]`, &flash, chromedp.ByQuery),
	)
	if strings.HasPrefix(newURL, tableURL) || !strings.Contains(flash, "Bearbeiten-Link") {
		t.Errorf("after replacing: at %s, %q", newURL, flash)
	}
	var heading string
	waitTrue(t, guest, "the guest's page says the link was replaced", `document.querySelector("h1") && document.querySelector("h1").textContent === "Link replaced"`)
	run(t, guest, "gone page", chromedp.Text(`.lead`, &heading, chromedp.ByQuery))
	if !strings.Contains(heading, "edit link was replaced") {
		t.Errorf("the guest sees %q", heading)
	}
}
