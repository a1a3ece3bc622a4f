// Package areatest holds the steps the HTTP tests of more than one area
// take through the whole app (web/server's, web/leagues', web/interop's):
// entering a game, starting a league and adding a table to it, importing
// an export or a play file, reading a play file or a "Send to BG Stats"
// link back. It drives the app through webtest's phone, as a person
// would, and does not import web/server (web/server's own tests use it):
// a test builds its server with webtest and wraps it in Steps.
package areatest

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"tablemate/scoring/alaska"
	"tablemate/sessions"
	"tablemate/sessions/plays"
	"tablemate/web/games"
	"tablemate/web/kks/kkstest"
	"tablemate/web/webtest"
)

// Steps are the shared steps on a test server (webtest.Server: the real
// router over a new database, and this phone).
type Steps struct{ *webtest.Server }

// RecordKKS enters one KKS game at a table through its form.
func (ts Steps) RecordKKS(t *testing.T, table string, displays []map[string]string, tokens []string) {
	t.Helper()
	entry := ts.Get(table + "/games/new")
	if p := ts.Post(table+"/games", kkstest.Form(entry.FormOf(t, table+"/games"), displays, tokens)); p.Status != http.StatusSeeOther {
		t.Fatalf("record game: %d", p.Status)
	}
}

// BenchTable is the table the page benchmarks read: Amelia, Victor and
// Enrique with three KKS games entered.
func (ts Steps) BenchTable(tb testing.TB) string {
	tb.Helper()
	table := ts.CreateTable("Amelia", "Victor", "Enrique")
	for range 3 {
		entry := ts.Get(table + "/games/new")
		f := kkstest.Form(entry.FormOf(tb, table+"/games"), []map[string]string{kkstest.Amelia, {"red": "2"}, {"blue": "3"}}, []string{"3", "1", "1"})
		if p := ts.Post(table+"/games", f); p.Status != http.StatusSeeOther {
			tb.Fatalf("enter game: %d", p.Status)
		}
	}
	return table
}

// EnterKKS enters one KKS game at a table through its form and returns
// the game's page.
func (ts Steps) EnterKKS(table string, displays []map[string]string, tokens []string) string {
	ts.T.Helper()
	entry := ts.Get(table + "/games/new")
	p := ts.Post(table+"/games", kkstest.Form(entry.FormOf(ts.T, table+"/games"), displays, tokens))
	if p.Status != http.StatusSeeOther {
		ts.T.Fatalf("enter game: %d\n%s", p.Status, p.Body)
	}
	return p.Header.Get("Location")
}

// AlaskaGame enters one Alaska game (salmon are the score, the most win).
func (ts Steps) AlaskaGame(t testing.TB, table string, salmon ...string) {
	t.Helper()
	fields := map[string]string{}
	for i, s := range salmon {
		fields["players["+string(rune('0'+i))+"].salmon"] = s
	}
	if p := ts.EnterGame(t, table, fields); p.Status != http.StatusSeeOther {
		t.Fatalf("%s game: %d %s", alaska.Slug, p.Status, p.Text(".field-error"))
	}
}

// SheetRound posts another game's sheet's entry form with fields set and
// returns where it led.
func (ts Steps) SheetRound(t *testing.T, table string, fields map[string]string) string {
	t.Helper()
	f := ts.Get(table+"/games/new").FormOf(t, table+"/games")
	for k, v := range fields {
		f.Set(k, v)
	}
	if p := ts.Post(table+"/games", f); p.Status != http.StatusSeeOther {
		t.Fatalf("sheet round: %d %s", p.Status, p.Body)
	} else {
		return p.Header.Get("Location")
	}
	return ""
}

// Choose posts the next-game page.
func (ts Steps) Choose(t *testing.T, table, game, first string) {
	t.Helper()
	f := ts.Get(table+"/next").FormOf(t, table+"/next")
	f.Set("game", game)
	f.Set("first", first)
	if p := ts.Post(table+"/next", f); p.Status != http.StatusSeeOther {
		t.Fatalf("choose %s: %d %s", game, p.Status, p.Body)
	}
}

// CreateLeague starts a league through the form and returns its admin
// link's path.
func (ts Steps) CreateLeague(t testing.TB, name, scheme string, members ...string) string {
	t.Helper()
	f := ts.Get("/leagues/new").FormOf(t, "/leagues")
	f.Set("name", name)
	f.Set("scheme", scheme)
	f.Set("members", strings.Join(members, "\n"))
	p := ts.Post("/leagues", f)
	if p.Status != http.StatusSeeOther {
		t.Fatalf("create league: %d %s", p.Status, p.Text(".field-error"))
	}
	return p.Header.Get("Location")
}

