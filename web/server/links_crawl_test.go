package server

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/labstack/echo/v4"

	"tablemate/views"
	"tablemate/web/alaska/alaskatest"
	"tablemate/web/areatest"
	"tablemate/web/aufderhut/adhtest"
	"tablemate/web/cambio/cambiotest"
	"tablemate/web/cards"
	"tablemate/web/kks/kkstest"
	"tablemate/web/kociaki/koctest"
	"tablemate/web/kodiak/kodiaktest"
	"tablemate/web/runemarket/rmtest"
	"tablemate/web/webtest"
)

// crawlFixture is an evening of every game, built through the forms: per
// game a table with a game entered by form, a game played along to its
// end and a game being played along; for the round games also a table
// whose game entered round by round is in progress. One table had both
// links replaced. A league counts one table of each game. Beside them, a
// long table and a big league (imported) whose pages are paged: their
// games, history and tables a part at a time, with query-only links to
// the rest.
type crawlFixture struct {
	edits  []string // current edit links, as paths /tables/…
	views  []string // current view-only links, as paths /v/…
	public string   // the league's standings, /leagues/…
	admin  string   // the league's admin link, /l/…
	// bigPublic and bigAdmin are the big league's links, long the long
	// table's edit link (also in edits).
	bigPublic, bigAdmin, long string
	// finished is the page of a table's last game, finished with no game
	// played along after it: the page offering what comes next.
	finished string
	secrets  map[string]string
}

