package main

import (
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"tablemate/sessions/pgtest"
)

// pg is the PostgreSQL server of the pass: the package's tests run twice
// (pgtest.RunBoth, from TestMain), against SQLite (pg is nil) and then
// against a real PostgreSQL that the run starts in a temporary directory.
var pg *pgtest.Server

// testDB names a new, empty database of the pass's engine: an SQLite file
// in t's temporary directory, or a schema of its own on PostgreSQL.
func testDB(t testing.TB) string {
	t.Helper()
	if pg == nil {
		return filepath.Join(t.TempDir(), "test.db")
	}
	return pg.FreshT(t)
}

// withPassword puts a password into a PostgreSQL URL (the test server
// trusts its local connections, so it is never asked for): tests check
// that no output shows it.
func withPassword(db string) string {
	if !strings.HasPrefix(db, "postgres://") {
		return db
	}
	u, _ := url.Parse(db)
	u.User = url.UserPassword(u.User.Username(), "s3cret")
	return u.String()
}

// TestCommandsOnPostgreSQL: migrate brings a PostgreSQL database's schema
// up to date and says so without the password; backup says to use
// pg_dump; serve's help names both kinds of database.
func TestCommandsOnPostgreSQL(t *testing.T) {
	if pg == nil {
		t.Skip("about PostgreSQL: it runs in the PostgreSQL pass")
	}
	db := withPassword(testDB(t))
	code, out, errOut := runCLI(t, "migrate", "-db", db)
	if code != 0 || !strings.Contains(out, "migrated from schema version 0 to 3") || strings.Contains(out+errOut, "s3cret") {
		t.Errorf("migrate: exit %d, %q %q", code, out, errOut)
	}
	if code, out, _ := runCLI(t, "migrate", "-db", db); code != 0 || !strings.Contains(out, "is up to date (schema version 3)") {
		t.Errorf("migrate again: exit %d, %q", code, out)
	}
	target := filepath.Join(t.TempDir(), "copy.db")
	code, _, errOut = runCLI(t, "backup", "-db", db, target)
	if code != 2 || !strings.Contains(errOut, "pg_dump") || strings.Contains(errOut, "s3cret") {
		t.Errorf("backup of PostgreSQL: exit %d, %q", code, errOut)
	}
	if code, _, errOut := runCLI(t, "migrate", "-db", "postgres://app@/nosuchdb?host=/nonexistent&connect_timeout=2"); code != 2 ||
		!strings.Contains(errOut, "cannot connect to the PostgreSQL database") {
		t.Errorf("migrate an unreachable database: exit %d, %q", code, errOut)
	}
	if _, out, _ := runCLI(t, "help", "serve"); !strings.Contains(out, "PostgreSQL URL") {
		t.Errorf("serve's help does not say -db takes a PostgreSQL URL:\n%s", out)
	}
}
