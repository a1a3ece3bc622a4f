package leagues_test

import (
	"os"
	"testing"

	"tablemate/web/areatest"
	"tablemate/web/server"
	"tablemate/web/webtest"
)

// TestMain runs the leagues' HTTP tests against SQLite and then against
// PostgreSQL (webtest.RunBoth), on the whole server's router.
func TestMain(m *testing.M) { os.Exit(webtest.RunBoth(m)) }

// testServer is the whole server (web/server) on a fresh database, with
// the steps the areas' tests share (areatest).
type testServer struct{ areatest.Steps }

func newTestServer(t testing.TB) *testServer {
	t.Helper()
	return &testServer{areatest.Steps{Server: webtest.New(t, server.NewApp)}}
}