// buildCrawlFixture builds the evening on ts (whose write limit must be
// off).
func buildCrawlFixture(t *testing.T, ts *testServer) crawlFixture {
	t.Helper()
	fx := crawlFixture{secrets: map[string]string{}}
	var leagueTables []string
	add := func(table string) {
		fx.edits = append(fx.edits, table)
	}
	must := func(what string, p webtest.Page) {
		t.Helper()
		if p.Status != http.StatusSeeOther {
			t.Fatalf("%s: %d %s", what, p.Status, p.Text(`.field-error, [role="alert"], .banner-bad`))
		}
	}

	// Koffer, Katze & Sombrero.
	kksTable := ts.CreateTable("Amelia", "Victor")
	entry := ts.Get(kksTable + "/games/new")
	must("kks entry", ts.Post(kksTable+"/games", kkstest.Form(entry.FormOf(t, kksTable+"/games"), []map[string]string{kkstest.Amelia, {"red": "2"}}, []string{"3", "7"})))
	kkstest.StartPlay(t, ts.Server, kksTable)
	must("kks played", kkstest.PlayToTheEnd(t, ts.Server, kksTable))
	kkstest.StartPlay(t, ts.Server, kksTable)
	f := ts.Get(kksTable+"/play?take=1").FormOf(t, kksTable+"/play/step")
	f.Set("take", "1")
	f.Set("reveal", kkstest.Deck()[0])
	must("kks turn", ts.Post(kksTable+"/play/step", f))
	add(kksTable)
	leagueTables = append(leagueTables, kksTable)

	// Auf der Hut.
	adhTable := adhtest.StartPlay(t, ts.Server, "standard", 1, 2, 3, 4, 5, 6, 7)
	last, _ := adhtest.PlayToTheEnd(t, ts.Server, adhTable)
	must("adh played", last)
	entry = ts.Get(adhTable + "/games/new")
	must("adh entry", ts.Post(adhTable+"/games", adhtest.Form(entry.FormOf(t, adhTable+"/games"), "standard", [3]int{8, 2, 3}, [3]int{6, 1, 4})))
	must("adh start", ts.Post(adhTable+"/play/start", adhtest.SetupForm(ts.Get(adhTable+"/play").FormOf(t, adhTable+"/play/start"), "standard", nil, 1, 2, 3, 4, 5, 6, 7)))
	add(adhTable)
	leagueTables = append(leagueTables, adhTable)

	// Kociaki Łobuziaki.
	kocTable := ts.CreateGameTable("kociaki-lobuziaki", "Ola", "Ben", "Cyd", "Dora")
	must("koc start", koctest.Start(t, ts.Server, kocTable, url.Values{"start_tile": {"yellow"}, "variant": {"basic"}}))
	last, _ = koctest.PlayToTheEnd(t, ts.Server, kocTable)
	must("koc played", last)
	entry = ts.Get(kocTable + "/games/new")
	must("koc entry", ts.PostDisputed(t, kocTable+"/games", koctest.Form(entry.FormOf(t, kocTable+"/games"), "", map[int]string{1: "2 3", 2: "2", 3: "3 3 4"}, map[int]string{1: "2", 2: "3", 4: "2 2 4"})))
	must("koc start 2", koctest.Start(t, ts.Server, kocTable, url.Values{"start_tile": {"pink"}, "variant": {"basic"}}))
	must("koc tile", koctest.Move(t, ts.Server, kocTable, url.Values{"tile": {"green"}}))
	add(kocTable)

	// Cambio: three rounds to 50 entered, a guided game to its end, one
	// being played; and a table with a game entered round by round.
	cambioTable := cambiotest.StartRoundTable(ts.Server, "cambio", "Ana", "Ben", "Cy")
	for _, r := range cambiotest.Rounds {
		must("cambio round", cambiotest.EnterRound(ts.Server, cambioTable, r.Cards, r.Ended))
	}
	cambiotest.StartGuided(ts.Server, cambioTable, "dealer", "1")
	for _, do := range []string{"done:1", "cambio:2", "done:0", "done:1"} {
		cambiotest.MustStep(ts.Server, cambioTable, do, nil)
	}
	cambiotest.MustStep(ts.Server, cambioTable, "score", cambiotest.Cards("7 blue-king swap", "3", "1 1"))
	cambiotest.MustStep(ts.Server, cambioTable, "done:2", nil)
	cambiotest.MustStep(ts.Server, cambioTable, "out:1", nil)
	if p := cambiotest.MustStep(ts.Server, cambioTable, "score", cambiotest.Cards("13 13", "", "2")); p.Header.Get("Location") != cambioTable+"/games/2" {
		t.Fatalf("the guided Cambio game did not end: %q", p.Header.Get("Location"))
	}
	cambiotest.StartGuided(ts.Server, cambioTable, "dealer", "0")
	cambiotest.MustStep(ts.Server, cambioTable, "done:0", nil)
	add(cambioTable)
	leagueTables = append(leagueTables, cambioTable)
	cambioRunning := cambiotest.StartRoundTable(ts.Server, "cambio", "Ana", "Ben", "Cy")
	must("cambio round", cambiotest.EnterRound(ts.Server, cambioRunning, cambiotest.Rounds[0].Cards, cambiotest.Rounds[0].Ended))
	add(cambioRunning)

	// Kodiak: the same, on two tables (the guided game with two players).
	kodiakTable := cambiotest.StartRoundTable(ts.Server, "kodiak", "Ana", "Ben", "Cy")
	for _, r := range kodiaktest.Doc {
		must("kodiak round", kodiaktest.EnterRound(ts.Server, kodiakTable, r, false))
	}
	cambiotest.StartGuided(ts.Server, kodiakTable, "kodiak", "1")
	cambiotest.MustStep(ts.Server, kodiakTable, "done:1", nil)
	add(kodiakTable)
	kodiakRunning := cambiotest.StartRoundTable(ts.Server, "kodiak", "Ana", "Ben", "Cy")
	must("kodiak round", kodiaktest.EnterRound(ts.Server, kodiakRunning, kodiaktest.Doc[0], false))
	add(kodiakRunning)
	kodiakPlayed := cambiotest.StartRoundTable(ts.Server, "kodiak", "Ana", "Ben")
	cambiotest.StartGuided(ts.Server, kodiakPlayed, "kodiak", "1")
	for _, do := range []string{"done:1", "pounce:1", "pounce:1", "pounce:1"} {
		cambiotest.MustStep(ts.Server, kodiakPlayed, do, nil)
	}
	cambiotest.MustStep(ts.Server, kodiakPlayed, "score", url.Values{views.PField(0, "cards"): {"5 red-king"}})
	cambiotest.MustStep(ts.Server, kodiakPlayed, "out:1", nil)
	if p := cambiotest.MustStep(ts.Server, kodiakPlayed, "score", url.Values{views.PField(0, "cards"): {"2 2"}}); p.Header.Get("Location") != kodiakPlayed+"/games/1" {
		t.Fatalf("the guided Kodiak game did not end: %q", p.Header.Get("Location"))
	}
	add(kodiakPlayed)
	fx.finished = kodiakPlayed + "/games/1"
	leagueTables = append(leagueTables, kodiakPlayed)

	// Alaska.
	alaskaTable := ts.NewTable("alaska", "", "Ana", "Ben")
	must("alaska entry", ts.EnterGame(t, alaskaTable, map[string]string{"players[0].salmon": "5", "players[1].salmon": "3"}))
	must("alaska start", alaskatest.Start(t, ts.Server, alaskaTable, "Ana", "9"))
	for _, m := range alaskatest.Script {
		must("alaska "+m.Move, alaskatest.Tap(t, ts.Server, alaskaTable, m))
	}
	must("alaska start 2", alaskatest.Start(t, ts.Server, alaskaTable, "Ben", "9"))
	add(alaskaTable)
	leagueTables = append(leagueTables, alaskaTable)

	// The Rune Market.
	rmTable := rmtest.CreateTable(ts.Server, "Ana", "Ben")
	must("rune market entry", ts.EnterGame(t, rmTable, map[string]string{"players[0].runes.red": "3", "players[1].runes.blue": "2"}))
	must("rune market start", rmtest.Start(t, ts.Server, rmTable, "3", "2", "1", "1", "Ana"))
	for _, m := range append(rmtest.Script, rmtest.Move{"do": "finish"}) {
		must(fmt.Sprint("rune market ", m), rmtest.Play(t, ts.Server, rmTable, m))
	}
	must("rune market start 2", rmtest.Start(t, ts.Server, rmTable, "3", "2", "1", "1", "Ben"))
	must("rune market move", rmtest.Play(t, ts.Server, rmTable, rmtest.Script[0]))
	add(rmTable)
	leagueTables = append(leagueTables, rmTable)

	// Every game is there, finished and in progress: per table the games
	// over, the game in progress entered round by round, and whether a
	// game is being played along.
	type shape struct {
		over    int
		running bool
		playing bool
	}
	want := map[string]shape{
		kksTable: {2, false, true}, adhTable: {2, false, true}, kocTable: {2, false, true},
		cambioTable: {2, false, true}, cambioRunning: {0, true, false},
		kodiakTable: {1, false, true}, kodiakRunning: {0, true, false}, kodiakPlayed: {1, false, false},
		alaskaTable: {2, false, true}, rmTable: {2, false, true},
	}
	for table, w := range want {
		tb := ts.Table(table)
		got := shape{playing: tb.Play != nil}
		for _, g := range tb.Games.All() {
			if g.Result().GameOver {
				got.over++
			} else {
				got.running = true
			}
		}
		if got != w || tb.Games.Len() == 0 {
			t.Fatalf("%s %s: %+v, want %+v", tb.Info.Slug, table, got, w)
		}
	}

	// A league with a table of each game, its members everyone.
	fx.admin = ts.CreateLeague(t, "Club", "placing", "Amelia", "Victor", "Ida", "Jan", "Ola", "Ben", "Cyd", "Dora", "Ana", "Cy")
	for _, table := range leagueTables {
		add := ts.Get(fx.admin).FormOf(t, fx.admin+"/tables")
		add.Set("table", ts.URL+table)
		must("league table", ts.Post(fx.admin+"/tables", add))
	}
	fx.public, _ = ts.Get(fx.admin).Doc.Find(`[data-testid="open-standings"]`).Attr("href")
	// The KKS table's games as BoardGameGeek plays, imported: a table of
	// games not checked by the rules, with its own pages.
	imported := ts.UploadPlays(t, fx.admin, "plays.xml", ts.Get(kksTable+"/export-bgg.xml").Body)
	importedTable, ok := imported.Doc.Find(`[data-testid="plays-tables"] a`).Attr("href")
	if imported.Status != http.StatusOK || !ok {
		t.Fatalf("import plays: %d %s", imported.Status, imported.Text(`[data-testid="import-error"], [data-testid="plays-skipped"]`))
	}
	add(importedTable)

	// Replace both links of the Alaska table and the league's admin link:
	// the old ones must not show up anywhere either.
	page := ts.Get(alaskaTable)
	oldView := areatest.ViewPath(t, page)
	must("rotate view", ts.Post(alaskaTable+"/rotate/view", page.FormOf(t, alaskaTable+"/rotate/view")))
	rotated := ts.Post(alaskaTable+"/rotate/edit", ts.Get(alaskaTable).FormOf(t, alaskaTable+"/rotate/edit"))
	must("rotate edit", rotated)
	newEdit, _, _ := strings.Cut(rotated.Header.Get("Location"), "?")
	fx.secrets[strings.TrimPrefix(alaskaTable, "/tables/")] = "replaced edit link"
	fx.secrets[strings.TrimPrefix(oldView, "/v/")] = "replaced view-only link"
	fx.edits[slices.Index(fx.edits, alaskaTable)] = newEdit
	adminPage := ts.Get(fx.admin)
	rotatedAdmin := ts.Post(fx.admin+"/rotate", adminPage.FormOf(t, fx.admin+"/rotate"))
	must("rotate admin", rotatedAdmin)
	fx.secrets[strings.TrimPrefix(fx.admin, "/l/")] = "replaced admin link"
	fx.admin, _, _ = strings.Cut(rotatedAdmin.Header.Get("Location"), "?")
	fx.secrets[strings.TrimPrefix(fx.admin, "/l/")] = "admin link"

	// A long table (more games and entries than a page shows) and a big
	// league (more tables than a page lists).
	fx.long, _, _ = ts.ImportJSON(areatest.KKSExport(gamesPerPage + logPerPage))
	fx.edits = append(fx.edits, fx.long)
	_, fx.bigPublic, fx.bigAdmin = ts.ImportJSON(areatest.LeagueExport(leaguePerPage+2, 1))
	fx.secrets[strings.TrimPrefix(fx.bigAdmin, "/l/")] = "admin link of the big league"

	for _, e := range fx.edits {
		fx.secrets[strings.TrimPrefix(e, "/tables/")] = "edit link of " + e
		fx.secrets[ts.Table(e).Key] = "table key"
		fx.views = append(fx.views, areatest.ViewPath(t, ts.Get(e)))
	}
	// Every other link and key the database holds (the big league's
	// tables were made by the import: no page showed their edit links).
	for id, what := range ts.storedSecrets(t) {
		if _, ok := fx.secrets[id]; !ok {
			fx.secrets[id] = what
		}
	}
	return fx
}

