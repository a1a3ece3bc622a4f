package table_test

import (
	"net/http"
	"net/http/cookiejar"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"tablemate/web/areatest"
	"tablemate/web/cambio/cambiotest"
	"tablemate/web/games"
	"tablemate/web/kks/kkstest"
	"tablemate/web/webtest"
)

// enterCounted enters a KKS game that breaks a rule (the displays these
// tests use are short) and counts it as entered (ruling G-5), so it
// counts in the table's standing.
func (ts *testServer) enterCounted(table string, displays []map[string]string, tokens []string) string {
	ts.T.Helper()
	game := ts.EnterKKS(table, displays, tokens)
	ts.Settle(ts.T, table, ts.Table(table).Games.Len())
	return game
}

// historyRows returns the table links listed on a history page.
func historyRows(p webtest.Page) []string {
	var out []string
	p.Doc.Find(`[data-testid="history"] li a`).Each(func(_ int, s *goquery.Selection) {
		href, _ := s.Attr("href")
		out = append(out, href)
	})
	return out
}

func TestHistoryListsThisPhonesTablesWithFilters(t *testing.T) {
	ts := newTestServer(t)
	empty := ts.Get("/history")
	if empty.Status != http.StatusOK || empty.Doc.Find(`[data-testid="no-history"]`).Length() != 1 {
		t.Fatalf("history of a new phone: %d\n%s", empty.Status, empty.Body)
	}
	if ts.Get("/").Doc.Find(`.topbar a[href="/history"]`).Length() != 1 {
		t.Error("the top bar does not link the history")
	}

	kks := ts.CreateTable("Ana", "Ben")
	ts.Get(kks)
	ts.enterCounted(kks, []map[string]string{kkstest.Amelia, {"red": "2 3"}}, []string{"3", "7"})
	other := ts.CreateTable("Cy", "Dee")
	ts.Get(other)

	// Another phone's table never shows up here, even with a shared name.
	mine := ts.Client.Jar
	jar, _ := cookiejar.New(nil)
	ts.Client.Jar = jar
	stranger := ts.CreateTable("Ana", "Eve")
	ts.Get(stranger)
	ts.Client.Jar = mine

	p := ts.Get("/history")
	rows := historyRows(p)
	if len(rows) != 2 || rows[0] != other || rows[1] != kks {
		t.Fatalf("history lists %v, want the newest first: [%s %s]", rows, other, kks)
	}
	if strings.Contains(p.Body, strings.TrimPrefix(stranger, "/tables/")) {
		t.Error("the history reveals another phone's table")
	}
	first := p.Doc.Find(`[data-testid="history"] li`).Eq(1)
	if got := strings.TrimSpace(first.Find(`[data-testid="history-leader"]`).Text()); got != "Ana leads" {
		t.Errorf("leader %q, want Ana leads", got)
	}
	if got := first.Find(`[data-testid="history-played"]`).Text(); got != "1 game" {
		t.Errorf("games played %q", got)
	}
	if got := first.Find(`[data-testid="history-players"]`).Text(); got != "Ana and Ben" {
		t.Errorf("players %q", got)
	}
	if got := strings.TrimSpace(p.Doc.Find(`[data-testid="history"] li`).Eq(0).Find(`[data-testid="history-leader"]`).Text()); got != "No games yet" {
		t.Errorf("a table without games: %q", got)
	}

	for _, tt := range []struct {
		query string
		want  []string
	}{
		{"player=ana", []string{kks}},    // any case, only this phone's Ana
		{"player=+DE+", []string{other}}, // part of a name, trimmed
		{"game=koffer-katze-sombrero", []string{other, kks}},
		{"game=koffer-katze-sombrero&player=Ben", []string{kks}},
		{"game=auf-der-hut", nil},
		{"game=no-such-game", []string{other, kks}}, // unknown game: any
		{"player=Zed", nil},
	} {
		p := ts.Get("/history?" + tt.query)
		got := historyRows(p)
		if strings.Join(got, " ") != strings.Join(tt.want, " ") {
			t.Errorf("?%s lists %v, want %v", tt.query, got, tt.want)
		}
		if len(tt.want) == 0 && p.Doc.Find(`[data-testid="no-history-match"]`).Length() != 1 {
			t.Errorf("?%s: no 'nothing matches' message", tt.query)
		}
	}
	// The form keeps what was asked.
	p = ts.Get("/history?game=koffer-katze-sombrero&player=Ben")
	if v, _ := p.Doc.Find(`input[name="player"]`).Attr("value"); v != "Ben" {
		t.Errorf("player box %q", v)
	}
	if p.Doc.Find(`option[value="koffer-katze-sombrero"][selected]`).Length() != 1 {
		t.Error("game filter not kept")
	}
}

