package server

import (
	"context"
	"net/http"
	"testing"
	"time"

	"tablemate/web/areatest"
	"tablemate/web/kks/kkstest"
	"tablemate/web/webtest"
)

// secondServer is another server on the same database (webtest.Second).
func (ts *testServer) secondServer() *testServer {
	ts.T.Helper()
	s, a := webtest.Second(ts.Server, NewApp)
	return &testServer{Steps: areatest.Steps{Server: s}, app: a}
}

// TestLiveStreamsFollowWritesOnAnotherServer: a phone's stream on one
// server sees every move entered through another server on the same
// database, catches up with Last-Event-ID on either, and is closed when
// the link it came through is replaced on the other server.
func TestLiveStreamsFollowWritesOnAnotherServer(t *testing.T) {
	a := newTestServer(t)
	b := a.secondServer()
	table := a.CreateTable("Amelia", "Victor")
	view := areatest.PathOf(t, a.Get(table).Doc.Find(`[data-testid="view-link"]`).AttrOr("value", ""))

	edit, status := b.stream(t, table+"/live?after=1", "")
	if status != http.StatusOK {
		t.Fatalf("stream on b: %d", status)
	}
	status, watch := b.Events(t, view+"/live?after=1")
	if status != http.StatusOK {
		t.Fatalf("view-only stream on b: %d", status)
	}
	a.RecordKKS(t, table, []map[string]string{kkstest.Amelia, {"red": "2"}}, []string{"3", "7"})
	if id := edit(); id != "2" {
		t.Fatalf("b's stream after a game entered on a: %q, want event 2", id)
	}
	if ev := watch(); ev != "table" {
		t.Fatalf("b's view-only stream after a game entered on a: %q", ev)
	}
	tbl := a.Get(table)
	a.Post(table+"/undo", tbl.FormOf(t, table+"/undo"))
	if id := edit(); id != "3" {
		t.Fatalf("b's stream after an undo on a: %q, want event 3", id)
	}
	watch() // its event 3

	// A phone that slept reconnects to either server with the last id it
	// saw and catches up at once; one up to date hears nothing more.
	for _, s := range []*testServer{a, b} {
		again, _ := s.stream(t, table+"/live", "1")
		if id := again(); id != "3" {
			t.Errorf("reconnect from 1: %q, want 3 at once", id)
		}
	}

	// The host replaces the view-only link on a: b's view-only stream is
	// closed, and reconnecting to b is refused.
	page := a.Get(table)
	if p := a.Post(table+"/rotate/view", page.FormOf(t, table+"/rotate/view")); p.Status != http.StatusSeeOther {
		t.Fatalf("rotate the view-only link: %d", p.Status)
	}
	if ev := watch(); ev != "gone" {
		t.Fatalf("b's stream of the replaced view-only link said %q, want gone", ev)
	}
	if s, _ := b.Events(t, view+"/live"); s != http.StatusGone {
		t.Errorf("reconnecting to b through the replaced link: %d, want 410", s)
	}
	// The edit link's stream on b is untouched and goes on.
	b.RecordKKS(t, table, []map[string]string{kkstest.Amelia, {"red": "2"}}, []string{"3", "7"})
	if id := edit(); id != "4" {
		t.Fatalf("b's stream after a game entered on b: %q, want event 4", id)
	}
}

// TestLiveStreamSaysEachHeadOnce: a head told twice (this server's write
// and its change notice, or a catch-up after a reconnect) is sent once.
func TestLiveStreamSaysEachHeadOnce(t *testing.T) {
	ts := newTestServer(t)
	table := ts.CreateTable("Amelia", "Victor")
	tb, err := ts.app.tables.Table(context.Background(), table[len("/tables/"):])
	if err != nil {
		t.Fatal(err)
	}
	next, _ := ts.stream(t, table+"/live?after=1", "")
	for range 3 {
		ts.app.live.Publish(tb.Key, 1) // what the page has: nothing to send
	}
	ts.app.live.Publish(tb.Key, 2)
	if id := next(); id != "2" {
		t.Fatalf("stream: %q, want 2", id)
	}
	ts.app.live.Publish(tb.Key, 2)
	time.Sleep(50 * time.Millisecond) // the stream takes it (and must drop it)
	ts.app.live.Publish(tb.Key, 3)
	if id := next(); id != "3" {
		t.Fatalf("after head 2 was told again and then 3: %q, want 3 (2 once was enough)", id)
	}
}
