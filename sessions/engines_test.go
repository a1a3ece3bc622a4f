package sessions

import (
	"os"
	"path/filepath"
	"testing"

	"tablemate/sessions/pgtest"
)

// pg is the PostgreSQL server of the pass: the package's tests run twice
// (pgtest.RunBoth), against SQLite (pg is nil) and then against a real
// PostgreSQL that the run starts in a temporary directory.
var pg *pgtest.Server

func TestMain(m *testing.M) {
	os.Exit(pgtest.RunBoth(m, func(s *pgtest.Server) { pg = s }))
}

// testDB names a new, empty database of the pass's engine: the SQLite
// file name in t's temporary directory, or a schema of its own on the
// PostgreSQL server.
func testDB(t testing.TB, name string) string {
	t.Helper()
	if pg == nil {
		return filepath.Join(t.TempDir(), name)
	}
	return pg.FreshT(t)
}

// testMigrations are the migrations of the pass's engine.
func testMigrations(t testing.TB) []migration {
	t.Helper()
	dir := sqlite{}.migrations()
	if pg != nil {
		dir = postgres{}.migrations()
	}
	ms, err := loadMigrations(dir)
	if err != nil {
		t.Fatal(err)
	}
	return ms
}

// sqliteOnly marks a test about SQLite alone (its file, its migration
// history): the PostgreSQL pass says so and goes on.
func sqliteOnly(t *testing.T, what string) {
	t.Helper()
	if pg != nil {
		t.Skip("about SQLite alone (" + what + "): it ran in the SQLite pass")
	}
}

// noStore marks a test that opens no store (a property of replaying a
// log alone): it runs in the SQLite pass only, since the PostgreSQL pass
// would do the same work again (minutes of it under -race).
func noStore(t *testing.T) {
	t.Helper()
	if pg != nil {
		t.Skip("opens no store: it ran in the SQLite pass")
	}
}

// withoutRace skips, under -race, a property test of replaying a log
// alone (after noStore): the package's production code starts no
// goroutines, and these tests start none of their own, so the race
// detector has nothing to watch in them and only multiplies their time
// (about ten times: 89 s of the package's 116 s). make unit runs them
// without -race in a step of its own (the Makefile's UNIT_NORACE; web/
// webtest's TestWithoutRaceRunsInMakeUnit holds that it names each).
// Replaying and reading tables from many goroutines stays under -race
// (TestVersionsAreSafeToShare and the store's tests).
func withoutRace(t *testing.T) {
	t.Helper()
	if raceDetector {
		t.Skip("not under -race (make unit runs it without, UNIT_NORACE)")
	}
}

// postgresOnly marks a test about PostgreSQL alone.
func postgresOnly(t *testing.T, what string) {
	t.Helper()
	if pg == nil {
		t.Skip("about PostgreSQL alone (" + what + "): it runs in the PostgreSQL pass")
	}
}
