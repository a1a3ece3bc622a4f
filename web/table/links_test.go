package table_test

import (
	"net/http"
	"strings"
	"testing"

	"tablemate/web/areatest"
	"tablemate/web/kks/kkstest"
)

func TestRotateEditLink(t *testing.T) {
	ts := newTestServer(t)
	old := ts.CreateTable("Amelia", "Victor")
	ts.RecordKKS(t, old, []map[string]string{kkstest.Amelia, {"red": "2"}}, []string{"3", "7"})
	page := ts.Get(old)
	view := areatest.PathOf(t, page.Doc.Find(`[data-testid="view-link"]`).AttrOr("value", ""))

	// Another phone at the table has the page open with its live stream
	// and a form to send.
	phone := ts.otherPhone()
	pending := phone.Get(old).FormOf(t, old+"/players")
	pending.Set("name", "Enrique")
	if status, next := phone.Events(t, old+"/live"); status != http.StatusOK {
		t.Fatalf("stream: %d", status)
	} else {
		defer func() {
			if ev := next(); ev != "gone" {
				t.Errorf("the old link's stream said %q, want gone", ev)
			}
			if ev := next(); ev != "" {
				t.Errorf("the old link's stream is still open: %q", ev)
			}
		}()
	}

	// The host replaces the edit link; a double tap gets the same answer.
	rotate := page.FormOf(t, old+"/rotate/edit")
	p := ts.Post(old+"/rotate/edit", rotate)
	loc := p.Header.Get("Location")
	fresh, _, _ := strings.Cut(loc, "?")
	if p.Status != http.StatusSeeOther || !strings.HasPrefix(fresh, "/tables/") || fresh == old || !strings.HasSuffix(loc, "?done=edit-link#share") {
		t.Fatalf("rotate: %d %q", p.Status, loc)
	}
	if again := ts.Post(old+"/rotate/edit", rotate); again.Status != http.StatusSeeOther || again.Header.Get("Location") != loc {
		t.Fatalf("double tap: %d %q, want %q", again.Status, again.Header.Get("Location"), loc)
	}

	// The new link is shown with its QR code (behind the choice) and
	// says what happened; the view-only link did not change.
	np := ts.Get(loc)
	if np.Status != http.StatusOK || !strings.Contains(np.Text(`main [role="status"]`), "New edit link made") ||
		np.Doc.Find(`details#share[open]`).Length() != 1 {
		t.Fatalf("after rotating: %d %q", np.Status, np.Text(`main [role="status"]`))
	}
	edit, _ := ts.Shared(t, np, "edit-link", `[data-testid="edit-qr"] img`)
	if areatest.PathOf(t, edit) != fresh || strings.Contains(np.Body, old) {
		t.Errorf("the page shows %q (or the old link)", edit)
	}
	if v, _ := ts.Shared(t, np, "view-link", `img[data-testid="view-link-qr"]`); areatest.PathOf(t, v) != view {
		t.Errorf("the view-only link changed to %q", v)
	}
	if got := ts.Get(view); got.Status != http.StatusOK {
		t.Errorf("view-only link after rotating the edit link: %d", got.Status)
	}

	// The phone holding the old link: its write is refused and every page
	// of the old link is 410 Gone, in its language, naming no new link.
	if w := phone.Post(old+"/players", pending); w.Status != http.StatusGone || !strings.Contains(w.Body, "edit link was replaced") {
		t.Fatalf("write through the old link: %d", w.Status)
	}
	for _, path := range []string{old, old + "/games/1", old + "/games/1/replay", old + "/games/new", old + "/play",
		old + "/qr.svg", old + "/export.json", old + "/results.csv", old + "/live"} {
		g := phone.Get(path)
		if g.Status != http.StatusGone || strings.Contains(g.Body, strings.TrimPrefix(fresh, "/tables/")) ||
			g.Header.Get("Cache-Control") != "no-store" {
			t.Errorf("GET %s: %d %q", path, g.Status, g.Header.Get("Cache-Control"))
		}
	}
	gone := phone.Get(old)
	if h := gone.Text("h1"); h != "Link replaced" || !strings.Contains(gone.Text(".lead"), "Ask whoever runs the table for the new link") {
		t.Errorf("410 page: %q %q", h, gone.Text(".lead"))
	}
	de := phone.GetLang(old, "de")
	if h := de.Text("h1"); de.Status != http.StatusGone || h != "Link ersetzt" || !strings.Contains(de.Text(".lead"), "Bearbeiten-Link dieses Tisches wurde am") {
		t.Errorf("German 410 page: %d %q %q", de.Status, h, de.Text(".lead"))
	}

	// The host's phone remembers the new link only; the table is whole.
	home := ts.Get("/")
	if !strings.Contains(home.Body, fresh) || strings.Contains(home.Body, old) {
		t.Error("the host's recent tables keep the old link")
	}
	if tb := ts.Table(fresh); tb.Games.Len() != 1 || len(tb.Players) != 2 {
		t.Errorf("after rotating: %d games, players %v", tb.Games.Len(), tb.Players)
	}
	// And the new link writes.
	add := np.FormOf(t, fresh+"/players")
	add.Set("name", "Enrique")
	if w := ts.Post(fresh+"/players", add); w.Status != http.StatusSeeOther {
		t.Errorf("write through the new link: %d", w.Status)
	}
}

