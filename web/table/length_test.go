package table_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"tablemate/sessions/plays"
	"tablemate/web/areatest"
)

// pausedSheets is a table of another game for Ana and Ben: game 1 in
// rounds at 19:00, 19:10 and 19:20 (20 minutes), game 2 at 19:25, 19:35,
// then after an hour's pause 20:35 and 20:45 (20 minutes played, the
// hour left out).
func pausedSheets() string {
	var b strings.Builder
	b.WriteString(`{"format":"tablemate-table","version":1,"name":"Slow evening","game":"another-game","events":[` +
		`{"seq":1,"kind":"table_created","payload":{"game":"another-game","name":"Slow evening","players":["Ana","Ben"]},"at":"2026-11-20T18:00:00Z"}`)
	for i, r := range []struct {
		game int
		at   string
		last bool
	}{{1, "19:00", false}, {1, "19:10", false}, {1, "19:20", true}, {2, "19:25", false}, {2, "19:35", false}, {2, "20:35", false}, {2, "20:45", true}} {
		fmt.Fprintf(&b, `,{"seq":%d,"kind":"round_recorded","payload":{"game":%d,"round":{"name":"Skyjo","last":%t,"scores":[`+
			`{"name":"Ana","points":%d},{"name":"Ben","points":5}]}},"at":"2026-11-20T%s:00Z"}`, i+2, r.game, r.last, 10+i, r.at)
	}
	b.WriteString("]}")
	return b.String()
}

// TestGameLengths: a game's length runs from its first event to its
// last with pauses over 30 minutes left out, and the page says so; the
// evening's length is its games' play; the exports carry each game's
// minutes (.bgsplay durationMin, BoardGameGeek length, the BG Stats
// link) and an import reads them back, so they survive a round trip.
func TestGameLengths(t *testing.T) {
	ts := newTestServer(t)
	table, _, _ := ts.ImportJSON(pausedSheets())
	view := areatest.ViewPath(t, ts.Get(table))
	for _, c := range []struct {
		path, length, paused string
	}{
		{table + "/games/1", "Played in 20 min.", ""},
		{view + "/games/1", "Played in 20 min.", ""},
		{table + "/games/2", "Played in 20 min.", "Pauses over 30 minutes are left out (1 h 00 min)."},
		{table + "/evening", "The evening took 45 min of play.", "Pauses over 30 minutes are left out (1 h 00 min)."},
	} {
		p := ts.Get(c.path)
		if got := p.Text(`[data-testid="length"]`); !strings.HasPrefix(got, c.length) {
			t.Errorf("%s says %q, want %q", c.path, got, c.length)
		}
		if got := p.Text(`[data-testid="length-paused"]`); got != c.paused {
			t.Errorf("%s says of pauses %q, want %q", c.path, got, c.paused)
		}
	}
	if got := strings.Join(strings.Fields(ts.GetLang(table+"/games/2", "de").Text(`[data-testid="length"]`)), " "); got != "Spieldauer: 20 Min. Pausen über 30 Minuten zählen nicht mit (1 Std. 00 Min.)." {
		t.Errorf("German: %q", got)
	}

	bgs := areatest.ReadPlays(t, ts.Get(table+"/export.bgsplay"), plays.BGStats)
	bgg := areatest.ReadPlays(t, ts.Get(table+"/export-bgg.xml"), plays.BGG)
	if len(bgs) != 2 || len(bgg) != 2 {
		t.Fatalf("exports: %d and %d plays", len(bgs), len(bgg))
	}
	for i, start := range []string{"19:00", "19:25"} {
		if bgs[i].Minutes != 20 || bgg[i].Minutes != 20 || bgs[i].Played.Format("15:04") != start {
			t.Errorf("game %d exported as %d min (BGG %d) from %s, want 20 from %s", i+1, bgs[i].Minutes, bgg[i].Minutes, bgs[i].Played.Format("15:04"), start)
		}
	}
	if l := areatest.BGSLinks(t, ts.Get(table+"/games/2")); len(l) != 1 || l[0].DurationMin != 20 || l[0].PlayDate != "2026-11-20 19:25:00" {
		t.Errorf("BG Stats link: %+v", l)
	}

	// Round trip: each file imported into a league; the imported games
	// show and export the same minutes.
	for _, f := range []struct{ name, path string }{{"plays.bgsplay", "/export.bgsplay"}, {"plays.xml", "/export-bgg.xml"}} {
		admin := ts.CreateLeague(t, "League "+f.name, "placing", "Ana", "Ben")
		done := ts.UploadPlays(t, admin, f.name, ts.Get(table+f.path).Body)
		if got := done.Text(`[data-testid="plays-imported"] strong`); got != "2 games imported" {
			t.Fatalf("%s: %q %s", f.name, got, done.Text(`[data-testid="import-error"], [data-testid="plays-skipped"]`))
		}
		var games []string
		done.Doc.Find(`[data-testid="plays-tables"] a`).Each(func(_ int, s *goquery.Selection) { games = append(games, s.AttrOr("href", "")) })
		if len(games) == 0 {
			t.Fatalf("%s: no tables listed", f.name)
		}
		if got := ts.Get(games[0] + "/games/1").Text(`[data-testid="length"]`); got != "Played in 20 min." {
			t.Errorf("%s: imported game says %q", f.name, got)
		}
		back := areatest.ReadPlays(t, ts.Get(ts.PublicOf(t, admin)+"/export.bgsplay"), plays.BGStats)
		if len(back) != 2 || back[0].Minutes != 20 || back[1].Minutes != 20 {
			t.Errorf("%s: exported again %+v", f.name, back)
		}
	}
}

