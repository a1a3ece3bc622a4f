package table_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"tablemate/sessions/plays"
	"tablemate/web/areatest"
	"tablemate/web/interop"
)

// TestEveningNotes: a note on the evening, written on the evening's page,
// is shown there and on its games' pages (edit and view-only, without a
// form there); it follows the rules of names (280 characters, no control
// characters: refused naming the field, nothing recorded); it goes out
// with every game's comments after the game's own note (.bgsplay,
// BoardGameGeek, the BG Stats link) and comes back in as the evening's
// note when the plays are imported, and with the table's own export; an
// undo takes it back.
func TestEveningNotes(t *testing.T) {
	ts := newTestServer(t)
	table, _, _ := ts.ImportJSON(pausedSheets())
	view := areatest.ViewPath(t, ts.Get(table))
	action := table + "/evening/note"
	page := ts.Get(table + "/evening")
	form := page.FormOf(t, action)
	if page.Doc.Find(`[data-testid="evening-note-input"]`).Length() != 1 {
		t.Fatal("the evening's page has no note field")
	}
	head := ts.Table(table).Log.Len()
	with := func(note string) url.Values {
		f := url.Values{}
		for k, v := range form {
			f[k] = v
		}
		f.Set("note", note)
		return f
	}
	for _, bad := range []string{strings.Repeat("ß", 281), "Ben\u0007s birthday", "a\u202eb"} {
		p := ts.Post(action, with(bad))
		if p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Text(".banner-bad"), "note") {
			t.Errorf("evening note %q: %d %q", bad[:4], p.Status, p.Text(".banner-bad"))
		}
	}
	if n := ts.Table(table).Log.Len(); n != head {
		t.Fatalf("a refused note recorded %d events", n-head)
	}

	// Game 1 has a note of its own: the exports carry both, the game's first.
	gameNote := ts.Get(table+"/games/1").FormOf(t, table+"/games/1/note")
	gameNote.Set("note", "with the expansion")
	if p := ts.Post(table+"/games/1/note", gameNote); p.Status != http.StatusSeeOther {
		t.Fatalf("game note: %d", p.Status)
	}
	note := "Ben's birthday & cake"
	f := ts.Get(table+"/evening").FormOf(t, action)
	f.Set("note", " "+note+"  ")
	var noted string
	for range 2 { // the same form twice: recorded once, answered alike
		p := ts.Post(action, f)
		if p.Status != http.StatusSeeOther || !strings.HasPrefix(p.Header.Get("Location"), table+"/evening?done=noted&at=") || noted != "" && p.Header.Get("Location") != noted {
			t.Fatalf("evening note: %d %q (first %q)", p.Status, p.Header.Get("Location"), noted)
		}
		noted = p.Header.Get("Location")
	}
	if n := ts.Table(table).Log.Len(); n != head+2 {
		t.Errorf("the notes recorded %d events, want 2", n-head)
	}
	same := ts.Get(table+"/evening").FormOf(t, action)
	same.Set("note", note)
	if p := ts.Post(action, same); p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Text(".banner-bad"), "the evening has this note already") {
		t.Errorf("the same note again: %d %q", p.Status, p.Text(".banner-bad"))
	}
	stale := with("an older page")
	stale.Set("_token", "evening-note-stale-0123")
	if p := ts.Post(action, stale); p.Status != http.StatusConflict {
		t.Errorf("a note from an older version: %d", p.Status)
	}

	ev := ts.Get(noted)
	if got := ev.Text(`[data-testid="evening-note-text"]`); got != "The evening's note: "+note || ev.Text(`.banner-good`) != "Note saved." {
		t.Errorf("the evening's page: %q, flash %q", got, ev.Text(`.banner-good`))
	}
	for _, path := range []string{table + "/games/1", table + "/games/2", view + "/games/2"} {
		p := ts.Get(path)
		if got := p.Text(`[data-testid="evening-note-text"]`); got != "The evening's note: "+note || p.Doc.Find(`[data-testid="evening-note-input"]`).Length() != 0 {
			t.Errorf("%s: %q, with a form: %d", path, got, p.Doc.Find(`[data-testid="evening-note-input"]`).Length())
		}
	}
	if got := ts.GetLang(view+"/games/1", "de").Text(`[data-testid="evening-note-text"]`); got != "Notiz zum Abend: "+note {
		t.Errorf("German: %q", got)
	}

	// Out: each game's comments, the game's note first.
	want := []string{"with the expansion\nEvening: " + note, "Evening: " + note}
	bgs := areatest.ReadPlays(t, ts.Get(table+"/export.bgsplay"), plays.BGStats)
	bgg := areatest.ReadPlays(t, ts.Get(view+"/export-bgg.xml"), plays.BGG)
	if len(bgs) != 2 || len(bgg) != 2 {
		t.Fatalf("exports: %d and %d plays", len(bgs), len(bgg))
	}
	for i, w := range want {
		if bgs[i].Comments != w || bgg[i].Comments != w {
			t.Errorf("game %d's comments: %q (BGG %q), want %q", i+1, bgs[i].Comments, bgg[i].Comments, w)
		}
	}
	if l := areatest.BGSLinks(t, ts.Get(table+"/games/2")); len(l) != 1 || l[0].Comments != want[1] {
		t.Errorf("BG Stats link: %+v", l)
	}

	// In: a league imports the plays; the table it makes has the
	// evening's note, and each game its own.
	for _, file := range []struct{ name, path string }{{"plays.bgsplay", "/export.bgsplay"}, {"plays.xml", "/export-bgg.xml"}} {
		admin := ts.CreateLeague(t, "Club "+file.name, "placing", "Ana", "Ben")
		done := ts.UploadPlays(t, admin, file.name, ts.Get(table+file.path).Body)
		var tables []string
		done.Doc.Find(`[data-testid="plays-tables"] a`).Each(func(_ int, s *goquery.Selection) { tables = append(tables, s.AttrOr("href", "")) })
		if len(tables) != 1 {
			t.Fatalf("%s: import made %v: %s", file.name, tables, done.Text(`[data-testid="import-error"], [data-testid="plays-skipped"]`))
		}
		g1 := ts.Get(tables[0] + "/games/1")
		if g1.Text(`[data-testid="note-text"]`) != "Note: with the expansion" || g1.Text(`[data-testid="evening-note-text"]`) != "The evening's note: "+note {
			t.Errorf("%s: imported game 1 says %q and %q", file.name, g1.Text(`[data-testid="note-text"]`), g1.Text(`[data-testid="evening-note-text"]`))
		}
		back := areatest.ReadPlays(t, ts.Get(ts.PublicOf(t, admin)+"/export.bgsplay"), plays.BGStats)
		if len(back) != 2 || back[1].Comments != want[1]+"\n"+interop.ImportedMark {
			t.Errorf("%s: exported again %+v", file.name, back)
		}
	}
	// The table's own export and import keep it.
	again, _, _ := ts.ImportJSON(ts.Get(table + "/export.json").Body)
	if got := ts.Get(again + "/evening").Text(`[data-testid="evening-note-text"]`); got != "The evening's note: "+note {
		t.Errorf("the table imported again: %q", got)
	}
	if log := strings.Join(ts.Timeline(t, table), "\n"); !strings.Contains(log, "The evening's note: "+note) {
		t.Errorf("the history does not tell the note:\n%s", log)
	}

	// Undo takes it back.
	if p := ts.Post(table+"/undo", ts.Get(table).FormOf(t, table+"/undo")); p.Status != http.StatusSeeOther {
		t.Fatalf("undo: %d", p.Status)
	}
	if ts.Get(table+"/games/1").Doc.Find(`[data-testid="evening-note-text"]`).Length() != 0 {
		t.Error("the evening's note outlived its undo")
	}
}
