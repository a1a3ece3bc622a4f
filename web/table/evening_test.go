package table_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"tablemate/sessions"
	"tablemate/views/card"
	"tablemate/views/i18n"
	"tablemate/web/areatest"
	"tablemate/web/cards"
	"tablemate/web/games"
	"tablemate/web/kks/kkstest"
	"tablemate/web/webtest"
)

// One table for the whole evening: an unnamed table is named after its
// day; another game's sheet ends on its ranking (ties share a place,
// winners first) with what comes next, the result shared by the
// view-only link only; the next game is chosen with who starts, which
// the Cambio rotation follows; a KKS game next makes the standing one of
// places, said in one line; the export of the evening imports as the
// same evening.
func TestEveningOverHTTP(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	table := ts.NewTable("another-game", "", "Ana", "Ben", "Cy")
	if got, want := ts.Get(table).Text(`[data-testid="table-name"]`), time.Now().Weekday().String()+" evening"; got != want {
		t.Errorf("unnamed table is called %q, want %q", got, want)
	}
	if to := ts.SheetRound(t, table, map[string]string{"name": "Skat", "players[0].points": "10", "players[1].points": "-4", "players[2].points": "3"}); to != table+"?done=round&at="+strconv.Itoa(ts.Table(table).Head) {
		t.Errorf("a round that does not end the game goes to %q, want the table", to)
	}
	if p := ts.Get(table); p.Text(`[data-testid="evening-status"]`) != "Game 1 in progress, round 1" {
		t.Errorf("status while game 1 goes on: %q", p.Text(`[data-testid="evening-status"]`))
	}
	// The round that ends the game opens on its ranking.
	if to := ts.SheetRound(t, table, map[string]string{"players[0].points": "0", "players[1].points": "14", "players[2].points": "1", "last": "1"}); to != table+"/games/1" {
		t.Errorf("the round that ends the game goes to %q, want its ranking", to)
	}
	if over := ts.Get(table).Doc.Find(`[data-testid="game-over"] [data-testid="ranking"] li`); over.Length() != 3 || over.First().AttrOr("data-place", "") != "1" {
		t.Errorf("the table's game-over shows no ranking: %d rows", over.Length())
	}

	res := ts.Get(table + "/games/1")
	rows := res.Doc.Find(`[data-testid="ranking"] li`)
	if rows.Length() != 3 {
		t.Fatalf("ranking: %d rows\n%s", rows.Length(), res.Body)
	}
	// Ana 10 and Ben 10 share first place; Cy 4 is third.
	for i, want := range []struct{ name, place string }{{"Ana", "1"}, {"Ben", "1"}, {"Cy", "3"}} {
		li := rows.Eq(i)
		if n, _ := li.Attr("data-player"); n != want.name {
			t.Errorf("row %d is %s, want %s", i, n, want.name)
		}
		if p, _ := li.Attr("data-place"); p != want.place {
			t.Errorf("%s's place %s, want %s", want.name, p, want.place)
		}
		if li.HasClass("rank-win") != (want.place == "1") {
			t.Errorf("%s marked winner: %v", want.name, li.HasClass("rank-win"))
		}
	}
	if res.Doc.Find(`[data-testid="play-again"]`).Length() != 1 || res.Doc.Find(`[data-testid="next-game"]`).Length() != 1 {
		t.Error("a finished game offers no play again / next game")
	}
	shared, _ := res.Doc.Find(`[data-testid="share-result"] input`).Attr("value")
	edit := strings.TrimPrefix(table, "/tables/")
	if !strings.Contains(shared, "/v/") || strings.Contains(res.Doc.Find(`[data-testid="share-result"]`).Text()+shared, edit) {
		t.Errorf("the shared result is %q: want the view-only link, never the edit link", shared)
	}
	// Its Share button sends the game's result card along (js/sharecard.js).
	if card := res.Doc.Find(`[data-testid="share-result"] button[data-share-card]`).AttrOr("data-share-card", ""); card != areatest.PathOf(t, shared)+"/card.png" ||
		!strings.Contains(res.Body, "js/sharecard.js") {
		t.Errorf("the game's share sends card %q (link %q)", card, shared)
	} else if img := ts.Get(card); img.Status != http.StatusOK || img.Header.Get("Content-Type") != "image/png" {
		t.Errorf("another game's card: %d %q", img.Status, img.Header.Get("Content-Type"))
	}
	if res.Text("h1") == "" || !strings.Contains(res.Body, "Skat") {
		t.Error("the sheet's result page does not name the game")
	}

	// Cambio next, Cy starts: Cy deals its first round.
	ts.Choose(t, table, "cambio", "Cy")
	if tb := ts.Table(table); tb.Info.Slug != "cambio" || tb.First != "Cy" {
		t.Fatalf("table plays %s, first %q", tb.Info.Slug, tb.First)
	}
	if got := ts.Get(table + "/games/new").Body; !strings.Contains(got, "Dealer: Cy") {
		t.Error("the Cambio round does not name Cy as the first dealer")
	}

	// KKS instead (no Cambio round entered yet), then its game.
	ts.Choose(t, table, "koffer-katze-sombrero", "")
	f := kkstest.Form(ts.Get(table+"/games/new").FormOf(t, table+"/games"),
		[]map[string]string{kkstest.Amelia, {"red": "2 3"}, {"blue": "1 2"}}, []string{"3", "7", "0"})
	if p := ts.Post(table+"/games", f); p.Status != http.StatusSeeOther {
		t.Fatalf("KKS game: %d %s", p.Status, p.Body)
	}
	// Its short displays break KKS-3: disputed, it counts nowhere until
	// the table counts it as entered (ruling G-5).
	if ev := ts.Table(table).Evening(); ev.Done != 1 || ev.Disputed != 1 {
		t.Errorf("a disputed game counts: %+v", ev)
	}
	ts.Settle(t, table, ts.Table(table).Games.Len())
	page := ts.Get(table)
	if why := page.Text(`[data-testid="standing-why"]`); !strings.Contains(why, "points by place") {
		t.Errorf("the standing's line: %q", why)
	}
	tb := ts.Table(table)
	ev := tb.Evening()
	if ev.Mode != sessions.EveningPlacings || ev.Done != 2 {
		t.Fatalf("evening %+v", ev)
	}
	// Ana won both: 1.5 shared for the sheet's first place + 2 for KKS.
	if ev.Rows[0].Name != "Ana" || ev.Rows[0].Points != 3.5 || ev.Rows[0].Wins != 2 {
		t.Errorf("Ana's line %+v", ev.Rows[0])
	}
	if got := page.Text(`[data-player="Ana"] [data-testid="total"]`); got != "3.5" {
		t.Errorf("Ana's points on the page %q", got)
	}
	// The evening's card gives the page's numbers, halves and all, as the
	// reader's language writes them (issue #32: it gave 4 for 3.5).
	for lang, want := range map[string]string{"en": "3.5", "de": "3,5"} {
		tag, _ := i18n.Parse(lang)
		ctx := i18n.With(context.Background(), tag, "/")
		drawn := ts.app.Cards().EveningCard(ctx, tb, cards.Finished(tb))
		if len(drawn.Standing) != len(ev.Rows) || drawn.Standing[0].Name != "Ana" || drawn.Standing[0].Score(ctx) != want || drawn.Standing[0].Place != 1 {
			t.Errorf("the evening's card in %s: %+v, want Ana first with %s", lang, drawn.Standing, want)
		}
		for i, r := range ev.Rows {
			if i < len(drawn.Standing) && (drawn.Standing[i].Name != r.Name || !drawn.Standing[i].ByStanding || drawn.Standing[i].Standing != r.Points) {
				t.Errorf("the card's line %d %+v, the page's %+v", i+1, drawn.Standing[i], r)
			}
		}
	}

	// The end of the evening opens on its ranking: Ana first and marked
	// with her points by place, the others after, the result shared by the
	// view-only link only.
	href, _ := page.Doc.Find(`[data-testid="end-evening"]`).Attr("href")
	end := ts.Get(href)
	first := end.Doc.Find(`[data-testid="ranking"] li`).First()
	if end.Status != http.StatusOK || first.AttrOr("data-player", "") != "Ana" || first.AttrOr("data-place", "") != "1" || !first.HasClass("rank-win") || first.Find(".rank-total").Text() != "3.5" {
		t.Errorf("the evening's ranking opens with %q place %q (%q):\n%s", first.AttrOr("data-player", ""), first.AttrOr("data-place", ""), first.Find(".rank-total").Text(), end.Text("main"))
	}
	if n := end.Doc.Find(`[data-testid="ranking"] li`).Length(); n != 3 {
		t.Errorf("the evening's ranking has %d places", n)
	}
	shared = end.Doc.Find(`[data-testid="share-result"] input`).AttrOr("value", "")
	if _, view, ok := strings.Cut(shared, "/v/"); !ok || strings.Contains(shared, strings.TrimPrefix(table, "/tables/")) {
		t.Errorf("the evening's result is shared as %q: want the view-only link, never the edit link", shared)
	} else if card := end.Doc.Find(`[data-testid="share-result"] button[data-share-card]`).AttrOr("data-share-card", ""); card != "/v/"+view+"/card.png" {
		t.Errorf("the evening's share sends card %q", card)
	} else if img := ts.Get(card); img.Status != http.StatusOK || img.Header.Get("Content-Type") != "image/png" {
		t.Errorf("the evening's card: %d %q", img.Status, img.Header.Get("Content-Type"))
	} else if v := ts.Get("/v/" + view); v.Status != http.StatusOK || v.Doc.Find(`[data-testid="end-evening"]`).Length() != 0 {
		t.Errorf("the view-only page: %d, links to the evening's edit page %d", v.Status, v.Doc.Find(`[data-testid="end-evening"]`).Length())
	}
	if de := ts.German(href, nil); !strings.Contains(de.Text("h1"), "Der Abend") {
		t.Errorf("German evening ranking: %q", de.Text("h1"))
	}

	// German: the day's name and the standing's line.
	if de := ts.German(table, nil); !strings.Contains(de.Text(`[data-testid="standing-why"]`), "Punkte nach Platz") {
		t.Errorf("German standing line: %q", de.Text(`[data-testid="standing-why"]`))
	}

	// Export and import: the same evening on a new table.
	x := ts.Get(table + "/export.json")
	imp := ts.Upload(t, x.Body)
	if imp.Status != http.StatusSeeOther {
		t.Fatalf("import: %d %s", imp.Status, imp.Body)
	}
	again := ts.Table(imp.Header.Get("Location"))
	if got := again.Evening(); got.Mode != ev.Mode || got.Rows[0].Points != 3.5 || again.Info.Slug != "koffer-katze-sombrero" || again.Games.Len() != 2 {
		t.Errorf("imported evening %+v plays %s", got, again.Info.Slug)
	}
}

