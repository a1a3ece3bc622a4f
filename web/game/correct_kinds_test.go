package game_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"tablemate/scoring/cambio"
	"tablemate/scoring/kodiak"
	"tablemate/scoring/scoringtest"
	scoresheet "tablemate/scoring/sheet"
	"tablemate/web/cambio/cambiotest"
	"tablemate/web/games"
	"tablemate/web/kodiak/kodiaktest"
	"tablemate/web/webtest"
)

// Game 1 of every kind stays correctable after the table moved on to
// another game (issue #32): its own editor opens on what was entered —
// the whole result, or any round of a game entered round by round — and
// sending it back is recorded as a correction of game 1, whatever game
// the table plays now.
func TestCorrectGameOneOfEveryKindAfterTheTableMovedOn(t *testing.T) {
	ts := newTestServer(t)
	ctx := context.Background()
	seen := map[string]bool{}
	slugs := []string{scoresheet.Slug} // another game's sheet, listed apart from the games with rules
	for _, info := range games.Infos() {
		slugs = append(slugs, info.Slug)
	}
	// Whole results of the games the worked cases hold no finished one of.
	whole := map[string]string{
		"alaska":      `{"players":[{"name":"Ana","salmon":5},{"name":"Ben","salmon":3}]}`,
		"rune-market": `{"players":[{"name":"Ana","runes":{"red":2}},{"name":"Ben","runes":{"blue":1}}]}`,
	}
	for _, slug := range slugs {
		if seen[slug] {
			continue
		}
		if _, ok := games.Editor(slug); !ok {
			continue
		}
		seen[slug] = true
		t.Run(slug, func(t *testing.T) {
			var table string
			rounds := false
			switch slug {
			case cambio.Slug:
				rounds, table = true, cambiotest.StartRoundTable(ts.Server, slug, "Ana", "Ben", "Cy")
				for _, r := range cambiotest.Rounds {
					if p := cambiotest.EnterRound(ts.Server, table, r.Cards, r.Ended); p.Status != http.StatusSeeOther {
						t.Fatalf("round: %d %s", p.Status, p.Text(".field-error"))
					}
				}
			case kodiak.Slug:
				rounds, table = true, ts.CreateGameTable(slug, "Ana", "Ben", "Cy")
				for _, r := range kodiaktest.Doc {
					if p := kodiaktest.EnterRound(ts.Server, table, r, false); p.Status != http.StatusSeeOther {
						t.Fatalf("round: %d %s", p.Status, p.Text(".field-error"))
					}
				}
			case scoresheet.Slug:
				rounds, table = true, ts.CreateGameTable(slug, "Ana", "Ben", "Cy")
				ts.SheetRound(t, table, map[string]string{"name": "Catan", "players[0].points": "3", "players[1].points": "1", "players[2].points": "2"})
				ts.SheetRound(t, table, map[string]string{"players[0].points": "4", "players[1].points": "6", "players[2].points": "2", "last": "1"})
			default:
				// A whole result: the first worked case of the game that is
				// valid and over (docs/score-cases.json).
				var state []byte
				var names []string
				if body, ok := whole[slug]; ok {
					state, names = []byte(body), []string{"Ana", "Ben"}
				}
				for _, c := range scoringtest.Cases(t, slug) {
					if state != nil {
						break
					}
					if c.Expect.Valid && c.Expect.GameOver {
						state = c.Request
						for _, p := range c.Expect.Players {
							names = append(names, p.Name)
						}
						break
					}
				}
				if state == nil {
					t.Fatalf("no valid finished case of %s", slug)
				}
				table = ts.CreateGameTable(slug, names...)
				if _, err := ts.Tables().RecordGame(ctx, strings.TrimPrefix(table, "/tables/"), ts.Table(table).Head, "", state); err != nil {
					t.Fatal(err)
				}
			}
			if g := ts.Table(table).Games; g.Len() != 1 || !g.At(0).Record.Over {
				t.Fatalf("game 1 of %s is not recorded and over: %+v", slug, g)
			}
			// The table moves on: another game's sheet, a round of it in.
			next := scoresheet.Slug
			if slug == scoresheet.Slug {
				next = cambio.Slug
			}
			ts.Choose(t, table, next, "")
			if next == scoresheet.Slug {
				ts.SheetRound(t, table, map[string]string{"name": "Skat", "players[0].points": "1"})
			}

			edit, action := table+"/games/1/edit", table+"/games/1"
			if rounds {
				edit, action = table+"/games/1/rounds/1/edit", table+"/games/1/rounds/1"
				if l := ts.Get(table + "/games/1").Doc.Find(`a[href="` + edit + `"]`).Length(); l == 0 {
					t.Errorf("game 1's page offers no correction of its round 1")
				}
			} else if l := ts.Get(table + "/games/1").Doc.Find(`a[href="` + edit + `"]`).Length(); l == 0 {
				t.Errorf("game 1's page offers no correction")
			}
			page := ts.Get(edit)
			if page.Status != http.StatusOK {
				t.Fatalf("%s: %d\n%s", edit, page.Status, page.Text("main"))
			}
			p := ts.Post(action, sentAsIs(t, page, action))
			if p.Status != http.StatusSeeOther || p.Header.Get("Location") != table+"/games/1" {
				t.Fatalf("the correction: %d to %q\n%s", p.Status, p.Header.Get("Location"), p.Text(`.field-error, [role="alert"], .banner-bad`))
			}
			tb := ts.Table(table)
			if tb.Info.Slug != next || !tb.Games.At(0).Corrected || tb.Games.At(0).Info.Slug != slug || !tb.Games.At(0).Record.Over {
				t.Errorf("after the correction the table plays %s; game 1 is %s, corrected %v, over %v",
					tb.Info.Slug, tb.Games.At(0).Info.Slug, tb.Games.At(0).Corrected, tb.Games.At(0).Record.Over)
			}
		})
	}
	for _, slug := range []string{"koffer-katze-sombrero", "auf-der-hut", "kociaki-lobuziaki", "alaska", "rune-market", cambio.Slug, kodiak.Slug, scoresheet.Slug} {
		if !seen[slug] {
			t.Errorf("%s was not tried", slug)
		}
	}
}

