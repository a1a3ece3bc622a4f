package server

import (
	"bytes"
	"encoding/binary"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"tablemate/sessions"
	"tablemate/web/areatest"
	"tablemate/web/webtest"
)

// commitCutter stands between the app and PostgreSQL on a socket of its
// own and passes everything on, until it is armed: then it cuts the
// connection of the next COMMIT, either after PostgreSQL has done it and
// before its answer reaches the app (the write is recorded, the app
// cannot know), or before PostgreSQL sees it (nothing recorded, and the
// app cannot know either).
type commitCutter struct {
	t      *testing.T
	url    string // the database through the cutter
	target string // PostgreSQL's socket
	ln     net.Listener
	// armed: 0 pass everything, 1 cut after the commit, 2 cut before it.
	armed atomic.Int32
	cuts  atomic.Int32
	wg    sync.WaitGroup
}

const (
	cutAfterCommit  = 1
	cutBeforeCommit = 2
)

// newCommitCutter puts a cutter between the app and the database dsn
// names (a URL of the run's own PostgreSQL, on its Unix socket).
func newCommitCutter(t *testing.T, dsn string) *commitCutter {
	t.Helper()
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	if !strings.HasPrefix(q.Get("host"), "/") {
		t.Skip("the cutter stands on the Unix socket of the PostgreSQL this run started")
	}
	port := u.Port()
	if port == "" {
		port = "5432"
	}
	dir, err := os.MkdirTemp("", "pgcut")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	ln, err := net.Listen("unix", filepath.Join(dir, ".s.PGSQL."+port))
	if err != nil {
		t.Fatal(err)
	}
	c := &commitCutter{t: t, target: filepath.Join(q.Get("host"), ".s.PGSQL."+port), ln: ln}
	q.Set("host", dir)
	u.RawQuery = q.Encode()
	c.url = u.String()
	go c.serve()
	t.Cleanup(func() { ln.Close(); c.wg.Wait() })
	return c
}

func (c *commitCutter) serve() {
	for {
		client, err := c.ln.Accept()
		if err != nil {
			return
		}
		server, err := net.Dial("unix", c.target)
		if err != nil {
			client.Close()
			continue
		}
		c.wg.Add(2)
		var cut atomic.Bool // this connection's answer is to be lost
		closeBoth := func() { client.Close(); server.Close() }
		go func() { // PostgreSQL to the app
			defer c.wg.Done()
			buf := make([]byte, 32<<10)
			for {
				n, err := server.Read(buf)
				if n > 0 && cut.Load() {
					closeBoth() // the commit is done; its answer never arrives
					return
				}
				if n > 0 {
					if _, werr := client.Write(buf[:n]); werr != nil {
						closeBoth()
						return
					}
				}
				if err != nil {
					closeBoth()
					return
				}
			}
		}()
		go func() { // the app to PostgreSQL, message by message
			defer c.wg.Done()
			defer closeBoth()
			first := true
			for {
				msg, err := readMessage(client, first)
				if err != nil {
					return
				}
				first = false
				if isCommit(msg) {
					switch c.armed.Swap(0) {
					case cutAfterCommit:
						cut.Store(true)
						c.cuts.Add(1)
					case cutBeforeCommit:
						c.cuts.Add(1)
						return // PostgreSQL never sees it: it rolls back
					}
				}
				if _, err := server.Write(msg); err != nil {
					return
				}
			}
		}()
	}
}

// readMessage reads one message of PostgreSQL's protocol as the client
// sends it: the first of a connection is untyped (the start-up message),
// every other one a type byte and a length.
func readMessage(r io.Reader, untyped bool) ([]byte, error) {
	head := 5
	if untyped {
		head = 4
	}
	msg := make([]byte, head)
	if _, err := io.ReadFull(r, msg); err != nil {
		return nil, err
	}
	n := int(binary.BigEndian.Uint32(msg[head-4:]))
	if n < 4 || n > 64<<20 {
		return nil, io.ErrUnexpectedEOF
	}
	msg = append(msg, make([]byte, n-4)...)
	_, err := io.ReadFull(r, msg[head:])
	return msg, err
}

