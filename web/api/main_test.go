package api_test

import (
	"os"
	"testing"

	"tablemate/web/server"
	"tablemate/web/webtest"
)

// TestMain runs the API's tests against SQLite and then against
// PostgreSQL (webtest.RunBoth), on the whole server's router.
func TestMain(m *testing.M) { os.Exit(webtest.RunBoth(m)) }

// testServer is the whole server (web/server) on a fresh database.
type testServer = webtest.Server

func newTestServer(t testing.TB) *testServer {
	t.Helper()
	return webtest.New(t, server.NewApp)
}