// storedSecrets are every table key, every edit and admin link ever made
// and every view-only link replaced, from the database itself, with what
// each is ("table key", "edit link", "replaced view-only link" …).
func (ts *testServer) storedSecrets(t *testing.T) map[string]string {
	t.Helper()
	db, _ := ts.RawDB()
	defer db.Close()
	inUse := map[string]bool{}
	out := map[string]string{}
	read := func(query string, each func(cols []string)) {
		rows, err := db.Query(query)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			cols := make([]string, 3)
			if err := rows.Scan(&cols[0], &cols[1], &cols[2]); err != nil {
				t.Fatal(err)
			}
			each(cols)
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
	}
	read(`SELECT id, edit_link, read_id FROM tables`, func(c []string) {
		out[c[0]] = "table key"
		inUse[c[1]], inUse[c[2]] = true, true
	})
	read(`SELECT admin_id, '', '' FROM leagues`, func(c []string) { inUse[c[0]] = true })
	read(`SELECT id, role, '' FROM links`, func(c []string) {
		what := map[string]string{"edit": "edit link", "view": "view-only link", "admin": "admin link"}[c[1]]
		switch {
		case !inUse[c[0]]:
			out[c[0]] = "replaced " + what
		case c[1] != "view":
			out[c[0]] = what
		}
	})
	return out
}

