package leagues_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"tablemate/web/webtest"
)

func TestLeagueOverSeveralTables(t *testing.T) {
	ts := newTestServer(t)
	f := ts.Get("/leagues/new").FormOf(t, "/leagues")
	f.Set("name", "Thursday club")
	f.Set("scheme", "placing")
	f.Set("points", "3/1/0")
	f.Set("members", "Amelia\nVictor\nEnrique\nAmy")
	created := ts.Post("/leagues", f)
	admin := created.Header.Get("Location")
	if created.Status != http.StatusSeeOther || !strings.HasPrefix(admin, "/l/") {
		t.Fatalf("create league: %d %q", created.Status, admin)
	}
	page := ts.Get(admin)
	if page.Doc.Find(`[data-testid="no-league-games"]`).Length() != 1 {
		t.Error("a new league shows no empty state")
	}
	public, _ := page.Doc.Find(`[data-testid="public-link"]`).Attr("value")
	publicPath := public[strings.Index(public, "/leagues/"):]

	// Table 1 (picked from this phone's tables): Amelia 58 beats Victor.
	t1 := ts.CreateTable("Amelia", "Victor")
	ts.Get(t1)
	// Full, valid displays (KKS-3: 17 cards each with 2 players).
	ts.RecordKKS(t, t1, []map[string]string{
		{"red": "1 2 3 4 5 6 7 8 9 10", "blue": "1 2 3 4 5 6 7"},
		{"yellow": "1 2 3 4 5 6 7 8 9 10", "black": "1 2 3 4 5 6 7"},
	}, []string{"3", "1"}) // Amelia 86, Victor 84
	// Table 2 (pasted link): Victor wins; "Amy" is Amelia entered twice.
	t2 := ts.CreateTable("Enrique", "Amy", "Victor")
	ts.RecordKKS(t, t2, []map[string]string{ // 12 cards each with 3 players
		{"red": "1 2 3 4 5 6 7 8 9 10", "blue": "1 2"},
		{"yellow": "1 2 3 4 5 6 7 8 9 10", "blue": "3 4"},
		{"black": "1 2 3 4 5 6 7 8 9 10", "blue": "5 6"},
	}, []string{"0", "0", "0"}) // Enrique 58, Amy 62, Victor 66

	form := ts.Get(admin).FormOf(t, admin+"/tables")
	pick := url.Values{"_csrf": form["_csrf"], "pick": {strings.TrimPrefix(t1, "/tables/")}}
	if p := ts.Post(admin+"/tables", pick); p.Status != http.StatusSeeOther {
		t.Fatalf("pick table: %d %s", p.Status, p.Text(`[data-testid="league-error"]`))
	}
	paste := url.Values{"_csrf": form["_csrf"], "table": {"http://phone.local:8080" + t2}}
	if p := ts.Post(admin+"/tables", paste); p.Status != http.StatusSeeOther {
		t.Fatalf("paste table: %d %s", p.Status, p.Text(`[data-testid="league-error"]`))
	}
	merge := url.Values{"_csrf": form["_csrf"], "from": {"Amy"}, "into": {"Amelia"}}
	if p := ts.Post(admin+"/merge", merge); p.Status != http.StatusSeeOther {
		t.Fatalf("merge: %d", p.Status)
	}

	st := ts.Get(publicPath)
	points := func(player string) string {
		return st.Text(`[data-testid="standings"] tr[data-player="` + player + `"] [data-testid="points"]`)
	}
	// Placing 3/1/0: Amelia 3 + 1 (as Amy), Victor 1 + 3, Enrique 0.
	for player, want := range map[string]string{"Amelia": "4", "Victor": "4", "Enrique": "0"} {
		if got := points(player); got != want {
			t.Errorf("%s has %q points, want %s", player, got, want)
		}
	}
	if st.Doc.Find(`[data-testid="standings"] tr[data-player="Amy"]`).Length() != 0 {
		t.Error("the merged entry still has its own line")
	}
	if desc := st.Text(`[data-testid="chart"] desc`); !strings.Contains(desc, "80–84: 1") {
		t.Errorf("score distribution chart: %q", desc)
	}
	if n := st.Doc.Find("form[method=post]").Length(); n != 0 {
		t.Errorf("the public standings page has %d write forms", n)
	}
	h2h := ts.Get(publicPath + "?a=Amelia&b=Victor").Text(`[data-testid="h2h"]`)
	if !strings.Contains(h2h, "ahead of Victor 1 time, behind 1 time, level 0 times") {
		t.Errorf("head to head: %q", h2h)
	}
	// The form starts on two different people, and one person twice (as
	// Amy is Amelia) is not compared with themselves.
	if a, b := chosen(st, "#h2h-a"), chosen(st, "#h2h-b"); a == "" || a == b {
		t.Errorf("the head-to-head form starts on %q and %q", a, b)
	}
	if adm := ts.Get(admin); chosen(adm, "#merge-from") == chosen(adm, "#merge-into") {
		t.Errorf("the merge form starts on one member twice: %q", chosen(adm, "#merge-into"))
	}
	if h2h := ts.Get(publicPath + "?a=Amelia&b=Amy").Text(`[data-testid="h2h"]`); h2h != "Choose two different people to compare." {
		t.Errorf("head to head of one person: %q", h2h)
	}

	// Bad input names the problem and writes nothing.
	bad := ts.Post(admin+"/tables", url.Values{"_csrf": form["_csrf"], "table": {"nonsense"}})
	if bad.Status != http.StatusUnprocessableEntity || !strings.Contains(bad.Text(`[data-testid="league-error"]`), "edit link") {
		t.Errorf("bad link: %d %q", bad.Status, bad.Text(`[data-testid="league-error"]`))
	}
	stranger := ts.CreateTable("Zed", "Victor")
	bad = ts.Post(admin+"/tables", url.Values{"_csrf": form["_csrf"], "table": {stranger}})
	// A name new to the league is asked about, and nothing is added yet.
	if bad.Status != http.StatusOK || !strings.Contains(bad.Text(`[data-testid="league-names"]`), "Zed is not a member yet") {
		t.Errorf("a stranger's table: %d %q", bad.Status, bad.Text("main"))
	}
	csvBody := ts.Get(publicPath + "/standings.csv").Body
	if !strings.Contains(csvBody, "rank,player,played,wins,points") || !strings.Contains(csvBody, ",Enrique,1,0,0") {
		t.Errorf("standings csv:\n%s", csvBody)
	}
	// The league file imports as a new league with the same standings.
	file := ts.Get(admin + "/export.json").Body
	imported := ts.Upload(t, file)
	if imported.Status != http.StatusSeeOther || imported.Header.Get("Location") == admin {
		t.Fatalf("league import: %d %q", imported.Status, imported.Text(`[data-testid="import-error"]`))
	}
	again := ts.Get(imported.Header.Get("Location"))
	if got := again.Text(`[data-testid="standings"] tr[data-player="Victor"] [data-testid="points"]`); got != "4" {
		t.Errorf("imported league: Victor %q, want 4", got)
	}
	if p := ts.Get("/l/" + strings.TrimPrefix(publicPath, "/leagues/")); p.Status != http.StatusNotFound {
		t.Errorf("the public id opens the admin page: %d", p.Status)
	}
}