func TestRotateViewLink(t *testing.T) {
	ts := newTestServer(t)
	table := ts.CreateTable("Amelia", "Victor")
	page := ts.Get(table)
	old := areatest.PathOf(t, page.Doc.Find(`[data-testid="view-link"]`).AttrOr("value", ""))
	spectator := ts.otherPhone()
	status, next := spectator.Events(t, old+"/live")
	if status != http.StatusOK {
		t.Fatalf("stream: %d", status)
	}
	form := page.FormOf(t, table+"/rotate/view")
	p := ts.Post(table+"/rotate/view", form)
	if p.Status != http.StatusSeeOther || p.Header.Get("Location") != table+"?done=view-link#share" {
		t.Fatalf("rotate: %d %q", p.Status, p.Header.Get("Location"))
	}
	if ev := next(); ev != "gone" {
		t.Errorf("the spectator's stream said %q, want gone", ev)
	}
	np := ts.Get(p.Header.Get("Location"))
	fresh, _ := ts.Shared(t, np, "view-link", `img[data-testid="view-link-qr"]`)
	if areatest.PathOf(t, fresh) == old || !strings.Contains(np.Text(`main [role="status"]`), "New view-only link made") {
		t.Fatalf("new view-only link %q", fresh)
	}
	if g := spectator.Get(old); g.Status != http.StatusGone || !strings.Contains(g.Text(".lead"), "view-only link was replaced") {
		t.Errorf("old view-only link: %d %q", g.Status, g.Text(".lead"))
	}
	if g := spectator.Get(areatest.PathOf(t, fresh)); g.Status != http.StatusOK {
		t.Errorf("new view-only link: %d", g.Status)
	}
	// A rotation form made before is stale now: nothing is done, and the
	// links in use are shown.
	form.Set("_token", "another-form")
	stale := ts.Post(table+"/rotate/view", form)
	if shown, _ := stale.Doc.Find(`[data-testid="view-link"]`).Attr("value"); stale.Status != http.StatusConflict || shown != fresh ||
		!strings.Contains(stale.Body, "Someone else replaced this link") {
		t.Errorf("stale rotation: %d, shows %q", stale.Status, shown)
	}
	if ts.Get(table).Status != http.StatusOK {
		t.Error("the edit link stopped working")
	}
	if p := ts.Post(table+"/rotate/admin", form); p.Status != http.StatusNotFound {
		t.Errorf("rotating a table's admin link: %d", p.Status)
	}
}
