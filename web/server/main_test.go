package server

import (
	"os"
	"testing"

	"tablemate/web/webtest"
)

// TestMain runs the server's tests against SQLite and then against
// PostgreSQL (webtest.RunBoth).
func TestMain(m *testing.M) { os.Exit(webtest.RunBoth(m)) }
