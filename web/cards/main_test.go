package cards_test

import (
	"os"
	"testing"

	"tablemate/web/areatest"
	"tablemate/web/server"
	"tablemate/web/webtest"
)

// The cards' HTTP tests run against SQLite and then against PostgreSQL
// (webtest.RunBoth), on the whole server (web/server) and a fresh
// database each, with the steps the areas' tests share (areatest).
func TestMain(m *testing.M) { os.Exit(webtest.RunBoth(m)) }

// testServer is the steps on a test server, with the app behind it (its
// cards' area: the cards it keeps).
type testServer struct {
	areatest.Steps
	app *server.App
}

func newTestServer(t testing.TB) *testServer { return newTestServerWith(t, nil) }

// newTestServerWith lets a test change the app's settings first.
func newTestServerWith(t testing.TB, configure func(*server.App)) *testServer {
	t.Helper()
	var cfg []func(*server.App)
	if configure != nil {
		cfg = append(cfg, configure)
	}
	s, a := webtest.Start(t, server.NewApp, false, cfg...)
	return &testServer{Steps: areatest.Steps{Server: s}, app: a}
}
