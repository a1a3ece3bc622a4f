package sessions

import (
	"strings"
	"testing"
)

func TestDollarsRebindsPlaceholdersOnly(t *testing.T) {
	for in, want := range map[string]string{
		`SELECT 1`: `SELECT 1`,
		`SELECT id FROM tables WHERE edit_link = ? AND head = ?`:      `SELECT id FROM tables WHERE edit_link = $1 AND head = $2`,
		`SELECT '?', "a?b" FROM t WHERE x IN (?,?,?) -- why?` + "\n?": `SELECT '?', "a?b" FROM t WHERE x IN ($1,$2,$3) -- why?` + "\n$4",
		`SELECT 'it''s ?' WHERE a = ?`:                                `SELECT 'it''s ?' WHERE a = $1`,
		`SELECT 'open ?`:                                              `SELECT 'open ?`,
	} {
		if got := dollars(in); got != want {
			t.Errorf("dollars(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDatabaseNames(t *testing.T) {
	for db, pg := range map[string]bool{
		"./tablemate.db": false, "postgres.db": false, "file:x.db?mode=ro": false, ":memory:": false,
		"postgres://h/db": true, "postgresql://u:p@h:5432/db?sslmode=require": true, "POSTGRES://h/db": true,
	} {
		if IsPostgres(db) != pg {
			t.Errorf("IsPostgres(%q) = %v", db, !pg)
		}
	}
	for db, want := range map[string]string{
		"./tablemate.db":                                               "./tablemate.db",
		"postgres://tm:s3cret@db.example.org/tm":                       "postgres://tm:xxxxx@db.example.org/tm",
		"postgres://db.example.org/tm?password=s3cret&sslmode=require": "postgres://db.example.org/tm?password=xxxxx&sslmode=require",
		"postgres://tm@[bad":                                           "postgres://…",
	} {
		if got := Redact(db); got != want || strings.Contains(got, "s3cret") {
			t.Errorf("Redact(%q) = %q, want %q", db, got, want)
		}
	}
}
