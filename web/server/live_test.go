package server

import (
	"net/http"
	"testing"

	"tablemate/web/areatest"
	"tablemate/web/kks/kkstest"
)

// stream opens a table's event stream and returns a function reading the
// next event's id ("" when the stream ended or nothing came in time).
func (ts *testServer) stream(t *testing.T, path string, lastID string) (next func() string, status int) {
	t.Helper()
	status, events := ts.SSE(t, path, lastID)
	return func() string {
		ev, _ := areatest.NextEvent(events)
		return ev.ID
	}, status
}

func TestLiveTablePushesEveryMove(t *testing.T) {
	ts := newTestServer(t)
	table := ts.CreateTable("Amelia", "Victor")
	next, status := ts.stream(t, table+"/live?after=1", "")
	if status != http.StatusOK {
		t.Fatalf("stream: %d", status)
	}
	entry := ts.Get(table + "/games/new")
	ts.Post(table+"/games", kkstest.Form(entry.FormOf(t, table+"/games"), []map[string]string{kkstest.Amelia, {"red": "2"}}, []string{"3", "7"}))
	if id := next(); id != "2" {
		t.Fatalf("after a game was entered the stream said %q, want event 2", id)
	}
	// Undo is a move too.
	tbl := ts.Get(table)
	ts.Post(table+"/undo", tbl.FormOf(t, table+"/undo"))
	if id := next(); id != "3" {
		t.Fatalf("after undo the stream said %q, want event 3", id)
	}

	// A phone that slept reconnects with the last id it saw and catches up.
	again, _ := ts.stream(t, table+"/live", "1")
	if id := again(); id != "3" {
		t.Fatalf("reconnect from 1: %q, want 3 at once", id)
	}
	// Up to date: nothing is sent until the next move.
	quiet, _ := ts.stream(t, table+"/live?after=3", "")
	ts.app.live.Close()
	if id := quiet(); id != "" {
		t.Fatalf("an up-to-date stream got %q", id)
	}
	if _, status := ts.stream(t, "/tables/nope/live", ""); status != http.StatusNotFound {
		t.Errorf("unknown table: %d", status)
	}
}
