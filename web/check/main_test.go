package check_test

import (
	"os"
	"testing"

	"tablemate/web/server"
	"tablemate/web/webtest"
)

// TestMain runs the score check's tests against SQLite and then against
// PostgreSQL (webtest.RunBoth), on the whole server's router.
func TestMain(m *testing.M) { os.Exit(webtest.RunBoth(m)) }

// testServer is the whole server (web/server) on a fresh database.
type testServer struct{ *webtest.Server }

func newTestServer(t testing.TB) *testServer {
	t.Helper()
	return &testServer{webtest.New(t, server.NewApp)}
}

// rows counts the rows of every table a write adds to: the check saves
// nothing, so it never changes.
func (ts *testServer) rows() int {
	ts.T.Helper()
	db, rebind := ts.RawDB()
	defer db.Close()
	var n int
	if err := db.QueryRow(rebind(`SELECT (SELECT count(*) FROM tables) + (SELECT count(*) FROM events) + (SELECT count(*) FROM leagues) +
		(SELECT count(*) FROM league_members) + (SELECT count(*) FROM league_tables) + (SELECT count(*) FROM links)`)).Scan(&n); err != nil {
		ts.T.Fatal(err)
	}
	return n
}
