package interop_test

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"tablemate/sessions"
	"tablemate/sessions/plays"
	"tablemate/web/areatest"
	"tablemate/web/interop"
)

// line is what a play says of one player, for comparing plays.
type line struct {
	Name          string
	Score         int
	Winner        bool
	Seat, Rank    int
	Start         bool
	Game, Played  string
	Minutes, Play int
}

func linesOf(ps []plays.Play) []line {
	var out []line
	for i, p := range ps {
		for _, pl := range p.Players {
			out = append(out, line{Name: pl.Name, Score: *pl.Score, Winner: pl.Winner, Seat: pl.Seat, Rank: pl.Rank, Start: pl.StartPlayer,
				Game: p.Game.Slug, Played: p.Played.Format("2006-01-02 15:04"), Minutes: p.Minutes, Play: i})
		}
	}
	return out
}

// TestPlaysTravel: a league's table exports as BG Stats and BoardGameGeek
// files through the edit, view-only and standings links (no link in
// them); the BG Stats file imported into another league gives the same
// plays back when that league exports, marked as imported, not checked
// by the rules, on its pages and in its exports; a second import of the
// same file adds nothing; other games and bad files are said plainly.
func TestPlaysTravel(t *testing.T) {
	ts := newTestServer(t)
	admin := ts.CreateLeague(t, "Thursday club", "placing", "Amelia", "Victor")
	table := ts.CreateTable("Amelia", "Victor")
	ts.RecordKKS(t, table, []map[string]string{
		{"red": "1 2 3 4 5 6 7 8 9 10", "blue": "1 2 3 4 5 6 7"},
		{"yellow": "1 2 3 4 5 6 7 8 9 10", "black": "1 2 3 4 5 6 7"},
	}, []string{"3", "1"}) // Amelia 86, Victor 84
	form := ts.Get(admin).FormOf(t, admin+"/tables")
	if p := ts.Post(admin+"/tables", url.Values{"_csrf": form["_csrf"], "table": {table}}); p.Status != http.StatusSeeOther {
		t.Fatalf("add table: %d", p.Status)
	}
	public := ts.PublicOf(t, admin)
	view := areatest.ViewPath(t, ts.Get(table))

	// Exports: every link gives the same plays, and none holds a link.
	fromEdit := areatest.ReadPlays(t, ts.Get(table+"/export.bgsplay"), plays.BGStats)
	want := []line{
		{Name: "Amelia", Score: 86, Winner: true, Seat: 1, Rank: 1, Game: "koffer-katze-sombrero"},
		{Name: "Victor", Score: 84, Seat: 2, Rank: 2, Game: "koffer-katze-sombrero"},
	}
	got := linesOf(fromEdit)
	for i := range got {
		got[i].Played = ""
	}
	if !slices.Equal(got, want) {
		t.Errorf("exported plays %+v, want %+v", got, want)
	}
	for _, path := range []string{table + "/export-bgg.xml", view + "/export.bgsplay", view + "/export-bgg.xml", public + "/export.bgsplay", public + "/export-bgg.xml"} {
		f := plays.BGStats
		if strings.HasSuffix(path, ".xml") {
			f = plays.BGG
		}
		p := ts.Get(path)
		ps := areatest.ReadPlays(t, p, f)
		if len(ps) != 1 || len(ps[0].Players) != 2 || *ps[0].Players[0].Score != 86 {
			t.Errorf("%s: %+v", path, ps)
		}
		for _, secret := range []string{strings.TrimPrefix(table, "/tables/"), strings.TrimPrefix(admin, "/l/"), ts.Table(table).Key} {
			if strings.Contains(p.Body, secret) {
				t.Errorf("%s holds a link or key", path)
			}
		}
	}
	for _, page := range []string{table, view} {
		if ts.Get(page).Doc.Find(`[data-testid="export-bgstats"], [data-testid="export-bgg"]`).Length() != 2 {
			t.Errorf("%s offers no play exports", page)
		}
	}
	if ts.Get(admin).Doc.Find(`a[href="`+admin+`/plays"]`).Length() != 1 {
		t.Error("the admin page offers no import of plays")
	}

	// The file imported into another league: one game on one new table,
	// the players added as members, marked as imported.
	file := ts.Get(table + "/export.bgsplay").Body
	other := ts.CreateLeague(t, "Holiday league", "placing", "amelia")
	done := ts.UploadPlays(t, other, "plays.bgsplay", file)
	if done.Status != http.StatusOK || done.Doc.Find(`[data-testid="plays-imported"]`).Length() != 1 {
		t.Fatalf("import: %d %s", done.Status, done.Text(`[data-testid="import-error"]`))
	}
	if got := done.Text(`[data-testid="plays-imported"] strong`); got != "1 game imported" {
		t.Errorf("import says %q", got)
	}
	if got := done.Text(`[data-testid="plays-members"]`); !strings.Contains(got, "Victor") || strings.Contains(got, "Amelia") {
		t.Errorf("new members: %q (amelia is a member already, in another case)", got)
	}
	newTable, _ := done.Doc.Find(`[data-testid="plays-tables"] a`).Attr("href")
	tp := ts.Get(newTable)
	if tp.Doc.Find(`[data-testid="imported-badge"]`).Length() != 1 {
		t.Error("the imported game is not marked on its table")
	}
	gp := ts.Get(newTable + "/games/1")
	if !strings.Contains(gp.Text(`[data-testid="imported"]`), "not checked by the rules") || gp.Doc.Find(`[data-testid="verdict"]`).Length() != 0 {
		t.Errorf("game page: %q", gp.Text(`[data-testid="imported"]`))
	}
	if de := ts.GetLang(newTable+"/games/1", "de"); !strings.Contains(de.Text(`[data-testid="imported"]`), "nicht nach den Regeln geprüft") {
		t.Errorf("German game page: %q", de.Text(`[data-testid="imported"]`))
	}
	if csv := ts.Get(newTable + "/results.csv").Body; !strings.Contains(csv, "imported") || !strings.Contains(csv, "true,true") {
		t.Errorf("csv does not mark the imported game: %q", csv)
	}
	st := ts.Get(ts.PublicOf(t, other))
	if got := st.Text(`[data-testid="standings"] tr[data-player="amelia"] [data-testid="points"]`); got != "3" {
		t.Errorf("the imported win does not count for amelia: %q", got)
	}

	// Round trip: the other league's export gives the same plays, the
	// mark in the comments.
	back := areatest.ReadPlays(t, ts.Get(ts.PublicOf(t, other)+"/export.bgsplay"), plays.BGStats)
	wantBack := linesOf(fromEdit)
	wantBack[0].Name = "amelia"
	if got := linesOf(back); !slices.Equal(got, wantBack) {
		t.Errorf("round trip %+v, want %+v", got, wantBack)
	}
	if len(back) == 1 && (back[0].Comments != interop.ImportedMark || plays.PlayUUID(back[0], 0) != plays.PlayUUID(fromEdit[0], 0)) {
		t.Errorf("round trip comments %q, uuid %s vs %s", back[0].Comments, plays.PlayUUID(back[0], 0), plays.PlayUUID(fromEdit[0], 0))
	}

	// The same through BoardGameGeek's XML: the day survives (BGG keeps
	// no time), and the rest.
	bggLeague := ts.CreateLeague(t, "BGG league", "placing", "Amelia", "Victor")
	if p := ts.UploadPlays(t, bggLeague, "plays.xml", ts.Get(table+"/export-bgg.xml").Body); p.Text(`[data-testid="plays-imported"] strong`) != "1 game imported" {
		t.Fatalf("BGG import: %d %s", p.Status, p.Text(`[data-testid="import-error"], [data-testid="plays-skipped"]`))
	}
	viaBGG := linesOf(areatest.ReadPlays(t, ts.Get(ts.PublicOf(t, bggLeague)+"/export-bgg.xml"), plays.BGG))
	wantBGG := linesOf(areatest.ReadPlays(t, ts.Get(table+"/export-bgg.xml"), plays.BGG))
	if !slices.Equal(viaBGG, wantBGG) {
		t.Errorf("BGG round trip %+v, want %+v", viaBGG, wantBGG)
	}

	// Imported twice, or into the league it came from: nothing added.
	for _, l := range []string{other, admin} {
		again := ts.UploadPlays(t, l, "plays.bgsplay", file)
		if got := again.Text(`[data-testid="plays-imported"] strong`); got != "0 games imported" {
			t.Errorf("second import into %s says %q", l, got)
		}
		if got := again.Text(`[data-testid="plays-skip"]`); !strings.Contains(got, "already in this league") {
			t.Errorf("second import: %q", got)
		}
	}
}