// A round of another game's sheet is corrected with the sheet's editor
// after the table moved on, and everything after it is derived again:
// the sheet's winner, its place in the evening's standing and the
// history.
func TestCorrectASheetRoundAfterTheTableMovedOn(t *testing.T) {
	ts := newTestServer(t)
	table := ts.CreateGameTable(scoresheet.Slug, "Ana", "Ben", "Cy")
	ts.SheetRound(t, table, map[string]string{"name": "Catan", "players[0].points": "3", "players[1].points": "1", "players[2].points": "2"})
	ts.SheetRound(t, table, map[string]string{"players[0].points": "4", "players[1].points": "2", "players[2].points": "2"})
	ts.SheetRound(t, table, map[string]string{"players[0].points": "3", "players[1].points": "4", "players[2].points": "3", "last": "1"})
	ts.Choose(t, table, cambio.Slug, "")
	if p := cambiotest.EnterRound(ts.Server, table, cambiotest.Rounds[0].Cards, cambiotest.Rounds[0].Ended); p.Status != http.StatusSeeOther {
		t.Fatalf("Cambio round: %d", p.Status)
	}
	if w := ts.Table(table).Games.At(0).Record.Winners; fmt.Sprint(w) != "[Ana]" {
		t.Fatalf("Catan's winners %v, want Ana (10 to 7 and 7)", w)
	}

	// Round 2 was typed wrong: Ben had 9, not 2.
	edit := ts.Get(table + "/games/1/rounds/2/edit")
	if edit.Status != http.StatusOK {
		t.Fatalf("round 2 of the sheet: %d\n%s", edit.Status, edit.Text("main"))
	}
	if got := edit.Text("h1"); got != "Correct round 2 of game 1" {
		t.Errorf("heading %q", got)
	}
	if got := edit.Text(`[data-testid="sheet-title"]`); got != "Catan" {
		t.Errorf("the sheet's name above the form %q", got)
	}
	if v := edit.Doc.Find(`input[name="players[1].points"]`).AttrOr("value", ""); v != "2" {
		t.Errorf("Ben's round 2 opens as %q, want 2", v)
	}
	if edit.Doc.Find(`[data-testid="last-round"], [data-testid="end-game"], [data-testid="sheet-name"]`).Length() != 0 {
		t.Error("a correction offers to end the game or rename it")
	}
	if got := edit.Text(`[data-testid="save-scores"]`); got != "Check and save the correction" {
		t.Errorf("the button says %q", got)
	}
	f := edit.FormOf(t, table+"/games/1/rounds/2")
	f.Set("players[1].points", "9")
	if p := ts.Post(table+"/games/1/rounds/2", f); p.Status != http.StatusSeeOther || p.Header.Get("Location") != table+"/games/1" {
		t.Fatalf("the correction: %d to %q\n%s", p.Status, p.Header.Get("Location"), p.Text(`.field-error, [role="alert"]`))
	}
	tb := ts.Table(table)
	g := tb.Games.At(0)
	if tb.Info.Slug != cambio.Slug || !g.Corrected || !g.Record.Over || fmt.Sprint(g.Record.Winners) != "[Ben]" {
		t.Fatalf("after the correction: table plays %s, Catan corrected %v, over %v, winners %v", tb.Info.Slug, g.Corrected, g.Record.Over, g.Record.Winners)
	}
	if ben, _ := g.Result().Total("Ben"); ben != 14 {
		t.Errorf("Ben's Catan total %d, want 14", ben)
	}
	if got := g.Record.Status; got != "as_typed" {
		t.Errorf("the corrected sheet's status %q", got)
	}
	page := ts.Get(table)
	if got := page.Text(`tr[data-player="Ben"] [data-testid="total"]`); got != "14" {
		t.Errorf("Ben stands at %q, want the corrected 14", got)
	}
	if page.Doc.Find(`[data-testid="leader"]`).Text() == "" || !strings.Contains(page.Text(`[data-testid="leader"]`), "Ben") {
		t.Errorf("the leader line %q", page.Text(`[data-testid="leader"]`))
	}
	if !strings.Contains(page.Text(`[data-testid="log"]`), "Round 2 of game 1 corrected") {
		t.Errorf("the history does not tell the correction: %q", page.Text(`[data-testid="log"]`))
	}
	// The German page corrects it the same way.
	if de := ts.GetLang(table+"/games/1/rounds/2/edit", "de"); de.Status != http.StatusOK || de.Text(`[data-testid="sheet-title"]`) != "Catan" {
		t.Errorf("the German correction: %d, titled %q", de.Status, de.Text(`[data-testid="sheet-title"]`))
	}
	// A round the sheet does not have is not found, plainly.
	if p := ts.Get(table + "/games/1/rounds/4/edit"); p.Status != http.StatusNotFound {
		t.Errorf("round 4 of a sheet of three: %d", p.Status)
	}
}

