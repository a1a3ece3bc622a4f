package leagues_test

import (
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

func TestMemberPages(t *testing.T) {
	ts := newTestServer(t)
	admin, public := ts.MemberLeague(t)
	adminID := strings.TrimPrefix(admin, "/l/")

	// The public standings link every member's page on the public id.
	lp := ts.Get(public)
	var links []string
	lp.Doc.Find(`[data-testid="league-members"] a`).Each(func(_ int, s *goquery.Selection) {
		href, _ := s.Attr("href")
		links = append(links, href)
	})
	if want := []string{public + "/members/Ana", public + "/members/Ben", public + "/members/Cy"}; !slices.Equal(links, want) {
		t.Fatalf("member links %v, want %v", links, want)
	}
	if href, _ := lp.Doc.Find(`[data-testid="standings"] tbody th a`).First().Attr("href"); href != public+"/members/Ana" {
		t.Errorf("the standings' first name links %q", href)
	}

	ana := ts.Get(public + "/members/Ana")
	if ana.Status != http.StatusOK {
		t.Fatalf("member page: %d", ana.Status)
	}
	if strings.Contains(ana.Body, adminID) {
		t.Fatal("the public member page holds the admin link")
	}
	for sel, want := range map[string]string{
		`[data-testid="member-name"]`:      "Ana",
		`[data-testid="member-won"]`:       "2",
		`[data-testid="member-rate"]`:      "67%",
		`[data-testid="member-streak"]`:    "0", // lost the latest game
		`[data-testid="member-longest"]`:   "2",
		`[data-testid="member-favourite"]`: "Alaska",
		`[data-testid="member-rival"] a`:   "Ben", // beaten twice, as Cy: the same latest game, then by name
		`[data-testid="member-nemesis"] a`: "Ben",
		`[data-testid="back-to-league"]`:   "League Salmon club",
	} {
		if got := ana.Text(sel); got != want {
			t.Errorf("%s = %q, want %q", sel, got, want)
		}
	}
	row := ana.Doc.Find(`[data-testid="member-games"] tbody tr`)
	if row.Length() != 1 || row.Find("td").Eq(0).Text() != "3" || row.Find(`[data-testid="rate"]`).Text() != "67%" || row.Find("td").Eq(2).Text() != "4.3" || row.Find(`[data-testid="best"]`).Text() != "6" {
		t.Errorf("per game row: %q", row.Text())
	}
	var h2h []string
	ana.Doc.Find(`[data-testid="member-h2h"] a`).Each(func(_ int, s *goquery.Selection) {
		href, _ := s.Attr("href")
		h2h = append(h2h, href+" "+strings.Join(strings.Fields(s.Text()), " "))
	})
	if want := []string{
		public + "/members/Ben Ben 2 ahead · 1 behind · 0 level",
		public + "/members/Cy Cy 2 ahead · 0 behind · 0 level",
	}; !slices.Equal(h2h, want) {
		t.Errorf("head to head %q, want %q", h2h, want)
	}
	chart := ana.Doc.Find(`[data-testid="placings"]`)
	if chart.Find("circle").Length() != 3 || chart.Find(`circle[data-won="true"]`).Length() != 2 || chart.Find("path.line").Length() != 1 {
		t.Errorf("placings chart:\n%s", goquery.NewDocumentFromNode(chart.Nodes[0]).Text())
	}
	if cy, _ := chart.Find("circle").Eq(2).Attr("cy"); cy != "150.0" { // behind everyone in the third game: the bottom
		t.Errorf("the lost game is drawn at y %s", cy)
	}
	if ana.Text(`[data-testid="member-rating"]`) == "" {
		t.Error("no rating on the member page")
	}
	// In German the numbers are German: "67 %", the average "4,3", the
	// rating "x,y ± z,w" and the chart's ticks "50 %".
	deAna := ts.GetLang(public+"/members/Ana", "de")
	deRow := deAna.Doc.Find(`[data-testid="member-games"] tbody tr`)
	if got := deAna.Text(`[data-testid="member-rate"]`); got != "67\u00a0%" {
		t.Errorf("German win rate %q", got)
	}
	if got := deRow.Find("td").Eq(2).Text(); got != "4,3" {
		t.Errorf("German average %q", got)
	}
	if got := deAna.Text(`[data-testid="member-rating"]`); !regexp.MustCompile(`^−?\d+,\d ± \d+,\d$`).MatchString(strings.Join(strings.Fields(got), " ")) {
		t.Errorf("German rating %q", got)
	}
	if !strings.Contains(deAna.Text(`[data-testid="placings"]`), "50\u00a0%") {
		t.Errorf("German placings chart: %q", deAna.Text(`[data-testid="placings"]`))
	}

	// Ben's page counts Benny's game; Benny's URL leads to Ben's page.
	if ben := ts.Get(public + "/members/Ben"); ben.Text(`[data-testid="member-won"]`) != "1" || !strings.Contains(ben.Text(`[data-testid="member-aliases"]`), "Benny") {
		t.Errorf("Ben: won %q, aliases %q", ben.Text(`[data-testid="member-won"]`), ben.Text(`[data-testid="member-aliases"]`))
	}
	if alias := ts.Get(public + "/members/benny"); alias.Status != http.StatusSeeOther || alias.Header.Get("Location") != public+"/members/Ben" {
		t.Errorf("an alias: %d to %q", alias.Status, alias.Header.Get("Location"))
	}
	if p := ts.Get(public + "/members/Zed"); p.Status != http.StatusNotFound {
		t.Errorf("a stranger's page: %d", p.Status)
	}
	if p := ts.Get("/leagues/nosuchleague/members/Ana"); p.Status != http.StatusNotFound {
		t.Errorf("no league: %d", p.Status)
	}

	// Behind the admin link: the same page, its links on the admin link,
	// and a merge form.
	adm := ts.Get(admin + "/members/Cy")
	if adm.Status != http.StatusOK || adm.Doc.Find(`[data-testid="member-merge"]`).Length() != 1 {
		t.Fatalf("admin member page: %d", adm.Status)
	}
	if href, _ := adm.Doc.Find(`[data-testid="member-h2h"] a`).First().Attr("href"); !strings.HasPrefix(href, admin+"/members/") {
		t.Errorf("admin member page links %q", href)
	}
	if href, _ := ts.Get(admin).Doc.Find(`[data-testid="league-members"] a`).First().Attr("href"); href != admin+"/members/Ana" {
		t.Errorf("the admin page links members at %q", href)
	}
	if ts.Get(public+"/members/Cy").Doc.Find(`[data-testid="member-merge"]`).Length() != 0 {
		t.Error("the public member page has the merge form")
	}

	// German.
	de := ts.German(public+"/members/Ana", nil)
	if !strings.Contains(de.Body, "Lieblingsspiel") || !strings.Contains(de.Body, "Angstgegner") || strings.Contains(de.Body, "Favourite game") {
		t.Errorf("German member page:\n%s", de.Doc.Find("main").Text())
	}
}

// A name with a space and an accent survives the URL both ways.
func TestMemberPageOfAnEscapedName(t *testing.T) {
	ts := newTestServer(t)
	admin := ts.CreateLeague(t, "Club", "wins", "Zoë Ann", "Bo")
	public, _ := ts.Get(admin).Doc.Find(`[data-testid="public-link"]`).Attr("value")
	public = public[strings.Index(public, "/leagues/"):]
	href, _ := ts.Get(public).Doc.Find(`[data-testid="league-members"] a`).Eq(1).Attr("href")
	if href != public+"/members/"+url.PathEscape("Zoë Ann") {
		t.Fatalf("link %q", href)
	}
	p := ts.Get(href)
	if p.Status != http.StatusOK || p.Text(`[data-testid="member-name"]`) != "Zoë Ann" || p.Doc.Find(`[data-testid="member-no-games"]`).Length() != 1 {
		t.Fatalf("member page %d %q", p.Status, p.Text("h1"))
	}
}

// The ratings column on the league page, with its uncertainty explained.
func TestLeagueRatings(t *testing.T) {
	ts := newTestServer(t)
	admin, public := ts.MemberLeague(t)
	for _, path := range []string{public, admin} {
		p := ts.Get(path)
		rows := p.Doc.Find(`[data-testid="ratings"] tbody tr`)
		if rows.Length() != 3 || p.Text(`[data-testid="rating-explained"]`) == "" {
			t.Fatalf("%s: %d rating rows", path, rows.Length())
		}
		if first, _ := rows.First().Attr("data-player"); first != "Ana" {
			t.Errorf("%s: %q rated first, want Ana (two wins of three)", path, first)
		}
		if s := rows.First().Find(`[data-testid="sigma"]`).Text(); s == "" || s >= "8.3" {
			t.Errorf("sigma %q: three games should make Ana's uncertainty smaller than a newcomer's 8.3", s)
		}
	}
	if de := ts.German(public, nil); !strings.Contains(de.Text(`[data-testid="rating-explained"]`), "unsicher") {
		t.Errorf("German rating line: %q", de.Text(`[data-testid="rating-explained"]`))
	}
}

// Adding a table whose names the league does not know asks who they are.
func TestAddingATableAsksAboutNewNames(t *testing.T) {
	ts := newTestServer(t)
	admin := ts.CreateLeague(t, "Club", "wins", "Ana Berg", "Ana Kraus", "Ben")
	table := ts.CreateGameTable("alaska", "Ana", "Benn", "Zoe")
	form := ts.Get(admin).FormOf(t, admin+"/tables")
	form.Set("table", "http://phone.local"+table)
	p := ts.Post(admin+"/tables", form)
	qs := p.Doc.Find(`[data-testid="league-names"] select`)
	if p.Status != http.StatusOK || qs.Length() != 3 {
		t.Fatalf("asked %d questions (%d):\n%s", qs.Length(), p.Status, p.Body)
	}
	selected := func(i int) string {
		v, _ := qs.Eq(i).Find("option[selected]").Attr("value")
		return v
	}
	// Ana is ambiguous (nothing chosen), Benn is likely Ben, Zoe is new.
	if selected(0) != "" || selected(1) != "is:Ben" || selected(2) != "new" {
		t.Errorf("preselected %q %q %q", selected(0), selected(1), selected(2))
	}
	if first, _ := qs.Eq(0).Find("option").Eq(1).Attr("value"); first != "is:Ana Berg" {
		t.Errorf("the likely members come first: %q", first)
	}
	// Sent without answering Ana: asked again, nothing added.
	f := p.FormOf(t, admin+"/tables")
	f.Set("as-1", "is:Ben")
	f.Set("as-2", "new")
	again := ts.Post(admin+"/tables", f)
	if again.Status != http.StatusUnprocessableEntity || again.Text(`[data-testid="league-error"]`) == "" {
		t.Fatalf("unanswered: %d %q", again.Status, again.Text(`[data-testid="league-error"]`))
	}
	if v, _ := again.Doc.Find(`select[name="as-1"] option[selected]`).Attr("value"); v != "is:Ben" {
		t.Errorf("the answer given was not kept: %q", v)
	}
	f.Set("as-0", "is:Ana Kraus")
	if done := ts.Post(admin+"/tables", f); done.Status != http.StatusSeeOther {
		t.Fatalf("answered: %d", done.Status)
	}
	l := ts.League(admin)
	if l.Tables() != 1 || l.Canonical("Ana") != "Ana Kraus" || l.Canonical("Benn") != "Ben" || l.Canonical("Zoe") != "Zoe" || !l.IsMember("Zoe") {
		t.Errorf("after adding: %d tables, members %+v", l.Tables(), l.Members)
	}
	// The German question.
	t2 := ts.CreateGameTable("alaska", "Ana", "Cleo")
	form = ts.German(admin, nil).FormOf(t, admin+"/tables")
	form.Set("table", "http://phone.local"+t2)
	if de := ts.German(admin+"/tables", form); !strings.Contains(de.Body, "Wer ist wer") || !strings.Contains(de.Body, "neu in der Liga") {
		t.Errorf("German question:\n%s", de.Doc.Find("main").Text())
	}
}

// A table started from the league's admin link seats members tapped.
func TestSeatingMembersByTapping(t *testing.T) {
	ts := newTestServer(t)
	admin := ts.CreateLeague(t, "Club", "wins", "Ana", "Ben", "Cy")
	adminID := strings.TrimPrefix(admin, "/l/")
	p := ts.Get("/tables/new?league=" + adminID)
	chips := p.Doc.Find(`[data-testid="seat-chips"] input[name="seat"]`)
	if chips.Length() != 3 || !strings.Contains(p.Body, "js/seats") {
		t.Fatalf("%d chips", chips.Length())
	}
	f := p.FormOf(t, "/tables")
	f.Set("game", "alaska")
	f["players"] = []string{"Cy", "", "", ""}
	f["seat"] = []string{"Ana", "cy", "Ben"} // Cy typed and ticked: seated once
	created := ts.Post("/tables", f)
	if created.Status != http.StatusSeeOther {
		t.Fatalf("create: %d %s", created.Status, created.Text(".field-error"))
	}
	tb := ts.Table(created.Header.Get("Location"))
	if !slices.Equal(tb.Players, []string{"Cy", "Ana", "Ben"}) {
		t.Errorf("seated %v", tb.Players)
	}
	l := ts.League("/l/" + adminID)
	if l.Tables() != 1 {
		t.Error("the table does not count for the league")
	}
}