// TestPlaysImportLeavesOutAndRefuses: plays a league cannot take are
// listed with the reason, in the reader's language; a bad file is
// refused with what is wrong in it and imports nothing (never a 500);
// the import is all or nothing.
func TestPlaysImportLeavesOutAndRefuses(t *testing.T) {
	ts := newTestServer(t)
	admin := ts.CreateLeague(t, "Club", "wins", "Ana", "Ben")
	bgg := `<plays total="3" page="1">
 <play id="11" date="2024-05-11" quantity="1" length="30" incomplete="0" nowinstats="0" location="Home">
  <item name="Cambio" objecttype="thing" objectid="0"/>
  <players><player name="Ana" score="12" win="1"/><player name="Ben" score="31" win="0"/><player name="Cy" score="40" win="0"/></players>
 </play>
 <play id="12" date="2024-05-11" quantity="1" length="60" incomplete="0" nowinstats="0" location="">
  <item name="Catan" objecttype="thing" objectid="13"/>
  <players><player name="Ana" score="10" win="1"/><player name="Ben" score="8" win="0"/></players>
 </play>
 <play id="13" date="2024-05-12" quantity="1" length="20" incomplete="1" nowinstats="0" location="">
  <item name="Kociaki Łobuziaki" objecttype="thing" objectid="0"/>
  <players><player name="Ana" score="10" win="1"/><player name="Ben" score="8" win="0"/></players>
 </play>
</plays>`
	done := ts.UploadPlays(t, admin, "plays.xml", bgg)
	if done.Status != http.StatusOK {
		t.Fatalf("import: %d %s", done.Status, done.Text(`[data-testid="import-error"]`))
	}
	if got := done.Text(`[data-testid="plays-imported"] strong`); got != "2 games imported" {
		t.Errorf("import says %q", got)
	}
	if got := done.Text(`[data-testid="plays-skipped"]`); !strings.Contains(got, "Play 3: Kociaki Łobuziaki") || !strings.Contains(got, "the play was not finished") || strings.Contains(got, "Catan") {
		t.Errorf("skipped plays %q", got)
	}
	de := ts.UploadPlaysIn(t, "de", admin, "plays.xml", strings.ReplaceAll(bgg, `id="1`, `id="2`))
	if got := de.Text(`[data-testid="plays-skipped"]`); !strings.Contains(got, "die Partie wurde nicht beendet") || de.Status != http.StatusOK {
		t.Errorf("second file, in German: %d %q", de.Status, got)
	}

	for name, file := range map[string]string{
		"not a play file": "hello",
		"bad score":       strings.Replace(bgg, `win="1"`, `win="yes"`, 1),
		"cut off":         bgg[:200],
		"dangling ref":    `{"players":[],"games":[],"locations":[],"plays":[{"uuid":"a","playDate":"2024-05-11 20:00:00","gameRefId":9,"playerScores":[]}]}`,
	} {
		p := ts.UploadPlays(t, admin, "plays.xml", file)
		if p.Status != http.StatusUnprocessableEntity || !strings.HasPrefix(p.Text(`[data-testid="import-error"]`), "Nothing was imported") {
			t.Errorf("%s: %d %q", name, p.Status, p.Text(`[data-testid="import-error"]`))
		}
	}
	bad := ts.UploadPlays(t, admin, "plays.xml", strings.Replace(bgg, `win="1"`, `win="yes"`, 1))
	if got := bad.Text(`[data-testid="import-error"]`); !strings.Contains(got, "win") {
		t.Errorf("the message does not name the field: %q", got)
	}
	if p := ts.Post(admin+"/plays", url.Values{"_csrf": ts.Get(admin+"/plays").FormOf(t, admin+"/plays")["_csrf"]}); p.Status != http.StatusUnprocessableEntity {
		t.Errorf("no file: %d", p.Status)
	}
}

