package areatest

import (
	"bufio"
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"tablemate/views"
	"tablemate/web/cambio/cambiotest"
	"tablemate/web/cards"
	"tablemate/web/tablepage"
	"tablemate/web/webtest"
)

// The steps the tests of web/server and of the table's pages (web/table)
// both take: a table's version and its history as its page lists it,
// a live stream's events, a share panel's link and QR code, a form sent
// as the phone's outbox sends it.

// Head is the table's version as the store has it.
func (ts Steps) Head(t *testing.T, table string) int {
	t.Helper()
	tb, err := ts.Tables().Table(context.Background(), strings.TrimPrefix(table, "/tables/"))
	if err != nil {
		t.Fatal(err)
	}
	return tb.Head
}

// Timeline is the table's history as its page lists it.
func (ts Steps) Timeline(t *testing.T, table string) []string {
	t.Helper()
	var out []string
	for _, s := range ts.Get(table).Doc.Find(`[data-testid="log"] li`).EachIter() {
		out = append(out, strings.TrimSpace(s.Text()))
	}
	return out
}

// SSEEvent is one server-sent event: its name and id.
type SSEEvent struct{ Name, ID string }

// SSE opens an event stream (after lastID, when set) and returns its status
// and its events; the channel closes when the stream ends.
func (ts Steps) SSE(t *testing.T, path string, lastID string) (int, <-chan SSEEvent) {
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
	events := make(chan SSEEvent, 8)
	go func() {
		defer close(events)
		sc := bufio.NewScanner(resp.Body)
		var ev SSEEvent
		for sc.Scan() {
			line := sc.Text()
			if name, ok := strings.CutPrefix(line, "event: "); ok {
				ev.Name = name
			} else if id, ok := strings.CutPrefix(line, "id: "); ok {
				ev.ID = id
			} else if line == "" && ev.Name != "" {
				events <- ev
				ev = SSEEvent{}
			}
		}
	}()
	return resp.StatusCode, events
}

// NextEvent waits for the next event: ok is false when the stream ended
// or nothing came in 3 s.
func NextEvent(events <-chan SSEEvent) (SSEEvent, bool) {
	select {
	case ev, ok := <-events:
		return ev, ok
	case <-time.After(3 * time.Second):
		return SSEEvent{}, false
	}
}

// Events opens an event stream and returns its status and a function
// giving the next event's name ("table", "gone"), or "" once the stream
// has ended (or nothing came in 3 s).
func (ts Steps) Events(t *testing.T, path string) (int, func() string) {
	t.Helper()
	status, events := ts.SSE(t, path, "")
	return status, func() string {
		ev, _ := NextEvent(events)
		return ev.Name
	}
}

// Shared reads a share panel's link (by its testid) and the QR code
// image it shows.
func (ts Steps) Shared(t *testing.T, p webtest.Page, id, qrSel string) (link, qr string) {
	t.Helper()
	link, ok := p.Doc.Find(`[data-testid="` + id + `"]`).Attr("value")
	src, _ := p.Doc.Find(qrSel).Attr("src")
	if !ok || src == "" {
		t.Fatalf("no %s or its QR code on the page", id)
	}
	img := ts.Get(src)
	want, _ := cards.QRCode(link)
	if img.Status != http.StatusOK || !strings.Contains(img.Body, `d="`+want.Path+`"`) {
		t.Errorf("the QR code at %s is not the one of %s", src, link)
	}
	return link, src
}

// PathOf is a link's path.
func PathOf(t *testing.T, link string) string {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	return u.Path
}

// PostOutbox sends a form as the phone's outbox does (outbox.js): a
// script's POST marked X-Tablemate-Outbox.
func (ts Steps) PostOutbox(path string, form url.Values) webtest.Page {
	ts.T.Helper()
	req, _ := http.NewRequest(http.MethodPost, ts.URL+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	req.Header.Set(tablepage.HeaderOutbox, "1")
	return ts.Do(req)
}

// RoundForm is round r of the Cambio test data on the table's round
// editor, as the phone has it.
func (ts Steps) RoundForm(table string, r int) url.Values {
	ts.T.Helper()
	f := ts.Get(table+"/games/new").FormOf(ts.T, table+"/games")
	for i, c := range cambiotest.Rounds[r].Cards {
		f.Set(views.PField(i, "cards"), c)
	}
	f.Set("ended", cambiotest.Rounds[r].Ended)
	return f
}
