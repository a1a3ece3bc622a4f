package leagues_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"tablemate/web/cambio/cambiotest"
	"tablemate/web/kks/kkstest"
)

// eveningLeague is a wins league of Ana, Ben and Cy with one table that
// played an evening: Koffer, Katze & Sombrero (Cy 64, Ana and Ben 58: the
// most win), then Cambio (Ana 61, Ben 36, Cy 19: the fewest win), then
// another game's sheet, Golf, whose lowest total wins (Ana 30, Ben 25, Cy
// 41). Cy won KKS and Cambio, Ben Golf.
func eveningLeague(t *testing.T, ts *testServer) (admin, public string) {
	t.Helper()
	admin = ts.CreateLeague(t, "Friday club", "wins", "Ana", "Ben", "Cy")
	table := ts.CreateTable("Ana", "Ben", "Cy")
	ts.EnterKKS(table, []map[string]string{kkstest.Amelia,
		{"red": "2 3 4 6 8 9 10", "yellow": "1 2 3", "blue": "1 2"},
		{"black": "1 2 3 7 8 9 10", "yellow": "4 5 7", "blue": "3 5"}}, []string{"3", "7", "0"})
	ts.Choose(t, table, "cambio", "")
	for _, r := range cambiotest.Rounds {
		cambiotest.EnterRound(ts.Server, table, r.Cards, r.Ended)
	}
	ts.Choose(t, table, "another-game", "")
	ts.SheetRound(t, table, map[string]string{"name": "Golf", "wins": "lowest", "mode": "final",
		"players[0].points": "30", "players[1].points": "25", "players[2].points": "41"})
	var results []string
	for _, g := range ts.Table(table).Games.All() {
		results = append(results, g.Info.Slug)
		for _, p := range g.Result().Players {
			results = append(results, p.Name, strconv.Itoa(p.Total))
		}
		results = append(results, strings.Join(g.Result().Winners, "+"))
	}
	if got, want := strings.Join(results, " "), "koffer-katze-sombrero Ana 58 Ben 58 Cy 64 Cy cambio Ana 61 Ben 36 Cy 19 Cy another-game Ana 30 Ben 25 Cy 41 Ben"; got != want {
		t.Fatalf("the evening's games: %s\nwant %s", got, want)
	}
	ts.AddToLeague(t, admin, table, nil)
	public, _ = ts.Get(admin).Doc.Find(`[data-testid="public-link"]`).Attr("value")
	return admin, public[strings.Index(public, "/leagues/"):]
}

// A league counts each game of an evening as the game it was: Cambio's
// and the Golf sheet's fewest points win although the table started on
// Koffer, Katze & Sombrero, in the standings, the per-game tables (the
// sheet under the name the table gave it), head to head and on the
// members' pages.
func TestLeagueCountsEachGameOfAnEveningAsItsOwn(t *testing.T) {
	ts := newTestServer(t)
	_, public := eveningLeague(t, ts)

	lp := ts.Get(public)
	points := func(sel, player string) string {
		return lp.Text(`[data-testid="` + sel + `"] tr[data-player="` + player + `"] [data-testid="points"]`)
	}
	if got := points("standings", "Cy") + " " + points("standings", "Ben") + " " + points("standings", "Ana"); got != "2 1 0" {
		t.Errorf("wins of Cy, Ben, Ana: %s, want 2 1 0", got)
	}
	if first := lp.Doc.Find(`[data-testid="standings-cambio"] tbody tr`).First().AttrOr("data-player", ""); first != "Cy" {
		t.Errorf("Cambio's standings open with %q, want Cy (the fewest points)", first)
	}
	var titles []string
	lp.Doc.Find(`h2`).Each(func(_ int, s *goquery.Selection) { titles = append(titles, strings.TrimSpace(s.Text())) })
	if joined := strings.Join(titles, "|"); !strings.Contains(joined, "|Koffer, Katze & Sombrero|Cambio|Golf|") || strings.Contains(joined, "Another game") {
		t.Errorf("per-game tables %q: want KKS, Cambio and Golf", joined)
	}
	golf := lp.Doc.Find(`[data-testid="standings-another-game:golf"] tbody tr`)
	if golf.Length() != 3 || golf.First().AttrOr("data-player", "") != "Ben" {
		t.Errorf("Golf's standings (%d rows) open with %q, want Ben (the fewest points)", golf.Length(), golf.First().AttrOr("data-player", ""))
	}
	if !strings.Contains(lp.Body, "How often each score was reached in Golf") {
		t.Error("no score distribution titled Golf")
	}
	if h := ts.Get(public + "?a=Ben&b=Ana").Text(`[data-testid="h2h"]`); h != "Ben finished ahead of Ana 2 times, behind 0 times, level 1 time." {
		t.Errorf("head to head: %q", h)
	}
	// None is "keinmal" in German, not "0-mal".
	if h := ts.GetLang(public+"?a=Ben&b=Ana", "de").Text(`[data-testid="h2h"]`); h != "Ben lag 2-mal vor Ana, keinmal dahinter und einmal gleichauf." {
		t.Errorf("head to head in German: %q", h)
	}

	// The members' pages file each game under its own game.
	type row struct{ title, won, best string }
	rows := func(member string) (map[string]row, string) {
		p := ts.Get(public + "/members/" + member)
		out := map[string]row{}
		p.Doc.Find(`[data-testid="member-games"] tbody tr`).Each(func(_ int, s *goquery.Selection) {
			th := s.Find("th")
			lowest := th.Find("span").Text()
			th.Find("span").Remove()
			title := strings.TrimSpace(th.Text())
			out[title] = row{title + " " + lowest, s.Find("td").Eq(1).Contents().First().Text(), s.Find(`[data-testid="best"]`).Text()}
		})
		return out, p.Text(`[data-testid="member-favourite"]`)
	}
	cy, fav := rows("Cy")
	if len(cy) != 3 || cy["Cambio"] != (row{"Cambio fewest points win", "1", "19"}) || cy["Koffer, Katze & Sombrero"] != (row{"Koffer, Katze & Sombrero ", "1", "64"}) ||
		cy["Golf"] != (row{"Golf fewest points win", "0", "41"}) {
		t.Errorf("Cy's games %+v", cy)
	}
	if fav != "Golf" { // each played once: the latest
		t.Errorf("Cy's favourite %q, want Golf", fav)
	}
	if ben, _ := rows("Ben"); ben["Golf"] != (row{"Golf fewest points win", "1", "25"}) || ben["Cambio"].won != "0" {
		t.Errorf("Ben's games %+v", ben)
	}
	if ana, _ := rows("Ana"); ana["Cambio"] != (row{"Cambio fewest points win", "0", "61"}) {
		t.Errorf("Ana's games %+v", ana)
	}
	ben := ts.Get(public + "/members/Ben")
	if got := strings.Join(strings.Fields(ben.Doc.Find(`[data-testid="member-h2h"] a`).First().Text()), " "); got != "Ana 2 ahead · 0 behind · 1 level" {
		t.Errorf("Ben against Ana: %q", got)
	}
	var chart []string
	ben.Doc.Find(`[data-testid="placings"] tbody th`).Each(func(_ int, s *goquery.Selection) { chart = append(chart, s.Text()) })
	if got := strings.Join(chart, "|"); got != "1. Koffer, Katze & Sombrero|2. Cambio|3. Golf" {
		t.Errorf("Ben's placings chart names %q", got)
	}
}
