package server

import (
	"bytes"
	"image/png"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"tablemate/web/areatest"
	"tablemate/web/webtest"
)

// decodeCard checks that p is a result card: a PNG of 1200×630.
func decodeCard(t *testing.T, what string, p webtest.Page) {
	t.Helper()
	if p.Status != http.StatusOK || p.Header.Get("Content-Type") != "image/png" {
		t.Fatalf("%s: %d %q", what, p.Status, p.Header.Get("Content-Type"))
	}
	img, err := png.Decode(bytes.NewReader([]byte(p.Body)))
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if b := img.Bounds(); b.Dx() != 1200 || b.Dy() != 630 {
		t.Fatalf("%s is %v, want 1200×630", what, b)
	}
}

// preview returns a page's og: meta tags.
func preview(p webtest.Page) map[string]string {
	out := map[string]string{}
	p.Doc.Find(`meta[property^="og:"]`).Each(func(_ int, s *goquery.Selection) {
		k, _ := s.Attr("property")
		v, _ := s.Attr("content")
		out[k] = v
	})
	return out
}

// localPath is the path and query of an absolute URL on the test server.
func localPath(t *testing.T, raw string) string {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		t.Fatalf("not an absolute URL: %q", raw)
	}
	return u.RequestURI()
}

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
		og := preview(p)
		if og["og:title"] != c.title || og["og:description"] != c.desc || og["og:image:width"] != "1200" || og["og:image:height"] != "630" {
			t.Errorf("%s: preview %v", c.path, og)
		}
		for k, v := range og {
			if strings.Contains(v, editID) || strings.Contains(v, adminID) {
				t.Errorf("%s: %s holds an edit or admin link: %q", c.path, k, v)
			}
		}
		decodeCard(t, c.path, ts.Get(localPath(t, og["og:image"])))
		if c.path == view && p.Doc.Find(`[data-share-card]`).Length() != 1 {
			t.Errorf("%s: no Share button sending the card", c.path)
		}
	}
	// Never on an edit or admin page. (A finished game's ranking screen
	// on the edit link shares the card of its view-only link, #22: a
	// card URL there is a view-only one, never one of the edit link.)
	for _, path := range []string{table, table + "/games/2", admin, admin + "/members/Ana", "/tables/new"} {
		page := ts.Get(path)
		if og := preview(page); len(og) > 0 {
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
	if og := preview(de); og["og:description"] != "Alaska nach 2 Partien: vorn liegt Ana." {
		t.Errorf("German preview %v", og)
	}
	decodeCard(t, "German card", ts.German(view+"/card.png", nil))

	// No card before a game is over, or for a game that is not there.
	empty := ts.CreateGameTable("alaska", "Ana", "Ben")
	emptyView := areatest.ViewPath(t, ts.Get(empty))
	for _, path := range []string{emptyView + "/card.png", view + "/games/9/card.png", view + "/games/x/card.png", "/v/nosuchlink/card.png", "/leagues/nosuch/card.png"} {
		if p := ts.Get(path); p.Status != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", path, p.Status)
		}
	}
	if og := preview(ts.Get(emptyView)); len(og) > 0 {
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
	if _, n := ts.app.cards.size(); n != 1 {
		t.Fatalf("%d cards kept after one", n)
	}
	if again := ts.Get(view + "/card.png").Body; again != first {
		t.Error("the same version drew another card")
	}
	ts.AlaskaGame(t, table, "5", "1")
	if next := ts.Get(view + "/card.png").Body; next == first {
		t.Error("a new game kept the old card")
	}
	if _, n := ts.app.cards.size(); n != 2 {
		t.Errorf("%d cards kept, want 2", n)
	}

	c := newCardCache(100)
	c.put("a", make([]byte, 60))
	c.put("b", make([]byte, 30))
	c.get("a") // a is used: b goes first
	c.put("c", make([]byte, 30))
	if _, ok := c.get("b"); ok {
		t.Error("the least recently used card stayed")
	}
	if bytes, n := c.size(); bytes > 100 || n != 2 {
		t.Errorf("%d bytes in %d cards, bound 100", bytes, n)
	}
	c.put("huge", make([]byte, 101))
	if _, ok := c.get("huge"); ok {
		t.Error("a card larger than the cache was kept")
	}
}

// cardOfEveryGame: every game's finished result gets its card over HTTP
// (run by TestLinksCrawl on its evening of every game): for each of the
// seven games, one finished game's card fetched from its view-only page,
// and one evening's card.
func cardOfEveryGame(t *testing.T, ts *testServer, fx crawlFixture) {
	games := map[string]bool{}
	evening := false
	for _, v := range fx.views {
		p := ts.Get(v)
		og := preview(p)
		if og["og:image"] == "" {
			continue // nothing finished at this table
		}
		if !evening {
			decodeCard(t, v+" evening", ts.Get(localPath(t, og["og:image"])))
			evening = true
		}
		p.Doc.Find(`a[href^="` + v + `/games/"]`).EachWithBreak(func(_ int, s *goquery.Selection) bool {
			href, _ := s.Attr("href")
			if strings.Count(href, "/") != 4 {
				return true // a replay
			}
			og := preview(ts.Get(href))
			title, _, _ := strings.Cut(og["og:title"], ", game ")
			if og["og:image"] == "" || games[title] {
				return true
			}
			decodeCard(t, href, ts.Get(localPath(t, og["og:image"])))
			games[title] = true
			return false
		})
	}
	// The crawl's evening has finished games of all seven.
	if len(games) != 7 || !evening {
		t.Errorf("game cards of %d games (%v), want all 7; an evening card: %v", len(games), games, evening)
	}
}

// BenchmarkCard serves result cards and a member page through the whole
// router: a game's card drawn afresh (the cache emptied before each), the
// same card from the cache, a league's card drawn afresh, and a member's
// page (its profile kept per league version).
func BenchmarkCard(b *testing.B) {
	ts := newTestServerWith(b, func(a *App) { a.writeRate = 0 })
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
				ts.app.cards = newCardCache(cardCacheBytes)
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