// crawler follows every URL a page offers without JavaScript: links,
// form actions (GET forms submitted as they stand), every hx-* and data-*
// URL, image sources (QR codes), URLs in field values (share links),
// redirects, the live stream and the exports. It fails the test when an
// answer (body or header) holds one of the secrets, or a QR code encodes
// one.
type crawler struct {
	t       *testing.T
	ts      *testServer
	client  *http.Client
	lang    string
	secrets map[string]string // link or key → what it is
	qrs     map[string]string // QR path of a secret URL → what it is
	seen    map[string]bool
	queue   []string
	reached map[string]int // route pattern → answers
	// paged counts the answers per route pattern and paging parameter
	// ("/v/:rid?games"): the parts of long lists reached.
	paged    map[string]int
	perRoute int  // most URLs fetched per route pattern (0: all)
	readOnly bool // pages behind view-only and public links must have no write form
	router   *echo.Echo
	// previews counts the pages with a link preview (og:image), cards
	// the result cards fetched (PNGs).
	previews, cards int
	// onPage, when set, is shown every HTML page fetched.
	onPage func(u *url.URL, pat string, doc *goquery.Document)
}

func newCrawler(t *testing.T, ts *testServer, lang string, secrets map[string]string) *crawler {
	jar, _ := cookiejar.New(nil)
	c := &crawler{t: t, ts: ts, lang: lang, secrets: secrets, qrs: map[string]string{}, seen: map[string]bool{}, reached: map[string]int{}, paged: map[string]int{},
		client: &http.Client{Jar: langFree{jar}, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }},
		router: newServer(ts.app)}
	origin := ts.app.site.origin(httptest.NewRequest(http.MethodGet, ts.URL, nil))
	for id, what := range secrets {
		for _, prefix := range []string{"/tables/", "/l/", "/v/"} {
			q, err := cards.QRCode(origin + prefix + id)
			if err != nil {
				t.Fatal(err)
			}
			c.qrs[q.Path] = what
		}
	}
	return c
}

