package server

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"tablemate/web/cambio/cambiotest"
	"tablemate/web/kks/kkstest"
	"tablemate/web/webtest"
)

func TestPagesFollowAcceptLanguage(t *testing.T) {
	ts := newTestServer(t)
	table := ts.CreateTable("Amelia", "Victor")

	en := ts.GetLang("/", "")
	if lang, _ := en.Doc.Find("html").Attr("lang"); lang != "en" || en.Header.Get("Content-Language") != "en" {
		t.Fatalf("default: lang=%q Content-Language=%q", lang, en.Header.Get("Content-Language"))
	}
	if !strings.Contains(en.Body, "New table") || !strings.Contains(en.Body, "Start a table") {
		t.Fatalf("English home page expected:\n%s", en.Body)
	}
	vary := strings.Join(en.Header.Values("Vary"), ", ")
	if !strings.Contains(vary, "Accept-Language") || !strings.Contains(vary, "Cookie") {
		t.Errorf("Vary = %q, want Accept-Language and Cookie", vary)
	}

	for _, path := range []string{"/", table, "/tables/new", "/check", "/history", "/no/such/page"} {
		de := ts.GetLang(path, "de-AT,de;q=0.9,en;q=0.5")
		if lang, _ := de.Doc.Find("html").Attr("lang"); lang != "de" || de.Header.Get("Content-Language") != "de" {
			t.Errorf("%s: lang=%q Content-Language=%q", path, lang, de.Header.Get("Content-Language"))
		}
		if nav := de.Text(`header nav a[href="/tables/new"]`); nav != "Neuer Tisch" {
			t.Errorf("%s: nav link %q, want Neuer Tisch", path, nav)
		}
		// Sentences the scripts write come from the page, in its language.
		body := de.Doc.Find("body")
		if m := body.AttrOr("data-msg-updated", ""); m != "Der Tisch wurde aktualisiert." {
			t.Errorf("%s: data-msg-updated %q", path, m)
		}
		if m := body.AttrOr("data-msg-down", ""); m != "verdeckt %s" { // the script puts the number in
			t.Errorf("%s: data-msg-down %q", path, m)
		}
	}
	if h := ts.GetLang("/", "de").Text("h1"); h != "Dein Begleiter am Spieltisch" {
		t.Errorf("German home heading %q", h)
	}
	if h := ts.GetLang("/no/such/page", "de").Text("h1"); h != "Nicht gefunden" {
		t.Errorf("German 404 heading %q", h)
	}
	// The JSON API stays English whatever the phone asks for.
	req, _ := http.NewRequest(http.MethodGet, ts.URL+"/api/v1/games", nil)
	req.Header.Set("Accept-Language", "de")
	if api := ts.Do(req); api.Header.Get("Content-Language") != "" {
		t.Errorf("API answer has Content-Language %q", api.Header.Get("Content-Language"))
	}
}

func TestLanguageSwitchSetsCookieAndGoesBack(t *testing.T) {
	ts := newTestServer(t)
	table := ts.CreateTable("Amelia", "Victor")

	// The footer offers the other language, linking back to this page.
	p := ts.Get(table)
	href, ok := p.Doc.Find(`footer a[data-testid="lang-de"]`).Attr("href")
	if !ok {
		t.Fatalf("no switch to German in the footer:\n%s", p.Body)
	}
	sw := ts.Get(href)
	if sw.Status != http.StatusSeeOther || sw.Header.Get("Location") != table {
		t.Fatalf("switch: %d to %q, want 303 to %s", sw.Status, sw.Header.Get("Location"), table)
	}
	if c := strings.Join(sw.Header.Values("Set-Cookie"), "\n"); !strings.Contains(c, "lang=de; Path=/") {
		t.Fatalf("switch cookie %q", c)
	}
	// The cookie now wins over the browser's English.
	de := ts.GetLang(table, "en-US,en")
	if lang, _ := de.Doc.Find("html").Attr("lang"); lang != "de" {
		t.Fatalf("after the switch lang=%q", lang)
	}
	back, _ := de.Doc.Find(`footer a[data-testid="lang-en"]`).Attr("href")
	if sw := ts.Get(back); sw.Header.Get("Location") != table {
		t.Fatalf("switch back: %d to %q", sw.Status, sw.Header.Get("Location"))
	}
	if lang, _ := ts.GetLang(table, "de").Doc.Find("html").Attr("lang"); lang != "en" {
		t.Fatalf("after switching back lang=%q", lang)
	}
}