// A KKS evening with an undo reads as a story in the table's history.
func TestTimelineTextsForKKS(t *testing.T) {
	ts := newTestServer(t)
	table := ts.CreateTable("Ana", "Ben")
	ts.EnterKKS(table, []map[string]string{kkstest.Amelia, {"red": "2 3"}}, []string{"3", "7"})
	ts.EnterKKS(table, []map[string]string{{"red": "4"}, kkstest.Amelia}, []string{"0", "0"})
	tbl := ts.Get(table)
	if got := tbl.Text(`[data-testid="undo"]`); got != "Undo: game 2 entered" {
		t.Errorf("undo button %q", got)
	}
	if p := ts.Post(table+"/undo", tbl.FormOf(t, table+"/undo")); p.Status != http.StatusSeeOther {
		t.Fatalf("undo: %d", p.Status)
	}
	f := ts.Get(table).FormOf(t, table+"/players")
	f.Set("name", "Cy")
	if p := ts.Post(table+"/players", f); p.Status != http.StatusSeeOther {
		t.Fatalf("add player: %d\n%s", p.Status, p.Body)
	}
	p := ts.Get(table)
	// Each entry is "#seq · time", a line break, then the text.
	var texts []string
	var undone []bool
	p.Doc.Find(`[data-testid="log"] li`).Each(func(_ int, s *goquery.Selection) {
		undone = append(undone, s.HasClass("undone"))
		s.Find("span").Remove()
		texts = append(texts, strings.TrimSpace(s.Text()))
	})
	if len(texts) != 5 {
		t.Fatalf("log %q", texts)
	}
	want := []struct {
		prefix string
		undone bool
	}{
		{"Cy joined", false},
		{"Undid: game 2 entered", false},
		{"Game 2 entered: Ana ", true},
		{"Game 1 entered: Ana 58, Ben ", false},
		{"Table started for Koffer, Katze & Sombrero with Ana and Ben", false},
	}
	for i, w := range want {
		if !strings.HasPrefix(texts[i], w.prefix) || undone[i] != w.undone {
			t.Errorf("log entry %d = %q (undone %v), want %q… (undone %v)", i, texts[i], undone[i], w.prefix, w.undone)
		}
	}
	// Five log entries, one game: the table's history and the home page
	// count games (issue #18), not entries.
	if got := p.Text(`[data-testid="history-summary"]`); got != "History of 1 game" {
		t.Errorf("history summary %q, want History of 1 game", got)
	}
	if got := ts.Get("/").Text(`[data-testid="recent-played"]`); got != "1 game" {
		t.Errorf("home page badge %q, want 1 game", got)
	}
	// Both games break the card-count rule (2 players hold 17 cards): the
	// timeline says so instead of naming a winner.
	if !strings.HasSuffix(texts[3], "— 1 rule broken") && !strings.Contains(texts[3], "rules broken") {
		t.Errorf("game 1's verdict missing: %q", texts[3])
	}
	if got := p.Text(`[data-testid="undo"]`); got != "Undo: Cy joining" {
		t.Errorf("undo button %q", got)
	}
}