// langFree is a cookie jar that keeps no language choice: the crawler's
// language is its Accept-Language, even after it follows the switch.
type langFree struct{ http.CookieJar }

func (j langFree) SetCookies(u *url.URL, cs []*http.Cookie) {
	j.CookieJar.SetCookies(u, slices.DeleteFunc(cs, func(c *http.Cookie) bool { return c.Name == langCookie }))
}

// pattern is the route a path matches, as the server's router finds it.
func (c *crawler) pattern(path string) string {
	ctx := c.router.NewContext(httptest.NewRequest(http.MethodGet, "/", nil), httptest.NewRecorder())
	c.router.Router().Find(http.MethodGet, path, ctx)
	return ctx.Path()
}

// add queues u (relative to from) when it is on this server and new.
func (c *crawler) add(from *url.URL, raw string) {
	raw = strings.TrimSpace(raw)
	if raw == "" || strings.HasPrefix(raw, "#") || strings.HasPrefix(raw, "data:") || strings.HasPrefix(raw, "mailto:") {
		return
	}
	u, err := from.Parse(raw)
	if err != nil || u.Host != from.Host || (u.Scheme != "http" && u.Scheme != "https") {
		return
	}
	u.Fragment = ""
	if strings.HasPrefix(u.Path, "/static/") {
		return // the same files for everyone; they hold no link
	}
	key := u.RequestURI()
	if c.seen[key] {
		return
	}
	c.seen[key] = true
	c.queue = append(c.queue, key)
}

// cardsPerRoute is how many result cards a crawl fetches per route.
const cardsPerRoute = 3

func (c *crawler) run(starts ...string) {
	base, _ := url.Parse(c.ts.URL + "/")
	for _, s := range starts {
		c.add(base, s)
	}
	fetched := map[string]int{}
	for len(c.queue) > 0 {
		next := c.queue[0]
		c.queue = c.queue[1:]
		u, _ := base.Parse(next)
		pat := c.pattern(u.Path)
		if c.perRoute > 0 && fetched[pat] >= c.perRoute {
			continue
		}
		// A result card is a PNG drawn for each game (tens of
		// milliseconds under -race): a few per route show them free of
		// links; TestLinksCrawl's card subtest draws one of every game.
		if strings.HasSuffix(pat, "/card.png") && fetched[pat] >= cardsPerRoute {
			continue
		}
		fetched[pat]++
		c.fetch(u, pat)
	}
}