// An export made before evenings (one game, no choice in its log)
// imports, and the table then takes a game of another kind.
func TestOldExportImportsAndTakesAnotherGame(t *testing.T) {
	ts := newTestServer(t)
	at, _ := time.Parse(time.RFC3339, "2024-05-03T19:00:00Z")
	old := sessions.Export{Format: "tablemate-table", Version: 1, Name: "Friday", Game: "koffer-katze-sombrero",
		Events: []sessions.ExportEvent{
			{Seq: 1, Kind: "table_created", At: at, Payload: json.RawMessage(`{"game":"koffer-katze-sombrero","name":"Friday","players":["Lea","Tom"]}`)},
			{Seq: 2, Kind: "game_recorded", At: at, Payload: json.RawMessage(`{"state":{"players":[{"name":"Lea","tokens":4,"display":{"red":"1 2 3 4 5 6 7 8 9 10","blue":"1 2 3 4 5 6 7"}},{"name":"Tom","tokens":6,"display":{"yellow":"1 2 3 4 5 6 7 8 9 10","black":"1 2 3 4 5 6 7"}}]}}`)},
		}}
	body, _ := json.Marshal(old)
	imp := ts.Upload(t, string(body))
	if imp.Status != http.StatusSeeOther {
		t.Fatalf("import: %d %s", imp.Status, imp.Body)
	}
	table := imp.Header.Get("Location")
	page := ts.Get(table)
	if got := page.Text(`[data-player="Tom"] [data-testid="total"]`); got != "89" {
		t.Errorf("Tom's total %q, want 89", got)
	}
	if page.Doc.Find(`[data-testid="choose-next"]`).Length() != 1 {
		t.Error("an old table offers no next game")
	}
	ts.Choose(t, table, "another-game", "Tom")
	ts.SheetRound(t, table, map[string]string{"name": "Golf", "wins": "lowest", "mode": "final", "players[0].points": "30", "players[1].points": "41"})
	tb := ts.Table(table)
	if ev := tb.Evening(); ev.Mode != sessions.EveningPlacings || ev.Rows[0].Points != 1 || ev.Rows[1].Points != 1 {
		// Tom first at KKS, Lea first at golf (lowest): one point each.
		t.Errorf("evening %+v", ev)
	}
	if g := tb.Games.At(1); !g.Result().GameOver || g.Result().Winners[0] != "Lea" {
		t.Errorf("final scores end the sheet, the lowest wins: %+v", g.Result())
	}
}

