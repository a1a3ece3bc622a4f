package main

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// recordKKS enters one KKS game at a table through its form.
func (ts *testServer) recordKKS(t *testing.T, table string, displays []map[string]string, tokens []string) {
	t.Helper()
	entry := ts.get(table + "/games/new")
	if p := ts.post(table+"/games", kksForm(entry.formOf(t, table+"/games"), displays, tokens)); p.status != http.StatusSeeOther {
		t.Fatalf("record game: %d", p.status)
	}
}

// createLeague starts a league through the form and returns its admin
// link's path.
func (ts *testServer) createLeague(t *testing.T, name, scheme string, members ...string) string {
	t.Helper()
	f := ts.get("/leagues/new").formOf(t, "/leagues")
	f.Set("name", name)
	f.Set("scheme", scheme)
	f.Set("members", strings.Join(members, "\n"))
	p := ts.post("/leagues", f)
	if p.status != http.StatusSeeOther {
		t.Fatalf("create league: %d %s", p.status, p.text(".field-error"))
	}
	return p.header.Get("Location")
}

func TestLeagueOverSeveralTables(t *testing.T) {
	ts := newTestServer(t)
	f := ts.get("/leagues/new").formOf(t, "/leagues")
	f.Set("name", "Thursday club")
	f.Set("scheme", "placing")
	f.Set("points", "3/1/0")
	f.Set("members", "Amelia\nVictor\nEnrique\nAmy")
	created := ts.post("/leagues", f)
	admin := created.header.Get("Location")
	if created.status != http.StatusSeeOther || !strings.HasPrefix(admin, "/l/") {
		t.Fatalf("create league: %d %q", created.status, admin)
	}
	page := ts.get(admin)
	if page.doc.Find(`[data-testid="no-league-games"]`).Length() != 1 {
		t.Error("a new league shows no empty state")
	}
	public, _ := page.doc.Find(`[data-testid="public-link"]`).Attr("value")
	publicPath := public[strings.Index(public, "/leagues/"):]

	// Table 1 (picked from this phone's tables): Amelia 58 beats Victor.
	t1 := ts.createTable("Amelia", "Victor")
	ts.get(t1)
	// Full, valid displays (KKS-3: 17 cards each with 2 players).
	ts.recordKKS(t, t1, []map[string]string{
		{"red": "1 2 3 4 5 6 7 8 9 10", "blue": "1 2 3 4 5 6 7"},
		{"yellow": "1 2 3 4 5 6 7 8 9 10", "black": "1 2 3 4 5 6 7"},
	}, []string{"3", "1"}) // Amelia 86, Victor 84
	// Table 2 (pasted link): Victor wins; "Amy" is Amelia entered twice.
	t2 := ts.createTable("Enrique", "Amy", "Victor")
	ts.recordKKS(t, t2, []map[string]string{ // 12 cards each with 3 players
		{"red": "1 2 3 4 5 6 7 8 9 10", "blue": "1 2"},
		{"yellow": "1 2 3 4 5 6 7 8 9 10", "blue": "3 4"},
		{"black": "1 2 3 4 5 6 7 8 9 10", "blue": "5 6"},
	}, []string{"0", "0", "0"}) // Enrique 58, Amy 62, Victor 66

	form := ts.get(admin).formOf(t, admin+"/tables")
	pick := url.Values{"_csrf": form["_csrf"], "pick": {strings.TrimPrefix(t1, "/tables/")}}
	if p := ts.post(admin+"/tables", pick); p.status != http.StatusSeeOther {
		t.Fatalf("pick table: %d %s", p.status, p.text(`[data-testid="league-error"]`))
	}
	paste := url.Values{"_csrf": form["_csrf"], "table": {"http://phone.local:8080" + t2}}
	if p := ts.post(admin+"/tables", paste); p.status != http.StatusSeeOther {
		t.Fatalf("paste table: %d %s", p.status, p.text(`[data-testid="league-error"]`))
	}
	merge := url.Values{"_csrf": form["_csrf"], "from": {"Amy"}, "into": {"Amelia"}}
	if p := ts.post(admin+"/merge", merge); p.status != http.StatusSeeOther {
		t.Fatalf("merge: %d", p.status)
	}

	st := ts.get(publicPath)
	points := func(player string) string {
		return st.text(`[data-testid="standings"] tr[data-player="` + player + `"] [data-testid="points"]`)
	}
	// Placing 3/1/0: Amelia 3 + 1 (as Amy), Victor 1 + 3, Enrique 0.
	for player, want := range map[string]string{"Amelia": "4", "Victor": "4", "Enrique": "0"} {
		if got := points(player); got != want {
			t.Errorf("%s has %q points, want %s", player, got, want)
		}
	}
	if st.doc.Find(`[data-testid="standings"] tr[data-player="Amy"]`).Length() != 0 {
		t.Error("the merged entry still has its own line")
	}
	if desc := st.text(`[data-testid="chart"] desc`); !strings.Contains(desc, "80–84: 1") {
		t.Errorf("score distribution chart: %q", desc)
	}
	if n := st.doc.Find("form[method=post]").Length(); n != 0 {
		t.Errorf("the public standings page has %d write forms", n)
	}
	h2h := ts.get(publicPath + "?a=Amelia&b=Victor").text(`[data-testid="h2h"]`)
	if !strings.Contains(h2h, "ahead of Victor 1 time, behind 1 time, level 0 times") {
		t.Errorf("head to head: %q", h2h)
	}

	// Bad input names the problem and writes nothing.
	bad := ts.post(admin+"/tables", url.Values{"_csrf": form["_csrf"], "table": {"nonsense"}})
	if bad.status != http.StatusUnprocessableEntity || !strings.Contains(bad.text(`[data-testid="league-error"]`), "edit link") {
		t.Errorf("bad link: %d %q", bad.status, bad.text(`[data-testid="league-error"]`))
	}
	stranger := ts.createTable("Zed", "Victor")
	bad = ts.post(admin+"/tables", url.Values{"_csrf": form["_csrf"], "table": {stranger}})
	if !strings.Contains(bad.text(`[data-testid="league-error"]`), "Zed is not a member") {
		t.Errorf("a stranger's table: %q", bad.text(`[data-testid="league-error"]`))
	}
	csvBody := ts.get(publicPath + "/standings.csv").body
	if !strings.Contains(csvBody, "rank,player,played,wins,points") || !strings.Contains(csvBody, ",Enrique,1,0,0") {
		t.Errorf("standings csv:\n%s", csvBody)
	}
	// The league file imports as a new league with the same standings.
	file := ts.get(admin + "/export.json").body
	imported := ts.upload(t, file)
	if imported.status != http.StatusSeeOther || imported.header.Get("Location") == admin {
		t.Fatalf("league import: %d %q", imported.status, imported.text(`[data-testid="import-error"]`))
	}
	again := ts.get(imported.header.Get("Location"))
	if got := again.text(`[data-testid="standings"] tr[data-player="Victor"] [data-testid="points"]`); got != "4" {
		t.Errorf("imported league: Victor %q, want 4", got)
	}
	if p := ts.get("/l/" + strings.TrimPrefix(publicPath, "/leagues/")); p.status != http.StatusNotFound {
		t.Errorf("the public id opens the admin page: %d", p.status)
	}
}

