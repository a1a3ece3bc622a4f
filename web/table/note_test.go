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

// TestGameNotes: a note written on a game's edit page is shown there and
// through the view-only link (without the form), goes out as the play's
// comments (.bgsplay, BoardGameGeek, the BG Stats link) and comes back in
// with an import; a note too long or with a control character is refused
// naming the field and records nothing; a resent form records it once; an
// undo takes it back.
func TestGameNotes(t *testing.T) {
	ts := newTestServer(t)
	table := ts.CreateTable("Amelia", "Victor")
	ts.RecordKKS(t, table, []map[string]string{
		{"red": "1 2 3 4 5 6 7 8 9 10", "blue": "1 2 3 4 5 6 7"},
		{"yellow": "1 2 3 4 5 6 7 8 9 10", "black": "1 2 3 4 5 6 7"},
	}, []string{"3", "1"})
	game := table + "/games/1"
	action := game + "/note"
	view := areatest.ViewPath(t, ts.Get(table))
	form := ts.Get(game).FormOf(t, action)
	head := ts.Table(table).Log.Len()

	// Refused: too long, a control character; nothing recorded.
	for _, bad := range []string{strings.Repeat("é", 281), "first\u0007game"} {
		f := url.Values{}
		for k, v := range form {
			f[k] = v
		}
		f.Set("note", bad)
		p := ts.Post(action, f)
		if p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Body, "note") {
			t.Errorf("note %q: %d", bad[:5], p.Status)
		}
	}
	if n := ts.Table(table).Log.Len(); n != head {
		t.Fatalf("a refused note recorded %d events", n-head)
	}

	// Written, and the same form sent twice records it once.
	note := "Ben's first game & with the hat"
	f := url.Values{}
	for k, v := range form {
		f[k] = v
	}
	f.Set("note", "  "+note+" ")
	for range 2 {
		if p := ts.Post(action, f); p.Status != http.StatusSeeOther {
			t.Fatalf("note: %d %s", p.Status, p.Body)
		}
	}
	if n := ts.Table(table).Log.Len(); n != head+1 {
		t.Errorf("the note recorded %d events, want 1", n-head)
	}
	edit := ts.Get(game)
	if got := edit.Text(`[data-testid="note-text"]`); got != "Note: "+note {
		t.Errorf("edit page note %q", got)
	}
	if v, _ := edit.Doc.Find(`[data-testid="note-input"]`).Attr("value"); v != note {
		t.Errorf("the note field holds %q", v)
	}
	vp := ts.Get(view + "/games/1")
	if got := vp.Text(`[data-testid="note-text"]`); got != "Note: "+note || vp.Doc.Find(`[data-testid="note-input"], form[action$="/note"]`).Length() != 0 {
		t.Errorf("view-only page: note %q, form %d", got, vp.Doc.Find(`form[action$="/note"]`).Length())
	}
	if got := ts.GetLang(view+"/games/1", "de").Text(`[data-testid="note-text"]`); got != "Notiz: "+note {
		t.Errorf("German: %q", got)
	}

	// Out: comments in both files and the BG Stats link.
	bgs := areatest.ReadPlays(t, ts.Get(table+"/export.bgsplay"), plays.BGStats)
	bgg := areatest.ReadPlays(t, ts.Get(view+"/export-bgg.xml"), plays.BGG)
	if len(bgs) != 1 || bgs[0].Comments != note || len(bgg) != 1 || bgg[0].Comments != note {
		t.Fatalf("exported comments: %+v / %+v", bgs, bgg)
	}
	if l := areatest.BGSLinks(t, ts.Get(game)); len(l) != 1 || l[0].Comments != note {
		t.Errorf("BG Stats link: %+v", l)
	}

	// In: the file's comments are the imported game's note, and go out
	// again.
	admin := ts.CreateLeague(t, "Club", "placing", "Amelia", "Victor")
	done := ts.UploadPlays(t, admin, "plays.bgsplay", ts.Get(table+"/export.bgsplay").Body)
	var tables []string
	done.Doc.Find(`[data-testid="plays-tables"] a`).Each(func(_ int, s *goquery.Selection) { tables = append(tables, s.AttrOr("href", "")) })
	if len(tables) != 1 {
		t.Fatalf("import: %s", done.Text(`[data-testid="import-error"], [data-testid="plays-skipped"]`))
	}
	if got := ts.Get(tables[0] + "/games/1").Text(`[data-testid="note-text"]`); got != "Note: "+note {
		t.Errorf("imported game's note %q", got)
	}
	back := areatest.ReadPlays(t, ts.Get(ts.PublicOf(t, admin)+"/export.bgsplay"), plays.BGStats)
	if len(back) != 1 || back[0].Comments != note+"\n"+interop.ImportedMark {
		t.Errorf("exported again: %+v", back)
	}

	// Undo takes the note back.
	undo := ts.Get(table).FormOf(t, table+"/undo")
	if p := ts.Post(table+"/undo", undo); p.Status != http.StatusSeeOther {
		t.Fatalf("undo: %d", p.Status)
	}
	if ts.Get(game).Doc.Find(`[data-testid="note-text"]`).Length() != 0 {
		t.Error("the note outlived its undo")
	}
}