// The next game is refused while a round game is going on, with the
// reason on the page, and nothing is recorded.
func TestNextGameRefusedWhileAGameGoesOn(t *testing.T) {
	ts := newTestServer(t)
	table := ts.NewTable("another-game", "Evening", "Ana", "Ben")
	ts.SheetRound(t, table, map[string]string{"name": "Skat", "players[0].points": "1", "players[1].points": "2"})
	f := ts.Get(table+"/next").FormOf(t, table+"/next")
	f.Set("game", "cambio")
	p := ts.Post(table+"/next", f)
	if p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Body, "not over yet") {
		t.Errorf("choice during a game: %d %s", p.Status, p.Text(".error"))
	}
	if ts.Table(table).Info.Slug != "another-game" {
		t.Error("the choice was recorded")
	}
}

// Another game's sheet draws its running totals round by round: a line
// per player with a dot per round, the numbers (negatives too) in the
// chart's table for screen readers, and no target line (a sheet has no
// end total).
func TestSheetRoundChart(t *testing.T) {
	ts := newTestServer(t)
	table := ts.NewTable(games.Another().Engine.Info().Slug, "Quiz", "Ana", "Ben", "Cy")
	ts.SheetRound(t, table, map[string]string{"name": "Quiz", "players[0].points": "10", "players[1].points": "-4", "players[2].points": "3"})
	ts.SheetRound(t, table, map[string]string{"players[0].points": "5", "players[1].points": "2", "players[2].points": "-6"})
	ts.SheetRound(t, table, map[string]string{"players[0].points": "-1", "players[1].points": "9", "players[2].points": "4"})
	page := ts.Get(table)
	chart := page.Doc.Find(`[data-testid="rounds-chart"]`)
	if chart.Length() != 1 {
		t.Fatalf("no round chart on the sheet's table page:\n%s", page.Text("main"))
	}
	for name, want := range map[string]string{"Ana": "10 15 14", "Ben": "-4 -2 7", "Cy": "3 -3 1"} {
		series := chart.Find(fmt.Sprintf(`[data-series=%q]`, name))
		if series.Length() != 1 || series.Find("circle.dot").Length() != 3 || series.Find("path.line").AttrOr("d", "") == "" {
			t.Errorf("%s's line: %d series, %d dots", name, series.Length(), series.Find("circle.dot").Length())
		}
		var cells []string
		chart.Find(`.sr-only tbody tr`).Each(func(_ int, tr *goquery.Selection) {
			if strings.TrimSpace(tr.Find("th").Text()) == name {
				tr.Find("td").Each(func(_ int, td *goquery.Selection) {
					cells = append(cells, strings.ReplaceAll(strings.TrimSpace(td.Text()), "−", "-"))
				})
			}
		})
		if strings.Join(cells, " ") != want {
			t.Errorf("%s's running totals in the chart: %v, want %s", name, cells, want)
		}
	}
	if chart.Find(`[data-testid="target-line"]`).Length() != 0 {
		t.Error("the sheet's chart draws a target line")
	}
}