func TestStartATableForALeague(t *testing.T) {
	ts := newTestServer(t)
	admin := ts.CreateLeague(t, "Club", "wins", "Ana", "Ben")
	href, _ := ts.Get(admin).Doc.Find(`[data-testid="league-table"]`).Attr("href")
	form := ts.Get(href)
	if form.Doc.Find(`[data-name-chip="Ben"]`).Length() != 1 || form.Doc.Find(`[data-testid="for-league"]`).Length() != 1 {
		t.Fatalf("the league's new-table form does not offer the members as chips")
	}
	v := form.FormOf(t, "/tables")
	v.Set("game", "koffer-katze-sombrero")
	v["players"] = []string{"Ana", "Zed"}
	if p := ts.Post("/tables", v); p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Text(".field-error"), "Zed is not a member") {
		t.Fatalf("a stranger at a league table: %d %q", p.Status, p.Text(".field-error"))
	}
	v["players"] = []string{"ana", "Ben"}
	p := ts.Post("/tables", v)
	if p.Status != http.StatusSeeOther {
		t.Fatalf("league table: %d %s", p.Status, p.Text(".field-error"))
	}
	// The league lists it through its view-only link, for the admin too:
	// an admin link is no edit link.
	page := ts.Get(admin)
	view, _ := ts.Get(p.Header.Get("Location")).Doc.Find(`[data-testid="view-link"]`).Attr("value")
	u, _ := url.Parse(view)
	if page.Doc.Find(`ul.list a[href="`+u.Path+`"]`).Length() != 1 || strings.Contains(page.Body, p.Header.Get("Location")) {
		t.Error("the new table is not listed in the league through its view-only link")
	}
}

// History filters this phone's tables by the league that counts them.
func TestHistoryByLeague(t *testing.T) {
	ts := newTestServer(t)
	admin := ts.CreateLeague(t, "Club", "wins", "Ana", "Ben")
	inLeague := ts.CreateTable("Ana", "Ben")
	ts.Get(inLeague)
	other := ts.CreateTable("Ana", "Cy")
	ts.Get(other)
	form := ts.Get(admin).FormOf(t, admin+"/tables")
	if p := ts.Post(admin+"/tables", url.Values{"_csrf": form["_csrf"], "table": {inLeague}}); p.Status != http.StatusSeeOther {
		t.Fatalf("add table: %d", p.Status)
	}
	h := ts.Get("/history")
	id, _ := h.Doc.Find(`#history-league option:not([value=""])`).Attr("value")
	if id == "" || h.Doc.Find(`[data-testid="history"] li`).Length() != 2 {
		t.Fatalf("history offers no league filter or lost a table")
	}
	filtered := ts.Get("/history?league=" + id)
	rows := filtered.Doc.Find(`[data-testid="history"] a`)
	if href, _ := rows.Attr("href"); rows.Length() != 1 || href != inLeague {
		t.Errorf("league filter shows %d tables (%q), want only %s", rows.Length(), href, inLeague)
	}
}

// chosen is the option a select of page shows before anyone touches it:
// the one marked selected, else the first.
func chosen(page webtest.Page, sel string) string {
	if o := page.Doc.Find(sel + " option[selected]"); o.Length() > 0 {
		return o.First().AttrOr("value", "")
	}
	return page.Doc.Find(sel+" option").First().AttrOr("value", "")
}