// TestLanguageSwitchAfterAFormPost: a page answering a post (a refused
// entry) links back to the page the form was on, not to the post's URL.
func TestLanguageSwitchAfterAFormPost(t *testing.T) {
	ts := newTestServer(t)
	table := ts.CreateTable("Amelia", "Victor")
	entry := ts.Get(table + "/games/new")
	f := kkstest.Form(entry.FormOf(t, table+"/games"), []map[string]string{kkstest.Amelia, {}}, []string{"drei", "7"})
	req, _ := http.NewRequest(http.MethodPost, ts.URL+table+"/games", strings.NewReader(f.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	req.Header.Set("Referer", ts.URL+table+"/games/new")
	p := ts.Do(req)
	href, _ := p.Doc.Find(`footer a[data-testid="lang-de"]`).Attr("href")
	if p.Status != http.StatusUnprocessableEntity || href != "/lang?to=de&back="+url.QueryEscape(table+"/games/new") {
		t.Errorf("switch after a refused post: %d %q", p.Status, href)
	}
}

func TestLanguageSwitchRefusesForeignTargets(t *testing.T) {
	ts := newTestServer(t)
	for _, back := range []string{"https://evil.example/", "//evil.example/", "/\\evil.example", "evil", ""} {
		p := ts.Get("/lang?to=de&back=" + url.QueryEscape(back))
		if p.Status != http.StatusSeeOther || p.Header.Get("Location") != "/" {
			t.Errorf("back=%q: %d to %q, want 303 to /", back, p.Status, p.Header.Get("Location"))
		}
	}
	if p := ts.Get("/lang?to=xx&back=/"); p.Status != http.StatusBadRequest {
		t.Errorf("unknown language: %d", p.Status)
	}
}

// TestGermanGameOverHTTP plays the KKS example through the German pages:
// the kit.Editor, the result with a broken rule in German (code and rule id
// kept), the table and its history.
func TestGermanGameOverHTTP(t *testing.T) {
	ts := newTestServer(t)
	table := ts.CreateTable("Amelia", "Victor")
	if sw := ts.Get("/lang?to=de&back=" + url.QueryEscape(table)); sw.Status != http.StatusSeeOther {
		t.Fatalf("switch: %d", sw.Status)
	}
	entry := ts.Get(table + "/games/new")
	if h := entry.Text("h1"); h != "Partie 1: Auslagen am Spielende" {
		t.Errorf("German editor heading %q", h)
	}
	if b := entry.Text(`[data-testid="submit-scores"]`); b != "Prüfen und speichern" {
		t.Errorf("German submit button %q", b)
	}
	// An editor's own form error is shown in German, next to its field.
	bad := ts.Post(table+"/games", kkstest.Form(entry.FormOf(t, table+"/games"), []map[string]string{kkstest.Amelia, {"red": "2 3"}}, []string{"drei", "7"}))
	if got := bad.Text(`#err-players-0-tokens`); bad.Status != http.StatusUnprocessableEntity || got != `Chips müssen eine ganze Zahl sein, nicht "drei"` {
		t.Errorf("German form error: %d %q", bad.Status, got)
	}
	f := kkstest.Form(entry.FormOf(t, table+"/games"), []map[string]string{kkstest.Amelia, {"red": "2 3"}}, []string{"3", "7"})
	res := ts.Post(table+"/games", f)
	result := ts.Get(res.Header.Get("Location"))
	if got := result.Text(`[data-player="Amelia"] [data-testid="player-total"]`); got != "58" {
		t.Errorf("Amelia's total = %q, want 58", got)
	}
	li := result.Doc.Find(`[data-code="card_count"]`).First()
	if txt := li.Text(); !strings.Contains(txt, "Die Auslage hat nicht so viele Karten") || !strings.Contains(txt, "Regel KKS-3:") ||
		!strings.Contains(txt, "jede Auslage gleich viele Karten") || !strings.Contains(txt, "Amelia:") {
		t.Errorf("German violation %q", txt)
	}
	if got := result.Text(`[data-testid="verdict"] strong`); !strings.HasPrefix(got, "Kein mögliches Ergebnis") {
		t.Errorf("German verdict %q", got)
	}
	tbl := ts.Get(table)
	if got := tbl.Text(`[data-testid="enter-game"]`); got != "Partie 2 eintragen" {
		t.Errorf("enter button %q", got)
	}
	if got := tbl.Text(`[data-testid="undo"]`); got != "Rückgängig: Partie 1 eingetragen" {
		t.Errorf("undo button %q", got)
	}
	if got := tbl.Text(`[data-testid="log"] li`); !strings.Contains(got, "Partie 1 eingetragen: Amelia 58, Victor") {
		t.Errorf("history entry %q", got)
	}
	// The JSON API stays English even with the German cookie.
	_, body := ts.PostJSON("/api/v1/games/koffer-katze-sombrero/score",
		`{"players":[{"name":"A","display":{"red":"5 3"}},{"name":"B","display":{}}]}`)
	if vs, _ := body["violations"].([]any); len(vs) == 0 || strings.Contains(vs[0].(map[string]any)["message"].(string), "Karte") {
		t.Errorf("API violations %v", body["violations"])
	}
}

// TestGermanPagesStayWithinTheirWeightBudget: German text is longer, so
// the budget is checked in German too.
func TestGermanPagesStayWithinTheirWeightBudget(t *testing.T) {
	webtest.SQLiteOnly(t, "the pages' sizes, read from the derived tables")
	ts := newTestServer(t)
	table := ts.CreateTable("Amelia", "Victor", "Enrique", "Zofia")
	ts.Get("/lang?to=de&back=/")
	entry := ts.Get(table + "/games/new")
	res := ts.Post(table+"/games", kkstest.Form(entry.FormOf(t, table+"/games"), []map[string]string{kkstest.Amelia, {"red": "2 3"}}, []string{"3", "7"}))
	game := res.Header.Get("Location")
	for _, path := range []string{"/", "/tables/new", table, table + "/games/new", game, "/check", "/history"} {
		total, doc := ts.CompressedSize(t, path)
		if lang, _ := doc.Find("html").Attr("lang"); lang != "de" {
			t.Fatalf("%s: lang=%q, want de", path, lang)
		}
		doc.Find(`link[rel="stylesheet"], script[src]`).Each(func(_ int, s *goquery.Selection) {
			src, ok := s.Attr("href")
			if !ok {
				src, _ = s.Attr("src")
			}
			n, _ := ts.CompressedSize(t, src)
			total += n
		})
		if total > webtest.PageBudget {
			t.Errorf("%s in German weighs %d bytes compressed, over the %d budget", path, total, webtest.PageBudget)
		}
	}
}

// TestGermanFormErrorsFromSessions: checks made in sessions/ (player
// counts, names, league points) reach German forms in German, with their
// arguments, next to the field they are about.
func TestGermanFormErrorsFromSessions(t *testing.T) {
	ts := newTestServer(t)
	if sw := ts.Get("/lang?to=de&back=/"); sw.Status != http.StatusSeeOther {
		t.Fatalf("switch: %d", sw.Status)
	}
	newTable := func(players ...string) webtest.Page {
		f := ts.Get("/tables/new").FormOf(t, "/tables")
		f.Set("game", "koffer-katze-sombrero")
		f.Set("name", "Freitag")
		f["players"] = players
		return ts.Post("/tables", f)
	}
	newLeague := func(points string) webtest.Page {
		f := ts.Get("/leagues/new").FormOf(t, "/leagues")
		f.Set("name", "Donnerstagsrunde")
		f.Set("scheme", "placing")
		f.Set("points", points)
		f.Set("members", "Amelia\nVictor")
		return ts.Post("/leagues", f)
	}
	for _, tc := range []struct {
		name string
		got  webtest.Page
		id   string
		want string
	}{
		{"one player", newTable("Amelia"), "#err-players", "Koffer, Katze & Sombrero spielen 2 bis 4 Personen; du hast 1 genannt"},
		{"same name twice", newTable("Amelia", " amelia"), ".field-error", `"amelia" ist schon der Name einer Person: Namen müssen sich unterscheiden`},
		{"league points", newLeague("3/zwei/0"), "#err-points", `"zwei" ist keine Punktzahl (0–1000)`},
	} {
		if tc.got.Status != http.StatusUnprocessableEntity {
			t.Errorf("%s: status %d, want 422", tc.name, tc.got.Status)
			continue
		}
		if msg := tc.got.Text(tc.id); msg != tc.want {
			t.Errorf("%s: %s = %q, want %q", tc.name, tc.id, msg, tc.want)
		}
	}
}

// TestGermanCardErrorsInEditors: a card the engine cannot read is named
// in German on the KKS and Cambio editors, with what was typed.
func TestGermanCardErrorsInEditors(t *testing.T) {
	ts := newTestServer(t)
	if sw := ts.Get("/lang?to=de&back=/"); sw.Status != http.StatusSeeOther {
		t.Fatalf("switch: %d", sw.Status)
	}
	kks := ts.CreateTable("Amelia", "Victor")
	entry := ts.Get(kks + "/games/new")
	bad := ts.Post(kks+"/games", kkstest.Form(entry.FormOf(t, kks+"/games"), []map[string]string{{"red": "1 foo"}, {"blue": "3"}}, []string{"0", "0"}))
	if got := bad.Text(".field-error"); bad.Status != http.StatusUnprocessableEntity ||
		got != `"foo" ist keine Karte: Schreib einen Wert (4), x für eine verdeckte Karte oder x4 für eine verdeckte 4` {
		t.Errorf("KKS editor: %d %q", bad.Status, got)
	}
	cambio := cambiotest.StartRoundTable(ts.Server, "cambio", "Ana", "Ben", "Cy")
	round := cambiotest.EnterRound(ts.Server, cambio, [3]string{"7 dragon", "3", "4"}, "cambio:1")
	if got := round.Text(".field-error"); round.Status != http.StatusUnprocessableEntity ||
		!strings.HasPrefix(got, `Karte 2: "dragon" ist keine Karte: Nimm eine Zahl von 0 bis 13, eines von `) {
		t.Errorf("Cambio editor: %d %q", round.Status, got)
	}
}