// The table page draws running totals as a line chart from two games on.
func TestTablePageLineChart(t *testing.T) {
	ts := newTestServer(t)
	table := ts.CreateTable("Ana", "Ben")
	ts.enterCounted(table, []map[string]string{kkstest.Amelia, {"red": "2 3"}}, []string{"3", "7"})
	if ts.Get(table).Doc.Find(`[data-testid="totals-chart"]`).Length() != 0 {
		t.Error("a line chart after one game")
	}
	ts.enterCounted(table, []map[string]string{{"red": "4"}, kkstest.Amelia}, []string{"0", "0"})
	p := ts.Get(table)
	chart := p.Doc.Find(`[data-testid="totals-chart"]`)
	if chart.Find(`path.line`).Length() != 2 || !strings.Contains(chart.Find("desc").Text(), "After game 2: Ana ") {
		t.Fatalf("line chart:\n%s", p.Body)
	}
	if got := chart.Find(`.sr-only table tbody tr`).First().Find("td").First().Text(); got != "58" {
		t.Errorf("data table: Ana after game 1 = %q, want 58", got)
	}
}

// A Cambio game in progress draws its running totals round by round with
// the target line at 50; each round is a replay step and a timeline entry.
func TestCambioRoundChartTimelineAndReplay(t *testing.T) {
	ts := newTestServer(t)
	table := cambiotest.StartRoundTable(ts.Server, "cambio", "Ana", "Ben", "Cy")
	for _, r := range cambiotest.Rounds[:2] {
		if p := cambiotest.EnterRound(ts.Server, table, r.Cards, r.Ended); p.Status != http.StatusSeeOther {
			t.Fatalf("round: %d\n%s", p.Status, p.Body)
		}
	}
	p := ts.Get(table)
	chart := p.Doc.Find(`[data-testid="rounds-chart"]`)
	if chart.Find(`path.line`).Length() != 3 || chart.Find(`[data-testid="target-line"]`).Length() != 1 {
		t.Fatalf("round chart:\n%s", p.Body)
	}
	// The chart's data table agrees with the rounds table's totals.
	totals := cambiotest.RoundTotals(p)
	var last []string
	chart.Find(`.sr-only table tbody tr`).Each(func(_ int, s *goquery.Selection) {
		last = append(last, s.Find("td").Last().Text())
	})
	if strings.Join(last, " ") != strings.Join(totals, " ") {
		t.Errorf("chart ends at %v, the round totals are %v", last, totals)
	}
	var log []string
	p.Doc.Find(`[data-testid="log"] li`).Each(func(_ int, s *goquery.Selection) {
		s.Find("span").Remove()
		log = append(log, strings.TrimSpace(s.Text()))
	})
	if len(log) != 3 || !strings.HasPrefix(log[0], "Round 2 of game 1: Cy called Cambio; Ana ") || !strings.HasPrefix(log[1], "Round 1 of game 1: Ben called Cambio; Ana ") {
		t.Errorf("round timeline %q", log)
	}
	r := ts.Get(table + "/games/1/replay?step=2")
	if r.Text(`[data-testid="step-counter"]`) != "Step 2 of 2" || areatest.ReplayTotal(r, "Ana") != totals[0] {
		t.Errorf("replay of round 2: %q, Ana %s want %s", r.Text(`[data-testid="step-counter"]`), areatest.ReplayTotal(r, "Ana"), totals[0])
	}
}

// A table opened for another game is listed as "Another game" in the
// reader's language, on the history and the home page.
func TestAnotherGameTitledInTheReadersLanguage(t *testing.T) {
	ts := newTestServer(t)
	table := ts.NewTable(games.Another().Engine.Info().Slug, "Quiz", "Ana", "Ben")
	ts.Get(table)
	for _, path := range []string{"/history", "/"} {
		if en := ts.Get(path); !strings.Contains(en.Text(`[data-table="Quiz"], main`), "Another game") {
			t.Errorf("%s in English does not call the table's game Another game", path)
		}
		de := ts.German(path, nil)
		if body := de.Text("main"); !strings.Contains(body, "Anderes Spiel (Punkteblock)") || strings.Contains(body, "Another game") {
			t.Errorf("%s in German does not call the table's game Anderes Spiel (Punkteblock):\n%s", path, body)
		}
	}
}