// TestPlaysImportOtherGames: a play of a game that is not one of the
// seven becomes that game's score sheet ("another game") under the
// file's title, on the table of its game, day and players, counted as
// the file says and marked as not checked; the lowest total wins where
// the file says so. A table's sheets go out and come back the same
// (BG Stats and BoardGameGeek), the whole title and BoardGameGeek id
// kept though the sheet's name is cut to fit; a play the sheet cannot
// take is left out with the reason.
func TestPlaysImportOtherGames(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)

	// An evening of two sheets, Skat (highest wins) and Golf (lowest).
	table := ts.NewTable("another-game", "Sheets", "Ana", "Ben", "Cy")
	ts.SheetRound(t, table, map[string]string{"name": "Skat", "mode": "final", "players[0].points": "10", "players[1].points": "-4", "players[2].points": "3"})
	ts.Choose(t, table, "another-game", "Ben")
	ts.SheetRound(t, table, map[string]string{"name": "Golf", "wins": "lowest", "mode": "final", "players[0].points": "40", "players[1].points": "35", "players[2].points": "50"})
	out := areatest.ReadPlays(t, ts.Get(table+"/export.bgsplay"), plays.BGStats)
	if len(out) != 2 || out[0].Game.Name != "Skat" || out[1].Game.Name != "Golf" || !out[1].Game.LowestWins {
		t.Fatalf("exported sheets %+v", out)
	}

	admin := ts.CreateLeague(t, "Club", "placing", "Ana", "Ben", "Cy")
	done := ts.UploadPlays(t, admin, "sheets.bgsplay", ts.Get(table+"/export.bgsplay").Body)
	if got := done.Text(`[data-testid="plays-imported"] strong`); got != "2 games imported" {
		t.Fatalf("import says %q: %s", got, done.Text(`[data-testid="import-error"], [data-testid="plays-skipped"]`))
	}
	if got := done.Text(`[data-testid="plays-tables"]`); !strings.Contains(got, "Skat, BG Stats") || !strings.Contains(got, "Golf, BG Stats") {
		t.Errorf("new tables %q", got)
	}
	var golfTable string
	done.Doc.Find(`[data-testid="plays-tables"] a`).Each(func(_ int, a *goquery.Selection) {
		if strings.Contains(a.Text(), "Golf") {
			golfTable, _ = a.Attr("href")
		}
	})
	gp := ts.Get(golfTable + "/games/1")
	if !strings.Contains(gp.Text("h1"), "Golf") || !strings.Contains(gp.Text(`[data-testid="imported"]`), "not checked by the rules") {
		t.Errorf("golf page: %q / %q", gp.Text("h1"), gp.Text(`[data-testid="imported"]`))
	}
	if g := ts.Table(golfTable).Games.At(0); !g.LowestWins() || g.Result().Winners[0] != "Ben" || g.Kind() != "another-game:golf" {
		t.Errorf("imported golf %+v", g.Result())
	}
	// Round trip: the league's export holds the same plays.
	back := areatest.ReadPlays(t, ts.Get(ts.PublicOf(t, admin)+"/export.bgsplay"), plays.BGStats)
	if got, want := sheetLines(back), sheetLines(out); !slices.Equal(got, want) {
		t.Errorf("round trip %v, want %v", got, want)
	}
	// Again: nothing added.
	if again := ts.UploadPlays(t, admin, "sheets.bgsplay", ts.Get(table+"/export.bgsplay").Body); again.Text(`[data-testid="plays-imported"] strong`) != "0 games imported" {
		t.Errorf("second import: %q", again.Text(`[data-testid="plays-imported"] strong`))
	}

	// The imported sheet's table goes on like any: its pages open, and the
	// next round starts a new sheet.
	golfView := areatest.ViewPath(t, ts.Get(golfTable))
	for _, path := range []string{golfTable, golfTable + "/next", golfTable + "/evening", golfTable + "/games/new", golfView, golfView + "/games/1/card.png"} {
		if p := ts.Get(path); p.Status != http.StatusOK {
			t.Errorf("%s: %d", path, p.Status)
		}
	}
	ts.SheetRound(t, golfTable, map[string]string{"name": "Golf", "wins": "lowest", "mode": "final", "players[0].points": "30", "players[1].points": "41", "players[2].points": "44"})
	if g := ts.Table(golfTable).Games; g.Len() != 2 || g.At(1).Imported != nil || g.At(1).Kind() != "another-game:golf" || g.At(1).Result().Winners[0] != "Ana" {
		t.Errorf("the next sheet after an imported one: %+v", g)
	}
	if ev := ts.Table(golfTable).Evening(); ev.Mode != sessions.EveningSum {
		t.Errorf("two games of golf are summed: %+v", ev)
	}
	// BoardGameGeek: the whole title and the id survive a sheet's name cut
	// to fit; a play of 13 players is left out.
	long := "Twilight Imperium: Fourth Edition – Prophecy of Kings"
	var thirteen strings.Builder
	for i := range 13 {
		fmt.Fprintf(&thirteen, `<player name="P%d" score="%d" win="%d"/>`, i, i, map[bool]int{true: 1}[i == 12])
	}
	bgg := `<plays total="2" page="1">
 <play id="31" date="2024-06-01" quantity="1" length="480" incomplete="0" nowinstats="0" location="">
  <item name="` + long + `" objecttype="thing" objectid="314"/>
  <players><player name="Ana" score="10" win="1"/><player name="Ben" score="8" win="0"/></players>
 </play>
 <play id="32" date="2024-06-01" quantity="1" length="20" incomplete="0" nowinstats="0" location="">
  <item name="Werewolf" objecttype="thing" objectid="925"/>
  <players>` + thirteen.String() + `</players>
 </play>
</plays>`
	bl := ts.CreateLeague(t, "BGG", "wins", "Ana", "Ben")
	p := ts.UploadPlays(t, bl, "plays.xml", bgg)
	if got := p.Text(`[data-testid="plays-imported"] strong`); got != "1 game imported" {
		t.Fatalf("BGG import says %q: %s", got, p.Text(`[data-testid="import-error"]`))
	}
	if got := p.Text(`[data-testid="plays-skip"]`); !strings.Contains(got, "Werewolf") || !strings.Contains(got, "a score sheet takes 12 players at most; this play has 13") {
		t.Errorf("13 players: %q", got)
	}
	if got := ts.UploadPlaysIn(t, "de", bl, "plays.xml", bgg).Text(`[data-testid="plays-skipped"]`); !strings.Contains(got, "höchstens 12") {
		t.Errorf("13 players, in German: %q", got)
	}
	tiTable, _ := p.Doc.Find(`[data-testid="plays-tables"] a`).Attr("href")
	if name := ts.Table(tiTable).Games.At(0).Record.Sheet; len([]rune(name)) != 40 || !strings.HasSuffix(name, "…") {
		t.Errorf("the sheet's name %q is not cut to 40 characters", name)
	}
	ps := areatest.ReadPlays(t, ts.Get(ts.PublicOf(t, bl)+"/export-bgg.xml"), plays.BGG)
	if len(ps) != 1 || ps[0].Game.Name != long || ps[0].Game.BGGID != 314 || *ps[0].Players[0].Score != 10 || !ps[0].Players[0].Winner {
		t.Errorf("BGG export of the imported sheet %+v", ps)
	}
}

