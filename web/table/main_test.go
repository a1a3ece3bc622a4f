package table_test

import (
	"os"
	"testing"

	"tablemate/web/areatest"
	"tablemate/web/server"
	"tablemate/web/webtest"
)

// The table's pages' HTTP tests run against SQLite and then against
// PostgreSQL (webtest.RunBoth), on the whole server (web/server) and a
// fresh database each, with the steps the areas' tests share (areatest).
func TestMain(m *testing.M) { os.Exit(webtest.RunBoth(m)) }

// testServer is the real router over a new database, with the app
// behind it (its tables, for the tests that read one as the store has
// it).
type testServer struct {
	areatest.Steps
	app *server.App
}

func newTestServer(t testing.TB) *testServer {
	t.Helper()
	s, a := webtest.Start(t, server.NewApp, false)
	return &testServer{Steps: areatest.Steps{Server: s}, app: a}
}

// newTestServerWith lets a test change the app's settings first.
func newTestServerWith(t testing.TB, configure func(*server.App)) *testServer {
	t.Helper()
	s, a := webtest.Start(t, server.NewApp, false, configure)
	return &testServer{Steps: areatest.Steps{Server: s}, app: a}
}

// otherPhone is another phone on the same server: its own cookies.
func (ts *testServer) otherPhone() *testServer {
	return &testServer{Steps: areatest.Steps{Server: ts.OtherPhone()}, app: ts.app}
}