func (c *crawler) fetch(u *url.URL, pat string) {
	t := c.t
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	req.Header.Set("Accept-Language", c.lang)
	resp, err := c.client.Do(req)
	if err != nil {
		t.Fatalf("GET %s: %v", u, err)
	}
	defer resp.Body.Close()
	var body []byte
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		body = readEvents(resp.Body, 20*time.Millisecond)
		cancel()
	} else {
		body, _ = io.ReadAll(resp.Body)
	}
	if resp.StatusCode >= 500 {
		t.Errorf("GET %s: %d", u, resp.StatusCode)
	}
	c.reached[pat]++
	for _, p := range []string{"games", "log", "tables"} {
		if u.Query().Has(p) {
			c.paged[pat+"?"+p]++
		}
	}
	c.check(u, resp.Header, body)
	if loc := resp.Header.Get("Location"); loc != "" {
		c.add(u, loc)
	}
	if resp.Header.Get("Content-Type") == "image/png" && resp.StatusCode == http.StatusOK {
		c.cards++
	}
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
		if !bytes.Contains(body, []byte(`<html lang="`+c.lang+`"`)) {
			t.Errorf("GET %s is not in %s", u, c.lang)
		}
		c.follow(u, pat, body)
	}
}

// readEvents reads a server-sent event stream: its first block, and what
// else comes within grace after it (at most 5 s in all).
func readEvents(r io.Reader, grace time.Duration) []byte {
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	defer func() {
		go func() {
			for range lines { // let the reader finish once the stream is cut
			}
		}()
	}()
	var out bytes.Buffer
	deadline := time.After(5 * time.Second)
	for {
		select {
		case l, ok := <-lines:
			if !ok {
				return out.Bytes()
			}
			out.WriteString(l + "\n")
			if l == "" && deadline != nil { // the first block is in
				deadline = time.After(grace)
			}
		case <-deadline:
			return out.Bytes()
		}
	}
}

var qrPath = regexp.MustCompile(`<path d="([^"]*)"`)

// check fails when an answer holds a secret, or a QR code encodes one.
func (c *crawler) check(u *url.URL, h http.Header, body []byte) {
	var head strings.Builder
	for k, vs := range h {
		fmt.Fprintf(&head, "%s: %s\n", k, strings.Join(vs, ", "))
	}
	for id, what := range c.secrets {
		if bytes.Contains(body, []byte(id)) || strings.Contains(head.String(), id) {
			c.t.Errorf("GET %s (%s) shows the %s %s", u.RequestURI(), c.lang, what, id)
		}
	}
	for _, m := range qrPath.FindAllSubmatch(body, -1) {
		if what, ok := c.qrs[string(m[1])]; ok {
			c.t.Errorf("GET %s (%s) is the QR code of the %s", u.RequestURI(), c.lang, what)
		}
	}
}

