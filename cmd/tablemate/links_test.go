package main

import (
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"testing"
)

// otherPhone is another phone on the same server: its own cookies.
func (ts *testServer) otherPhone() *testServer {
	jar, _ := cookiejar.New(nil)
	other, client := *ts, *ts.client
	client.Jar = jar
	other.client = &client
	return &other
}

// events opens an event stream and returns its status and a function
// giving the next event's name ("table", "gone"), or "" once the stream
// has ended (or nothing came in 3 s).
func (ts *testServer) events(t *testing.T, path string) (int, func() string) {
	t.Helper()
	status, events := ts.sse(t, path, "")
	return status, func() string {
		ev, _ := nextEvent(events)
		return ev.name
	}
}

// shared reads a share panel's link (by its testid) and the QR code
// image it shows.
func shared(t *testing.T, ts *testServer, p fetched, id, qrSel string) (link, qr string) {
	t.Helper()
	link, ok := p.doc.Find(`[data-testid="` + id + `"]`).Attr("value")
	src, _ := p.doc.Find(qrSel).Attr("src")
	if !ok || src == "" {
		t.Fatalf("no %s or its QR code on the page", id)
	}
	img := ts.get(src)
	want, _ := qrCode(link)
	if img.status != http.StatusOK || !strings.Contains(img.body, `d="`+want.Path+`"`) {
		t.Errorf("the QR code at %s is not the one of %s", src, link)
	}
	return link, src
}

func pathOf(t *testing.T, link string) string {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	return u.Path
}

