package main

import (
	"bufio"
	"context"
	"net/http"
	"strings"
	"testing"
	"time"
)

// stream opens a table's event stream and returns a function reading the
// next event's id ("" when the stream ended or nothing came in time).
func (ts *testServer) stream(t *testing.T, path string, lastID string) (next func() string, status int) {
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
	ids := make(chan string, 8)
	go func() {
		defer close(ids)
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if id, ok := strings.CutPrefix(sc.Text(), "id: "); ok {
				ids <- id
			}
		}
	}()
	return func() string {
		select {
		case id := <-ids:
			return id
		case <-time.After(3 * time.Second):
			return ""
		}
	}, resp.StatusCode
}

func TestLiveTablePushesEveryMove(t *testing.T) {
	ts := newTestServer(t)
	table := ts.createTable("Amelia", "Victor")
	next, status := ts.stream(t, table+"/live?after=1", "")
	if status != http.StatusOK {
		t.Fatalf("stream: %d", status)
	}
	entry := ts.get(table + "/games/new")
	ts.post(table+"/games", kksForm(entry.formOf(t, table+"/games"), []map[string]string{amelia, {"red": "2"}}, []string{"3", "7"}))
	if id := next(); id != "2" {
		t.Fatalf("after a game was entered the stream said %q, want event 2", id)
	}
	// Undo is a move too.
	tbl := ts.get(table)
	ts.post(table+"/undo", tbl.formOf(t, table+"/undo"))
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
	ts.app.live.close()
	if id := quiet(); id != "" {
		t.Fatalf("an up-to-date stream got %q", id)
	}
	if _, status := ts.stream(t, "/tables/nope/live", ""); status != http.StatusNotFound {
		t.Errorf("unknown table: %d", status)
	}
}

func TestLivePublishNeverBlocks(t *testing.T) {
	l := newLive()
	sub, cancel := l.subscribe("t", "link")
	defer cancel()
	for head := 1; head <= 100; head++ {
		l.publish("t", head) // nobody reads: must not block
	}
	if got := <-sub.heads; got != 100 {
		t.Fatalf("a slow reader got head %d, want the newest (100)", got)
	}
	l.publish("other", 1)
}