// sentAsIs is the form posting to action as a browser sends it untouched:
// every named field with the value the page gave it (a box or a choice
// only when checked, a list's chosen option), no button.
func sentAsIs(t *testing.T, p webtest.Page, action string) url.Values {
	t.Helper()
	f := p.Doc.Find(`form[action="` + action + `"]`).First()
	if f.Length() == 0 {
		t.Fatalf("no form posting to %s", action)
	}
	v := url.Values{}
	f.Find("input[name], textarea[name], select[name]").Each(func(_ int, s *goquery.Selection) {
		name := s.AttrOr("name", "")
		switch {
		case goquery.NodeName(s) == "textarea":
			v.Add(name, s.Text())
		case goquery.NodeName(s) == "select":
			o := s.Find("option[selected]").First()
			if o.Length() == 0 {
				o = s.Find("option").First()
			}
			v.Add(name, o.AttrOr("value", o.Text()))
		default:
			switch s.AttrOr("type", "text") {
			case "submit", "button", "image", "reset", "file":
			case "checkbox", "radio":
				if _, on := s.Attr("checked"); on {
					v.Add(name, s.AttrOr("value", "on"))
				}
			default:
				v.Add(name, s.AttrOr("value", ""))
			}
		}
	})
	return v
}

// A sheet imported from a play file is corrected like one typed at the
// table: its round opens in the sheet's editor with the file's scores,
// and the correction ranks it again (the file's winner no longer
// decides).
func TestCorrectAnImportedSheet(t *testing.T) {
	ts := newTestServer(t)
	table := ts.NewTable(scoresheet.Slug, "Sheets", "Ana", "Ben", "Cy")
	ts.SheetRound(t, table, map[string]string{"name": "Golf", "wins": "lowest", "mode": "final", "players[0].points": "40", "players[1].points": "35", "players[2].points": "50"})
	admin := ts.CreateLeague(t, "Club", "placing", "Ana", "Ben", "Cy")
	done := ts.UploadPlays(t, admin, "golf.bgsplay", ts.Get(table+"/export.bgsplay").Body)
	golf, _ := done.Doc.Find(`[data-testid="plays-tables"] a`).First().Attr("href")
	if g := ts.Table(golf).Games; golf == "" || g.Len() != 1 || g.At(0).Imported == nil || fmt.Sprint(g.At(0).Record.Winners) != "[Ben]" {
		t.Fatalf("the imported golf table %q: %+v", golf, g)
	}
	if l := ts.Get(golf + "/games/1").Doc.Find(`a[href="` + golf + `/games/1/rounds/1/edit"]`).Length(); l != 1 {
		t.Fatal("the imported sheet's page offers no correction")
	}
	edit := ts.Get(golf + "/games/1/rounds/1/edit")
	if edit.Status != http.StatusOK || edit.Doc.Find(`input[name="players[2].points"]`).AttrOr("value", "") != "50" {
		t.Fatalf("the imported round's editor: %d\n%s", edit.Status, edit.Text("main"))
	}
	// Cy's 50 was a 30: Cy has the fewest now.
	f := sentAsIs(t, edit, golf+"/games/1/rounds/1")
	f.Set("players[2].points", "30")
	if p := ts.Post(golf+"/games/1/rounds/1", f); p.Status != http.StatusSeeOther {
		t.Fatalf("the correction: %d %s", p.Status, p.Text(`.field-error, [role="alert"]`))
	}
	g := ts.Table(golf).Games.At(0)
	if !g.Corrected || !g.Record.Counted || fmt.Sprint(g.Record.Winners) != "[Cy]" || g.Record.Status != "as_typed" {
		t.Errorf("the corrected import: corrected %v, counted %v, winners %v, status %s", g.Corrected, g.Record.Counted, g.Record.Winners, g.Record.Status)
	}
	if got := ts.Get(golf).Text(`[data-testid="leader"] strong`); !strings.Contains(got, "Cy") {
		t.Errorf("the table's leader line %q", got)
	}
}
