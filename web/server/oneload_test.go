package server

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"tablemate/web/cambio/cambiotest"
	"tablemate/web/kks/kkstest"
)

// One request, one load: every page of a table, behind its edit link and
// its view-only link, resolves its link to the table once (one read of
// the database), however many parts the page has (its links, its games,
// what a finished game offers next). Every GET route of a table is
// walked; a new route is held to it too, or named here with why not.
func TestOneRequestLoadsItsTableOnce(t *testing.T) {
	ts := newTestServer(t)
	table := cambiotest.StartRoundTable(ts.Server, "cambio", "Ana", "Ben", "Cy")
	for j, r := range cambiotest.Rounds {
		if p := cambiotest.EnterRound(ts.Server, table, r.Cards, r.Ended); p.Status != http.StatusSeeOther {
			t.Fatalf("round %d: %d", j+1, p.Status)
		}
	}
	if !ts.Table(table).Games.At(0).Finished() {
		t.Fatal("the fixture's game did not end")
	}
	links, err := ts.app.tables.Links(context.Background(), strings.TrimPrefix(table, "/tables/"))
	if err != nil {
		t.Fatal(err)
	}
	view := "/v/" + links.View
	urls := map[string]string{}
	fill := func(route, base string) string {
		r := strings.NewReplacer("/tables/:id", base, "/v/:rid", base, ":n", "1", ":r", "1")
		return r.Replace(route)
	}
	notHeld := map[string]string{
		"/tables/:id/live": "a stream: it checks its link at every change, for as long as it is open",
		"/v/:rid/live":     "a stream: it checks its link at every change, for as long as it is open",
	}
	for _, route := range pageRoutes(newServer(ts.app)) {
		switch {
		case notHeld[route] != "":
		case strings.HasPrefix(route, "/tables/:id"):
			urls[route] = fill(route, table)
		case strings.HasPrefix(route, "/v/:rid"):
			urls[route] = fill(route, view)
		}
	}
	if len(urls) < 20 {
		t.Fatalf("only %d routes of a table found: %v", len(urls), urls)
	}
	for route, url := range urls {
		before := ts.app.tables.Stats().Lookups
		p := ts.Get(url)
		// (A round game is corrected round by round: its /edit is 404,
		// after the lookup that finds the game.)
		if p.Status >= 500 {
			t.Errorf("%s: %d", route, p.Status)
		}
		if n := ts.app.tables.Stats().Lookups - before; n != 1 {
			t.Errorf("%s (%s) resolved its link %d times, want once", route, url, n)
		}
	}
}

// A round entered: the table is read once, to check the entry against
// it; the page to go on to (the game the round ended opens on its
// ranking) is worked out from the table the write hands back, not from a
// second load.
func TestAnEntryLoadsItsTableOnce(t *testing.T) {
	ts := newTestServer(t)
	table := cambiotest.StartRoundTable(ts.Server, "cambio", "Ana", "Ben", "Cy")
	for j, r := range cambiotest.Rounds {
		page := ts.Get(table + "/games/new")
		f := page.FormOf(t, table+"/games")
		for i, c := range r.Cards {
			f.Set(fmt.Sprintf("players[%d].cards", i), c)
		}
		f.Set("ended", r.Ended)
		before := ts.app.tables.Stats().Lookups
		p := ts.Post(table+"/games", f)
		if p.Status != http.StatusSeeOther {
			t.Fatalf("round %d: %d", j+1, p.Status)
		}
		if n := ts.app.tables.Stats().Lookups - before; n != 1 {
			t.Errorf("round %d entered resolved its link %d times, want once", j+1, n)
		}
		if last := j == len(cambiotest.Rounds)-1; last != strings.HasSuffix(p.Header.Get("Location"), "/games/1") {
			t.Errorf("round %d went on to %q", j+1, p.Header.Get("Location"))
		}
	}
}

// A move of a guided game: one load, for the engine to check the move;
// where to go on (the play page, or the game's score after the last
// move) comes from the table the write hands back.
func TestAMoveLoadsItsTableOnce(t *testing.T) {
	ts := newTestServer(t)
	table := ts.CreateTable("Amelia", "Victor")
	f := ts.Get(table+"/play").FormOf(t, table+"/play/start")
	for i, c := range kkstest.Row {
		f.Set(fmt.Sprintf("row[%d]", i), c)
	}
	if p := ts.Post(table+"/play/start", f); p.Status != http.StatusSeeOther {
		t.Fatalf("start: %d %s", p.Status, p.Text(".field-error"))
	}
	step := ts.Get(table+"/play?take=3").FormOf(t, table+"/play/step")
	step.Set("reveal", "blue 7")
	before := ts.app.tables.Stats().Lookups
	p := ts.Post(table+"/play/step", step)
	if p.Status != http.StatusSeeOther || !strings.HasSuffix(p.Header.Get("Location"), "/play") {
		t.Fatalf("step: %d to %q %s", p.Status, p.Header.Get("Location"), p.Text(".field-error"))
	}
	if n := ts.app.tables.Stats().Lookups - before; n != 1 {
		t.Errorf("a move resolved its link %d times, want once", n)
	}
}
