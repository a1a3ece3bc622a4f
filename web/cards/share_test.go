package cards_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"tablemate/web/cards"
	"tablemate/web/kks/kkstest"
)

func TestReadOnlyLinkCannotWrite(t *testing.T) {
	ts := newTestServer(t)
	table := ts.CreateTable("Amelia", "Victor")
	entry := ts.Get(table + "/games/new")
	ts.Post(table+"/games", kkstest.Form(entry.FormOf(t, table+"/games"), []map[string]string{kkstest.Amelia, {"red": "2"}}, []string{"3", "7"}))
	ts.Settle(t, table, 1) // disputed, counted as entered (G-5)

	page := ts.Get(table)
	edit, _ := page.Doc.Find(`[data-testid="edit-link"]`).Attr("value")
	view, _ := page.Doc.Find(`[data-testid="view-link"]`).Attr("value")
	if !strings.HasSuffix(edit, table) || !strings.Contains(view, "/v/") {
		t.Fatalf("share links %q and %q", edit, view)
	}
	// The QR code shown is the view-only link's; the edit link's is there
	// only when asked for.
	u, _ := url.Parse(view)
	for link, sel := range map[string]string{view: `img[data-testid="view-link-qr"]`, edit: `[data-testid="edit-qr"] img`} {
		src, _ := page.Doc.Find(sel).Attr("src")
		qrImg := ts.Get(src)
		want, _ := cards.QRCode(link)
		if qrImg.Status != http.StatusOK || qrImg.Header.Get("Content-Type") != "image/svg+xml" || !strings.Contains(qrImg.Body, `d="`+want.Path+`"`) {
			t.Errorf("QR image %s of %s: %d %q", src, link, qrImg.Status, qrImg.Header.Get("Content-Type"))
		}
	}
	if page.Doc.Find(`[data-testid="edit-qr"][open]`).Length() != 0 || page.Doc.Find(`img[data-testid="view-link-qr"]`).Length() != 1 {
		t.Error("the edit link's QR code is shown without asking")
	}
	ro := ts.Get(u.Path)
	if ro.Status != http.StatusOK || ro.Doc.Find(`[data-testid="read-only"]`).Length() != 1 {
		t.Fatalf("view link: %d", ro.Status)
	}
	if n := ro.Doc.Find("form").Length(); n != 0 {
		t.Errorf("the read-only page has %d forms", n)
	}
	if ro.Doc.Find(`[data-testid="enter-game"], [data-testid="share"], [data-testid="edit-link"]`).Length() != 0 {
		t.Error("the read-only page offers to enter a game or shares the edit link")
	}
	if got := ro.Text(`tr[data-player="Amelia"] [data-testid="total"]`); got != "58" {
		t.Errorf("read-only total %q, want 58", got)
	}
	href, _ := ro.Doc.Find(`[data-testid="games"] a`).Attr("href")
	if !strings.HasPrefix(href, u.Path+"/games/") {
		t.Fatalf("game link %q leaves the read-only link", href)
	}
	if g := ts.Get(href); g.Status != http.StatusOK || strings.Contains(g.Body, "/edit") {
		t.Errorf("read-only game page: %d, offers a correction: %v", g.Status, strings.Contains(g.Body, "/edit"))
	}
	// Nothing can be written through the read link, and the ids are separate.
	rid := strings.TrimPrefix(u.Path, "/v/")
	for _, path := range []string{u.Path + "/undo", u.Path + "/games"} {
		if p := ts.Post(path, url.Values{}); p.Status != http.StatusNotFound && p.Status != http.StatusMethodNotAllowed {
			t.Errorf("POST %s: %d", path, p.Status)
		}
	}
	if p := ts.Get("/tables/" + rid); p.Status != http.StatusNotFound {
		t.Errorf("the read id opens the edit page: %d", p.Status)
	}
	if p := ts.Get("/v/" + strings.TrimPrefix(table, "/tables/")); p.Status != http.StatusNotFound {
		t.Errorf("the edit id works as a read link: %d", p.Status)
	}
}

func TestQRCode(t *testing.T) {
	q, err := cards.QRCode("http://192.168.1.20:8080/tables/pdgv5zwllcdzrdzqwt3kgzf6y4")
	if err != nil || q.Size < 21 || (q.Size-17)%4 != 0 {
		t.Fatalf("size %d, %v: not a QR version size", q.Size, err)
	}
	// The three finder patterns' corners are dark.
	for _, m := range []string{"M0 0h", "M6 6h", fmt.Sprintf("M%d 0h", q.Size-1), fmt.Sprintf("M0 %dh", q.Size-1)} {
		if !strings.Contains(q.Path, m) {
			t.Errorf("finder module %s missing", m)
		}
	}
}
