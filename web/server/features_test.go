package server

import (
	"net/http"
	"strings"
	"testing"

	"tablemate/web/kks/kkstest"
	"tablemate/web/webtest"
)

// Lea and Tom's finished two-player game (README): 17 cards each, no rule
// broken.
var (
	leaTom       = []map[string]string{{"red": "1 2 3 4 5 6 7 8 9 10", "blue": "1 2 3 4 5 6 7"}, {"yellow": "1 2 3 4 5 6 7 8 9 10", "black": "1 2 3 4 5 6 7"}}
	leaTomTokens = []string{"4", "6"}
)

// The invite panel says what works for the phones at the links' address,
// and why not, in the reader's language.
func TestInvitePanelSaysWhatWorksWhere(t *testing.T) {
	webtest.SQLiteOnly(t, "the invite panel's texts for each set-up")
	wifi := newTestServerWith(t, func(a *App) { a.site.public = "http://192.168.1.23:8080" })
	selfSigned := startTestServer(t, func(a *App) { a.site.ServeTLS(false) }, true)
	trusted := startTestServer(t, func(a *App) { a.site.ServeTLS(true) }, true)
	for _, tt := range []struct {
		name  string
		ts    *testServer
		lang  string
		says  string
		warns bool
	}{
		{"plain HTTP on the Wi-Fi", wifi, "", "On this plain-HTTP address, offline entry works while its page stays open; pages cannot open offline; the screen may sleep", true},
		{"plain HTTP, German", wifi, "de", "Unter dieser einfachen HTTP-Adresse funktioniert offline Eintragen", true},
		{"self-signed HTTPS", selfSigned, "", "each phone warns once", true},
		{"trusted HTTPS", trusted, "", "every phone feature works", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			table := tt.ts.CreateTable("Amelia", "Victor")
			page := tt.ts.Get(table)
			if tt.lang != "" {
				page = tt.ts.German(table, nil)
			}
			if page.Status != http.StatusOK {
				t.Fatalf("table page: %d", page.Status)
			}
			note := page.Doc.Find(`[data-testid="share"] [data-testid="phone-features"]`)
			if got := strings.TrimSpace(note.Text()); !strings.Contains(got, tt.says) {
				t.Errorf("the invite panel says %q, want %q", got, tt.says)
			}
			if note.HasClass("hint-warn") != tt.warns {
				t.Errorf("marked as a warning: %v, want %v", note.HasClass("hint-warn"), tt.warns)
			}
		})
	}
}

// Where the phone has no share sheet, Share shows the link's QR code: the
// "Share the result" panel has one behind a choice, and it is the game's
// view-only result link; the button names it.
func TestShareTheResultHasItsQRCode(t *testing.T) {
	ts := newTestServer(t)
	table := ts.CreateTable("Lea", "Tom")
	f := kkstest.Form(ts.Get(table+"/games/new").FormOf(t, table+"/games"), leaTom, leaTomTokens)
	if p := ts.Post(table+"/games", f); p.Status != http.StatusSeeOther {
		t.Fatalf("game: %d", p.Status)
	}
	res := ts.Get(table + "/games/1")
	panel := res.Doc.Find(`[data-testid="share-result"]`)
	link := panel.Find(`input#result-link`).AttrOr("value", "")
	button := panel.Find(`button[data-share-url]`)
	src := panel.Find(`details#result-qr img`).AttrOr("src", "")
	if !strings.Contains(link, "/v/") || button.AttrOr("data-qr", "") != "result-qr" || button.AttrOr("data-share-field", "") != "result-link" || src == "" {
		t.Fatalf("share panel: link %q, button %q/%q, QR %q", link, button.AttrOr("data-qr", ""), button.AttrOr("data-share-field", ""), src)
	}
	if !strings.Contains(res.Body, "js/share.js") {
		t.Error("the result page does not load js/share.js, which shows the buttons")
	}
	qr := ts.Get(src)
	if qr.Status != http.StatusOK || qr.Header.Get("Content-Type") != "image/svg+xml" || !strings.HasSuffix(link, "/games/1") {
		t.Errorf("the QR code %s: %d %q", src, qr.Status, qr.Header.Get("Content-Type"))
	}
	if p := ts.Get(strings.TrimSuffix(src, "/games/1/qr.svg") + "/games/9/qr.svg"); p.Status != http.StatusNotFound {
		t.Errorf("the QR code of a game that is not there: %d", p.Status)
	}
}

// A page that keeps the screen awake (guided play, a round game's entry)
// says, when opened on a plain-HTTP address, that the screen may sleep:
// browsers give no Wake Lock API there. The note comes with the page, so
// nothing moves under a thumb when the script runs; on this computer's own
// address and over HTTPS there is none.
func TestAwakePagesSayTheScreenMaySleep(t *testing.T) {
	ts := newTestServer(t)
	table := ts.NewTable("cambio", "", "Ana", "Ben")
	get := func(path, host, lang string) webtest.Page {
		req, _ := http.NewRequest(http.MethodGet, ts.URL+path, nil)
		req.Host = host
		req.Header.Set("Accept-Language", lang)
		return ts.Do(req)
	}
	for _, path := range []string{table + "/play", table + "/games/new"} {
		wifi := get(path, "192.168.1.23:8080", "en")
		if got := wifi.Text(`main [data-testid="awake-note"]`); !strings.Contains(got, "cannot keep the screen awake on this address") {
			t.Errorf("%s on the Wi-Fi's plain-HTTP address says %q", path, got)
		}
		if de := get(path, "192.168.1.23:8080", "de").Text(`[data-testid="awake-note"]`); !strings.Contains(de, "Bildschirm") {
			t.Errorf("%s in German says %q", path, de)
		}
		if n := get(path, strings.TrimPrefix(ts.URL, "http://"), "en").Doc.Find(`[data-testid="awake-note"]`).Length(); n != 0 {
			t.Errorf("%s on this computer's own address has the note", path)
		}
	}
	if n := get(table, "192.168.1.23:8080", "en").Doc.Find(`[data-testid="awake-note"]`).Length(); n != 0 {
		t.Error("the table page, which does not keep the screen awake, has the note")
	}
}