// isCommit reports a simple query "commit" (how pgx ends a transaction).
func isCommit(msg []byte) bool {
	return len(msg) > 5 && msg[0] == 'Q' && bytes.EqualFold(bytes.TrimRight(bytes.TrimSpace(bytes.TrimRight(msg[5:], "\x00")), ";"), []byte("commit"))
}

// TestHostileCommitOfUnknownOutcome: the connection to PostgreSQL breaks
// while a game's COMMIT is under way. Whether PostgreSQL committed it
// (the answer lost) or never saw it, the server cannot know: it answers
// 503 "Not sure it was saved", in English and German, with the form to
// send again and never "Nothing was recorded" or 500. Sent again with its
// one-time token, the game is in the log exactly once: "already recorded"
// when the commit was done, recorded then when it was not.
func TestHostileCommitOfUnknownOutcome(t *testing.T) {
	if !webtest.Postgres() {
		t.Skip("a connection to a database server that breaks during COMMIT: the PostgreSQL pass (SQLite commits in this process)")
	}
	ts := newTestServer(t)
	cutter := newCommitCutter(t, ts.DBPath)
	store, err := sessions.Open(cutter.url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	a := NewApp(store, ts.app.log)
	a.writeRate = 0
	webtest.FollowUntilCleanup(t, a)
	srv := httptest.NewServer(newServer(a))
	t.Cleanup(srv.Close)
	t.Cleanup(a.live.Close)
	cut := &testServer{Steps: areatest.Steps{Server: &webtest.Server{Server: srv, T: t, Client: ts.Client, DBPath: ts.DBPath}}, app: a}

	for _, c := range []struct {
		name, lang string
		mode       int32
		says, redo string
	}{
		{"committed, answer lost", "en", cutAfterCommit, "Not sure it was saved", "done=already"},
		{"never committed", "de", cutBeforeCommit, "Nicht sicher, ob gespeichert", "/games/1"},
	} {
		table := cut.CreateTable("Amelia", "Victor")
		key := cut.keyOf(table)
		games := func() int {
			return cut.count(`SELECT count(*) FROM events WHERE table_id = ? AND kind = 'game_recorded'`, key)
		}
		form := fullGame(cut.Get(table+"/games/new").FormOf(t, table+"/games"))
		cutter.armed.Store(c.mode)
		before := cutter.cuts.Load()
		p := cut.PostLang(table+"/games", form, c.lang)
		if cutter.cuts.Load() != before+1 {
			t.Fatalf("%s: the game's commit was not cut (%d): %d", c.name, cutter.cuts.Load(), p.Status)
		}
		if p.Status != http.StatusServiceUnavailable || !strings.Contains(p.Text("main"), c.says) || p.Header.Get("Retry-After") == "" ||
			strings.Contains(p.Body, "Nothing was recorded") || strings.Contains(p.Body, "Nichts wurde gespeichert") ||
			p.Doc.Find(`form[data-testid="resend"] button`).Length() != 1 {
			t.Errorf("%s: %d %q", c.name, p.Status, p.Text("main"))
		}
		want := map[int32]int{cutAfterCommit: 1, cutBeforeCommit: 0}[c.mode]
		if n := games(); n != want {
			t.Errorf("%s: %d games in the log after the cut, want %d", c.name, n, want)
		}
		// "Send it again" posts the same form, its token included.
		again := cut.postUntil(table+"/games", form)
		if again.Status != http.StatusSeeOther || !strings.Contains(again.Header.Get("Location"), c.redo) {
			t.Errorf("%s, sent again: %d %q", c.name, again.Status, again.Header.Get("Location"))
		}
		if c.mode == cutBeforeCommit && strings.Contains(again.Header.Get("Location"), "done=already") {
			t.Errorf("%s: sent again it says already recorded", c.name)
		}
		if n := games(); n != 1 {
			t.Errorf("%s: %d games in the log after sending again, want 1", c.name, n)
		}
	}
}
