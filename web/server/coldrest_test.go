package server

import (
	"context"
	"database/sql"
	"net/http"
	"strings"
	"testing"

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
	db, rebind := ts.RawDB()
	if webtest.PostgresServer() == nil { // RawDB opens SQLite read only
		db.Close()
		var err error
		if db, err = sql.Open("sqlite3", ts.DBPath); err != nil {
			t.Fatal(err)
		}
	}
	defer db.Close()
	key := ts.keyOf(table)
	var rest []byte
	if err := db.QueryRow(rebind(`SELECT rest FROM table_snapshots WHERE table_id = ? AND part = 0`), key).Scan(&rest); err != nil || len(rest) == 0 {
		t.Fatalf("the base has no rest (%v)", err)
	}
	rest[len(rest)/3] ^= 0x10
	if _, err := db.Exec(rebind(`UPDATE table_snapshots SET rest = ? WHERE table_id = ? AND part = 0`), rest, key); err != nil {
		t.Fatal(err)
	}
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