// A table of another game's sheet whose lowest total wins is led by the
// fewest points: on its page, on the phone's history and on the game's
// result card (which places the rest the same way).
func TestLowestWinsSheetLeadsOnThePages(t *testing.T) {
	ts := newTestServer(t)
	table := ts.NewTable("another-game", "Golf night", "Ana", "Ben", "Cy")
	ts.SheetRound(t, table, map[string]string{"name": "Golf", "wins": "lowest", "mode": "final",
		"players[0].points": "30", "players[1].points": "41", "players[2].points": "35"})
	if got := ts.Get(table).Text(`[data-testid="leader"] strong`); got != "Ana leads" {
		t.Errorf("the table's banner says %q, want Ana leads", got)
	}
	if got := ts.Get("/history").Text(`[data-testid="history"]`); !strings.Contains(got, "Ana leads") {
		t.Errorf("the history's card: %q", got)
	}
	tb := ts.Table(table)
	c := ts.app.Cards().GameCard(tb, tb.Games.At(0))
	if !c.LowestWins || c.Game != "Golf" {
		t.Errorf("the result card of %q: lowest wins %v", c.Game, c.LowestWins)
	}
}

// A long evening stays bounded: on a table of 60 short games the
// evening's card still lists every game by name as far as its one line
// goes (card.TestLongEvening checks the line's "and N more") and is drawn
// within its 1200×630 frame, in English and German; the end of the
// evening, the next-game page and the table page weigh (nearly) the
// same after 60 games as after 12 (a three-way tie after both).
func TestLongEveningStaysBounded(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	tables := map[int]string{}
	for _, n := range []int{12, 60} {
		tables[n], _, _ = ts.ImportJSON(areatest.SheetExport(n))
	}

	tb := ts.Table(tables[60])
	games := cards.Finished(tb)
	e := ts.app.Cards().EveningCard(context.Background(), tb, games)
	if len(games) != 60 || len(e.Games) != 60 {
		t.Fatalf("the card of 60 games has %d of %d", len(e.Games), len(games))
	}
	for i, g := range e.Games {
		game, winner := []string{"Skyjo", "Wizard", "Doppelkopf"}[i%3], []string{"Ana", "Ben", "Cy"}[i%3]
		if g.Game != game || !g.Unchecked || len(g.Winners) != 1 || g.Winners[0] != winner {
			t.Errorf("game %d on the card: %+v, want %s won by %s, kept as typed", i+1, g, game, winner)
		}
	}
	view := areatest.ViewPath(t, ts.Get(tables[60]))
	for lang, p := range map[string]webtest.Page{"en": ts.Get(view + "/card.png"), "de": ts.German(view+"/card.png", nil)} {
		areatest.DecodeCard(t, lang+" card of 60 games", p)
		img, _ := png.Decode(bytes.NewReader([]byte(p.Body)))
		// The card's margins keep the background it shows at its left
		// edge below the header: nothing is drawn outside the frame.
		bg := img.At(0, 300)
		for _, strip := range []image.Rectangle{image.Rect(0, 160, card.Margin, card.Height), image.Rect(card.Width-card.Margin, 160, card.Width, card.Height), image.Rect(0, card.Height-16, card.Width, card.Height)} {
			for y := strip.Min.Y; y < strip.Max.Y; y++ {
				for x := strip.Min.X; x < strip.Max.X; x++ {
					if img.At(x, y) != bg {
						t.Fatalf("%s: the card of 60 games draws at (%d, %d), in its margin", lang, x, y)
					}
				}
			}
		}
	}

	// The table page shows the newest games (its bound is
	// TestHostileLongTableCostsTheSameAsAShortOne's), counted from the first.
	p := ts.Get(tables[60])
	if enter := p.Text(`[data-testid="enter-game"]`); enter != "Enter game 61" {
		t.Errorf("after 60 games the table offers %q", enter)
	}
	if desc := p.Doc.Find(`[data-testid="totals-chart"] desc`).Text(); !strings.HasPrefix(desc, "After game 60: ") {
		t.Errorf("the chart of the newest games says %q", desc)
	}

	// The pages of the evening: a few bytes more for the bigger numbers,
	// nothing per game.
	for _, page := range []string{"/evening", "/next"} {
		for _, lang := range []string{"en", "de"} {
			size := map[int]int{}
			for n, table := range tables {
				p := ts.Get(table + page)
				if lang == "de" {
					p = ts.German(table+page, nil)
				}
				if p.Status != http.StatusOK {
					t.Fatalf("%s after %d games: %d", page, n, p.Status)
				}
				size[n] = len(p.Body)
			}
			t.Logf("%s (%s): %d bytes after 12 games, %d after 60", page, lang, size[12], size[60])
			if grew := size[60] - size[12]; grew > 64 {
				t.Errorf("%s (%s) grew by %d bytes from 12 games (%d) to 60 (%d), want the same page", page, lang, grew, size[12], size[60])
			}
		}
	}
}