func TestRotateEditLink(t *testing.T) {
	ts := newTestServer(t)
	old := ts.createTable("Amelia", "Victor")
	ts.recordKKS(t, old, []map[string]string{amelia, {"red": "2"}}, []string{"3", "7"})
	page := ts.get(old)
	view := pathOf(t, page.doc.Find(`[data-testid="view-link"]`).AttrOr("value", ""))

	// Another phone at the table has the page open with its live stream
	// and a form to send.
	phone := ts.otherPhone()
	pending := phone.get(old).formOf(t, old+"/players")
	pending.Set("name", "Enrique")
	if status, next := phone.events(t, old+"/live"); status != http.StatusOK {
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
	rotate := page.formOf(t, old+"/rotate/edit")
	p := ts.post(old+"/rotate/edit", rotate)
	loc := p.header.Get("Location")
	fresh, _, _ := strings.Cut(loc, "?")
	if p.status != http.StatusSeeOther || !strings.HasPrefix(fresh, "/tables/") || fresh == old || !strings.HasSuffix(loc, "?done=edit-link#share") {
		t.Fatalf("rotate: %d %q", p.status, loc)
	}
	if again := ts.post(old+"/rotate/edit", rotate); again.status != http.StatusSeeOther || again.header.Get("Location") != loc {
		t.Fatalf("double tap: %d %q, want %q", again.status, again.header.Get("Location"), loc)
	}

	// The new link is shown with its QR code (behind the choice) and
	// says what happened; the view-only link did not change.
	np := ts.get(loc)
	if np.status != http.StatusOK || !strings.Contains(np.text(`main [role="status"]`), "New edit link made") ||
		np.doc.Find(`details#share[open]`).Length() != 1 {
		t.Fatalf("after rotating: %d %q", np.status, np.text(`main [role="status"]`))
	}
	edit, _ := shared(t, ts, np, "edit-link", `[data-testid="edit-qr"] img`)
	if pathOf(t, edit) != fresh || strings.Contains(np.body, old) {
		t.Errorf("the page shows %q (or the old link)", edit)
	}
	if v, _ := shared(t, ts, np, "view-link", `img[data-testid="view-link-qr"]`); pathOf(t, v) != view {
		t.Errorf("the view-only link changed to %q", v)
	}
	if got := ts.get(view); got.status != http.StatusOK {
		t.Errorf("view-only link after rotating the edit link: %d", got.status)
	}

	// The phone holding the old link: its write is refused and every page
	// of the old link is 410 Gone, in its language, naming no new link.
	if w := phone.post(old+"/players", pending); w.status != http.StatusGone || !strings.Contains(w.body, "edit link was replaced") {
		t.Fatalf("write through the old link: %d", w.status)
	}
	for _, path := range []string{old, old + "/games/1", old + "/games/1/replay", old + "/games/new", old + "/play",
		old + "/qr.svg", old + "/export.json", old + "/results.csv", old + "/live"} {
		g := phone.get(path)
		if g.status != http.StatusGone || strings.Contains(g.body, strings.TrimPrefix(fresh, "/tables/")) ||
			g.header.Get("Cache-Control") != "no-store" {
			t.Errorf("GET %s: %d %q", path, g.status, g.header.Get("Cache-Control"))
		}
	}
	gone := phone.get(old)
	if h := gone.text("h1"); h != "Link replaced" || !strings.Contains(gone.text(".lead"), "Ask whoever runs the table for the new link") {
		t.Errorf("410 page: %q %q", h, gone.text(".lead"))
	}
	de := phone.getLang(old, "de")
	if h := de.text("h1"); de.status != http.StatusGone || h != "Link ersetzt" || !strings.Contains(de.text(".lead"), "Bearbeiten-Link dieses Tisches wurde am") {
		t.Errorf("German 410 page: %d %q %q", de.status, h, de.text(".lead"))
	}

	// The host's phone remembers the new link only; the table is whole.
	home := ts.get("/")
	if !strings.Contains(home.body, fresh) || strings.Contains(home.body, old) {
		t.Error("the host's recent tables keep the old link")
	}
	if tb := ts.replayed(fresh); len(tb.Games) != 1 || len(tb.Players) != 2 {
		t.Errorf("after rotating: %d games, players %v", len(tb.Games), tb.Players)
	}
	// And the new link writes.
	add := np.formOf(t, fresh+"/players")
	add.Set("name", "Enrique")
	if w := ts.post(fresh+"/players", add); w.status != http.StatusSeeOther {
		t.Errorf("write through the new link: %d", w.status)
	}
}

func TestRotateViewLink(t *testing.T) {
	ts := newTestServer(t)
	table := ts.createTable("Amelia", "Victor")
	page := ts.get(table)
	old := pathOf(t, page.doc.Find(`[data-testid="view-link"]`).AttrOr("value", ""))
	spectator := ts.otherPhone()
	status, next := spectator.events(t, old+"/live")
	if status != http.StatusOK {
		t.Fatalf("stream: %d", status)
	}
	form := page.formOf(t, table+"/rotate/view")
	p := ts.post(table+"/rotate/view", form)
	if p.status != http.StatusSeeOther || p.header.Get("Location") != table+"?done=view-link#share" {
		t.Fatalf("rotate: %d %q", p.status, p.header.Get("Location"))
	}
	if ev := next(); ev != "gone" {
		t.Errorf("the spectator's stream said %q, want gone", ev)
	}
	np := ts.get(p.header.Get("Location"))
	fresh, _ := shared(t, ts, np, "view-link", `img[data-testid="view-link-qr"]`)
	if pathOf(t, fresh) == old || !strings.Contains(np.text(`main [role="status"]`), "New view-only link made") {
		t.Fatalf("new view-only link %q", fresh)
	}
	if g := spectator.get(old); g.status != http.StatusGone || !strings.Contains(g.text(".lead"), "view-only link was replaced") {
		t.Errorf("old view-only link: %d %q", g.status, g.text(".lead"))
	}
	if g := spectator.get(pathOf(t, fresh)); g.status != http.StatusOK {
		t.Errorf("new view-only link: %d", g.status)
	}
	// A rotation form made before is stale now: nothing is done, and the
	// links in use are shown.
	form.Set("_token", "another-form")
	stale := ts.post(table+"/rotate/view", form)
	if shown, _ := stale.doc.Find(`[data-testid="view-link"]`).Attr("value"); stale.status != http.StatusConflict || shown != fresh ||
		!strings.Contains(stale.body, "Someone else replaced this link") {
		t.Errorf("stale rotation: %d, shows %q", stale.status, shown)
	}
	if ts.get(table).status != http.StatusOK {
		t.Error("the edit link stopped working")
	}
	if p := ts.post(table+"/rotate/admin", form); p.status != http.StatusNotFound {
		t.Errorf("rotating a table's admin link: %d", p.status)
	}
}

func TestRotateAdminLink(t *testing.T) {
	ts := newTestServer(t)
	old := ts.createLeague(t, "Club", "wins", "Ana", "Ben")
	page := ts.get(old)
	public, _ := page.doc.Find(`[data-testid="open-standings"]`).Attr("href")
	pending := page.formOf(t, old+"/members")
	pending.Set("name", "Cy")

	p := ts.post(old+"/rotate", page.formOf(t, old+"/rotate"))
	loc := p.header.Get("Location")
	fresh, _, _ := strings.Cut(loc, "?")
	if p.status != http.StatusSeeOther || fresh == old || !strings.HasPrefix(fresh, "/l/") {
		t.Fatalf("rotate: %d %q", p.status, loc)
	}
	np := ts.get(loc)
	admin, _ := shared(t, ts, np, "admin-link", `[data-testid="admin-qr"] img`)
	if pathOf(t, admin) != fresh || !strings.Contains(np.text(`main [role="status"]`), "New admin link made") || strings.Contains(np.body, old) {
		t.Fatalf("after rotating: %q %q", admin, np.text(`main [role="status"]`))
	}
	if href, _ := np.doc.Find(`[data-testid="open-standings"]`).Attr("href"); href != public {
		t.Errorf("the standings link changed: %q → %q", public, href)
	}
	if w := ts.post(old+"/members", pending); w.status != http.StatusGone {
		t.Errorf("write through the old admin link: %d", w.status)
	}
	for _, path := range []string{old, old + "/export.json", old + "/qr.svg", "/tables/new?league=" + strings.TrimPrefix(old, "/l/")} {
		if g := ts.get(path); g.status != http.StatusGone {
			t.Errorf("GET %s: %d", path, g.status)
		}
	}
	if g := ts.getLang(old, "de"); g.text("h1") != "Link ersetzt" || !strings.Contains(g.text(".lead"), "Verwaltungslink dieser Liga") {
		t.Errorf("German 410 page: %q %q", g.text("h1"), g.text(".lead"))
	}
	add := np.formOf(t, fresh+"/members")
	add.Set("name", "Cy")
	if w := ts.post(fresh+"/members", add); w.status != http.StatusSeeOther {
		t.Errorf("write through the new admin link: %d", w.status)
	}
	if g := ts.get(public); g.status != http.StatusOK || !strings.Contains(g.body, "Cy") {
		t.Errorf("standings: %d", g.status)
	}
}