func TestStartATableForALeague(t *testing.T) {
	ts := newTestServer(t)
	admin := ts.createLeague(t, "Club", "wins", "Ana", "Ben")
	href, _ := ts.get(admin).doc.Find(`[data-testid="league-table"]`).Attr("href")
	form := ts.get(href)
	if form.doc.Find(`datalist#members option[value="Ben"]`).Length() != 1 || form.doc.Find(`[data-testid="for-league"]`).Length() != 1 {
		t.Fatalf("the league's new-table form does not offer the members")
	}
	v := form.formOf(t, "/tables")
	v.Set("game", "koffer-katze-sombrero")
	v["players"] = []string{"Ana", "Zed"}
	if p := ts.post("/tables", v); p.status != http.StatusUnprocessableEntity || !strings.Contains(p.text(".field-error"), "Zed is not a member") {
		t.Fatalf("a stranger at a league table: %d %q", p.status, p.text(".field-error"))
	}
	v["players"] = []string{"ana", "Ben"}
	p := ts.post("/tables", v)
	if p.status != http.StatusSeeOther {
		t.Fatalf("league table: %d %s", p.status, p.text(".field-error"))
	}
	// The league lists it through its view-only link, for the admin too:
	// an admin link is no edit link.
	page := ts.get(admin)
	view, _ := ts.get(p.header.Get("Location")).doc.Find(`[data-testid="view-link"]`).Attr("value")
	u, _ := url.Parse(view)
	if page.doc.Find(`ul.list a[href="`+u.Path+`"]`).Length() != 1 || strings.Contains(page.body, p.header.Get("Location")) {
		t.Error("the new table is not listed in the league through its view-only link")
	}
}

func TestDistribution(t *testing.T) {
	tests := []struct {
		totals []int
		want   string
	}{
		{nil, ""},
		{[]int{5, 5, 7}, "5:2 6:0 7:1"},
		{[]int{58, 62, 66, 83, 86}, "55–59:1 60–64:1 65–69:1 70–74:0 75–79:0 80–84:1 85–89:1"},
		{[]int{-5, 3, 12}, "-5–-1:1 0–4:1 5–9:0 10–14:1"},
	}
	for _, tt := range tests {
		var parts []string
		for _, b := range distribution(tt.totals) {
			parts = append(parts, fmt.Sprintf("%s:%d", b.Label, b.Value))
		}
		if got := strings.Join(parts, " "); got != tt.want {
			t.Errorf("distribution(%v) = %q, want %q", tt.totals, got, tt.want)
		}
	}
}

// History filters this phone's tables by the league that counts them.
func TestHistoryByLeague(t *testing.T) {
	ts := newTestServer(t)
	admin := ts.createLeague(t, "Club", "wins", "Ana", "Ben")
	inLeague := ts.createTable("Ana", "Ben")
	ts.get(inLeague)
	other := ts.createTable("Ana", "Cy")
	ts.get(other)
	form := ts.get(admin).formOf(t, admin+"/tables")
	if p := ts.post(admin+"/tables", url.Values{"_csrf": form["_csrf"], "table": {inLeague}}); p.status != http.StatusSeeOther {
		t.Fatalf("add table: %d", p.status)
	}
	h := ts.get("/history")
	id, _ := h.doc.Find(`#history-league option:not([value=""])`).Attr("value")
	if id == "" || h.doc.Find(`[data-testid="history"] li`).Length() != 2 {
		t.Fatalf("history offers no league filter or lost a table")
	}
	filtered := ts.get("/history?league=" + id)
	rows := filtered.doc.Find(`[data-testid="history"] a`)
	if href, _ := rows.Attr("href"); rows.Length() != 1 || href != inLeague {
		t.Errorf("league filter shows %d tables (%q), want only %s", rows.Length(), href, inLeague)
	}
}