// sheetLines is what plays say of sheets: game, how it is won, scores
// and winners.
func sheetLines(ps []plays.Play) []string {
	var out []string
	for _, p := range ps {
		s := fmt.Sprintf("%s lowest=%v:", p.Game.Name, p.Game.LowestWins)
		for _, pl := range p.Players {
			s += fmt.Sprintf(" %s %d %v", pl.Name, *pl.Score, pl.Winner)
		}
		out = append(out, s)
	}
	return out
}

// TestPlaysImportPreview: with ?preview=1 (what js/plays.js sends first)
// the page says what the import would make — the games, the new tables
// without links, the new members, the plays left out — in the reader's
// language, and writes nothing; a bad file is refused as an import is;
// the import that follows makes what the preview said.
func TestPlaysImportPreview(t *testing.T) {
	ts := newTestServer(t)
	admin := ts.CreateLeague(t, "Club", "wins", "Ana", "Ben")
	bgg := `<plays total="2" page="1">
 <play id="41" date="2024-05-11" quantity="1" length="30" incomplete="0" nowinstats="0" location="">
  <item name="Cambio" objecttype="thing" objectid="0"/>
  <players><player name="Ana" score="12" win="1"/><player name="Ben" score="31" win="0"/><player name="Cy" score="40" win="0"/></players>
 </play>
 <play id="42" date="2024-05-12" quantity="1" length="20" incomplete="1" nowinstats="0" location="">
  <item name="Catan" objecttype="thing" objectid="13"/>
  <players><player name="Ana" score="10" win="1"/><player name="Ben" score="8" win="0"/></players>
 </play>
</plays>`
	p := ts.UploadPlaysIn(t, "en", admin, "plays.xml", bgg, "?preview=1")
	if p.Status != http.StatusOK || p.Doc.Find(`[data-testid="plays-imported"]`).Length() != 0 {
		t.Fatalf("preview: %d %s", p.Status, p.Text(`[data-testid="import-error"]`))
	}
	if got := p.Text(`[data-testid="plays-to-import"]`); !strings.Contains(got, "1 game to import") || !strings.Contains(got, "from BoardGameGeek, on 1 new table") {
		t.Errorf("preview says %q", got)
	}
	if got := p.Text(`[data-testid="plays-tables"]`); !strings.Contains(got, "BoardGameGeek 2024-05-11") || !strings.Contains(got, "Cambio") {
		t.Errorf("tables to make %q", got)
	}
	if p.Doc.Find(`[data-testid="plays-tables"] a, #plays-preview a[href^="/tables/"]`).Length() != 0 {
		t.Error("the preview links a table that does not exist")
	}
	if got := p.Text(`[data-testid="plays-members"]`); !strings.Contains(got, "New members to add: Cy") {
		t.Errorf("members to add %q", got)
	}
	if got := p.Text(`[data-testid="plays-skip"]`); !strings.Contains(got, "the play was not finished") {
		t.Errorf("left out %q", got)
	}
	if got := p.Text(`[data-testid="import-confirm"]`); got != "Import this game" {
		t.Errorf("the confirm button says %q", got)
	}
	if de := ts.UploadPlaysIn(t, "de", admin, "plays.xml", bgg, "?preview=1"); !strings.Contains(de.Text(`[data-testid="plays-to-import"]`), "1 Partie zu importieren") {
		t.Errorf("German preview %q", de.Text(`[data-testid="plays-to-import"]`))
	}
	// Nothing was written: no table, no member.
	if l := ts.League(admin); l.Tables() != 0 || len(l.Members) != 2 {
		t.Fatalf("a preview wrote %d tables, %d members", l.Tables(), len(l.Members))
	}
	if bad := ts.UploadPlaysIn(t, "en", admin, "plays.xml", "hello", "?preview=1"); bad.Status != http.StatusUnprocessableEntity || !strings.HasPrefix(bad.Text(`[data-testid="import-error"]`), "Nothing was imported") {
		t.Errorf("a bad file's preview: %d %q", bad.Status, bad.Text(`[data-testid="import-error"]`))
	}
	// The import makes what the preview said.
	done := ts.UploadPlays(t, admin, "plays.xml", bgg)
	if got := done.Text(`[data-testid="plays-imported"] strong`); got != "1 game imported" || done.Doc.Find(`[data-testid="plays-tables"] a`).Length() != 1 {
		t.Errorf("import says %q", got)
	}
	if l := ts.League(admin); l.Tables() != 1 || len(l.Members) != 3 {
		t.Errorf("the import made %d tables, %d members", l.Tables(), len(l.Members))
	}
	// A preview after it: nothing left to import.
	if again := ts.UploadPlaysIn(t, "en", admin, "plays.xml", bgg, "?preview=1"); again.Doc.Find(`[data-testid="import-confirm"]`).Length() != 0 || !strings.Contains(again.Text(`[data-testid="plays-to-import"]`), "0 games to import") {
		t.Errorf("a second preview offers to import: %q", again.Text(`[data-testid="plays-to-import"]`))
	}
}