// AddToLeague adds a table to the league by pasting its edit link; names
// new to the league are answered with as (name → member, "" for new).
func (ts Steps) AddToLeague(t testing.TB, admin, table string, as map[string]string) {
	t.Helper()
	form := ts.Get(admin).FormOf(t, admin+"/tables")
	form.Set("table", "http://phone.local"+table)
	p := ts.Post(admin+"/tables", form)
	if p.Status == http.StatusOK && p.Doc.Find(`[data-testid="league-names"]`).Length() == 1 {
		f := p.FormOf(t, admin+"/tables")
		p.Doc.Find(`[data-testid="league-names"] select`).Each(func(i int, s *goquery.Selection) {
			id, _ := s.Attr("name")
			name, _ := s.Attr("data-name")
			into, ok := as[name]
			switch {
			case !ok:
				t.Fatalf("asked about %q, not expected", name)
			case into == "":
				f.Set(id, "new")
			default:
				f.Set(id, "is:"+into)
			}
		})
		p = ts.Post(admin+"/tables", f)
	}
	if p.Status != http.StatusSeeOther {
		t.Fatalf("add table: %d %s %s", p.Status, p.Text(`[data-testid="league-error"]`), p.Text("h1"))
	}
}

// MemberLeague is a league of Ana, Ben and Cy over two Alaska tables:
// Ana wins twice, then Ben once; at the second table "Benny" is Ben.
func (ts Steps) MemberLeague(t testing.TB) (admin, public string) {
	t.Helper()
	admin = ts.CreateLeague(t, "Salmon club", "wins", "Ana", "Ben", "Cy")
	t1 := ts.CreateGameTable(alaska.Slug, "Ana", "Ben", "Cy")
	ts.AlaskaGame(t, t1, "5", "3", "1") // Ana, Ben, Cy
	ts.AlaskaGame(t, t1, "6", "2", "4") // Ana, Cy, Ben
	ts.AddToLeague(t, admin, t1, nil)
	t2 := ts.CreateGameTable(alaska.Slug, "Benny", "Ana")
	ts.AlaskaGame(t, t2, "7", "2") // Benny (Ben) beats Ana
	ts.AddToLeague(t, admin, t2, map[string]string{"Benny": "Ben"})
	public, _ = ts.Get(admin).Doc.Find(`[data-testid="public-link"]`).Attr("value")
	return admin, public[strings.Index(public, "/leagues/"):]
}

// PublicOf is a league's standings path, read from its admin page.
func (ts Steps) PublicOf(t *testing.T, admin string) string {
	t.Helper()
	public, _ := ts.Get(admin).Doc.Find(`[data-testid="public-link"]`).Attr("value")
	i := strings.Index(public, "/leagues/")
	if i < 0 {
		t.Fatalf("no standings link on %s", admin)
	}
	return public[i:]
}

// Upload posts a file to the import form as a browser would.
func (ts Steps) Upload(t *testing.T, data string) webtest.Page {
	t.Helper()
	return ts.Do(UploadRequest(ts.URL, ts.Get("/tables/import").FormOf(t, "/tables/import"), data))
}

// UploadRequest is the import form's post of data with the form's hidden
// fields.
func UploadRequest(base string, hidden url.Values, data string) *http.Request {
	return uploadTo(base+"/tables/import", hidden, "table.json", data)
}

// UploadPlays posts a play file to a league's import form.
func (ts Steps) UploadPlays(t *testing.T, admin, name, data string) webtest.Page {
	t.Helper()
	return ts.UploadPlaysIn(t, "en", admin, name, data)
}

// UploadPlaysIn posts a play file from a phone set to lang, to the form's
// address with query (e.g. "?preview=1") after it.
func (ts Steps) UploadPlaysIn(t *testing.T, lang, admin, name, data string, query ...string) webtest.Page {
	t.Helper()
	hidden := ts.Get(admin+"/plays").FormOf(t, admin+"/plays")
	req := uploadTo(ts.URL+admin+"/plays"+strings.Join(query, ""), hidden, name, data)
	req.Header.Set("Accept-Language", lang)
	return ts.Do(req)
}