// follow queues every URL the page at u (route pat) offers.
func (c *crawler) follow(u *url.URL, pat string, body []byte) {
	doc, err := goquery.NewDocumentFromReader(bytes.NewReader(body))
	if err != nil {
		c.t.Fatalf("%s: %v", u, err)
	}
	// Link previews: only pages behind view-only and public links have
	// one, and its card and URL are on that link (check above sees the
	// meta tags hold no secret).
	if og := doc.Find(`meta[property^="og:"]`); og.Length() > 0 {
		if strings.HasPrefix(pat, "/tables/") || strings.HasPrefix(pat, "/l/") {
			c.t.Errorf("GET %s (an edit or admin page) has a link preview", u.RequestURI())
		}
		img, _ := doc.Find(`meta[property="og:image"]`).Attr("content")
		if doc.Find(`meta[property="og:title"]`).Length() != 1 || doc.Find(`meta[property="og:description"]`).Length() != 1 || !strings.Contains(img, "/card.png?v=") {
			c.t.Errorf("GET %s: incomplete link preview (image %q)", u.RequestURI(), img)
		}
		c.previews++
	}
	if c.onPage != nil {
		c.onPage(u, pat, doc)
	}
	doc.Find("*").Each(func(_ int, s *goquery.Selection) {
		for _, a := range s.Nodes[0].Attr {
			switch {
			case a.Key == "href" || a.Key == "src" || a.Key == "formaction" || strings.HasPrefix(a.Key, "hx-"):
				c.add(u, a.Val)
			case a.Key == "data-live": // the stream, and from the start of the log
				c.add(u, a.Val)
				c.add(u, a.Val+"?after=0")
			case strings.HasPrefix(a.Key, "data-") || a.Key == "value" || a.Key == "content":
				if strings.HasPrefix(a.Val, "/") || strings.HasPrefix(a.Val, "http") {
					c.add(u, a.Val)
				}
			}
		}
	})
	doc.Find("form").Each(func(_ int, f *goquery.Selection) {
		action, _ := f.Attr("action")
		if strings.EqualFold(f.AttrOr("method", "get"), "post") {
			if c.readOnly && (strings.HasPrefix(pat, "/v/") || strings.HasPrefix(pat, "/leagues/:id")) {
				c.t.Errorf("GET %s offers a form posting to %s", u.RequestURI(), action)
			}
			c.add(u, action) // its URL is followed; nothing is posted
			return
		}
		q := url.Values{}
		f.Find("input[name], select[name]").Each(func(_ int, in *goquery.Selection) {
			name, _ := in.Attr("name")
			switch {
			case goquery.NodeName(in) == "select":
				v, ok := in.Find("option[selected]").Attr("value")
				if !ok {
					v, _ = in.Find("option").First().Attr("value")
				}
				q.Add(name, v)
			case in.AttrOr("type", "text") == "checkbox" || in.AttrOr("type", "text") == "radio":
				if _, on := in.Attr("checked"); on {
					q.Add(name, in.AttrOr("value", "on"))
				}
			default:
				q.Add(name, in.AttrOr("value", ""))
			}
		})
		target, err := u.Parse(action)
		if err != nil {
			return
		}
		target.RawQuery = q.Encode()
		c.add(u, target.String())
	})
}

