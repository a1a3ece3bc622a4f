// Package sidebyside is a test package for pgtest's TestPassesRunSideBySide:
// one test, run in both passes of RunBoth: the PostgreSQL pass leaves a
// file in SIDEBYSIDE_DIR when it starts, which the SQLite pass waits for
// (passes run one after the other would fail it); it fails in the pass
// SIDEBYSIDE_FAIL names.
package sidebyside

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"tablemate/sessions/pgtest"
)

var pg *pgtest.Server

func TestMain(m *testing.M) { os.Exit(pgtest.RunBoth(m, func(s *pgtest.Server) { pg = s })) }

func TestPass(t *testing.T) {
	pass := "sqlite"
	if pg != nil {
		pass = "postgres"
		if _, err := pg.Fresh(); err != nil {
			t.Fatal(err)
		}
	}
	started := filepath.Join(os.Getenv("SIDEBYSIDE_DIR"), "postgres-started")
	if pass == "postgres" {
		if err := os.WriteFile(started, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	} else {
		deadline := time.Now().Add(2 * time.Minute)
		for _, err := os.Stat(started); err != nil; _, err = os.Stat(started) {
			if time.Now().After(deadline) {
				t.Fatal("the PostgreSQL pass did not start within 2 minutes of the SQLite pass: the passes do not run side by side")
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	t.Logf("pass %s ran", pass)
	if os.Getenv("SIDEBYSIDE_FAIL") == pass {
		t.Errorf("failing in the %s pass, as asked", pass)
	}
}
