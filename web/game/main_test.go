package game_test

import (
	"os"
	"testing"

	"tablemate/web/areatest"
	"tablemate/web/server"
	"tablemate/web/webtest"
)

// The game pages' HTTP tests run against SQLite and then against
// PostgreSQL (webtest.RunBoth), on the whole server (web/server) and a
// fresh database each, with the steps the areas' tests share (areatest).
func TestMain(m *testing.M) { os.Exit(webtest.RunBoth(m)) }

type testServer struct{ areatest.Steps }

func newTestServer(t testing.TB) *testServer { return &testServer{areatest.Start(t, server.NewApp)} }
