package server

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"tablemate/scoring/aufderhut"
	"tablemate/scoring/kks"
	"tablemate/scoring/kodiak"
)

// The new-table form shows the boxes the chosen game needs (KKS 2–4:
// four, no "add a player"; Auf der Hut 2–6: four and "add a player" up to
// six, as form buttons that work without JavaScript); ↑/↓ move a name a
// seat with who starts following it; "Who starts?" shows the game's own
// rule and records the chosen seat as the table's first player.
func TestNewTableFormSeatsAndWhoStarts(t *testing.T) {
	ts := newTestServer(t)
	p := ts.Get("/tables/new?game=" + kks.Slug)
	if n := p.Doc.Find(`input[name="players"]`).Length(); n != 4 {
		t.Errorf("KKS form has %d name boxes, want 4 (2–4 players)", n)
	}
	if p.Doc.Find(`[data-testid="add-player"]`).Length() != 0 {
		t.Error("KKS form offers a fifth player")
	}
	if rule := p.Text(`[data-testid="start-rule"]`); !strings.Contains(rule, "suitcase") {
		t.Errorf("KKS start rule %q, want the largest suitcase (its rule text)", rule)
	}
	if de := ts.German("/tables/new?game="+kks.Slug, nil); !strings.Contains(de.Text(`[data-testid="who-starts"] legend`), "Wer fängt an?") || de.Text(`[data-testid="start-rule"]`) == p.Text(`[data-testid="start-rule"]`) {
		t.Errorf("German who starts: %q / %q", de.Text(`[data-testid="who-starts"] legend`), de.Text(`[data-testid="start-rule"]`))
	}

	p = ts.Get("/tables/new?game=" + aufderhut.Slug)
	if n := p.Doc.Find(`input[name="players"]`).Length(); n != 4 || p.Doc.Find(`[data-testid="add-player"]`).Length() != 1 {
		t.Fatalf("Auf der Hut form: %d boxes, add a player %d", n, p.Doc.Find(`[data-testid="add-player"]`).Length())
	}
	f := p.FormOf(t, "/tables")
	f.Set("game", aufderhut.Slug)
	f["players"] = []string{"Ana", "Ben", "Cy", "Di"}
	f.Set("first", "2")
	f.Set("_add", "1")
	p = ts.Post("/tables", f)
	if p.Status != http.StatusOK || p.Doc.Find(`input[name="players"]`).Length() != 5 {
		t.Fatalf("add a player: %d, %d boxes", p.Status, p.Doc.Find(`input[name="players"]`).Length())
	}
	f.Set("_add", "1")
	f["players"] = []string{"Ana", "Ben", "Cy", "Di", "Ed"}
	if p = ts.Post("/tables", f); p.Doc.Find(`input[name="players"]`).Length() != 6 || p.Doc.Find(`[data-testid="add-player"]`).Length() != 0 {
		t.Errorf("at six players (Auf der Hut's most): %d boxes, add a player %d", p.Doc.Find(`input[name="players"]`).Length(), p.Doc.Find(`[data-testid="add-player"]`).Length())
	}
	if v, _ := p.Doc.Find(`#player-4`).Attr("value"); v != "Ed" {
		t.Errorf("the names typed were lost adding a box: box 5 is %q", v)
	}

	// Cy (seat 3) starts; moving Cy up keeps Cy starting.
	f.Del("_add")
	f["players"] = []string{"Ana", "Ben", "Cy"}
	f.Set("_move", "up:2")
	p = ts.Post("/tables", f)
	var got []string
	p.Doc.Find(`input[name="players"]`).Each(func(_ int, s *goquery.Selection) { got = append(got, s.AttrOr("value", "")) })
	if strings.Join(got[:3], ",") != "Ana,Cy,Ben" {
		t.Errorf("after moving Cy up the seats are %v", got)
	}
	if v, _ := p.Doc.Find(`input[name="first"][checked]`).Attr("value"); v != "1" {
		t.Errorf("who starts is seat %q after the move, want Cy's new seat 1", v)
	}

	f.Del("_move")
	f["players"] = []string{"Ana", "Cy", "Ben"}
	f.Set("first", "1")
	if p = ts.Post("/tables", f); p.Status != http.StatusSeeOther {
		t.Fatalf("create: %d %s", p.Status, p.Text(".field-error"))
	}
	table := p.Header.Get("Location")
	if tb := ts.Table(table); tb.First != "Cy" || strings.Join(tb.Players, ",") != "Ana,Cy,Ben" {
		t.Errorf("the table starts with %q, seats %v; want Cy, Ana,Cy,Ben", tb.First, tb.Players)
	}

	// The phone offers the names of its tables as chips.
	ts.Get(table)
	chips := ts.Get("/tables/new").Doc.Find(`[data-name-chip]`)
	if chips.Length() != 3 || chips.First().AttrOr("data-name-chip", "") != "Ana" {
		t.Errorf("name chips: %d, first %q; want Ana, Cy, Ben", chips.Length(), chips.First().AttrOr("data-name-chip", ""))
	}
}