// TestAverageLengths: the history page says each table's average game
// length (sessions derives it with the table's card) and how pauses are
// left out; a table whose games have no known length says none; a
// league's member pages average the member's games with a known length,
// in English and German.
func TestAverageLengths(t *testing.T) {
	ts := newTestServer(t)
	table, _, _ := ts.ImportJSON(pausedSheets())
	ts.Get(table)
	quick := ts.CreateTable("Cy", "Dee")
	ts.Get(quick)

	rowOf := func(p interface {
		Find(string) *goquery.Selection
	}, name string) *goquery.Selection {
		return p.Find(`[data-testid="history"] li[data-table="` + name + `"]`)
	}
	h := ts.Get("/history")
	if got := strings.Join(strings.Fields(rowOf(h.Doc, "Slow evening").Find(`[data-testid="average-length"]`).Text()), " "); got != "Average length: 20 min (2 games with a known length; pauses over 30 minutes and the clock's pauses left out)" {
		t.Errorf("history row says %q", got)
	}
	if n := h.Doc.Find(`[data-testid="average-length"]`).Length(); n != 1 {
		t.Errorf("%d history rows give an average length, want only the table with timed games", n)
	}
	de := ts.GetLang("/history", "de")
	if got := strings.Join(strings.Fields(rowOf(de.Doc, "Slow evening").Find(`[data-testid="average-length"]`).Text()), " "); got != "Durchschnittliche Spieldauer: 20 Min. (2 Partien mit bekannter Dauer; Pausen über 30 Minuten und Pausen der Uhr zählen nicht mit)" {
		t.Errorf("German history row says %q", got)
	}

	// A league of the table's games (imported from its .bgsplay, lengths
	// kept): Ana's page averages her two games.
	admin := ts.CreateLeague(t, "Timed league", "placing", "Ana", "Ben", "Zoe")
	ts.UploadPlays(t, admin, "plays.bgsplay", ts.Get(table+"/export.bgsplay").Body)
	public := ts.PublicOf(t, admin)
	for _, c := range []struct{ lang, want string }{
		{"en", "Average length: 20 min (2 games with a known length; pauses over 30 minutes and the clock's pauses left out)"},
		{"de", "Durchschnittliche Spieldauer: 20 Min. (2 Partien mit bekannter Dauer; Pausen über 30 Minuten und Pausen der Uhr zählen nicht mit)"},
	} {
		for _, base := range []string{public, admin} {
			p := ts.GetLang(base+"/members/Ana", c.lang)
			if got := strings.Join(strings.Fields(p.Text(`[data-testid="average-length"]`)), " "); got != c.want {
				t.Errorf("%s member page (%s) says %q, want %q", base, c.lang, got, c.want)
			}
		}
	}
	// Zoe played nothing: no average.
	if p := ts.Get(public + "/members/Zoe"); p.Doc.Find(`[data-testid="average-length"]`).Length() != 0 {
		t.Error("a member without games shows an average length")
	}
}
