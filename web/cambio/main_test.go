package cambio_test

import (
	"os"
	"testing"

	"tablemate/web/webtest"
)

// TestMain runs the game's page tests against SQLite and then against
// PostgreSQL, as web/server's.
func TestMain(m *testing.M) { os.Exit(webtest.RunBoth(m)) }