// routes lists the GET route patterns reached, sorted.
func (c *crawler) routes() []string {
	var out []string
	for p := range c.reached {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// missing are the patterns of want the crawl did not reach; a pattern
// with a query ("/v/:rid?games") wants a page of that paged list.
func (c *crawler) missing(want []string) []string {
	var out []string
	for _, p := range want {
		if c.reached[p] == 0 && c.paged[p] == 0 {
			out = append(out, p)
		}
	}
	return out
}

// TestLinksCrawl: from the view-only links of tables of every game
// (finished and in-progress games, played along and entered by form) and
// from a league's standings link, every page, form action, hx-/data- URL,
// live stream, export, QR code and redirect reachable without JavaScript
// is fetched, in English and in German, and none holds an edit link, an
// admin link, a table key or a replaced link; that includes the pages of
// long lists (a long table's games and history, a big league's tables),
// reached by their pagers' links. The same crawl from the
// edit links and the admin link reaches every page there is (so the test
// cannot pass by reaching nothing) and shows no table key or replaced
// link either.
func TestLinksCrawl(t *testing.T) {
	t.Parallel()
	webtest.SQLiteOnly(t, "a crawl of pages read from the derived tables")
	webtest.WithoutRace(t, "a crawl of a few hundred pages, one after another")
	if testing.Short() {
		t.Skip("builds an evening of every game")
	}
	ts := newTestServerWith(t, func(a *App) { a.writeRate = 0 })
	fx := buildCrawlFixture(t, ts)

	viewRoutes := []string{"/v/:rid", "/v/:rid/live", "/v/:rid/qr.svg", "/v/:rid/export.json", "/v/:rid/results.csv",
		"/v/:rid/export.bgsplay", "/v/:rid/export-bgg.xml", "/leagues/:id/export.bgsplay", "/leagues/:id/export-bgg.xml",
		"/v/:rid/games/:n", "/v/:rid/games/:n/replay", "/leagues/:id", "/leagues/:id/qr.svg", "/leagues/:id/standings.csv",
		"/v/:rid/card.png", "/v/:rid/games/:n/card.png", "/leagues/:id/card.png", "/leagues/:id/members/:name",
		"/", "/history", "/lang",
		// The paged lists, found by following the pagers.
		"/v/:rid?games", "/v/:rid?log", "/leagues/:id?tables"}
	for _, lang := range []string{"en", "de"} {
		t.Run("view and public/"+lang, func(t *testing.T) {
			t.Parallel()
			c := newCrawler(t, ts, lang, fx.secrets)
			c.readOnly = true
			c.run(append([]string{fx.public, fx.bigPublic}, fx.views...)...)
			if m := c.missing(viewRoutes); len(m) > 0 {
				t.Errorf("the crawl did not reach %v; it reached %v", m, c.routes())
			}
			if c.previews == 0 || c.cards == 0 {
				t.Errorf("%d pages with a link preview, %d cards", c.previews, c.cards)
			}
			t.Logf("%d answers over %d routes", len(c.seen), len(c.reached))
		})
	}

	t.Run("a card of every game", func(t *testing.T) {
		t.Parallel()
		cardOfEveryGame(t, ts, fx)
	})

	// The edit crawl may see edit and admin links in use, never a table's
	// key or a replaced link.
	keysAndOld := map[string]string{}
	for id, what := range fx.secrets {
		if what == "table key" || strings.HasPrefix(what, "replaced") {
			keysAndOld[id] = what
		}
	}
	every := append(pageRoutes(newServer(ts.app)), "/tables/:id?games", "/tables/:id?log", "/l/:admin?tables")
	heads := map[string]int{}
	for _, e := range fx.edits {
		heads[e] = ts.Table(e).Head
	}
	for _, lang := range []string{"en", "de"} {
		t.Run("edit and admin/"+lang, func(t *testing.T) {
			t.Parallel()
			c := newCrawler(t, ts, lang, keysAndOld)
			c.perRoute = 12 // play pages offer a URL per section and card
			// The paged lists first: the crawl fetches a few URLs per
			// route, and these share their routes with the other pages.
			// So is the page after a finished game (its result's QR code).
			paged := []string{fx.long + "?games=1", fx.long + "?log=1", fx.bigAdmin + "?tables=1", fx.finished}
			c.run(append(append(paged, fx.admin, fx.bigAdmin), fx.edits...)...)
			if m := c.missing(every); len(m) > 0 {
				t.Errorf("the crawl from the edit and admin links did not reach %v", m)
			}
			// Nothing was written: the crawl only reads.
			for _, e := range fx.edits {
				if head := ts.Table(e).Head; head != heads[e] {
					t.Errorf("%s moved from %d to %d during the crawl", e, heads[e], head)
				}
			}
		})
	}
}

// pageRoutes are the GET routes of the server but those no page links:
// the health check, the service worker's own, static files and the JSON
// API.
func pageRoutes(e *echo.Echo) []string {
	unlinked := map[string]bool{"/healthz": true, "/sw.js": true, "/offline": true, "/static/*": true, "/api/v1/games": true}
	var out []string
	for _, r := range e.Routes() {
		// A POST route's GET answers 303 to its page (canonical.go):
		// no page links it.
		if r.Method == http.MethodGet && !unlinked[r.Path] && !strings.Contains(r.Name, "canonicalGETs") {
			out = append(out, r.Path)
		}
	}
	sort.Strings(out)
	return out
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
		og := areatest.Preview(p)
		if og["og:image"] == "" {
			continue // nothing finished at this table
		}
		if !evening {
			areatest.DecodeCard(t, v+" evening", ts.Get(areatest.LocalPath(t, og["og:image"])))
			evening = true
		}
		p.Doc.Find(`a[href^="` + v + `/games/"]`).EachWithBreak(func(_ int, s *goquery.Selection) bool {
			href, _ := s.Attr("href")
			if strings.Count(href, "/") != 4 {
				return true // a replay
			}
			og := areatest.Preview(ts.Get(href))
			title, _, _ := strings.Cut(og["og:title"], ", game ")
			if og["og:image"] == "" || games[title] {
				return true
			}
			areatest.DecodeCard(t, href, ts.Get(areatest.LocalPath(t, og["og:image"])))
			games[title] = true
			return false
		})
	}
	// The crawl's evening has finished games of all seven.
	if len(games) != 7 || !evening {
		t.Errorf("game cards of %d games (%v), want all 7; an evening card: %v", len(games), games, evening)
	}
}