// uploadTo is a browser's post of a file form to url: the form's hidden
// fields first, then the file, named name.
func uploadTo(url string, hidden url.Values, name, data string) *http.Request {
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	for k, v := range hidden {
		w.WriteField(k, v[0])
	}
	fw, _ := w.CreateFormFile("file", name)
	fw.Write([]byte(data))
	w.Close()
	req, _ := http.NewRequest(http.MethodPost, url, &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	return req
}

// PlayGames read the play files the exports write, with the registry's
// games (as web/interop writes them).
var PlayGames = plays.NewGames(games.Engines()...)

// ReadPlays reads an export with the package's own reader.
func ReadPlays(t *testing.T, p webtest.Page, want plays.Format) []plays.Play {
	t.Helper()
	if p.Status != http.StatusOK || !strings.Contains(p.Header.Get("Content-Disposition"), "attachment") {
		t.Fatalf("export: %d %q", p.Status, p.Header.Get("Content-Disposition"))
	}
	f, ps, err := PlayGames.Read(strings.NewReader(p.Body), plays.Limits{})
	if err != nil || f != want {
		t.Fatalf("export reads as %s: %v\n%s", f, err, p.Body)
	}
	return ps
}

// BGSLinkPlay is the play a "Send to BG Stats" link carries.
type BGSLinkPlay struct {
	SourceName  string `json:"sourceName"`
	PlayDate    string `json:"playDate"`
	DurationMin int    `json:"durationMin"`
	Comments    string `json:"comments"`
	Location    string `json:"location"`
	Game        struct {
		Name         string `json:"name"`
		BGGID        int    `json:"bggId"`
		HighestWins  bool   `json:"highestWins"`
		NoPoints     bool   `json:"noPoints"`
		SourceGameID string `json:"sourceGameId"`
	} `json:"game"`
	Players []struct {
		Name           string `json:"name"`
		Score          string `json:"score"`
		Winner         bool   `json:"winner"`
		Rank           int    `json:"rank"`
		StartPlayer    bool   `json:"startPlayer"`
		SourcePlayerID string `json:"sourcePlayerId"`
	} `json:"players"`
}

// BGSLinks decodes the "Send to BG Stats" links of a page, checking each
// opens BG Stats' createPlay page and holds none of the secrets.
func BGSLinks(t *testing.T, p webtest.Page, secrets ...string) []BGSLinkPlay {
	t.Helper()
	var out []BGSLinkPlay
	for _, href := range p.Doc.Find(`[data-testid="bgstats-link"]`).Map(func(_ int, s *goquery.Selection) string { return s.AttrOr("href", "") }) {
		u, err := url.Parse(href)
		if err != nil || u.Scheme+"://"+u.Host+u.Path != plays.BGStatsCreatePlay || len(u.Query()) != 1 {
			t.Fatalf("link %q: %v", href, err)
		}
		data := u.Query().Get("data")
		for _, s := range secrets {
			if strings.Contains(href, s) || strings.Contains(data, s) {
				t.Errorf("the BG Stats link holds %q: %s", s, data)
			}
		}
		var play BGSLinkPlay
		dec := json.NewDecoder(strings.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&play); err != nil {
			t.Fatalf("data %s: %v", data, err)
		}
		out = append(out, play)
	}
	if n := p.Doc.Find(`[data-testid="bgstats"]`).Length(); len(out) > 0 && (n != 1 || !strings.Contains(p.Text(`[data-testid="bgstats"]`), "must be installed")) {
		t.Error("the BG Stats links come without the note that the app must be installed")
	}
	return out
}

// ViewPath is the view-only link an edit page offers, as a path.
func ViewPath(t *testing.T, p webtest.Page) string {
	t.Helper()
	v, ok := p.Doc.Find(`[data-testid="view-link"]`).Attr("value")
	u, err := url.Parse(v)
	if !ok || err != nil || !strings.HasPrefix(u.Path, "/v/") {
		t.Fatalf("no view-only link on the edit page: %q", v)
	}
	return u.Path
}

// ReplayTotal reads a player's total on a replay step.
func ReplayTotal(p webtest.Page, name string) string {
	return p.Text(`[data-testid="replay-totals"] tr[data-player="` + name + `"] [data-testid="replay-total"]`)
}

// Start is the steps on a test server of the app newApp builds, over a
// new database (webtest.New): an area's tests pass server.NewApp.
func Start[A webtest.App](t testing.TB, newApp func(*sessions.Store, *slog.Logger) A) Steps {
	t.Helper()
	return Steps{webtest.New(t, newApp)}
}
