package server

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"

	"tablemate/views"
	"tablemate/web/cambio/cambiotest"
	"tablemate/web/webtest"
)

// A long table loaded from its snapshot after a restart reads the older
// part of its snapshot from the database when a page first needs it
// (sessions/snaprest.go). When that part does not read (here: damaged in
// the database), the page that needed it answers 503 "Not available,
// try again", never 500 nor a page of what is not so; the table page,
// which needs only the newest, is answered; and the next try replays the
// log and shows the old game.
func TestColdReadThatFailsAnswers503(t *testing.T) {
	ts := newTestServer(t)
	table, _, _ := ts.ImportJSON(cambiotest.Export(1500))
	if err := ts.app.tables.SaveSnapshots(context.Background()); err != nil {
		t.Fatal(err)
	}
	restarted := ts.restart()
	if p := restarted.Get(table); p.Status != http.StatusOK {
		t.Fatalf("the table page after a restart: %d", p.Status)
	}
	if s := restarted.app.tables.Stats(); s.Snapshots != 1 || s.Replays != 0 {
		t.Fatalf("%+v, want the table loaded from its snapshot", s)
	}
	ts.damageRest(ts.keyOf(table))
	p := restarted.Get(table + "/games/1")
	if p.Status != http.StatusServiceUnavailable || p.Header.Get("Retry-After") == "" || !strings.Contains(p.Body, "Try again") {
		t.Fatalf("an old game whose part of the snapshot does not read: %d %.300q", p.Status, p.Body)
	}
	p = restarted.Get(table + "/games/1")
	if p.Status != http.StatusOK || !strings.Contains(p.Text("h1"), "1") {
		t.Fatalf("the old game, tried again: %d %q", p.Status, p.Text("h1"))
	}
	if s := restarted.app.tables.Stats(); s.Replays != 1 {
		t.Errorf("%+v, want the log replayed once", s)
	}
}

// damageRest changes a byte of the rest of table key's base in the
// database (through a writable connection on either engine).
func (ts *testServer) damageRest(key string) {
	t := ts.T
	t.Helper()
	db, rebind := ts.RawDB()
	if webtest.PostgresServer() == nil { // RawDB opens SQLite read only
		db.Close()
		var err error
		if db, err = sql.Open("sqlite3", ts.DBPath); err != nil {
			t.Fatal(err)
		}
	}
	defer db.Close()
	var rest []byte
	if err := db.QueryRow(rebind(`SELECT rest FROM table_snapshots WHERE table_id = ? AND part = 0`), key).Scan(&rest); err != nil || len(rest) == 0 {
		t.Fatalf("the base has no rest (%v)", err)
	}
	rest[len(rest)/3] ^= 0x10
	if _, err := db.Exec(rebind(`UPDATE table_snapshots SET rest = ? WHERE table_id = ? AND part = 0`), rest, key); err != nil {
		t.Fatal(err)
	}
}

// A write that needs the older part of a table's snapshot (a correction
// of the first game's round), sent when that part does not read, is
// refused before its commit: 503 "Nothing was recorded", no event
// stored; sent again, it is recorded once.
func TestColdReadThatFailsRefusesTheWrite(t *testing.T) {
	ts := newTestServer(t)
	table, _, _ := ts.ImportJSON(cambiotest.Export(1500))
	if err := ts.app.tables.SaveSnapshots(context.Background()); err != nil {
		t.Fatal(err)
	}
	edit := ts.Get(table + "/games/1/rounds/1/edit")
	if edit.Status != http.StatusOK {
		t.Fatalf("the first round's correction form: %d", edit.Status)
	}
	form := edit.FormOf(t, table+"/games/1/rounds/1")
	for i, c := range cambiotest.Rounds[0].Cards {
		form.Set(views.PField(i, "cards"), c)
	}
	form.Set("ended", cambiotest.Rounds[0].Ended)
	key := ts.keyOf(table)
	events := func() int { return ts.count(`SELECT COUNT(*) FROM events WHERE table_id = ?`, key) }
	before := events()

	ts.damageRest(key)

	restarted := ts.restart()
	if p := restarted.Get(table); p.Status != http.StatusOK {
		t.Fatalf("the table page after a restart: %d", p.Status)
	}
	p := restarted.Post(table+"/games/1/rounds/1", form)
	if p.Status != http.StatusServiceUnavailable || !strings.Contains(p.Body, "Nothing was recorded") || p.Header.Get(HeaderRecorded) != "" {
		t.Fatalf("a correction whose table's older part does not read: %d %.300q", p.Status, p.Body)
	}
	if n := events(); n != before {
		t.Fatalf("%d events after a refused write, want %d", n, before)
	}
	if p := restarted.Post(table+"/games/1/rounds/1", form); p.Status != http.StatusSeeOther {
		t.Fatalf("the correction sent again: %d %q", p.Status, p.Text(`.field-error, [role="alert"]`))
	}
	if n := events(); n != before+1 {
		t.Errorf("%d events after the correction, want %d", n, before+1)
	}
}

// Whatever fails after a write was committed and acknowledged (an error,
// or a panic such as a table's older part that did not read while the
// page after it was worked out) is answered as recorded: the redirect to
// the table with the acknowledgement, never 500 "nothing was recorded".
func TestFailureAfterTheCommitIsAnsweredAsRecorded(t *testing.T) {
	ts := newTestServer(t)
	for _, outbox := range []bool{false, true} {
		req := httptest.NewRequest(http.MethodPost, "/tables/abc/games", nil)
		if outbox {
			req.Header.Set(headerOutbox, "1")
		}
		rec := httptest.NewRecorder()
		c := echo.New().NewContext(req, rec)
		c.SetParamNames("id")
		c.SetParamValues("abc")
		c.Response().Header().Set(HeaderRecorded, "abc 7")
		ts.app.handleError(errors.New("the page after it failed"), c)
		want, where := http.StatusSeeOther, rec.Header().Get(echo.HeaderLocation)
		if outbox {
			want = http.StatusNoContent
		}
		if rec.Code != want || where != "/tables/abc" || rec.Header().Get(HeaderRecorded) != "abc 7" {
			t.Errorf("outbox %v: %d to %q (%q), want %d to the table, acknowledged", outbox, rec.Code, where, rec.Header().Get(HeaderRecorded), want)
		}
	}
}
