package cards_test

import (
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"tablemate/web/areatest"
	"tablemate/web/cards"
	"tablemate/web/server"
	"tablemate/web/webtest"
)

// cardURL finds a card's URL in a page.
var cardURL = regexp.MustCompile(`"[^"]*card\.png[^"]*"`)

func TestResultCardsAndLinkPreviews(t *testing.T) {
	t.Parallel()
	webtest.SQLiteOnly(t, "cards and previews drawn from the derived tables")
	webtest.WithoutRace(t, "draws cards one request after another")
	ts := newTestServer(t)
	admin, public := ts.MemberLeague(t)
	table := ts.CreateGameTable("alaska", "Ana", "Ben")
	ts.AlaskaGame(t, table, "4", "6")
	ts.AlaskaGame(t, table, "5", "1")
	edit := ts.Get(table)
	view := areatest.ViewPath(t, edit)
	editID, adminID := strings.TrimPrefix(table, "/tables/"), strings.TrimPrefix(admin, "/l/")

	// The view-only page and a game's page carry the preview, whose
	// image is the card; no meta tag holds the edit or admin link.
	for _, c := range []struct{ path, title, desc string }{
		{view, "Evening", "Alaska after 2 games: Ana leads."},
		{view + "/games/2", "Alaska, game 2", "Ana won. Checked by the rules."},
		{public, "Salmon club", "Standings after 3 games: Ana first."},
	} {
		p := ts.Get(c.path)
		og := areatest.Preview(p)
		if og["og:title"] != c.title || og["og:description"] != c.desc || og["og:image:width"] != "1200" || og["og:image:height"] != "630" {
			t.Errorf("%s: preview %v", c.path, og)
		}
		for k, v := range og {
			if strings.Contains(v, editID) || strings.Contains(v, adminID) {
				t.Errorf("%s: %s holds an edit or admin link: %q", c.path, k, v)
			}
		}
		areatest.DecodeCard(t, c.path, ts.Get(areatest.LocalPath(t, og["og:image"])))
		if c.path == view && p.Doc.Find(`[data-share-card]`).Length() != 1 {
			t.Errorf("%s: no Share button sending the card", c.path)
		}
	}
	// Never on an edit or admin page. (A finished game's ranking screen
	// on the edit link shares the card of its view-only link, #22: a
	// card URL there is a view-only one, never one of the edit link.)
	for _, path := range []string{table, table + "/games/2", admin, admin + "/members/Ana", "/tables/new"} {
		page := ts.Get(path)
		if og := areatest.Preview(page); len(og) > 0 {
			t.Errorf("%s has a link preview %v", path, og)
		}
		for _, m := range cardURL.FindAllString(page.Body, -1) {
			if !strings.HasPrefix(m, `"/v/`) || strings.Contains(m, editID) || strings.Contains(m, adminID) {
				t.Errorf("%s names the card %s", path, m)
			}
		}
	}
	// German cards are drawn (and kept) apart from English ones.
	de := ts.German(view, nil)
	if og := areatest.Preview(de); og["og:description"] != "Alaska nach 2 Partien: vorn liegt Ana." {
		t.Errorf("German preview %v", og)
	}
	areatest.DecodeCard(t, "German card", ts.German(view+"/card.png", nil))

	// No card before a game is over, or for a game that is not there.
	empty := ts.CreateGameTable("alaska", "Ana", "Ben")
	emptyView := areatest.ViewPath(t, ts.Get(empty))
	for _, path := range []string{emptyView + "/card.png", view + "/games/9/card.png", view + "/games/x/card.png", "/v/nosuchlink/card.png", "/leagues/nosuch/card.png"} {
		if p := ts.Get(path); p.Status != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", path, p.Status)
		}
	}
	if og := areatest.Preview(ts.Get(emptyView)); len(og) > 0 {
		t.Errorf("a table without a finished game has a preview %v", og)
	}
	// Nor behind an edit link.
	if p := ts.Get(table + "/card.png"); p.Status != http.StatusNotFound {
		t.Errorf("a card behind the edit link: %d", p.Status)
	}
}

// A card is drawn once per table version and language; a new game makes
// a new one. The cache stays within its bytes.
func TestCardCache(t *testing.T) {
	t.Parallel()
	webtest.SQLiteOnly(t, "the card cache, keyed by the table's version")
	ts := newTestServer(t)
	table := ts.CreateGameTable("alaska", "Ana", "Ben")
	ts.AlaskaGame(t, table, "4", "6")
	view := areatest.ViewPath(t, ts.Get(table))
	first := ts.Get(view + "/card.png").Body
	if _, n := ts.app.Cards().Kept(); n != 1 {
		t.Fatalf("%d cards kept after one", n)
	}
	if again := ts.Get(view + "/card.png").Body; again != first {
		t.Error("the same version drew another card")
	}
	ts.AlaskaGame(t, table, "5", "1")
	if next := ts.Get(view + "/card.png").Body; next == first {
		t.Error("a new game kept the old card")
	}
	if _, n := ts.app.Cards().Kept(); n != 2 {
		t.Errorf("%d cards kept, want 2", n)
	}

	c := cards.NewCardCache(100)
	c.Put("a", make([]byte, 60))
	c.Put("b", make([]byte, 30))
	c.Get("a") // a is used: b goes first
	c.Put("c", make([]byte, 30))
	if _, ok := c.Get("b"); ok {
		t.Error("the least recently used card stayed")
	}
	if bytes, n := c.Size(); bytes > 100 || n != 2 {
		t.Errorf("%d bytes in %d cards, bound 100", bytes, n)
	}
	c.Put("huge", make([]byte, 101))
	if _, ok := c.Get("huge"); ok {
		t.Error("a card larger than the cache was kept")
	}
}

// BenchmarkCard serves result cards and a member page through the whole
// router: a game's card drawn afresh (the cache emptied before each), the
// same card from the cache, a league's card drawn afresh, and a member's
// page (its profile kept per league version).
func BenchmarkCard(b *testing.B) {
	ts := newTestServerWith(b, func(a *server.App) { a.SetWriteRate(0) })
	defer ts.Close()
	_, public := ts.MemberLeague(b)
	table := ts.CreateGameTable("alaska", "Ana", "Ben", "Cy")
	ts.AlaskaGame(b, table, "4", "6", "2")
	p := ts.Get(table)
	view, _ := p.Doc.Find(`[data-testid="view-link"]`).Attr("value")
	view = view[strings.Index(view, "/v/"):]
	h := ts.Config.Handler
	get := func(b *testing.B, path string, fresh bool) {
		b.ReportAllocs()
		for b.Loop() {
			if fresh {
				ts.app.Cards().Forget()
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
			if rec.Code != http.StatusOK {
				b.Fatal(rec.Code)
			}
			b.SetBytes(int64(rec.Body.Len()))
		}
	}
	b.Run("game-drawn", func(b *testing.B) { get(b, view+"/games/1/card.png", true) })
	b.Run("game-cached", func(b *testing.B) { get(b, view+"/games/1/card.png", false) })
	b.Run("league-drawn", func(b *testing.B) { get(b, public+"/card.png", true) })
	b.Run("member-page", func(b *testing.B) { get(b, public+"/members/Ana", false) })
}