// The start-player record feeds the rotation (ruling KOD-1): a Kodiak
// table whose form chose Cy to start has Cy as the first Kodiak on the
// round entry and preselected on the guided setup; the next game chosen
// with Ben starting makes Ben its first Kodiak. No handler reckons the
// seat: the engine's kodiak.NextFrom does.
func TestStartPlayerFeedsTheKodiakRotation(t *testing.T) {
	ts := newTestServer(t)
	f := ts.Get("/tables/new?game="+kodiak.Slug).FormOf(t, "/tables")
	f.Set("game", kodiak.Slug)
	f["players"] = []string{"Ana", "Ben", "Cy"}
	f.Set("first", "2")
	p := ts.Post("/tables", f)
	if p.Status != http.StatusSeeOther {
		t.Fatalf("create: %d %s", p.Status, p.Text(".field-error"))
	}
	table := p.Header.Get("Location")
	entry := ts.Get(table + "/games/new")
	if !strings.Contains(entry.Body, "Kodiak by the rotation: Cy") {
		t.Errorf("round 1's entry does not make Cy Kodiak:\n%s", entry.Text("main"))
	}
	if v, _ := entry.Doc.Find(`input[name="kodiak"][checked]`).Attr("value"); v != "2" {
		t.Errorf("round 1's Kodiak preselected is seat %q, want Cy's 2", v)
	}
	if v, _ := ts.Get(table + "/play").Doc.Find(`input[name="kodiak"][checked]`).Attr("value"); v != "2" {
		t.Errorf("the guided game's first Kodiak preselected is seat %q, want Cy's 2", v)
	}
	choose(t, ts, table, kodiak.Slug, "Ben")
	if !strings.Contains(ts.Get(table+"/games/new").Body, "Kodiak by the rotation: Ben") {
		t.Error("the next game chosen with Ben starting does not make Ben the first Kodiak")
	}
}

// The table's chosen first player takes the first turn of a game played
// along (ruling KKS-3: the engine's setup carries the seat).
func TestStartPlayerTakesTheFirstGuidedTurn(t *testing.T) {
	ts := newTestServer(t)
	f := ts.Get("/tables/new?game="+kks.Slug).FormOf(t, "/tables")
	f.Set("game", kks.Slug)
	f["players"] = []string{"Ana", "Ben", "Cy"}
	f.Set("first", "1")
	table := ts.Post("/tables", f).Header.Get("Location")
	form := ts.Get(table+"/play").FormOf(t, table+"/play/start")
	for i, c := range []string{"red 10", "black 2", "red 1", "blue 4", "yellow 6", "red 5", "black 9"} {
		form.Set(fmt.Sprintf("row[%d]", i), c)
	}
	if p := ts.Post(table+"/play/start", form); p.Status != http.StatusSeeOther {
		t.Fatalf("start: %d %q", p.Status, p.Text(".field-error"))
	}
	if got := ts.Get(table + "/play").Text(`[data-testid="to-move"]`); !strings.HasPrefix(got, "Ben ") {
		t.Errorf("the first turn is %q, want Ben's (chosen to start)", got)
	}
}
