package server

import (
	"bufio"
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"tablemate/web/kks/kkstest"
)

// sseEvent is one server-sent event: its name and id.
type sseEvent struct{ name, id string }

// sse opens an event stream (after lastID, when set) and returns its status
// and its events; the channel closes when the stream ends.
func (ts *testServer) sse(t *testing.T, path string, lastID string) (int, <-chan sseEvent) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, ts.URL+path, nil)
	req.Header.Set("Accept-Encoding", "gzip") // must be ignored: streams are not buffered
	if lastID != "" {
		req.Header.Set("Last-Event-ID", lastID)
	}
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	events := make(chan sseEvent, 8)
	go func() {
		defer close(events)
		sc := bufio.NewScanner(resp.Body)
		var ev sseEvent
		for sc.Scan() {
			line := sc.Text()
			if name, ok := strings.CutPrefix(line, "event: "); ok {
				ev.name = name
			} else if id, ok := strings.CutPrefix(line, "id: "); ok {
				ev.id = id
			} else if line == "" && ev.name != "" {
				events <- ev
				ev = sseEvent{}
			}
		}
	}()
	return resp.StatusCode, events
}

// nextEvent waits for the next event: ok is false when the stream ended
// or nothing came in 3 s.
func nextEvent(events <-chan sseEvent) (sseEvent, bool) {
	select {
	case ev, ok := <-events:
		return ev, ok
	case <-time.After(3 * time.Second):
		return sseEvent{}, false
	}
}

// stream opens a table's event stream and returns a function reading the
// next event's id ("" when the stream ended or nothing came in time).
func (ts *testServer) stream(t *testing.T, path string, lastID string) (next func() string, status int) {
	t.Helper()
	status, events := ts.sse(t, path, lastID)
	return func() string {
		ev, _ := nextEvent(events)
		return ev.id
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
